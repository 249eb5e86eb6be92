import { Migration } from '@mikro-orm/migrations';

/**
 * The expiry sweep reads the open conversations (`initiated`, `active`) by their latest write,
 * oldest first: a partial index keeps each sweep to those rows, not the finished and expired
 * ones that pile up over the years.
 */
export class Migration20261128120000_conversation_expiry_index extends Migration {

  override name = 'Migration20261128120000_conversation_expiry_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "conversation_open_updated_at_index" on "messaging"."conversation" ("updated_at", "id") where "status" in ('initiated', 'active');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "messaging"."conversation_open_updated_at_index";`);
  }

}
