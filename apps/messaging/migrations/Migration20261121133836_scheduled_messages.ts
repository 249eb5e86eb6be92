import { Migration } from '@mikro-orm/migrations';

export class Migration20261121133836_scheduled_messages extends Migration {

  override name = 'Migration20261121133836_scheduled_messages';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."scheduled_message" ("id" text not null, "workspace_id" text not null, "kind" text not null, "status" text not null, "channel_id" text not null, "conversation_id" text null, "campaign_id" text null, "message_type" text null, "template_name" text null, "preview" text null, "phone_number" text null, "name" text null, "execute_at" timestamptz not null, "delay_ms" int null, "scheduled_time" text null, "request" jsonb not null, "actor" jsonb not null, "revision" int not null default 0, "sent_message_id" text null, "error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "cancelled_at" timestamptz null, "sent_at" timestamptz null, "failed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "scheduled_message_workspace_execute_at_index" on "messaging"."scheduled_message" ("workspace_id", "execute_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "messaging"."scheduled_message" cascade;`);
  }

}
