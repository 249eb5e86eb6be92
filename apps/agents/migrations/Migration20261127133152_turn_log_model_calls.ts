import { Migration } from '@mikro-orm/migrations';

export class Migration20261127133152_turn_log_model_calls extends Migration {

  override name = 'Migration20261127133152_turn_log_model_calls';

  override up(): void | Promise<void> {
    this.addSql(`alter table "agents"."turn_log" add "model_calls" jsonb not null default '[]';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents"."turn_log" drop column "model_calls";`);
  }

}
