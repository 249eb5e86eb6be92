import { Migration } from '@mikro-orm/migrations';

export class Migration20261123145408_guardrail_allowed_terms extends Migration {

  override name = 'Migration20261123145408_guardrail_allowed_terms';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."allowed_term" ("workspace_id" text not null, "term" text not null, "created_at" timestamptz not null, primary key ("workspace_id", "term"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "agents"."allowed_term" cascade;`);
  }

}
