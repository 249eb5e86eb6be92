import { Migration } from '@mikro-orm/migrations';

export class Migration20261123113629_oauth_authorization_server extends Migration {

  override name = 'Migration20261123113629_oauth_authorization_server';

  override up(): void | Promise<void> {
    this.addSql(`create table "gateway"."oauth_client" ("id" text not null, "client_name" text null, "redirect_uris" jsonb not null, "metadata" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "gateway"."oauth_refresh_token" ("id" text not null, "token_hash" text not null, "family_id" text not null, "client_id" text not null, "user_id" text not null, "workspace_ids" jsonb not null, "scopes" jsonb not null, "resource" text null, "expires_at" timestamptz not null, "rotated_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "gateway"."oauth_refresh_token" add constraint "oauth_refresh_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "oauth_refresh_token_family_id_index" on "gateway"."oauth_refresh_token" ("family_id");`);

    this.addSql(`create table "gateway"."oauth_authorization_code" ("id" text not null, "code_hash" text not null, "client_id" text not null, "user_id" text not null, "workspace_ids" jsonb not null, "scopes" jsonb not null, "redirect_uri" text not null, "code_challenge" text not null, "resource" text null, "family_id" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "gateway"."oauth_authorization_code" add constraint "oauth_authorization_code_code_hash_unique" unique ("code_hash");`);

    this.addSql(`alter table "gateway"."oauth_access_token" add "family_id" text null;`);
    this.addSql(`create index "oauth_access_token_family_id_index" on "gateway"."oauth_access_token" ("family_id");`);

    this.addSql(`alter table "gateway"."oauth_refresh_token" add constraint "oauth_refresh_token_user_id_foreign" foreign key ("user_id") references "gateway"."user_account" ("id");`);

    this.addSql(`alter table "gateway"."oauth_authorization_code" add constraint "oauth_authorization_code_user_id_foreign" foreign key ("user_id") references "gateway"."user_account" ("id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "gateway"."oauth_client" cascade;`);
    this.addSql(`drop table if exists "gateway"."oauth_refresh_token" cascade;`);
    this.addSql(`drop table if exists "gateway"."oauth_authorization_code" cascade;`);

    this.addSql(`drop index "gateway"."oauth_access_token_family_id_index";`);
    this.addSql(`alter table "gateway"."oauth_access_token" drop column "family_id";`);
  }

}
