import { Migration } from '@mikro-orm/migrations';

/**
 * A chat turn's model call, whose answer an API client awaits, waits ahead of its workspace's
 * other calls for a slot (docs/agents.md › Fair turns across workspaces).
 */
export class Migration20261130110000_awaited_model_calls extends Migration {
  override name = 'Migration20261130110000_awaited_model_calls';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agents"."model_call_slot" add column "answer_awaited" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents"."model_call_slot" drop column if exists "answer_awaited";`);
  }
}
