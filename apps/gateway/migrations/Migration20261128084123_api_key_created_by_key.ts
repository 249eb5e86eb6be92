import { Migration } from '@mikro-orm/migrations';

export class Migration20261128084123_api_key_created_by_key extends Migration {

  override name = 'Migration20261128084123_api_key_created_by_key';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gateway"."api_key" add "created_by_key_id" text null;`);
    this.addSql(`create index "api_key_created_by_key_id_index" on "gateway"."api_key" ("created_by_key_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "gateway"."api_key_created_by_key_id_index";`);
    this.addSql(`alter table "gateway"."api_key" drop column "created_by_key_id";`);
  }

}
