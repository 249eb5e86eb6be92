import { Migration } from '@mikro-orm/migrations';

export class Migration20261121131251_webhooks extends Migration {

  override name = 'Migration20261121131251_webhooks';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_dispatcher"."webhook" ("id" text not null, "workspace_id" text not null, "name" text not null, "url" text not null, "events" jsonb not null, "active" boolean not null, "secret_sealed" text not null, "headers_sealed" text not null, "disabled_reason" text null, "disabled_at" timestamptz null, "failing_since" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "webhook_workspace_index" on "webhook_dispatcher"."webhook" ("workspace_id", "created_at");`);

    this.addSql(`create table "webhook_dispatcher"."webhook_event" ("id" text not null, "type" text not null, "workspace_id" text not null, "body" text not null, "occurred_at" timestamptz not null, "received_at" timestamptz not null default now(), primary key ("id"));`);

    this.addSql(`create table "webhook_dispatcher"."webhook_delivery" ("id" text not null, "webhook_id" text not null, "event_id" text not null, "event_type" text not null, "status" text not null, "attempt_count" int not null default 0, "retry_index" int not null default 0, "run_started_at" timestamptz null, "next_attempt_at" timestamptz null, "claimed_until" timestamptz null, "delivered_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_dispatcher"."webhook_delivery" ("status", "next_attempt_at");`);
    this.addSql(`create index "webhook_delivery_webhook_index" on "webhook_dispatcher"."webhook_delivery" ("webhook_id", "created_at");`);
    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery" add constraint "webhook_delivery_webhook_event_unique" unique ("webhook_id", "event_id");`);

    this.addSql(`create table "webhook_dispatcher"."webhook_delivery_attempt" ("delivery_id" text not null, "attempt" int not null, "attempted_at" timestamptz not null, "status_code" int null, "duration_ms" int not null, "error" text null, primary key ("delivery_id", "attempt"));`);

    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery" add constraint "webhook_delivery_webhook_id_foreign" foreign key ("webhook_id") references "webhook_dispatcher"."webhook" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery" add constraint "webhook_delivery_event_id_foreign" foreign key ("event_id") references "webhook_dispatcher"."webhook_event" ("id") on delete cascade;`);

    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery_attempt" add constraint "webhook_delivery_attempt_delivery_id_foreign" foreign key ("delivery_id") references "webhook_dispatcher"."webhook_delivery" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery" drop constraint "webhook_delivery_webhook_id_foreign";`);
    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery" drop constraint "webhook_delivery_event_id_foreign";`);
    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery_attempt" drop constraint "webhook_delivery_attempt_delivery_id_foreign";`);

    this.addSql(`drop table if exists "webhook_dispatcher"."webhook" cascade;`);
    this.addSql(`drop table if exists "webhook_dispatcher"."webhook_event" cascade;`);
    this.addSql(`drop table if exists "webhook_dispatcher"."webhook_delivery" cascade;`);
    this.addSql(`drop table if exists "webhook_dispatcher"."webhook_delivery_attempt" cascade;`);
  }

}
