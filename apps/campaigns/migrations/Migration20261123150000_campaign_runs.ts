import { Migration } from '@mikro-orm/migrations';

/** Campaign sends (issue 16): the campaign's remaining fields, runs, their recipients and the failure marks of phone numbers. */
export class Migration20261123150000_campaign_runs extends Migration {

  override name = 'Migration20261123150000_campaign_runs';

  override up(): void | Promise<void> {
    this.addSql(`alter table "campaigns"."campaign" add column "template" jsonb null, add column "language" text null, add column "waba_id" text null;`);
    this.addSql(`create table "campaigns"."campaign_run" ("id" text not null, "workspace_id" text not null, "campaign_id" text not null, "channel_id" text not null, "agent_for_new" text null, "template" jsonb not null, "scheduled_for" timestamptz null, "status" text not null, "recipient_count" int not null, "excluded_count" int not null, "exclusions" jsonb not null, "created_at" timestamptz not null, "completed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "campaign_run_campaign_index" on "campaigns"."campaign_run" ("campaign_id", "created_at");`);
    this.addSql(`create table "campaigns"."campaign_recipient" ("run_id" text not null, "position" int not null, "phone_number" text not null, "name" text null, "params" jsonb null, "message_id" text not null, "status" text not null, "error" text null, "updated_at" timestamptz not null, primary key ("run_id", "position"));`);
    this.addSql(`create index "campaign_recipient_open_index" on "campaigns"."campaign_recipient" ("run_id", "position") where "status" in ('pending', 'attempting');`);
    this.addSql(`create table "campaigns"."campaign_contact" ("workspace_id" text not null, "phone_number" text not null, "failures" int not null, "updated_at" timestamptz not null, primary key ("workspace_id", "phone_number"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "campaigns"."campaign_contact" cascade;`);
    this.addSql(`drop table if exists "campaigns"."campaign_recipient" cascade;`);
    this.addSql(`drop table if exists "campaigns"."campaign_run" cascade;`);
    this.addSql(`alter table "campaigns"."campaign" drop column "template", drop column "language", drop column "waba_id";`);
  }

}
