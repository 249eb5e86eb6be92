import { Migration } from '@mikro-orm/migrations';

export class Migration20261126230000_oauth_client_authorized_at extends Migration {

  override name = 'Migration20261126230000_oauth_client_authorized_at';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gateway"."oauth_client" add "authorized_at" timestamptz null;`);
    // A client a user already consented to (a code was issued to it) keeps its trust and is not expired.
    this.addSql(`update "gateway"."oauth_client" c set "authorized_at" = (select min(a."created_at") from "gateway"."oauth_authorization_code" a where a."client_id" = c."id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gateway"."oauth_client" drop column "authorized_at";`);
  }

}
