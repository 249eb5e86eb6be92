import { Migration } from '@mikro-orm/migrations';

export class Migration20261123174838_memory_and_turn_log extends Migration {

  override name = 'Migration20261123174838_memory_and_turn_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."conversation_memory" ("conversation_ref" text not null, "workspace_id" text not null, "recall_checked" boolean not null default false, "recalled_conversation_ref" text null, "recall_summary" text null, "context_summary" text null, "summarized_up_to" text null, "summarized_up_to_at" timestamptz null, "summarized_messages" int not null default 0, "updated_at" timestamptz not null, primary key ("conversation_ref"));`);

    this.addSql(`create table "agents"."turn_log" ("turn_id" text not null, "workspace_id" text not null, "conversation_ref" text not null, "agent_id" text null, "speaker_agent_id" text null, "started_at" timestamptz not null, "ended_at" timestamptz null, "outcome" text null, "detail" text null, "guardrail" jsonb null, "tool_calls" jsonb not null, "delegations" jsonb not null, "summaries" jsonb not null, primary key ("turn_id"));`);
    this.addSql(`create index "turn_log_workspace_id_conversation_ref_started_at_index" on "agents"."turn_log" ("workspace_id", "conversation_ref", "started_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."conversation_memory" cascade;`);
    this.addSql(`drop table if exists "agents"."turn_log" cascade;`);
  }

}
