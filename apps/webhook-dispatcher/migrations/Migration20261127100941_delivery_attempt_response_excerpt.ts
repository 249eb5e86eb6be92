import { Migration } from '@mikro-orm/migrations';

export class Migration20261127100941_delivery_attempt_response_excerpt extends Migration {

  override name = 'Migration20261127100941_delivery_attempt_response_excerpt';

  override up(): void | Promise<void> {
    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery_attempt" add "response_excerpt" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_dispatcher"."webhook_delivery_attempt" drop column "response_excerpt";`);
  }

}
