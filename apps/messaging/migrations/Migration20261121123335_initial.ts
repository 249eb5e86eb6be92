import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123335_initial extends Migration {

  override name = 'Migration20261121123335_initial';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "messaging";`);
    this.addSql(`create table "messaging"."channel" ("id" text not null, "workspace_id" text not null, "platform" text not null, "name" text not null, "natural_key" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "messaging"."channel" add constraint "channel_workspace_natural_key_unique" unique ("workspace_id", "natural_key");`);

    this.addSql(`create table "messaging"."outbox_event" ("id" text not null, "type" text not null, "workspace_id" text not null, "occurred_at" timestamptz not null, "data" jsonb not null, "published_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "outbox_event_unpublished_index" on "messaging"."outbox_event" ("published_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "messaging"."channel" cascade;`);
    this.addSql(`drop table if exists "messaging"."outbox_event" cascade;`);

    this.addSql(`drop schema if exists "messaging";`);
  }

}
