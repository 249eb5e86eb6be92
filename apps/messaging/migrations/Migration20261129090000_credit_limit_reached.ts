import { Migration } from '@mikro-orm/migrations';

/**
 * One row per workspace and billing period in which its credit limit was reached: the
 * `workspace.credit_limit.reached` event is recorded with the row that claims it, so once per
 * period (docs/usage.md › Credit limit).
 */
export class Migration20261129090000_credit_limit_reached extends Migration {

  override name = 'Migration20261129090000_credit_limit_reached';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."credit_limit_reached" ("workspace_id" text not null, "period_start" timestamptz not null, "credit_limit" int not null, "billable_messages" int not null, "reached_at" timestamptz not null default now(), constraint "credit_limit_reached_pkey" primary key ("workspace_id", "period_start"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "messaging"."credit_limit_reached";`);
  }

}
