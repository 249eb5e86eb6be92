import { Migration } from '@mikro-orm/migrations';

/**
 * Campaign sends (issue 16): the record of each campaign message made before its Graph call
 * (so a retried run never sends it twice), and scheduled messages that belong to a run.
 */
export class Migration20261123150000_campaign_sends extends Migration {

  override name = 'Migration20261123150000_campaign_sends';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."campaign_delivery" ("message_id" text not null, "run_id" text not null, "status" text not null, "external_id" text null, "error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("message_id"));`);
    this.addSql(`alter table "messaging"."scheduled_message" add column "run_id" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "messaging"."scheduled_message" drop column "run_id";`);
    this.addSql(`drop table if exists "messaging"."campaign_delivery" cascade;`);
  }

}
