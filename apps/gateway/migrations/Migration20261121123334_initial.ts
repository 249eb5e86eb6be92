import { Migration } from '@mikro-orm/migrations';

export class Migration20261121123334_initial extends Migration {

  override name = 'Migration20261121123334_initial';

  override up(): void | Promise<void> {
    this.addSql(`create schema if not exists "gateway";`);
    this.addSql(`create table "gateway"."user_account" ("id" text not null, "email" text not null, "name" text null, "password_hash" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "gateway"."user_account" add constraint "user_account_email_unique" unique ("email");`);

    this.addSql(`create table "gateway"."workspace" ("id" text not null, "name" text not null, "timezone" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "gateway"."workspace" add constraint "workspace_name_unique" unique ("name");`);

    this.addSql(`create table "gateway"."api_key" ("id" text not null, "workspace_id" text not null, "owner_id" text not null, "name" text not null, "key_hash" text not null, "rate_limit_per_second" int not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "gateway"."api_key" add constraint "api_key_key_hash_unique" unique ("key_hash");`);
    this.addSql(`alter table "gateway"."api_key" add constraint "api_key_workspace_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "gateway"."workspace_member" ("workspace_id" text not null, "user_id" text not null, "role" text not null default 'member', "created_at" timestamptz not null, primary key ("workspace_id", "user_id"));`);

    this.addSql(`alter table "gateway"."api_key" add constraint "api_key_workspace_id_foreign" foreign key ("workspace_id") references "gateway"."workspace" ("id");`);
    this.addSql(`alter table "gateway"."api_key" add constraint "api_key_owner_id_foreign" foreign key ("owner_id") references "gateway"."user_account" ("id");`);

    this.addSql(`alter table "gateway"."workspace_member" add constraint "workspace_member_workspace_id_foreign" foreign key ("workspace_id") references "gateway"."workspace" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "gateway"."workspace_member" add constraint "workspace_member_user_id_foreign" foreign key ("user_id") references "gateway"."user_account" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gateway"."api_key" drop constraint "api_key_owner_id_foreign";`);
    this.addSql(`alter table "gateway"."workspace_member" drop constraint "workspace_member_user_id_foreign";`);
    this.addSql(`alter table "gateway"."api_key" drop constraint "api_key_workspace_id_foreign";`);
    this.addSql(`alter table "gateway"."workspace_member" drop constraint "workspace_member_workspace_id_foreign";`);

    this.addSql(`drop table if exists "gateway"."user_account" cascade;`);
    this.addSql(`drop table if exists "gateway"."workspace" cascade;`);
    this.addSql(`drop table if exists "gateway"."api_key" cascade;`);
    this.addSql(`drop table if exists "gateway"."workspace_member" cascade;`);

    this.addSql(`drop schema if exists "gateway";`);
  }

}
