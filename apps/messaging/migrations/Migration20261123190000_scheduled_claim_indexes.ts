import { Migration } from '@mikro-orm/migrations';

/**
 * The dispatcher's claim looks for due messages and for expired claims separately, each
 * through its own partial index: one condition joined by OR made Postgres read every pending
 * row on every claim (10,000 pending: a sequential scan several times a second).
 */
export class Migration20261123190000_scheduled_claim_indexes extends Migration {

  override name = 'Migration20261123190000_scheduled_claim_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "scheduled_message_claim_expiry_index" on "messaging"."scheduled_message" ("claimed_until") where "status" = 'processing';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "messaging"."scheduled_message_claim_expiry_index";`);
  }

}
