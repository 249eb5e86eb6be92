import { Injectable } from '@nestjs/common';
import type { ConversationCounts } from '@platica/contracts';
import { Database, keysIn, type Transaction } from '@platica/platform';
import type { Conversation } from './conversation.entity';
import { messageFromRow, SHOWN_MESSAGE_COLUMNS } from './message-row';

/** Open: what `state` is not `closed` (conversation-summary.ts › CLOSED_STATUSES). */
const OPEN = `c.status not in ('finished', 'expired', 'spam')`;

/**
 * What reading a conversation needs beyond its row (docs/sending-messages.md › Reading a
 * conversation, Unread, Counts): people's read markers, the sidebar's counts, and the messages a
 * page at a time from the newest.
 */
@Injectable()
export class ConversationReadingRepository {
  constructor(private readonly db: Database) {}

  /** The person's unread count on each conversation: its customer messages counted since their marker (all of them without one). */
  async unreadCounts(userId: string, conversations: Pick<Conversation, 'id' | 'incomingCount'>[]): Promise<Map<string, number>> {
    if (!conversations.length) return new Map();
    const among = keysIn(
      'conversation_ref',
      conversations.map((c) => c.id),
    );
    const rows = await this.db.execute<{ conversation_ref: string; read_count: number }[]>(
      `select conversation_ref, read_count from messaging.conversation_read where user_id = ? and ${among.sql}`,
      [userId, ...among.params],
    );
    const read = new Map(rows.map((r) => [r.conversation_ref, r.read_count]));
    return new Map(conversations.map((c) => [c.id, Math.max(0, c.incomingCount - (read.get(c.id) ?? 0))]));
  }

  /** Moves the person's marker to the conversation's latest customer message; answers when. */
  async markRead(transaction: Transaction, conversation: Pick<Conversation, 'id' | 'workspaceId'>, userId: string): Promise<Date> {
    const rows = await this.db.em(transaction).execute<{ read_at: string }[]>(
      `insert into messaging.conversation_read as r (conversation_ref, user_id, workspace_id, read_count, read_at)
       select c.id, ?, c.workspace_id, c.incoming_count, now() from messaging.conversation c where c.id = ?
       on conflict (conversation_ref, user_id) do update set read_count = excluded.read_count, read_at = excluded.read_at
       returning read_at`,
      [userId, conversation.id],
    );
    return new Date(rows[0]!.read_at);
  }

  /** The sidebar's counts by workspace, in one pass over the workspaces' conversations; `userId` null (an API key): no mine, no unread. */
  async counts(workspaceIds: string[], userId: string | null): Promise<Map<string, ConversationCounts>> {
    if (!workspaceIds.length) return new Map();
    const among = keysIn('c.workspace_id', workspaceIds);
    const rows = await this.db.execute<Record<string, number | string>[]>(
      `select c.workspace_id,
         count(*) filter (where not ${OPEN})::int as closed,
         count(*) filter (where ${OPEN} and c.operation = 'automatic')::int as ai,
         count(*) filter (where ${OPEN} and c.operation = 'assistance' and c.operation_changed_by is null)::int as waiting,
         count(*) filter (where ${OPEN} and c.operation = 'assistance' and c.operation_changed_by is not null)::int as human,
         count(*) filter (where ${OPEN})::int as "all",
         count(*) filter (where ${OPEN} and c.assignee_id is null)::int as unassigned,
         count(*) filter (where ${OPEN} and c.assignee_id = ?)::int as mine,
         count(*) filter (where ${OPEN} and c.incoming_count > coalesce(r.read_count, 0))::int as unread
       from messaging.conversation c
       left join messaging.conversation_read r on r.conversation_ref = c.id and r.user_id = ?
       where ${among.sql} group by c.workspace_id`,
      [userId ?? '', userId ?? '', ...among.params],
    );
    const person = userId !== null;
    return new Map(
      rows.map((r) => [
        r.workspace_id as string,
        {
          states: { ai: Number(r.ai), waiting: Number(r.waiting), human: Number(r.human), closed: Number(r.closed) },
          views: { mine: person ? Number(r.mine) : null, unassigned: Number(r.unassigned), all: Number(r.all) },
          unread: person ? Number(r.unread) : null,
        },
      ]),
    );
  }

  /** One page of the conversation's shown messages, newest first from `before` (keyset: the time and id of the last seen). */
  async messagesPage(conversationRef: string, limit: number, before?: { value: string; id: string }) {
    const keyset = before ? ' and (created_at, id) < (?::timestamptz, ?)' : '';
    const rows = await this.db.execute<Record<string, unknown>[]>(
      `select ${SHOWN_MESSAGE_COLUMNS}, created_at::text as sort_value from messaging.message
        where conversation_ref = ? and status <> 'sending' and role <> 'system'${keyset}
        order by created_at desc, id desc limit ?`,
      [conversationRef, ...(before ? [before.value, before.id] : []), limit + 1],
    );
    const hasMore = rows.length > limit;
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(messageFromRow).reverse(),
      last: hasMore && last ? { value: last.sort_value as string, id: last.id as string } : null,
    };
  }
}
