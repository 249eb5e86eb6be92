import { Migration } from '@mikro-orm/migrations';

/**
 * The `Idempotency-Key`s of the operations that create or send, per workspace
 * (docs/sending-messages.md › Retrying safely): a claim while the first request runs, then its answer.
 */
export class Migration20261129120000_idempotency_keys extends Migration {

  override name = 'Migration20261129120000_idempotency_keys';

  override up(): void | Promise<void> {
    this.addSql(`create table "gateway"."idempotency_key" ("workspace_id" text not null, "key" text not null, "fingerprint" text not null, "operation_id" text not null, "locked_until" timestamptz null, "status" int null, "headers" jsonb null, "body" jsonb null, "created_at" timestamptz not null, "expires_at" timestamptz not null, constraint "idempotency_key_pkey" primary key ("workspace_id", "key"));`);
    this.addSql(`create index "idempotency_key_expires_at_index" on "gateway"."idempotency_key" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "gateway"."idempotency_key" cascade;`);
  }

}
