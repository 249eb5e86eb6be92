import { Migration } from '@mikro-orm/migrations';

export class Migration20261123144701_mcp_servers extends Migration {

  override name = 'Migration20261123144701_mcp_servers';

  override up(): void | Promise<void> {
    this.addSql(`create table "tools"."mcp_server" ("id" text not null, "workspace_id" text not null, "name" text not null, "slug" text not null, "url" text not null, "status" text not null, "transport" text null, "protocol_version" text null, "server_info" jsonb null, "auth_type" text not null, "header_names" jsonb not null, "secrets_sealed" text not null, "tools" jsonb not null, "excluded" jsonb not null, "last_error" text null, "last_refresh_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "mcp_server_workspace_index" on "tools"."mcp_server" ("workspace_id", "created_at");`);
    this.addSql(`alter table "tools"."mcp_server" add constraint "mcp_server_workspace_slug_unique" unique ("workspace_id", "slug");`);

    this.addSql(`alter table "tools"."mcp_server" add constraint "mcp_server_transport_check" check ("transport" in ('streamable-http', 'sse'));`);
    this.addSql(`alter table "tools"."mcp_server" add constraint "mcp_server_auth_type_check" check ("auth_type" in ('none', 'bearer'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tools"."mcp_server" cascade;`);
  }

}
