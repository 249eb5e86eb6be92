import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123336_initial extends Migration {

  override name = 'Migration20261121123336_initial';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "chat";`);
    this.addSql(`create table "chat"."outbox_event" ("id" text not null, "type" text not null, "workspace_id" text not null, "occurred_at" timestamptz not null, "data" jsonb not null, "published_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "outbox_event_unpublished_index" on "chat"."outbox_event" ("published_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "chat"."outbox_event" cascade;`);

    this.addSql(`drop schema if exists "chat";`);
  }

}
