import { Migration } from '@mikro-orm/migrations';

export class Migration20261129034544_integrations extends Migration {

  override name = 'Migration20261129034544_integrations';

  override up(): void | Promise<void> {
    this.addSql(`create table "tools"."integration_installation" ("id" text not null, "workspace_id" text not null, "provider_id" text not null, "name" text not null, "status" text not null, "settings" jsonb not null, "secrets_sealed" text not null, "authorized" boolean not null, "authorization_expires_at" timestamptz null, "oauth_state_hash" text null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "integration_installation_workspace_index" on "tools"."integration_installation" ("workspace_id", "created_at");`);
    this.addSql(`create index "integration_installation_oauth_state_index" on "tools"."integration_installation" ("oauth_state_hash");`);

    this.addSql(`create table "tools"."integration_run" ("id" text not null, "workspace_id" text not null, "installation_id" text not null, "provider_tool_name" text not null, "outcome" text not null, "http_status" int null, "duration_ms" int not null, "requests" jsonb not null, "error" text null, "agent_id" text null, "conversation_id" text null, "tool_call_id" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "integration_run_installation_index" on "tools"."integration_run" ("installation_id", "created_at");`);
    this.addSql(`create index "integration_run_conversation_index" on "tools"."integration_run" ("workspace_id", "conversation_id", "created_at");`);

    this.addSql(`alter table "tools"."catalog_tool" add "installation_id" text null, add "provider_id" text null, add "provider_tool_name" text null;`);
    this.addSql(`create index "catalog_tool_installation_index" on "tools"."catalog_tool" ("installation_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tools"."integration_installation" cascade;`);
    this.addSql(`drop table if exists "tools"."integration_run" cascade;`);

    this.addSql(`drop index "tools"."catalog_tool_installation_index";`);
    this.addSql(`alter table "tools"."catalog_tool" drop column "installation_id", drop column "provider_id", drop column "provider_tool_name";`);
  }

}
