import { Migration } from '@mikro-orm/migrations';

/**
 * A flooding workspace's turns wait as rows, not workflows (docs/agents.md › Fair turns across
 * workspaces): a slot row may be a deferred turn, with the customer messages it answers; a
 * message joins its conversation's row, found by its turn workflow's id.
 */
export class Migration20261129160000_deferred_turns extends Migration {
  override name = 'Migration20261129160000_deferred_turns';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agents"."model_call_slot" add column "deferred_message_ids" jsonb null, add column "conversation_ref" text null;`);
    this.addSql(`create index "model_call_slot_workflow_id_index" on "agents"."model_call_slot" ("workflow_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "agents"."model_call_slot_workflow_id_index";`);
    this.addSql(`alter table "agents"."model_call_slot" drop column if exists "deferred_message_ids", drop column if exists "conversation_ref";`);
  }
}
