import { Migration } from '@mikro-orm/migrations';

export class Migration20261121125336_messaging_core extends Migration {

  override name = 'Migration20261121125336_messaging_core';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."client" ("id" text not null, "workspace_id" text not null, "contact_key" text not null, "phone_number" text null, "name" text null, "firstname" text null, "lastname" text null, "email" text null, "birthdate" text null, "gender" text null, "company" text null, "country" text null, "state" text null, "city" text null, "address" text null, "postal_code" text null, "status" text not null, "moderation" jsonb not null, "tags" jsonb not null, "owners" jsonb not null, "custom_fields" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "client_workspace_phone_number_index" on "messaging"."client" ("workspace_id", "phone_number");`);
    this.addSql(`alter table "messaging"."client" add constraint "client_workspace_contact_key_unique" unique ("workspace_id", "contact_key");`);

    this.addSql(`create table "messaging"."conversation" ("id" text not null, "workspace_id" text not null, "channel_id" text not null, "platform" text not null, "conversation_id" text not null, "client_id" text not null, "agent_id" text null, "source" text null, "contact_name" text null, "phone_number" text null, "topic" text null, "status" text not null, "operation" text not null, "message_count" int not null, "owners" jsonb not null, "tags" jsonb not null, "last_user_message_at" timestamptz null, "resume_requested_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "conversation_workspace_updated_at_index" on "messaging"."conversation" ("workspace_id", "updated_at", "id");`);
    this.addSql(`create index "conversation_workspace_created_at_index" on "messaging"."conversation" ("workspace_id", "created_at", "id");`);
    this.addSql(`create index "conversation_client_id_index" on "messaging"."conversation" ("client_id");`);
    this.addSql(`alter table "messaging"."conversation" add constraint "conversation_channel_conversation_id_unique" unique ("channel_id", "conversation_id");`);

    this.addSql(`create table "messaging"."custom_field" ("id" text not null, "workspace_id" text not null, "key" text not null, "type" text not null, "active" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "messaging"."custom_field" add constraint "custom_field_workspace_key_unique" unique ("workspace_id", "key");`);

    this.addSql(`create table "messaging"."inbound_event" ("id" text not null, "channel_ids" jsonb not null, "payload" jsonb not null, "received_at" timestamptz not null, "processed_at" timestamptz null, "attempts" int not null, "last_error" text null, primary key ("id"));`);
    this.addSql(`create index "inbound_event_pending_index" on "messaging"."inbound_event" ("processed_at", "received_at");`);

    this.addSql(`create table "messaging"."message" ("id" text not null, "workspace_id" text not null, "channel_id" text not null, "conversation_ref" text not null, "client_id" text not null, "role" text not null, "direction" text not null, "content" text not null, "content_type" text not null, "payload" jsonb not null, "files" jsonb not null, "images" jsonb not null, "status" text not null, "external_id" text null, "actor_type" text not null, "actor_id" text null, "campaign_id" text null, "error" jsonb null, "provider_timestamp" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "message_conversation_created_at_index" on "messaging"."message" ("conversation_ref", "created_at", "id");`);
    this.addSql(`alter table "messaging"."message" add constraint "message_channel_external_id_unique" unique ("channel_id", "external_id");`);

    this.addSql(`create table "messaging"."template" ("id" text not null, "workspace_id" text not null, "channel_id" text not null, "name" text not null, "language" text not null, "category" text not null, "status" text not null, "body" text not null, "header" jsonb null, "footer" text null, "buttons" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "messaging"."template" add constraint "template_workspace_name_language_unique" unique ("workspace_id", "name", "language");`);

    this.addSql(`alter table "messaging"."channel" add "external_id" text null, add "phone_number" text null, add "waba_id" text null, add "secrets" jsonb null, add "verify_token_hash" text null, add "default_agent_id" text null;`);
    this.addSql(`create index "channel_platform_external_id_index" on "messaging"."channel" ("platform", "external_id");`);
    this.addSql(`create index "channel_verify_token_hash_index" on "messaging"."channel" ("verify_token_hash");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "messaging"."client" cascade;`);
    this.addSql(`drop table if exists "messaging"."conversation" cascade;`);
    this.addSql(`drop table if exists "messaging"."custom_field" cascade;`);
    this.addSql(`drop table if exists "messaging"."inbound_event" cascade;`);
    this.addSql(`drop table if exists "messaging"."message" cascade;`);
    this.addSql(`drop table if exists "messaging"."template" cascade;`);

    this.addSql(`drop index "messaging"."channel_platform_external_id_index";`);
    this.addSql(`drop index "messaging"."channel_verify_token_hash_index";`);
    this.addSql(`alter table "messaging"."channel" drop column "external_id", drop column "phone_number", drop column "waba_id", drop column "secrets", drop column "verify_token_hash", drop column "default_agent_id";`);
  }

}
