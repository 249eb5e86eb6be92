import { Migration } from '@mikro-orm/migrations';

export class Migration20261127062934_api_key_management_and_roles extends Migration {

  override name = 'Migration20261127062934_api_key_management_and_roles';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gateway"."api_key" add "expires_at" timestamptz null, add "last_used_at" timestamptz null;`);
    // A name is unique among live keys only: a revoked key's name can be given to a new one.
    this.addSql(`alter table "gateway"."api_key" drop constraint "api_key_workspace_name_unique";`);
    this.addSql(`create unique index "api_key_workspace_name_unique" on "gateway"."api_key" ("workspace_id", "name") where "revoked_at" is null;`);

    // Roles are now `admin` and `agent`. Every existing member ('owner' or 'member') had full
    // access through OAuth: they become admins, so nobody loses access by upgrading; new
    // memberships default to the least privilege.
    this.addSql(`update "gateway"."workspace_member" set "role" = 'admin' where "role" in ('owner', 'member');`);
    this.addSql(`alter table "gateway"."workspace_member" alter column "role" set default 'agent';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gateway"."api_key" drop column "expires_at", drop column "last_used_at";`);
    this.addSql(`drop index "gateway"."api_key_workspace_name_unique";`);
    this.addSql(`alter table "gateway"."api_key" add constraint "api_key_workspace_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`update "gateway"."workspace_member" set "role" = 'member' where "role" in ('admin', 'agent');`);
    this.addSql(`alter table "gateway"."workspace_member" alter column "role" set default 'member';`);
  }

}
