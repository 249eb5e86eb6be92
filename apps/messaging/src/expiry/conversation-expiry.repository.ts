import { Injectable } from '@nestjs/common';
import { Database, recordEvents, type Transaction } from '@platica/platform';
import { CHAT_SOURCE, conversationFromRow, type ConversationRow } from '../conversations/conversation.repository';
import { conversationStatusUpdated } from '../conversations/domain-events';
import type { Conversation } from '../conversations/conversation.entity';
import { EXPIRING_STATUSES, WINDOWED_PLATFORMS, type ExpiryCandidate, type ExpiryCutoffs } from './expiry-rule';

/** A conversation the sweep may expire, with what its turn workflow is keyed by and its `updated_at` as Postgres prints it. */
export interface ExpiryCandidateRow extends ExpiryCandidate {
  id: string;
  workspaceId: string;
  /** The thread id (`chat_…` for chats): a chat's turn workflow is keyed by it, a Meta conversation's by `id`. */
  conversationId: string;
  /** `updated_at` at full precision: the expiry applies only if nothing was written since. */
  seenUpdatedAt: string;
}

/**
 * The row conditions of expiry-rule.ts's `expiryReason` (all but the running turn, which only
 * Temporal knows), as SQL over `messaging.conversation c`: the candidates' query and the
 * expiring update use the same text, so a conversation written between the two is not expired.
 */
function expirableWhere(cutoffs: ExpiryCutoffs): { sql: string; params: unknown[] } {
  return {
    sql: `c.status in (${EXPIRING_STATUSES.map(() => '?').join(', ')})
      and c.operation = 'automatic' and c.resume_requested_at is null
      and c.updated_at <= ?::timestamptz
      and (
        (c.source = ? and c.updated_at <= ?::timestamptz)
        or (c.source is distinct from ? and c.platform in (${WINDOWED_PLATFORMS.map(() => '?').join(', ')})
            and coalesce(c.last_user_message_at, c.updated_at) <= ?::timestamptz)
      )
      and not exists (select 1 from messaging.message m where m.conversation_ref = c.id and m.status = 'sending')
      and not exists (select 1 from messaging.scheduled_message s
                       where s.channel_id = c.channel_id and s.conversation_id = c.conversation_id
                         and s.status in ('creating', 'delayed', 'scheduled', 'processing'))`,
    params: [
      ...EXPIRING_STATUSES,
      cutoffs.quietBefore.toISOString(),
      CHAT_SOURCE,
      cutoffs.chatIdleBefore.toISOString(),
      CHAT_SOURCE,
      ...WINDOWED_PLATFORMS,
      cutoffs.windowClosedBefore.toISOString(),
    ],
  };
}

/** The expiry sweep's reads and writes (expiry/conversation-expiry.service.ts). */
@Injectable()
export class ConversationExpiryRepository {
  constructor(private readonly db: Database) {}

  /**
   * Up to `limit` conversations the rule may expire, oldest write first, after the keyset
   * position `after` (the last one a previous page answered). Read through the partial index
   * of open conversations by `updated_at`.
   */
  async candidates(cutoffs: ExpiryCutoffs, after: { updatedAt: string; id: string } | null, limit: number): Promise<ExpiryCandidateRow[]> {
    const where = expirableWhere(cutoffs);
    const rows = await this.db.execute<(ConversationRow & { seen_updated_at: string })[]>(
      `select c.*, c.updated_at::text as seen_updated_at from messaging.conversation c
        where ${where.sql}${after ? ' and (c.updated_at, c.id) > (?::timestamptz, ?)' : ''}
        order by c.updated_at, c.id limit ?`,
      [...where.params, ...(after ? [after.updatedAt, after.id] : []), limit],
    );
    return rows.map((row) => {
      const conversation = conversationFromRow(row);
      return {
        id: conversation.id,
        workspaceId: conversation.workspaceId,
        conversationId: conversation.conversationId,
        platform: conversation.platform,
        source: conversation.source ?? null,
        status: conversation.status,
        operation: conversation.operation,
        lastUserMessageAt: conversation.lastUserMessageAt ?? null,
        resumeRequestedAt: conversation.resumeRequestedAt ?? null,
        updatedAt: conversation.updatedAt,
        // The query kept only conversations with neither.
        replyInFlight: false,
        scheduledPending: false,
        seenUpdatedAt: row.seen_updated_at,
      };
    });
  }

  /**
   * Expires those of `seen` that still meet the rule's row conditions and were not written
   * since they were read, skipping any another transaction holds (a customer's message, a chat
   * turn being accepted: it wins, and the conversation stays open). Records one
   * `conversation.status.updated` per conversation expired, in the same transaction.
   */
  async expire(transaction: Transaction, cutoffs: ExpiryCutoffs, seen: { id: string; seenUpdatedAt: string }[]): Promise<Conversation[]> {
    if (!seen.length) return [];
    const where = expirableWhere(cutoffs);
    const rows = await this.db.em(transaction).execute<(ConversationRow & { previous_status: ConversationRow['status'] })[]>(
      `with locked as (
         select c.id, c.status as previous_status from messaging.conversation c
           join jsonb_to_recordset(?::jsonb) as v(id text, seen text) on c.id = v.id and c.updated_at = v.seen::timestamptz
          where ${where.sql}
          for update of c skip locked
       )
       update messaging.conversation c set status = 'expired', updated_at = now()
         from locked where c.id = locked.id
       returning c.*, locked.previous_status`,
      [JSON.stringify(seen.map((s) => ({ id: s.id, seen: s.seenUpdatedAt }))), ...where.params],
    );
    const expired = rows.map(({ previous_status: previousStatus, ...row }) => ({ conversation: conversationFromRow(row), previousStatus }));
    await recordEvents(
      transaction,
      'messaging',
      expired.map(({ conversation, previousStatus }) => conversationStatusUpdated(conversation, previousStatus)),
    );
    return expired.map((e) => e.conversation);
  }
}
