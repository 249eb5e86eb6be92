import { Migration } from '@mikro-orm/migrations';

export class Migration20261123114826_inbound_rejection extends Migration {

  override name = 'Migration20261123114826_inbound_rejection';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."inbound_rejection" ("id" text not null, "channel_ids" jsonb not null, "raw_base64" text not null, "reason" text not null, "received_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "inbound_rejection_received_at_index" on "messaging"."inbound_rejection" ("received_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "messaging"."inbound_rejection" cascade;`);
  }

}
