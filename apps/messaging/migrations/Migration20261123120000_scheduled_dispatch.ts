import { Migration } from '@mikro-orm/migrations';

/**
 * Scheduled sends are claimed by the dispatcher (issue 17): a claim holds a message for a
 * lease, Graph's acceptance is written as soon as it answers, and the dispatcher finds what
 * is due through an index of pending messages only.
 */
export class Migration20261123120000_scheduled_dispatch extends Migration {

  override name = 'Migration20261123120000_scheduled_dispatch';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messaging"."scheduled_message" add column "claimed_until" timestamptz null, add column "attempts" int not null default 0, add column "delivered_external_id" text null;`);
    this.addSql(`create index "scheduled_message_due_index" on "messaging"."scheduled_message" ("execute_at") where "status" in ('creating', 'delayed', 'scheduled', 'processing');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "messaging"."scheduled_message_due_index";`);
    this.addSql(`alter table "messaging"."scheduled_message" drop column "claimed_until", drop column "attempts", drop column "delivered_external_id";`);
  }

}
