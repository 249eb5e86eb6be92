import { Migration } from '@mikro-orm/migrations';

export class Migration20261128120000_evaluation_usage extends Migration {

  override name = 'Migration20261128120000_evaluation_usage';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."evaluation_usage" ("evaluation_id" text not null, "turn_id" text not null, "workspace_id" text not null, "input_tokens" int not null, "output_tokens" int not null, "recorded_at" timestamptz not null, primary key ("evaluation_id", "turn_id"));`);
    this.addSql(`create index "evaluation_usage_workspace_recorded_at_index" on "messaging"."evaluation_usage" ("workspace_id", "recorded_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "messaging"."evaluation_usage" cascade;`);
  }

}
