import { Migration } from '@mikro-orm/migrations';

/** The bound on model calls in flight (docs/agents.md › Fair turns across workspaces): one row per call running or waiting. */
export class Migration20261129150000_model_call_slots extends Migration {
  override name = 'Migration20261129150000_model_call_slots';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."model_call_slot" ("holder" text not null, "workspace_id" text not null, "workflow_id" text not null, "requested_at" timestamptz not null, "granted_at" timestamptz null, "expires_at" timestamptz not null, primary key ("holder"));`);
    this.addSql(`create index "model_call_slot_workspace_id_requested_at_index" on "agents"."model_call_slot" ("workspace_id", "requested_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."model_call_slot" cascade;`);
  }
}
