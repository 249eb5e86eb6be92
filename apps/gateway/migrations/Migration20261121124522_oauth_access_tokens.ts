import { Migration } from '@mikro-orm/migrations';

export class Migration20261121124522_oauth_access_tokens extends Migration {

  override name = 'Migration20261121124522_oauth_access_tokens';

  override up(): void | Promise<void> {
    this.addSql(`create table "gateway"."oauth_access_token" ("id" text not null, "token_hash" text not null, "user_id" text not null, "workspace_ids" jsonb not null, "scopes" jsonb not null, "client_id" text null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "gateway"."oauth_access_token" add constraint "oauth_access_token_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "gateway"."oauth_access_token" add constraint "oauth_access_token_user_id_foreign" foreign key ("user_id") references "gateway"."user_account" ("id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "gateway"."oauth_access_token" cascade;`);
  }

}
