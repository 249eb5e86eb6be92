import { Migration } from '@mikro-orm/migrations';

export class Migration20261123114102_custom_apis_and_catalog extends Migration {

  override name = 'Migration20261123114102_custom_apis_and_catalog';

  override up(): void | Promise<void> {
    this.addSql(`create table "tools"."agent_tool_connection" ("agent_id" text not null, "tool_id" text not null, "workspace_id" text not null, "status" text not null, "connected_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("agent_id", "tool_id"));`);
    this.addSql(`create index "agent_tool_connection_tool_index" on "tools"."agent_tool_connection" ("tool_id");`);

    this.addSql(`create table "tools"."catalog_tool" ("id" text not null, "workspace_id" text not null, "name" text not null, "description" text not null, "kind" text not null, "parameters" jsonb not null, "status" text not null, "mcp_id" text null, "mcp_tool_name" text null, "integration_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "catalog_tool_workspace_index" on "tools"."catalog_tool" ("workspace_id", "updated_at");`);
    this.addSql(`alter table "tools"."catalog_tool" add constraint "catalog_tool_workspace_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "tools"."custom_api" ("id" text not null, "workspace_id" text not null, "name" text not null, "description" text not null, "status" text not null, "definition" jsonb not null, "secrets_sealed" text not null, "version" int not null, "enabled_function_ref" text null, "last_test_outcome" text null, "last_test_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "custom_api_workspace_index" on "tools"."custom_api" ("workspace_id", "updated_at");`);
    this.addSql(`alter table "tools"."custom_api" add constraint "custom_api_workspace_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "tools"."custom_api_run" ("id" text not null, "workspace_id" text not null, "custom_api_id" text not null, "source" text not null, "outcome" text not null, "http_status" int null, "duration_ms" int not null, "method" text not null, "url" text not null, "error" text null, "agent_id" text null, "conversation_id" text null, "tool_call_id" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "custom_api_run_api_index" on "tools"."custom_api_run" ("custom_api_id", "created_at");`);
    this.addSql(`create index "custom_api_run_conversation_index" on "tools"."custom_api_run" ("workspace_id", "conversation_id", "created_at");`);

    this.addSql(`alter table "tools"."agent_tool_connection" add constraint "agent_tool_connection_status_check" check ("status" in ('active', 'inactive'));`);

    this.addSql(`alter table "tools"."custom_api" add constraint "custom_api_status_check" check ("status" in ('draft', 'enabled', 'paused'));`);

    this.addSql(`alter table "tools"."custom_api_run" add constraint "custom_api_run_source_check" check ("source" in ('test', 'dry-run', 'agent'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tools"."agent_tool_connection" cascade;`);
    this.addSql(`drop table if exists "tools"."catalog_tool" cascade;`);
    this.addSql(`drop table if exists "tools"."custom_api" cascade;`);
    this.addSql(`drop table if exists "tools"."custom_api_run" cascade;`);
  }

}
