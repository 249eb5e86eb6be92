import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123340_initial extends Migration {

  override name = 'Migration20261121123340_initial';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "campaigns";`);
    this.addSql(`create table "campaigns"."campaign" ("id" text not null, "workspace_id" text not null, "title" text not null, "category" text not null, "platform" text not null, "template_name" text null, "template_language" text null, "message" text null, "owners" jsonb not null, "audience" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "campaigns"."campaign" add constraint "campaign_workspace_title_unique" unique ("workspace_id", "title");`);

    this.addSql(`create table "campaigns"."outbox_event" ("id" text not null, "type" text not null, "workspace_id" text not null, "occurred_at" timestamptz not null, "data" jsonb not null, "published_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "outbox_event_unpublished_index" on "campaigns"."outbox_event" ("published_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "campaigns"."campaign" cascade;`);
    this.addSql(`drop table if exists "campaigns"."outbox_event" cascade;`);

    this.addSql(`drop schema if exists "campaigns";`);
  }

}
