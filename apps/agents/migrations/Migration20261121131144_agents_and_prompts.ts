import { Migration } from '@mikro-orm/migrations';

export class Migration20261121131144_agents_and_prompts extends Migration {

  override name = 'Migration20261121131144_agents_and_prompts';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."agent" ("id" text not null, "workspace_id" text not null, "name" text not null, "status" text not null, "channel" text not null, "owners" jsonb not null, "channel_ids" jsonb not null, "phone_numbers" jsonb not null, "system_prompt" text not null, "active_prompt_id" text null, "image_url" text null, "support_information" jsonb null, "assistance_triggers" text not null, "wait_message" text not null, "assistance_enabled" boolean not null, "recall_last_conversation" boolean not null, "enable_file_attachments" boolean not null, "disable_context_summarization" boolean null, "working_message" jsonb not null, "guardrails" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "agents"."agent" add constraint "agent_workspace_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "agents"."prompt_version" ("id" text not null, "agent_id" text not null, "system_prompt" text not null, "note" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "prompt_version_agent_id_created_at_index" on "agents"."prompt_version" ("agent_id", "created_at");`);

    this.addSql(`alter table "agents"."prompt_version" add constraint "prompt_version_agent_id_foreign" foreign key ("agent_id") references "agents"."agent" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents"."prompt_version" drop constraint "prompt_version_agent_id_foreign";`);

    this.addSql(`drop table if exists "agents"."agent" cascade;`);
    this.addSql(`drop table if exists "agents"."prompt_version" cascade;`);
  }

}
