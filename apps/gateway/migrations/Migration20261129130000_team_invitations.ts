import { Migration } from '@mikro-orm/migrations';

/**
 * Invitations to join a workspace (docs/team.md): the one-time token's hash, the role given on
 * accepting. (The snapshot also records the workspace's credit_limit, which an earlier migration added.)
 */
export class Migration20261129130000_team_invitations extends Migration {

  override name = 'Migration20261129130000_team_invitations';

  override up(): void | Promise<void> {
    this.addSql(`create table "gateway"."invitation" ("id" text not null, "workspace_id" text not null, "email" text not null, "role" text not null, "token_hash" text not null, "invited_by" text null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "closed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "invitation_workspace_id_index" on "gateway"."invitation" ("workspace_id");`);
    this.addSql(`alter table "gateway"."invitation" add constraint "invitation_token_hash_unique" unique ("token_hash");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "gateway"."invitation" cascade;`);
  }

}
