import { Migration } from '@mikro-orm/migrations';

export class Migration20261126230358_mcp_call_limits extends Migration {

  override name = 'Migration20261126230358_mcp_call_limits';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tools"."mcp_server" add "max_bytes" int not null default 32000, add "call_timeout_ms" int not null default 30000, add "max_call_timeout_ms" int not null default 70000;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tools"."mcp_server" drop column "max_bytes", drop column "call_timeout_ms", drop column "max_call_timeout_ms";`);
  }

}
