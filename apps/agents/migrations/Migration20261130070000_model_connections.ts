import { Migration } from '@mikro-orm/migrations';

/**
 * Model connections per workspace, their circuit breakers, and each agent's model settings
 * (docs/agents.md › Models and fallback). An agent without settings uses the workspace's default.
 */
export class Migration20261130070000_model_connections extends Migration {
  override name = 'Migration20261130070000_model_connections';

  override up(): void | Promise<void> {
    this.addSql(`create table "agents"."model_connection" ("id" text not null, "workspace_id" text not null, "name" text not null, "provider" text not null, "base_url" text null, "credential_sealed" text null, "credential_origin" text null, "models" jsonb not null, "is_default" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "agents"."model_connection" add constraint "model_connection_workspace_name_unique" unique ("workspace_id", "name");`);
    this.addSql(`create table "agents"."model_breaker" ("connection_key" text not null, "failures" int not null, "open_until" timestamptz null, "updated_at" timestamptz not null, primary key ("connection_key"));`);
    this.addSql(`alter table "agents"."agent" add "models" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "agents"."agent" drop column "models";`);
    this.addSql(`drop table if exists "agents"."model_breaker" cascade;`);
    this.addSql(`drop table if exists "agents"."model_connection" cascade;`);
  }
}
