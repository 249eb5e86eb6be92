import { Migration } from '@mikro-orm/migrations';

/**
 * The unconfirmed-sends sweep (messages/unconfirmed-sends.ts) looks every 30 s for API sends left
 * `sending`: a partial index holds only those rows (a handful at most), so the pass reads no
 * more of the message table as it grows.
 */
export class Migration20261129170000_unconfirmed_sends extends Migration {

  override name = 'Migration20261129170000_unconfirmed_sends';

  override up(): void | Promise<void> {
    this.addSql(`create index "message_sending_index" on "messaging"."message" ("updated_at") where "status" = 'sending';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "messaging"."message_sending_index";`);
  }

}
