import { Migration } from '@mikro-orm/migrations';

/** Connections of a writer spread over this many shards of a bucket row. */
const SHARDS = 16;

/** The counted keys of a row set's billable messages, as the usage_aggregates migration counts them. */
const messageKeys = (rows: string, sign: string) =>
  `select workspace_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00') as bucket, actor_type,
          case when actor_type = 'user' then coalesce(actor_id, '') else '' end as actor_id, ${sign} as delta
     from ${rows} where direction = 'outgoing' and status in ('sent', 'delivered', 'read')`;

/**
 * Adds the deltas to each bucket, in key order (one lock order for every writer): to the shard
 * the expression `shard` names, or to the bucket's one row when there are no shards.
 */
const upsert = (deltas: string, shard: string | null) => {
  const keys = `workspace_id, bucket, actor_type, actor_id${shard ? ', shard' : ''}`;
  const groups = 'workspace_id, bucket, actor_type, actor_id';
  return `insert into messaging.usage_message_bucket as a (${keys}, messages)
    select ${groups}${shard ? `, ${shard}` : ''}, sum(delta)::int from (${deltas}) d group by ${groups} having sum(delta) <> 0 order by ${groups}
    on conflict (${keys}) do update set messages = a.messages + excluded.messages`;
};

const TRIGGERS = [
  { op: 'insert', deltas: messageKeys('new_rows', '1') },
  { op: 'update', deltas: `${messageKeys('new_rows', '1')} union all ${messageKeys('old_rows', '-1')}` },
  { op: 'delete', deltas: messageKeys('old_rows', '-1') },
];

const applyFunction = (op: string, body: string) => `create or replace function messaging.usage_message_bucket_apply_${op}() returns trigger language plpgsql as $fn$
begin
  ${body};
  return null;
end
$fn$;`;

/**
 * Billable messages are counted in shards of each 15-minute bucket row, one chosen by the writing
 * connection: the trigger's upsert locked the workspace's one row from a message's insert to its
 * transaction's commit, so every send of a workspace waited for the one before it to commit
 * (bench/gateway's POST /v1/messages: most waiting samples were inserts on that lock). Reads sum.
 */
export class Migration20261125225318_usage_message_shards extends Migration {

  override name = 'Migration20261125225318_usage_message_shards';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messaging"."usage_message_bucket" drop constraint "usage_message_bucket_pkey";`);
    this.addSql(`alter table "messaging"."usage_message_bucket" add "shard" smallint not null default 0;`);
    this.addSql(`alter table "messaging"."usage_message_bucket" alter column "shard" drop default;`);
    this.addSql(`alter table "messaging"."usage_message_bucket" add primary key ("workspace_id", "bucket", "actor_type", "actor_id", "shard");`);
    for (const { op, deltas } of TRIGGERS) this.addSql(applyFunction(op, upsert(deltas, `(pg_backend_pid() % ${SHARDS})::smallint`)));
  }

  override down(): void | Promise<void> {
    // The shards folded back into one row per bucket, then the single-row counting.
    this.addSql(`create temporary table usage_message_totals on commit drop as
      select workspace_id, bucket, actor_type, actor_id, sum(messages)::int as messages from messaging.usage_message_bucket group by 1, 2, 3, 4;`);
    this.addSql(`delete from messaging.usage_message_bucket;`);
    this.addSql(`alter table "messaging"."usage_message_bucket" drop constraint "usage_message_bucket_pkey";`);
    this.addSql(`alter table "messaging"."usage_message_bucket" drop column "shard";`);
    this.addSql(`alter table "messaging"."usage_message_bucket" add primary key ("workspace_id", "bucket", "actor_type", "actor_id");`);
    this.addSql(`insert into messaging.usage_message_bucket (workspace_id, bucket, actor_type, actor_id, messages) select * from usage_message_totals;`);
    for (const { op, deltas } of TRIGGERS) this.addSql(applyFunction(op, upsert(deltas, null)));
  }

}
