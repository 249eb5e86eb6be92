import { Migration } from '@mikro-orm/migrations';

export class Migration20261128082526_deleted_webhook extends Migration {

  override name = 'Migration20261128082526_deleted_webhook';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_dispatcher"."deleted_webhook" ("id" text not null, "workspace_id" text not null, "deleted_at" timestamptz not null, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_dispatcher"."deleted_webhook" cascade;`);
  }

}
