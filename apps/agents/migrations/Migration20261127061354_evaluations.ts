import { Migration } from '@mikro-orm/migrations';

export class Migration20261127061354_evaluations extends Migration {

  override name = 'Migration20261127061354_evaluations';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."evaluation" ("id" text not null, "workspace_id" text not null, "agent_id" text not null, "status" text not null, "prompt_id" text null, "system_prompt" text not null, "model" text null, "sample" jsonb not null, "checks" jsonb not null, "judge" jsonb null, "max_turns" int not null, "max_tokens" int not null, "summary" jsonb null, "error" text null, "created_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "evaluation_workspace_id_agent_id_created_at_index" on "agents"."evaluation" ("workspace_id", "agent_id", "created_at");`);

    this.addSql(`create table "agents"."evaluation_turn" ("evaluation_id" text not null, "turn_id" text not null, "conversation_ref" text not null, "position" int not null, "status" text not null, "detail" text null, "customer_text" text null, "recorded" jsonb null, "candidate" jsonb null, "comparison" jsonb null, "checks" jsonb not null, "judge" jsonb null, "tokens" int not null, primary key ("evaluation_id", "turn_id"));`);
    this.addSql(`create index "evaluation_turn_evaluation_id_position_index" on "agents"."evaluation_turn" ("evaluation_id", "position");`);

    this.addSql(`alter table "agents"."agent" add "require_evaluation" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."evaluation" cascade;`);
    this.addSql(`drop table if exists "agents"."evaluation_turn" cascade;`);

    this.addSql(`alter table "agents"."agent" drop column "require_evaluation";`);
  }

}
