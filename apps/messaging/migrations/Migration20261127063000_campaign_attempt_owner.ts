import { Migration } from '@mikro-orm/migrations';

/**
 * A campaign message's delivery record names the attempt that wrote it: when writing it failed
 * with its outcome unknown (the database went away before answering), the process that tried
 * knows no Graph call followed, and may send under that record instead of answering unknown.
 */
export class Migration20261127063000_campaign_attempt_owner extends Migration {

  override name = 'Migration20261127063000_campaign_attempt_owner';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messaging"."campaign_delivery" add column "attempt_id" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "messaging"."campaign_delivery" drop column "attempt_id";`);
  }

}
