import { Migration } from '@mikro-orm/migrations';

/** A workspace's credit limit: billable messages per billing period, null for none (docs/usage.md › Credit limit). */
export class Migration20261129090000_workspace_credit_limit extends Migration {

  override name = 'Migration20261129090000_workspace_credit_limit';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gateway"."workspace" add "credit_limit" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gateway"."workspace" drop column "credit_limit";`);
  }

}
