import { Migration } from '@mikro-orm/migrations';

export class Migration20261123150835_mcp_oauth extends Migration {

  override name = 'Migration20261123150835_mcp_oauth';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tools"."mcp_server" drop constraint "mcp_server_auth_type_check";`);
    this.addSql(`alter table "tools"."mcp_server" add "oauth_state_hash" text null;`);
    this.addSql(`create index "mcp_server_oauth_state_index" on "tools"."mcp_server" ("oauth_state_hash");`);
    this.addSql(`alter table "tools"."mcp_server" add constraint "mcp_server_auth_type_check" check ("auth_type" in ('none', 'bearer', 'oauth'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "tools"."mcp_server_oauth_state_index";`);
    this.addSql(`alter table "tools"."mcp_server" drop constraint "mcp_server_auth_type_check";`);
    this.addSql(`alter table "tools"."mcp_server" drop column "oauth_state_hash";`);
    this.addSql(`alter table "tools"."mcp_server" add constraint "mcp_server_auth_type_check" check ("auth_type" in ('none', 'bearer'));`);
  }

}
