import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123337_initial extends Migration {

  override name = 'Migration20261121123337_initial';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "agents";`);
    this.addSql(`create table "agents"."outbox_event" ("id" text not null, "type" text not null, "workspace_id" text not null, "occurred_at" timestamptz not null, "data" jsonb not null, "published_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "outbox_event_unpublished_index" on "agents"."outbox_event" ("published_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."outbox_event" cascade;`);

    this.addSql(`drop schema if exists "agents";`);
  }

}
