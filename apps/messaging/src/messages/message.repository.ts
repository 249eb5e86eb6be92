import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Database, keysIn, newId, recordEvents, type SqlStatement, type Transaction } from '@platica/platform';
import { Conversation } from '../conversations/conversation.entity';
import { messageCreated } from '../conversations/domain-events';
import { Message, type MessageRole, type MessageStatus } from '../conversations/message.entity';
import type { ConfirmedSend } from './unconfirmed-sends';

export interface NewMessage {
  /** Chosen by the caller when a retry must not store twice (chat requests, agent replies); generated otherwise. */
  id?: string;
  conversation: Conversation;
  role: MessageRole;
  direction: 'incoming' | 'outgoing';
  content: string;
  contentType: string;
  payload: Record<string, unknown>;
  files: Record<string, unknown>[];
  images: Record<string, unknown>[];
  status: MessageStatus;
  externalId: string | null;
  actorType: string;
  actorId: string | null;
  campaignId: string | null;
  error: Record<string, unknown> | null;
}

export type NewOutgoingMessage = Omit<NewMessage, 'direction'>;

@Injectable()
export class MessageRepository {
  constructor(private readonly db: Database) {}

  findById(id: string, transaction?: Transaction): Promise<Message | null> {
    return this.db.em(transaction).findOne(Message, { id });
  }

  /** A message of a conversation of the workspace, or null (another workspace's is not found). */
  findInConversation(workspaceId: string, conversationRef: string, id: string): Promise<Message | null> {
    return this.db.em().findOne(Message, { id, conversationRef, workspaceId });
  }

  /**
   * The agent's replies to a user's message: the assistant messages stored after it, up to the
   * thread's next user message (a keyed chat request's retry answers them: ChatThreadsService.outcomeOf).
   */
  async repliesTo(
    message: Message,
  ): Promise<
    { id: string; content: string; contentType: string; status: MessageStatus; error: Record<string, unknown> | null; createdAt: Date }[]
  > {
    const rows = await this.db.em().execute<
      {
        id: string;
        role: string;
        content: string;
        content_type: string;
        status: MessageStatus;
        error: Record<string, unknown> | null;
        created_at: Date;
      }[]
    >(
      `select id, role, content, content_type, status, error, created_at from messaging.message
        where conversation_ref = ? and status <> 'sending' and role in ('user', 'assistant') and (created_at, id) > (?::timestamptz, ?)
        order by created_at, id limit 50`,
      [message.conversationRef, message.createdAt.toISOString(), message.id],
    );
    const nextRequest = rows.findIndex((row) => row.role === 'user');
    return (nextRequest === -1 ? rows : rows.slice(0, nextRequest)).map((row) => ({
      id: row.id,
      content: row.content,
      contentType: row.content_type,
      status: row.status,
      error: row.error,
      createdAt: new Date(row.created_at),
    }));
  }

  /** A message known to exist (a claimed reply). */
  get(id: string, transaction?: Transaction): Promise<Message> {
    return this.db.em(transaction).findOneOrFail(Message, { id });
  }

  /**
   * The conversation's strikes: its guardrail messages (ARCHITECTURE.md › Agent runtime) and the
   * customer messages a person flagged (docs/agents.md › Flagging a customer's message), one each.
   */
  async countGuardrailStrikes(transaction: Transaction, conversationRef: string): Promise<number> {
    const rows = await this.db.em(transaction).execute<{ n: number }[]>(
      `select count(*)::int as n from messaging.message
          where conversation_ref = ? and (payload -> 'guardrail' is not null or payload -> 'supervisorFlag' is not null)`,
      [conversationRef],
    );
    return rows[0]?.n ?? 0;
  }

  /** A person's flag kept on the message it judges (`payload.supervisorFlag`), in the caller's transaction. */
  async recordFlag(transaction: Transaction, message: Message, flag: Record<string, unknown>): Promise<void> {
    const em = this.db.em(transaction);
    em.assign(message, { payload: { ...message.payload, supervisorFlag: flag }, updatedAt: new Date() });
    await em.flush();
  }

  /**
   * Serializes, until the caller's transaction ends, the writers of one caller-chosen message id:
   * a retried request that overlaps the first one waits, then finds the message stored.
   */
  async lockId(transaction: Transaction, id: string): Promise<void> {
    await this.db.em(transaction).execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`message:${id}`]);
  }

  /**
   * Stores an outgoing (or system) message, counts it on its conversation and records
   * `message.created` (system messages are internal: no event), in the caller's transaction,
   * in one statement (so `UnitOfWork.statement` may run it without a transaction).
   */
  insertOutgoing(transaction: Transaction, input: NewOutgoingMessage): Promise<Message> {
    return this.insert(transaction, { ...input, direction: 'outgoing' });
  }

  /**
   * `insertOutgoing` under a caller-chosen id, in a statement of its own (`UnitOfWork.statement`):
   * null, with nothing written, when a message already has that id (a retry, a concurrent
   * attempt: the primary key refuses the second insert, however the two overlap).
   */
  async insertOutgoingUnlessTaken(transaction: Transaction, input: NewOutgoingMessage): Promise<Message | null> {
    try {
      return await this.insertOutgoing(transaction, input);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
  }

  /**
   * Stores a message, counts it on its conversation (an incoming one is the customer's latest
   * message) and records `message.created` unless it is a system message.
   */
  async insert(transaction: Transaction, input: NewMessage): Promise<Message> {
    const [message] = await this.insertMany(transaction, [input]);
    return message!;
  }

  /**
   * `insertOutgoing` for many messages (the sends of a campaign batch that ended together),
   * in the statements of one: one insert, one count per conversation, one event insert.
   */
  insertOutgoingMany(transaction: Transaction, inputs: NewOutgoingMessage[]): Promise<Message[]> {
    return this.insertMany(
      transaction,
      inputs.map((input) => ({ ...input, direction: 'outgoing' })),
    );
  }

  /**
   * The messages, their counts and their events in one statement: one round trip, and no
   * unit-of-work bookkeeping for rows nobody edits afterwards (the answers are not managed
   * entities). Its usage trigger locks a bucket row until the commit: callers insert last.
   */
  private async insertMany(transaction: Transaction, inputs: NewMessage[]): Promise<Message[]> {
    const now = new Date();
    const messages = inputs.map((input) => messageOf(input, now));
    await this.dropEarlyEchoes(transaction, messages);
    await this.counted(
      transaction,
      messages,
      inputs.map((input) => input.conversation),
      insertStatement(messages),
    );
    return messages;
  }

  /**
   * Claims an outgoing message for a delivery made outside any transaction: the row is stored
   * `sending` (neither shown nor counted) so a concurrent attempt finds it; `settle` records
   * the outcome.
   */
  async claim(transaction: Transaction, input: NewOutgoingMessage): Promise<Message> {
    const [message] = await this.create(transaction, [{ ...input, direction: 'outgoing', status: 'sending' }]);
    return message!;
  }

  /**
   * The claims among `ids` still `sending`, locked until the caller's transaction ends: whoever
   * settles one (Graph's answer, Meta's status webhook, the unconfirmed-sends sweep) settles it
   * once, and the others find it settled.
   */
  lockClaims(transaction: Transaction, ids: string[]): Promise<Message[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .em(transaction)
      .find(
        Message,
        { id: { $in: ids }, status: 'sending' },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } },
      );
  }

  /**
   * API sends (a key's or a person's) `sending` for longer than `olderThanMs`, at most `limit`,
   * locked (those another replica holds are skipped). Agent replies are not among them: their
   * turn takes its own claims over (turns.service.ts).
   */
  async staleApiClaims(transaction: Transaction, olderThanMs: number, limit: number): Promise<Message[]> {
    const rows = await this.db.em(transaction).execute<{ id: string }[]>(
      `select id from messaging.message
        where status = 'sending' and actor_type in ('api', 'user') and updated_at < now() - make_interval(secs => ?)
        order by id limit ? for update skip locked`,
      [olderThanMs / 1000, limit],
    );
    return this.lockClaims(
      transaction,
      rows.map((row) => row.id),
    );
  }

  /**
   * Sends settled failed `unconfirmed` that Meta's statuses name after all (by the message id they
   * carried, on their channel): `sent` under Meta's id; answers those changed.
   */
  confirmUnconfirmed(
    transaction: Transaction,
    confirmed: { id: string; workspaceId: string; channelId: string; externalId: string }[],
  ): Promise<ConfirmedSend[]> {
    if (!confirmed.length) return Promise.resolve([]);
    return this.db.em(transaction).execute<ConfirmedSend[]>(
      `update messaging.message m set status = 'sent', external_id = v.external_id, error = null, updated_at = now()
         from (values ${confirmed.map(() => '(?, ?, ?, ?)').join(', ')}) as v(id, workspace_id, channel_id, external_id)
        where m.id = v.id and m.workspace_id = v.workspace_id and m.channel_id = v.channel_id
          and m.status = 'failed' and m.external_id is null and m.error ->> 'reason' = 'unconfirmed'
        returning m.id, m.workspace_id, m.conversation_ref, m.channel_id, m.status`,
      confirmed.flatMap((c) => [c.id, c.workspaceId, c.channelId, c.externalId]),
    );
  }

  /** A claim taken over from an attempt that died: its clock restarts. */
  async renewClaim(transaction: Transaction, message: Message): Promise<void> {
    message.updatedAt = new Date();
    await this.db.em(transaction).flush();
  }

  /** A claimed message's outcome: its status, Meta's id or the error, then counted and announced. */
  async settle(
    transaction: Transaction,
    message: Message,
    conversation: Conversation,
    outcome: { status: MessageStatus; externalId: string | null; error: Record<string, unknown> | null },
  ): Promise<Message> {
    const em = this.db.em(transaction);
    await this.dropEarlyEchoes(transaction, [{ channelId: message.channelId, externalId: outcome.externalId, direction: 'outgoing' }]);
    em.assign(message, { ...outcome, createdAt: new Date(), updatedAt: new Date() });
    await em.flush();
    await this.counted(transaction, [message], [conversation]);
    return message;
  }

  /** The messages as managed entities (a claim is edited when it settles), written in one insert. */
  private async create(transaction: Transaction, inputs: NewMessage[]): Promise<Message[]> {
    const em = this.db.em(transaction);
    const now = new Date();
    const messages = inputs.map((input) => em.create(Message, messageOf(input, now)));
    await em.flush();
    return messages;
  }

  /**
   * The echo of a send that Meta delivered before Graph's answer was stored (Instagram's Send
   * API takes no metadata to recognise it by: docs/receiving-from-meta.md › Echoes) was stored
   * as a person's message (`inbox`): the send's own row is the message, so the echo goes, and
   * its count with it.
   */
  private async dropEarlyEchoes(
    transaction: Transaction,
    sent: { channelId: string; externalId?: string | null; direction: string }[],
  ): Promise<void> {
    const keys = sent.filter((m) => m.direction === 'outgoing' && m.externalId).map((m) => ({ channel: m.channelId, mid: m.externalId }));
    if (!keys.length) return;
    await this.db.em(transaction).execute(
      `with echo as (
         delete from messaging.message m using jsonb_to_recordset(?::jsonb) as k(channel text, mid text)
         where m.channel_id = k.channel and m.external_id = k.mid and m.actor_type = 'inbox' returning m.conversation_ref)
       update messaging.conversation c set message_count = c.message_count - e.n
       from (select conversation_ref, count(*)::int as n from echo group by conversation_ref) e where c.id = e.conversation_ref`,
      [JSON.stringify(keys)],
    );
  }

  /**
   * Counts stored messages on their conversations (`conversations[i]` is `messages[i]`'s) in one
   * update, and records `message.created` for each but system messages (internal) in one insert,
   * the two (and `written`, the messages' insert when they are new) in one round trip.
   */
  private async counted(
    transaction: Transaction,
    messages: Message[],
    conversations: Conversation[],
    ...written: SqlStatement[]
  ): Promise<void> {
    const counts = new Map<string, { id: string; n: number; at: string; incoming: boolean }>();
    messages.forEach((message, i) => {
      const id = conversations[i]!.id;
      const count = counts.get(id) ?? { id, n: 0, at: message.createdAt.toISOString(), incoming: false };
      count.n += 1;
      count.incoming ||= message.direction === 'incoming';
      counts.set(id, count);
    });
    const counted = keysIn('c.id', [...counts.keys()]);
    const countOnConversations = {
      sql: `update messaging.conversation c set message_count = c.message_count + v.n, updated_at = v.at::timestamptz,
         last_user_message_at = case when v.incoming then v.at::timestamptz else c.last_user_message_at end
         from jsonb_to_recordset(?::jsonb) as v(id text, n int, at text, incoming boolean) where c.id = v.id and ${counted.sql}`,
      params: [JSON.stringify([...counts.values()]), ...counted.params],
    };
    await recordEvents(
      transaction,
      'messaging',
      messages.flatMap((message, i) => {
        if (message.role === 'system') return [];
        const conversation = conversations[i]!;
        const refs = {
          conversationId: conversation.id,
          clientId: conversation.clientId,
          channelId: conversation.channelId,
          platform: conversation.platform,
          campaignId: message.campaignId ?? null,
        };
        return [messageCreated(conversation.workspaceId, refs, message)];
      }),
      { alongside: [...written, countOnConversations] },
    );
  }
}

/** A new message's row, all of it: a plain object (an entity's property setters cost more than the insert's own work). */
function messageOf(input: NewMessage, now: Date): Message {
  const { conversation } = input;
  return {
    id: input.id ?? newId('msg'),
    workspaceId: conversation.workspaceId,
    channelId: conversation.channelId,
    conversationRef: conversation.id,
    clientId: conversation.clientId,
    role: input.role,
    direction: input.direction,
    content: input.content,
    contentType: input.contentType,
    payload: input.payload,
    files: input.files,
    images: input.images,
    status: input.status,
    externalId: input.externalId,
    actorType: input.actorType,
    actorId: input.actorId,
    campaignId: input.campaignId,
    error: input.error,
    providerTimestamp: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The message table's columns, in the order raw inserts give their values. */
export const MESSAGE_COLUMNS = `id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type, payload, files, images,
  status, external_id, actor_type, actor_id, campaign_id, error, provider_timestamp, created_at, updated_at`;

/** The new messages' insert. */
function insertStatement(messages: Message[]): SqlStatement {
  return {
    sql: `insert into messaging.message (${MESSAGE_COLUMNS}) values ${messages
      .map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?::jsonb, null, ?::timestamptz, ?::timestamptz)')
      .join(', ')}`,
    params: messages.flatMap((m) => [
      m.id,
      m.workspaceId,
      m.channelId,
      m.conversationRef,
      m.clientId,
      m.role,
      m.direction,
      m.content,
      m.contentType,
      JSON.stringify(m.payload),
      JSON.stringify(m.files),
      JSON.stringify(m.images),
      m.status,
      m.externalId,
      m.actorType,
      m.actorId,
      m.campaignId,
      m.error === null ? null : JSON.stringify(m.error),
      m.createdAt.toISOString(),
      m.updatedAt.toISOString(),
    ]),
  };
}
