import { Injectable } from '@nestjs/common';
import { Database, newId, type Transaction } from '@platica/platform';
import type { Moderation } from '../clients/client.entity';
import { EMPTY_MODERATION } from '../clients/client.presenter';
import type { ConversationRow } from '../conversations/conversation.repository';
import type { MessageRole, MessageStatus } from '../conversations/message.entity';
import { MESSAGE_COLUMNS } from '../messages/message.repository';
import type { ChannelRef, InboundRead, InboundStatus, InboundUnsend } from './meta-payload';

/** A `messaging.client` row as raw SQL returns it (timestamps as Postgres prints them). */
export type ClientRow = {
  id: string;
  workspace_id: string;
  contact_key: string;
  phone_number: string | null;
  name: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  birthdate: string | null;
  gender: string | null;
  company: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  postal_code: string | null;
  status: 'active' | 'blocked';
  moderation: Moderation;
  tags: string[];
  owners: string[];
  custom_fields: Record<string, unknown>;
  created_at: string;
  updated_at: string;
};

/** A `messaging.message` row as raw SQL returns it (timestamps as Postgres prints them). */
export type MessageRow = {
  id: string;
  workspace_id: string;
  channel_id: string;
  conversation_ref: string;
  client_id: string;
  role: MessageRole;
  direction: 'incoming' | 'outgoing';
  content: string;
  content_type: string;
  payload: Record<string, unknown>;
  files: Record<string, unknown>[];
  images: Record<string, unknown>[];
  status: MessageStatus;
  external_id: string | null;
  actor_type: string;
  actor_id: string | null;
  campaign_id: string | null;
  error: Record<string, unknown> | null;
  provider_timestamp: string | null;
  created_at: string;
  updated_at: string;
};

/** An outgoing message whose status moved: what `message.status.updated` reports. */
export type StatusChangeRow = {
  id: string;
  workspace_id: string;
  conversation_ref: string;
  channel_id: string;
  status: MessageStatus;
  error: Record<string, unknown> | null;
};

/** A client of a contact (`contactKey`: the phone number, or a page-scoped id). */
export interface ContactKey {
  workspaceId: string;
  contactKey: string;
}

export interface NewContact extends ContactKey {
  phoneNumber: string | null;
  name: string | null;
}

/** The conversation of a contact on a channel (`contact`: the customer's id there). */
export interface ConversationKey {
  channel: ChannelRef;
  contact: string;
}

export interface NewConversation extends ConversationKey {
  clientId: string;
  name: string | null;
  phoneNumber: string | null;
}

export interface NewInboundMessage {
  channel: ChannelRef;
  conversationRef: string;
  clientId: string;
  externalId: string;
  content: string;
  contentType: string;
  payload: Record<string, unknown>;
  files: Record<string, unknown>[];
  images: Record<string, unknown>[];
  /** Meta's timestamp. */
  providerTimestamp: Date;
  /** The delivery's arrival instant (Postgres text, µs precision) and the message's place in the batch. */
  receivedAt: string;
  position: number;
}

/** How many messages a conversation got in the batch, and the latest one's Meta timestamp. */
export interface ConversationCount {
  conversationRef: string;
  count: number;
  latest: Date;
}

/** Statuses of an outgoing message, in the only order they may move (`failed` wins). */
export const STATUS_RANK: Record<InboundStatus['status'], number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * The set-based SQL of inbound processing: each method is one statement for the whole batch,
 * in the caller's transaction, so a batch costs a handful of round trips whatever its size.
 */
@Injectable()
export class InboundBatchRepository {
  constructor(private readonly db: Database) {}

  async findClients(
    transaction: Transaction,
    contacts: ContactKey[],
  ): Promise<Pick<ClientRow, 'id' | 'workspace_id' | 'contact_key' | 'name'>[]> {
    if (!contacts.length) return [];
    return this.db.em(transaction).execute<Pick<ClientRow, 'id' | 'workspace_id' | 'contact_key' | 'name'>[]>(
      `select id, workspace_id, contact_key, name from messaging.client where (workspace_id, contact_key) in (${contacts.map(() => '(?, ?)').join(', ')})`,
      contacts.flatMap((c) => [c.workspaceId, c.contactKey]),
    );
  }

  /** Creates the clients; those a concurrent batch created first are skipped (not returned). */
  insertClients(transaction: Transaction, contacts: NewContact[]): Promise<ClientRow[]> {
    return this.db.em(transaction).execute<ClientRow[]>(
      `insert into messaging.client (id, workspace_id, contact_key, phone_number, name, status, moderation, tags, owners, custom_fields, created_at, updated_at)
       values ${contacts.map(() => `(?, ?, ?, ?, ?, 'active', ?::jsonb, '[]', '[]', '{}', now(), now())`).join(', ')}
       on conflict (workspace_id, contact_key) do nothing returning *`,
      contacts.flatMap((c) => [newId('cl'), c.workspaceId, c.contactKey, c.phoneNumber, c.name, JSON.stringify(EMPTY_MODERATION)]),
    );
  }

  /** The conversations of these contacts, locked for the transaction in one order (concurrent batches cannot deadlock). */
  async lockConversations(transaction: Transaction, keys: ConversationKey[]): Promise<ConversationRow[]> {
    if (!keys.length) return [];
    return this.db.em(transaction).execute<ConversationRow[]>(
      `select * from messaging.conversation where (channel_id, conversation_id) in (${keys.map(() => '(?, ?)').join(', ')})
        order by channel_id, conversation_id for update`,
      keys.flatMap((k) => [k.channel.id, k.contact]),
    );
  }

  /**
   * Creates conversations, active (the customer wrote) with their channel's default agent;
   * those a concurrent batch created first are skipped. Answers the ids created.
   */
  async insertConversations(transaction: Transaction, conversations: NewConversation[]): Promise<string[]> {
    const row = `(?, ?, ?, ?, ?, ?, (select default_agent_id from messaging.channel where id = ?), ?, ?, ?, 'active', 'automatic', 0, '[]', '[]', now(), now())`;
    const inserted = await this.db.em(transaction).execute<{ id: string }[]>(
      `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, agent_id, source, contact_name,
         phone_number, status, operation, message_count, owners, tags, created_at, updated_at)
       values ${conversations.map(() => row).join(', ')}
       on conflict (channel_id, conversation_id) do nothing returning id`,
      conversations.flatMap((k) => [
        newId('conv'),
        k.channel.workspaceId,
        k.channel.id,
        k.channel.platform,
        k.contact,
        k.clientId,
        k.channel.id,
        'meta',
        k.name,
        k.phoneNumber,
      ]),
    );
    return inserted.map((r) => r.id);
  }

  /**
   * Stores customer messages; Meta's id is unique per channel, so a redelivered one inserts
   * nothing (and is not returned). `created_at` is the delivery's arrival plus a microsecond per
   * position, so conversations read in the order deliveries were accepted.
   */
  insertMessages(transaction: Transaction, messages: NewInboundMessage[]): Promise<MessageRow[]> {
    return this.insertOnce(transaction, messages, { role: 'user', direction: 'incoming', status: 'received', actorType: 'customer' });
  }

  /**
   * Stores echoes (what the page sent from Meta's inbox or another app) as the conversation's
   * outgoing messages, `sent`, by actor `inbox`; a mid already stored (Plática's own send, a
   * redelivered echo) inserts nothing and is not returned. Ordered as `insertMessages`.
   */
  insertEchoes(transaction: Transaction, messages: NewInboundMessage[]): Promise<MessageRow[]> {
    return this.insertOnce(transaction, messages, { role: 'assistant', direction: 'outgoing', status: 'sent', actorType: 'inbox' });
  }

  /** Meta's messages as `as` says, each once per channel and Meta id; a customer's are by its client. */
  private insertOnce(
    transaction: Transaction,
    messages: NewInboundMessage[],
    as: { role: 'user' | 'assistant'; direction: 'incoming' | 'outgoing'; status: 'received' | 'sent'; actorType: 'customer' | 'inbox' },
  ): Promise<MessageRow[]> {
    return this.db.em(transaction).execute<MessageRow[]>(
      `insert into messaging.message (${MESSAGE_COLUMNS})
       values ${messages.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, null, null, ?::timestamptz, ?::timestamptz + ? * interval '1 microsecond', clock_timestamp())`).join(', ')}
       on conflict (channel_id, external_id) do nothing returning *`,
      messages.flatMap((m) => [
        newId('msg'),
        m.channel.workspaceId,
        m.channel.id,
        m.conversationRef,
        m.clientId,
        as.role,
        as.direction,
        m.content,
        m.contentType,
        JSON.stringify(m.payload),
        JSON.stringify(m.files),
        JSON.stringify(m.images),
        as.status,
        m.externalId,
        as.actorType,
        as.actorType === 'customer' ? m.clientId : null,
        m.providerTimestamp.toISOString(),
        m.receivedAt,
        m.position,
      ]),
    );
  }

  /** Counts stored echoes on their conversations: neither the customer's latest message nor a reactivation. */
  async countEchoes(transaction: Transaction, counts: ConversationCount[]): Promise<void> {
    await this.db.em(transaction).execute(
      `update messaging.conversation c set message_count = c.message_count + v.n, updated_at = now()
       from (values ${counts.map(() => '(?, ?::int)').join(', ')}) as v(id, n) where c.id = v.id`,
      counts.flatMap((c) => [c.conversationRef, c.count]),
    );
  }

  /** Counts new customer messages on their conversations, resets their service window and reactivates them (not spam). */
  countMessages(transaction: Transaction, counts: ConversationCount[]): Promise<ConversationRow[]> {
    return this.db.em(transaction).execute<ConversationRow[]>(
      `update messaging.conversation c set message_count = c.message_count + v.n,
         last_user_message_at = greatest(c.last_user_message_at, v.latest),
         status = case when c.status = 'spam' then c.status else 'active' end, updated_at = now()
       from (values ${counts.map(() => '(?, ?::int, ?::timestamptz)').join(', ')}) as v(id, n, latest)
       where c.id = v.id returning c.*`,
      counts.flatMap((c) => [c.conversationRef, c.count, c.latest.toISOString()]),
    );
  }

  /** Moves outgoing messages forward to these statuses (never back: sent < delivered < read; failed wins); answers those moved. */
  advanceStatuses(transaction: Transaction, statuses: InboundStatus[]): Promise<StatusChangeRow[]> {
    return this.db.em(transaction).execute<StatusChangeRow[]>(
      `update messaging.message m set status = v.status, error = coalesce(v.error::jsonb, m.error), updated_at = now()
       from (values ${statuses.map(() => '(?, ?, ?, ?::int, ?)').join(', ')}) as v(channel_id, external_id, status, rank, error)
       where m.channel_id = v.channel_id and m.external_id = v.external_id and m.direction = 'outgoing'
         and v.rank > (case m.status when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end)
       returning m.id, m.workspace_id, m.conversation_ref, m.channel_id, m.status, m.error`,
      statuses.flatMap((s) => [s.channel.id, s.externalId, s.status, STATUS_RANK[s.status], s.error ? JSON.stringify(s.error) : null]),
    );
  }

  /**
   * Meta took these scheduled sends (its status webhook names them by their callback data):
   * one whose attempt was interrupted before Meta's id was written down is then only stored
   * when it is taken up again, not sent a second time.
   */
  async recordScheduledDeliveries(transaction: Transaction, statuses: InboundStatus[]): Promise<void> {
    await this.db.em(transaction).execute(
      `update messaging.scheduled_message m set delivered_external_id = v.external_id
         from (values ${statuses.map(() => '(?, ?, ?)').join(', ')}) as v(id, workspace_id, external_id)
        where m.id = v.id and m.workspace_id = v.workspace_id and m.status = 'processing' and m.delivered_external_id is null`,
      statuses.flatMap((s) => [s.callbackData, s.channel.workspaceId, s.externalId]),
    );
  }

  /** Marks read every outgoing message of the contact's conversation sent up to the watermark; answers those marked. */
  /**
   * Instagram unsends: the customer's stored message keeps its place and says it was deleted
   * (its text is gone, as the customer asked); an unsend of a message never stored stores nothing.
   */
  async markUnsent(transaction: Transaction, unsent: InboundUnsend[]): Promise<void> {
    await this.db.em(transaction).execute(
      `update messaging.message m set content = ?, content_type = 'deleted', files = '[]'::jsonb, images = '[]'::jsonb,
         payload = jsonb_build_object('deleted', true), updated_at = now()
       from (values ${unsent.map(() => '(?, ?)').join(', ')}) as v(channel_id, external_id)
       where m.channel_id = v.channel_id and m.external_id = v.external_id and m.direction = 'incoming'`,
      [UNSENT_CONTENT, ...unsent.flatMap((u) => [u.channel.id, u.externalId])],
    );
  }

  markRead(transaction: Transaction, read: InboundRead): Promise<Omit<StatusChangeRow, 'status' | 'error'>[]> {
    return this.db.em(transaction).execute<Omit<StatusChangeRow, 'status' | 'error'>[]>(
      `update messaging.message m set status = 'read', updated_at = now()
        from messaging.conversation c
       where c.channel_id = ? and c.conversation_id = ? and m.conversation_ref = c.id and m.direction = 'outgoing'
         and m.status in ('sent', 'delivered') and m.created_at <= ?::timestamptz
       returning m.id, m.workspace_id, m.conversation_ref, m.channel_id`,
      [read.channel.id, read.contact, read.watermark.toISOString()],
    );
  }
}

/** What an unsent message says in its place. */
export const UNSENT_CONTENT = '[the customer deleted this message]';

/** A client row in the shape `presentClient` takes. */
export function clientFromRow(row: ClientRow) {
  return {
    id: row.id,
    phoneNumber: row.phone_number,
    name: row.name,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    birthdate: row.birthdate,
    gender: row.gender,
    company: row.company,
    country: row.country,
    state: row.state,
    city: row.city,
    address: row.address,
    postalCode: row.postal_code,
    status: row.status,
    moderation: row.moderation,
    tags: row.tags,
    owners: row.owners,
    customFields: row.custom_fields,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** A message row in the shape `messageRecord` takes. */
export function messageFromRow(row: MessageRow) {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    contentType: row.content_type,
    direction: row.direction,
    status: row.status,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    files: row.files,
    images: row.images,
    actorType: row.actor_type,
    actorId: row.actor_id,
    payload: row.payload,
    error: row.error,
  };
}
