import { Migration } from '@mikro-orm/migrations';

export class Migration20261123144526_usage_aggregates extends Migration {

  override name = 'Migration20261123144526_usage_aggregates';

  override up(): void | Promise<void> {
    this.addSql(`create table "messaging"."usage_assisted_conversation" ("conversation_ref" text not null, "workspace_id" text not null, "bucket" timestamptz not null, "requests" int not null, primary key ("conversation_ref"));`);
    this.addSql(`create index "usage_assisted_conversation_workspace_bucket_index" on "messaging"."usage_assisted_conversation" ("workspace_id", "bucket");`);

    this.addSql(`create table "messaging"."usage_conversation_bucket" ("workspace_id" text not null, "bucket" timestamptz not null, "platform" text not null, "channel_id" text not null, "agent_id" text not null, "conversations" int not null, primary key ("workspace_id", "bucket", "platform", "channel_id", "agent_id"));`);

    this.addSql(`create table "messaging"."usage_message_bucket" ("workspace_id" text not null, "bucket" timestamptz not null, "actor_type" text not null, "actor_id" text not null, "messages" int not null, primary key ("workspace_id", "bucket", "actor_type", "actor_id"));`);

    this.addSql(`create table "messaging"."usage_tag_bucket" ("workspace_id" text not null, "bucket" timestamptz not null, "tag" text not null, "conversations" int not null, primary key ("workspace_id", "bucket", "tag"));`);

    this.addSql(`create index "message_workspace_created_at_index" on "messaging"."message" ("workspace_id", "created_at");`);

    for (const statement of usageTriggers()) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of dropUsageTriggers()) this.addSql(statement);
    this.addSql(`drop table if exists "messaging"."usage_assisted_conversation" cascade;`);
    this.addSql(`drop table if exists "messaging"."usage_conversation_bucket" cascade;`);
    this.addSql(`drop table if exists "messaging"."usage_message_bucket" cascade;`);
    this.addSql(`drop table if exists "messaging"."usage_tag_bucket" cascade;`);

    this.addSql(`drop index "messaging"."message_workspace_created_at_index";`);

  }

}

/** The 15-minute bucket of an instant (UTC-aligned). */
const BUCKET = (column: string) => `date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

/** What each aggregate counts of a row set (`rows`: a transition table or the table itself). */
const conversationKeys = (rows: string, sign: string) =>
  `select workspace_id, ${BUCKET('created_at')} as bucket, platform, channel_id, coalesce(agent_id, '') as agent_id, ${sign} as delta from ${rows}`;
const tagKeys = (rows: string, sign: string) =>
  `select c.workspace_id, ${BUCKET('c.created_at')} as bucket, t.tag, ${sign} as delta
     from ${rows} c cross join lateral (select distinct coalesce(x, '') as tag from jsonb_array_elements_text(case when jsonb_array_length(c.tags) = 0 then '[null]'::jsonb else c.tags end) as x) t`;
const messageKeys = (rows: string, sign: string) =>
  `select workspace_id, ${BUCKET('created_at')} as bucket, actor_type, case when actor_type = 'user' then coalesce(actor_id, '') else '' end as actor_id, ${sign} as delta
     from ${rows} where direction = 'outgoing' and status in ('sent', 'delivered', 'read')`;

interface Aggregate {
  table: string;
  source: string;
  keys: (rows: string, sign: string) => string;
  columns: string[];
  counter: string;
}

const AGGREGATES: Aggregate[] = [
  { table: 'usage_conversation_bucket', source: 'conversation', keys: conversationKeys, columns: ['workspace_id', 'bucket', 'platform', 'channel_id', 'agent_id'], counter: 'conversations' },
  { table: 'usage_tag_bucket', source: 'conversation', keys: tagKeys, columns: ['workspace_id', 'bucket', 'tag'], counter: 'conversations' },
  { table: 'usage_message_bucket', source: 'message', keys: messageKeys, columns: ['workspace_id', 'bucket', 'actor_type', 'actor_id'], counter: 'messages' },
];

/** Adds the deltas of `deltas` (rows of the key columns and `delta`) to an aggregate, in key order (one lock order for every writer). */
function upsert(aggregate: Aggregate, deltas: string): string {
  const keys = aggregate.columns.join(', ');
  return `insert into messaging.${aggregate.table} as a (${keys}, ${aggregate.counter})
    select ${keys}, sum(delta)::int from (${deltas}) d group by ${keys} having sum(delta) <> 0 order by ${keys}
    on conflict (${keys}) do update set ${aggregate.counter} = a.${aggregate.counter} + excluded.${aggregate.counter}`;
}

/**
 * Statement-level triggers with transition tables: one grouped upsert per statement whatever
 * its row count (a bulk insert costs one pass), and an update that changes no counted key
 * (a message's delivery receipt, a conversation's message count) writes nothing.
 */
function usageTriggers(): string[] {
  const statements: string[] = [];
  for (const aggregate of AGGREGATES) {
    const name = `${aggregate.table}_apply`;
    const operations = [
      { op: 'insert', deltas: aggregate.keys('new_rows', '1'), referencing: 'new table as new_rows' },
      { op: 'update', deltas: `${aggregate.keys('new_rows', '1')} union all ${aggregate.keys('old_rows', '-1')}`, referencing: 'old table as old_rows new table as new_rows' },
      { op: 'delete', deltas: aggregate.keys('old_rows', '-1'), referencing: 'old table as old_rows' },
    ];
    for (const { op, deltas, referencing } of operations) {
      statements.push(`create function messaging.${name}_${op}() returns trigger language plpgsql as $fn$
begin
  ${upsert(aggregate, deltas)};
  return null;
end
$fn$;`);
      statements.push(
        `create trigger ${name}_${op} after ${op} on messaging.${aggregate.source} referencing ${referencing} for each statement execute function messaging.${name}_${op}();`,
      );
    }
    // What the table holds already (a deployment with data): counted once, here.
    statements.push(`${upsert(aggregate, aggregate.keys(`messaging.${aggregate.source}`, '1'))};`);
  }
  // An assistance request is the outbox's `conversation.assistance.requested` event (whoever in
  // messaging records it); it counts for the conversation's creation bucket.
  statements.push(`create function messaging.usage_assistance_requested() returns trigger language plpgsql as $fn$
begin
  insert into messaging.usage_assisted_conversation as a (conversation_ref, workspace_id, bucket, requests)
    select c.id, c.workspace_id, ${BUCKET('c.created_at')}, 1 from messaging.conversation c where c.id = new.data -> 'conversation' ->> 'id'
    on conflict (conversation_ref) do update set requests = a.requests + 1;
  return null;
end
$fn$;`);
  statements.push(`create trigger usage_assistance_requested after insert on messaging.outbox_event for each row
    when (new.type = 'conversation.assistance.requested') execute function messaging.usage_assistance_requested();`);
  statements.push(`insert into messaging.usage_assisted_conversation (conversation_ref, workspace_id, bucket, requests)
    select c.id, c.workspace_id, ${BUCKET('c.created_at')}, count(*)::int from messaging.outbox_event e join messaging.conversation c on c.id = e.data -> 'conversation' ->> 'id'
     where e.type = 'conversation.assistance.requested' group by c.id;`);
  return statements;
}

function dropUsageTriggers(): string[] {
  const statements = ['drop trigger if exists usage_assistance_requested on messaging.outbox_event;', 'drop function if exists messaging.usage_assistance_requested();'];
  for (const aggregate of AGGREGATES) {
    for (const op of ['insert', 'update', 'delete']) {
      statements.push(`drop trigger if exists ${aggregate.table}_apply_${op} on messaging.${aggregate.source};`);
      statements.push(`drop function if exists messaging.${aggregate.table}_apply_${op}();`);
    }
  }
  return statements;
}
