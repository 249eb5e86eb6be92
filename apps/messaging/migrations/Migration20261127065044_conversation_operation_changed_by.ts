import { Migration } from '@mikro-orm/migrations';

export class Migration20261127065044_conversation_operation_changed_by extends Migration {

  override name = 'Migration20261127065044_conversation_operation_changed_by';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messaging"."conversation" add "operation_changed_by" text null, add "operation_changed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "messaging"."conversation" drop column "operation_changed_by", drop column "operation_changed_at";`);
  }

}
