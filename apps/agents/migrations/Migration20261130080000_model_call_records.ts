import { Migration } from '@mikro-orm/migrations';

export class Migration20261130080000_model_call_records extends Migration {

  override name = 'Migration20261130080000_model_call_records';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."model_call_record" ("id" text not null, "workspace_id" text not null, "purpose" text not null, "subject_id" text not null, "agent_id" text null, "at" timestamptz not null, "call" jsonb not null, primary key ("id"));`);
    this.addSql(`create index "model_call_record_workspace_at_index" on "agents"."model_call_record" ("workspace_id", "at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."model_call_record" cascade;`);
  }

}
