import { Injectable } from '@nestjs/common';
import { Database, newId, recordEvents, type Transaction } from '@platica/platform';
import { Conversation } from '../conversations/conversation.entity';
import { messageCreated } from '../events/domain-events';
import { Message, type MessageRole, type MessageStatus } from './message.entity';

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

  /** A message known to exist (a claimed reply). */
  get(id: string, transaction?: Transaction): Promise<Message> {
    return this.db.em(transaction).findOneOrFail(Message, { id });
  }

  /** How many guardrail messages the conversation holds (each is one strike: ARCHITECTURE.md › Agent runtime). */
  async countGuardrailStrikes(transaction: Transaction, conversationRef: string): Promise<number> {
    const rows = await this.db
      .em(transaction)
      .execute<{ n: number }[]>(
        `select count(*)::int as n from messaging.message where conversation_ref = ? and payload -> 'guardrail' is not null`,
        [conversationRef],
      );
    return rows[0]?.n ?? 0;
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
   * `message.created` (system messages are internal: no event), in the caller's transaction.
   */
  insertOutgoing(transaction: Transaction, input: NewOutgoingMessage): Promise<Message> {
    return this.insert(transaction, { ...input, direction: 'outgoing' });
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

  private async insertMany(transaction: Transaction, inputs: NewMessage[]): Promise<Message[]> {
    const messages = this.build(transaction, inputs);
    await this.counted(
      transaction,
      messages,
      inputs.map((input) => input.conversation),
    );
    // The insert goes last: its usage trigger locks the workspace's current bucket row until the
    // commit, so concurrent sends of a workspace wait for this statement and the commit only.
    await this.db.em(transaction).flush();
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

  /** A claimed message's outcome: its status, Meta's id or the error, then counted and announced. */
  /** A claim taken over from an attempt that died: its clock restarts. */
  async renewClaim(transaction: Transaction, message: Message): Promise<void> {
    message.updatedAt = new Date();
    await this.db.em(transaction).flush();
  }

  async settle(
    transaction: Transaction,
    message: Message,
    conversation: Conversation,
    outcome: { status: MessageStatus; externalId: string | null; error: Record<string, unknown> | null },
  ): Promise<Message> {
    const em = this.db.em(transaction);
    em.assign(message, { ...outcome, createdAt: new Date(), updatedAt: new Date() });
    await em.flush();
    await this.counted(transaction, [message], [conversation]);
    return message;
  }

  /** The messages, written in one insert (MikroORM batches the inserts of one flush). */
  private async create(transaction: Transaction, inputs: NewMessage[]): Promise<Message[]> {
    const messages = this.build(transaction, inputs);
    await this.db.em(transaction).flush();
    return messages;
  }

  /** The messages as entities, written by the transaction's next flush. */
  private build(transaction: Transaction, inputs: NewMessage[]): Message[] {
    const em = this.db.em(transaction);
    const now = new Date();
    return inputs.map((input) => {
      const { conversation } = input;
      return em.create(Message, {
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
      });
    });
  }

  /**
   * Counts stored messages on their conversations (`conversations[i]` is `messages[i]`'s) in one
   * update, and records `message.created` for each but system messages (internal) in one insert,
   * the two in one round trip.
   */
  private async counted(transaction: Transaction, messages: Message[], conversations: Conversation[]): Promise<void> {
    const counts = new Map<string, { id: string; n: number; at: string; incoming: boolean }>();
    messages.forEach((message, i) => {
      const id = conversations[i]!.id;
      const count = counts.get(id) ?? { id, n: 0, at: message.createdAt.toISOString(), incoming: false };
      count.n += 1;
      count.incoming ||= message.direction === 'incoming';
      counts.set(id, count);
    });
    const countOnConversations = {
      sql: `update messaging.conversation c set message_count = c.message_count + v.n, updated_at = v.at::timestamptz,
         last_user_message_at = case when v.incoming then v.at::timestamptz else c.last_user_message_at end
         from jsonb_to_recordset(?::jsonb) as v(id text, n int, at text, incoming boolean) where c.id = v.id`,
      params: [JSON.stringify([...counts.values()])],
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
          campaignId: message.campaignId ?? null,
        };
        return [messageCreated(conversation.workspaceId, refs, message)];
      }),
      { alongside: countOnConversations },
    );
  }
}
