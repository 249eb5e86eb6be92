import { Migration } from '@mikro-orm/migrations';

/**
 * Knowledge from people (docs/knowledge-from-people.md): the exchanges the drafter took (its
 * dedup across hand-backs, closes and redeliveries) and the reply drafts with their outcome.
 */
export class Migration20261129170000_knowledge_from_people extends Migration {

  override name = 'Migration20261129170000_knowledge_from_people';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."drafted_exchange" ("workspace_id" text not null, "conversation_ref" text not null, "exchange_key" text not null, "outcome" text not null, "proposal_id" text null, "updated_at" timestamptz not null, primary key ("workspace_id", "conversation_ref", "exchange_key"));`);

    this.addSql(`create table "agents"."reply_draft" ("id" text not null, "workspace_id" text not null, "conversation_ref" text not null, "agent_id" text not null, "requested_by" text not null, "text" text not null, "sources" jsonb not null, "outcome" text null, "message_id" text null, "decided_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "reply_draft_workspace_created_index" on "agents"."reply_draft" ("workspace_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."drafted_exchange" cascade;`);
    this.addSql(`drop table if exists "agents"."reply_draft" cascade;`);
  }

}
