import { Migration } from '@mikro-orm/migrations';

/**
 * A deferred turn may be started ahead of its slot (docs/agents.md › Fair turns across
 * workspaces): its row says since when, so a start that was lost puts it back in its place.
 */
export class Migration20261130100000_deferred_turns_started extends Migration {
  override name = 'Migration20261130100000_deferred_turns_started';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agents"."model_call_slot" add column "started_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents"."model_call_slot" drop column if exists "started_at";`);
  }
}
