import { Migration } from '@mikro-orm/migrations';

/** Who wrote a message, as a list row says it (ConversationLastMessage.by). */
const BY = `case when m.direction = 'incoming' then 'customer' when m.actor_type = 'ai' then 'agent'
  when m.actor_type in ('user', 'inbox') then 'person' else m.actor_type end`;
const LAST_MESSAGE = `jsonb_build_object('messageId', m.id, 'preview', case when m.content_type = 'text' then left(m.content, 120) end,
  'contentType', m.content_type, 'by', ${BY}, 'at', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
/** A failed turn is the agent's message with no content (turns.service.ts › failure); any other failed outgoing message is a send. */
const FAILURE = `jsonb_build_object('kind', case when m.actor_type = 'ai' and m.content = '' then 'turn' else 'send' end,
  'reason', coalesce(m.error ->> 'reason', m.error ->> 'code'), 'message', m.error ->> 'message', 'messageId', m.id,
  'at', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
/** Messages a list row shows: not the runtime's system notes, not an agent reply still being delivered. */
const SHOWN = `m.role <> 'system' and m.status <> 'sending'`;
/** A reply a person's takeover held back is not a failure to flag. */
const FAILED = `m.direction = 'outgoing' and m.status = 'failed' and ${SHOWN} and coalesce(m.error ->> 'code', '') <> 'taken_over'`;
const DELIVERED = `m.direction = 'outgoing' and m.status in ('sent', 'delivered', 'read') and ${SHOWN}`;

/**
 * The inbox rows' signals (issue 49 items 1, 5 and 6; docs/sending-messages.md › Listing
 * conversations): each conversation keeps its latest shown message, the failure of its latest send
 * or agent turn, and its count of customer messages, so the list and the unread counts read no
 * messages. Statement triggers on `message` keep them, whichever path writes (sends, replies,
 * campaign batches, the batched inbound store, Meta's status updates), one update per statement.
 * And each person's read marker (`conversation_read`).
 */
export class Migration20261129130000_row_signals extends Migration {
  override name = 'Migration20261129130000_row_signals';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messaging"."conversation" add column "last_message" jsonb null, add column "last_message_at" timestamptz null,
      add column "failure" jsonb null, add column "incoming_count" int not null default 0;`);
    this.addSql(`create table "messaging"."conversation_read" ("conversation_ref" text not null, "user_id" text not null, "workspace_id" text not null,
      "read_count" int not null, "read_at" timestamptz not null, primary key ("conversation_ref", "user_id"));`);
    this.addSql(`create index "conversation_read_user_index" on "messaging"."conversation_read" ("user_id");`);
    // One update of a conversation for its latest message and its customer count together; the
    // failure flag's two only when outgoing messages were written (a customer's message skips them).
    this.addSql(`create or replace function messaging.conversation_row_signals() returns trigger language plpgsql as $fn$
begin
  update messaging.conversation c set
      incoming_count = c.incoming_count + m.incoming,
      last_message = case when m.shown_at is not null and (c.last_message_at is null or c.last_message_at <= m.shown_at) then m.shown else c.last_message end,
      last_message_at = case when m.shown_at is not null and (c.last_message_at is null or c.last_message_at <= m.shown_at) then m.shown_at else c.last_message_at end
    from (select m.conversation_ref,
                 count(*) filter (where tg_op = 'INSERT' and m.direction = 'incoming' and m.role = 'user')::int as incoming,
                 (array_agg(${LAST_MESSAGE} order by m.created_at desc, m.id desc) filter (where ${SHOWN}))[1] as shown,
                 max(m.created_at) filter (where ${SHOWN}) as shown_at
            from changed m group by m.conversation_ref) m
   where c.id = m.conversation_ref
     and (m.incoming > 0 or (m.shown_at is not null and (c.last_message_at is null or c.last_message_at <= m.shown_at)
          and c.last_message is distinct from m.shown));
  if not exists (select 1 from changed m where m.direction = 'outgoing' and ${SHOWN}) then
    return null;
  end if;
  update messaging.conversation c set failure = ${FAILURE}
    from (select distinct on (m.conversation_ref) m.* from changed m where ${FAILED} order by m.conversation_ref, m.created_at desc, m.id desc) m
   where c.id = m.conversation_ref and (c.failure is null or (c.failure ->> 'at')::timestamptz <= m.created_at);
  -- A later message that went out (a retry, the agent's next reply) clears the flag; so does the failed one going out.
  update messaging.conversation c set failure = null
    from (select m.conversation_ref, max(m.created_at) as at, array_agg(m.id) as ids from changed m where ${DELIVERED} group by 1) m
   where c.id = m.conversation_ref and c.failure is not null
     and ((c.failure ->> 'at')::timestamptz < m.at or c.failure ->> 'messageId' = any (m.ids));
  return null;
end
$fn$;`);
    this.addSql(`create trigger conversation_row_signals_insert after insert on messaging.message
      referencing new table as changed for each statement execute function messaging.conversation_row_signals();`);
    this.addSql(`create trigger conversation_row_signals_update after update on messaging.message
      referencing new table as changed for each statement execute function messaging.conversation_row_signals();`);
    // The conversations stored before: their signals, once.
    this.addSql(`update messaging.conversation c set last_message = ${LAST_MESSAGE}, last_message_at = m.created_at
      from (select distinct on (m.conversation_ref) m.* from messaging.message m where ${SHOWN} order by m.conversation_ref, m.created_at desc, m.id desc) m
     where c.id = m.conversation_ref;`);
    this.addSql(`update messaging.conversation c set incoming_count = m.n
      from (select conversation_ref, count(*)::int as n from messaging.message where direction = 'incoming' and role = 'user' group by 1) m
     where c.id = m.conversation_ref;`);
    this.addSql(`update messaging.conversation c set failure = ${FAILURE}
      from (select distinct on (m.conversation_ref) m.* from messaging.message m where m.direction = 'outgoing' and ${SHOWN}
             order by m.conversation_ref, m.created_at desc, m.id desc) m
     where c.id = m.conversation_ref and ${FAILED};`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists conversation_row_signals_insert on messaging.message;`);
    this.addSql(`drop trigger if exists conversation_row_signals_update on messaging.message;`);
    this.addSql(`drop function if exists messaging.conversation_row_signals();`);
    this.addSql(`drop table if exists "messaging"."conversation_read" cascade;`);
    this.addSql(`alter table "messaging"."conversation" drop column if exists "last_message", drop column if exists "last_message_at",
      drop column if exists "failure", drop column if exists "incoming_count";`);
  }
}
