import { Migration } from '@mikro-orm/migrations';

/** Knowledge proposals (docs/knowledge-from-people.md): one per person's exchange, pending until a person decides. */
export class Migration20261129070813_knowledge_proposals extends Migration {

  override name = 'Migration20261129070813_knowledge_proposals';

  override up(): void | Promise<void> {
    this.addSql(`create table "tools"."knowledge_proposal" ("id" text not null, "workspace_id" text not null, "state" text not null, "conversation_ref" text not null, "exchange_key" text not null, "agent_id" text null, "answered_by" text null, "message_ids" jsonb not null, "question" text not null, "answer" text not null, "edited" boolean not null, "decided_by" text null, "decided_at" timestamptz null, "base_id" text null, "source_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "knowledge_proposal_queue_index" on "tools"."knowledge_proposal" ("workspace_id", "state", "created_at");`);
    this.addSql(`alter table "tools"."knowledge_proposal" add constraint "knowledge_proposal_exchange_unique" unique ("workspace_id", "conversation_ref", "exchange_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tools"."knowledge_proposal" cascade;`);
  }

}
