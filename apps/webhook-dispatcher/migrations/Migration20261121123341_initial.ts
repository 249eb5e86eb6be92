import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123341_initial extends Migration {

  override name = 'Migration20261121123341_initial';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "webhook_dispatcher";`);
    this.addSql(`create table "webhook_dispatcher"."outbox_event" ("id" text not null, "type" text not null, "workspace_id" text not null, "occurred_at" timestamptz not null, "data" jsonb not null, "published_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "outbox_event_unpublished_index" on "webhook_dispatcher"."outbox_event" ("published_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_dispatcher"."outbox_event" cascade;`);

    this.addSql(`drop schema if exists "webhook_dispatcher";`);
  }

}
