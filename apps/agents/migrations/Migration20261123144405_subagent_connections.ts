import { Migration } from '@mikro-orm/migrations';

export class Migration20261123144405_subagent_connections extends Migration {

  override name = 'Migration20261123144405_subagent_connections';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."subagent_connection" ("parent_agent_id" text not null, "subagent_id" text not null, "workspace_id" text not null, "name" text not null, "agent_name" text not null, "agent_image_url" text null, "status" text not null, "task" text not null, "description" text not null, "delegation_criteria" text not null, "completion_criteria" text not null, "connected_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("parent_agent_id", "subagent_id"));`);
    this.addSql(`create index "subagent_connection_subagent_index" on "agents"."subagent_connection" ("subagent_id");`);

    this.addSql(`alter table "agents"."subagent_connection" add constraint "subagent_connection_status_check" check ("status" in ('active', 'inactive'));`);
    this.addSql(`alter table "agents"."subagent_connection" add constraint "subagent_connection_task_check" check ("task" in ('assist', 'delegate'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."subagent_connection" cascade;`);
  }

}
