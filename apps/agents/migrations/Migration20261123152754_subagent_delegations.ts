import { Migration } from '@mikro-orm/migrations';

export class Migration20261123152754_subagent_delegations extends Migration {

  override name = 'Migration20261123152754_subagent_delegations';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."delegation" ("conversation_ref" text not null, "workspace_id" text not null, "principal_agent_id" text not null, "subagent_id" text not null, "reason" text not null, "started_at" timestamptz not null, primary key ("conversation_ref"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."delegation" cascade;`);
  }

}
