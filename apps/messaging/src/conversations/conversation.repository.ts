/* eslint-disable @typescript-eslint/no-explicit-any -- rows of raw SQL, mapped by hand in conversationFromRow. */
import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { ConversationStatus } from '@platica/contracts';
import { Database, newId, recordEvent, recordEvents, type Transaction } from '@platica/platform';
import type { OpenChannel } from '../channels/channel.repository';
import { Conversation } from './conversation.entity';
import { whereOf, type ConversationFilters } from './conversation-filters';
import { conversationCreated } from './domain-events';
import { SEARCH_COUNT_CAP } from '../search/search-terms';
import { messageFromRow, SHOWN_MESSAGE_COLUMNS } from './message-row';

export interface ConversationPageRequest {
  sortBy: 'lastUpdate' | 'creationDate' | 'waitingSince';
  sortDirection: 'asc' | 'desc';
  limit: number;
  offset?: number;
  /** Keyset position: the sort value (full precision, as Postgres prints it) and id of the last row seen. */
  after?: { value: string; id: string };
}

/** `waitingSince`: when the agent asked for a person (whoAnswers in conversation-summary.ts), never null. */
const SORT_COLUMN = {
  lastUpdate: 'updated_at',
  creationDate: 'created_at',
  waitingSince: 'coalesce(operation_changed_at, created_at)',
} as const;

/** The `source` of chat threads (spec: always `api_chat` for chats). */
export const CHAT_SOURCE = 'api_chat';

/** Messages of a detail are capped to the latest ones (chronological within). */
const DETAIL_MESSAGES = 1_000;

@Injectable()
export class ConversationRepository {
  constructor(private readonly db: Database) {}

  /** One page of conversations across the workspaces, plus the last row's keyset position. */
  async page(filters: ConversationFilters, page: ConversationPageRequest) {
    const { where, params } = whereOf(filters);
    const column = SORT_COLUMN[page.sortBy];
    const direction = page.sortDirection === 'asc' ? 'asc' : 'desc';
    const clauses = [...where];
    const values = [...params];
    if (page.after) {
      clauses.push(`(${column}, id) ${direction === 'asc' ? '>' : '<'} (?::timestamptz, ?)`);
      values.push(page.after.value, page.after.id);
    }
    const rows = await this.db.execute<(ConversationRow & { sort_value: string })[]>(
      `select *, (${column})::text as sort_value from messaging.conversation where ${clauses.join(' and ')}
        order by ${column} ${direction}, id ${direction} limit ? offset ?`,
      [...values, page.limit + 1, page.offset ?? 0],
    );
    const hasMore = rows.length > page.limit;
    const items = rows.slice(0, page.limit);
    const last = items.at(-1);
    return { items: items.map(conversationFromRow), hasMore, last: last ? { value: last.sort_value, id: last.id as string } : null };
  }

  /**
   * A search's matches, a workspace at a time: the ids of up to SEARCH_COUNT_CAP + 1, in no order.
   * With no order to keep, the planner either gathers a rare word's few matches from its index or
   * scans until it has enough of a frequent one's.
   */
  async searchMatches(filters: ConversationFilters): Promise<Map<string, string[]>> {
    const matches = await Promise.all(
      filters.workspaceIds.map(async (workspaceId) => {
        const { where, params } = whereOf({ ...filters, workspaceIds: [workspaceId] });
        const rows = await this.db.execute<{ id: string }[]>(`select id from messaging.conversation where ${where.join(' and ')} limit ?`, [
          ...params,
          SEARCH_COUNT_CAP + 1,
        ]);
        return [workspaceId, rows.map((row) => row.id)] as const;
      }),
    );
    return new Map(matches);
  }

  /** How many conversations match, by workspace. */
  async countByWorkspace(filters: ConversationFilters): Promise<Map<string, number>> {
    const { where, params } = whereOf(filters);
    const rows = await this.db.execute<{ workspace_id: string; n: number }[]>(
      `select workspace_id, count(*)::int as n from messaging.conversation where ${where.join(' and ')} group by workspace_id`,
      params,
    );
    return new Map(rows.map((r) => [r.workspace_id, r.n]));
  }

  findById(workspaceIds: string[], id: string): Promise<Conversation | null> {
    if (!workspaceIds.length) return Promise.resolve(null);
    return this.db.em().findOne(Conversation, { id, workspaceId: { $in: workspaceIds } });
  }

  /**
   * The deprecated lookup of `GET /v1/conversations/{id}` (spec › Conversations, Versioning rule 4):
   * the conversations of the workspaces whose thread id (`conversationId`: a phone number, a PSID, a
   * `chat_…` id) is `conversationId`, on `channelId` when given; at most `limit`.
   */
  findByThreadId(workspaceIds: string[], conversationId: string, channelId: string | undefined, limit: number): Promise<Conversation[]> {
    if (!workspaceIds.length) return Promise.resolve([]);
    return this.db
      .em()
      .find(
        Conversation,
        { conversationId, workspaceId: { $in: workspaceIds }, ...(channelId !== undefined ? { channelId } : {}) },
        { orderBy: { createdAt: 'asc', id: 'asc' }, limit },
      );
  }

  /** A conversation of the workspace (a turn's, scoped by the workspace it was asked in). */
  findInWorkspace(workspaceId: string, id: string, transaction?: Transaction): Promise<Conversation | null> {
    return this.db.em(transaction).findOne(Conversation, { id, workspaceId });
  }

  /** A conversation by its id, known to exist (a stored message's). */
  get(id: string, transaction?: Transaction): Promise<Conversation> {
    return this.db.em(transaction).findOneOrFail(Conversation, { id });
  }

  /** A conversation of the workspaces, locked until the caller's transaction ends. */
  findForUpdate(transaction: Transaction, workspaceIds: string[], id: string): Promise<Conversation | null> {
    return this.db
      .em(transaction)
      .findOne(Conversation, { id, workspaceId: { $in: workspaceIds } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Applies changes to a conversation (its `updatedAt` moves). */
  async update(transaction: Transaction, conversation: Conversation, changes: Partial<Conversation>): Promise<void> {
    const em = this.db.em(transaction);
    em.assign(conversation, { ...changes, updatedAt: new Date() });
    await em.flush();
  }

  /** Records that an instruction asked the agent to resume the conversation. */
  async markResumeRequested(transaction: Transaction, id: string): Promise<void> {
    await this.db.em(transaction).nativeUpdate(Conversation, { id }, { resumeRequestedAt: new Date() });
  }

  findByContact(channelId: string, conversationId: string, transaction?: Transaction): Promise<Conversation | null> {
    return this.db.em(transaction).findOne(Conversation, { channelId, conversationId });
  }

  /**
   * A send's conversation and whether its client is blocked, in one statement (the send path
   * asked for them one after the other: a round trip each, per message). The conversation is
   * read, never written through an EntityManager: `em.map`'s identity-map registration and
   * change-tracking snapshot were 5.5% of the messaging service's CPU under sends.
   */
  async findByContactForSend(
    channelId: string,
    conversationId: string,
  ): Promise<{ conversation: Conversation; clientBlocked: boolean } | null> {
    const rows = await this.db.execute<(ConversationRow & { client_blocked: boolean })[]>(
      `select c.*, exists (select 1 from messaging.client cl where cl.id = c.client_id and cl.status = 'blocked') as client_blocked
         from messaging.conversation c where c.channel_id = ? and c.conversation_id = ?`,
      [channelId, conversationId],
    );
    if (!rows[0]) return null;
    const { client_blocked: clientBlocked, ...columns } = rows[0];
    return { conversation: conversationFromRow(columns), clientBlocked };
  }

  /** Messages of a conversation, chronological, system messages (instructions) excluded (raw rows: no entity hydration). */
  messagesOf(conversationRef: string) {
    return this.latestMessages(conversationRef, DETAIL_MESSAGES, false);
  }

  /** The client's latest conversation with the agent before this one (created earlier), if any. */
  async previousWithAgent(conversation: Conversation, agentId: string): Promise<string | null> {
    const rows = await this.db.execute<{ id: string }[]>(
      `select id from messaging.conversation
        where workspace_id = ? and client_id = ? and agent_id = ? and id <> ? and created_at <= ?
        order by created_at desc, id desc limit 1`,
      [conversation.workspaceId, conversation.clientId, agentId, conversation.id, conversation.createdAt],
    );
    return rows[0]?.id ?? null;
  }

  /** What an agent turn reads: the latest messages, chronological, instructions and failed replies included. */
  historyOf(conversationRef: string, limit: number) {
    return this.latestMessages(conversationRef, limit, true);
  }

  /** The history from the oldest of `messageIds` (of this conversation) on: the latest `limit` of those messages. */
  historyFrom(conversationRef: string, messageIds: string[], limit: number) {
    return this.latestMessages(conversationRef, limit, true, messageIds);
  }

  private async latestMessages(conversationRef: string, limit: number, withSystem: boolean, fromIds: string[] = []) {
    const from = fromIds.length
      ? ` and created_at >= (select min(created_at) from messaging.message where conversation_ref = ? and id in (${fromIds.map(() => '?').join(', ')}))`
      : '';
    const rows = await this.db.execute<Record<string, any>[]>(
      `select * from (
         select ${SHOWN_MESSAGE_COLUMNS}
           from messaging.message where conversation_ref = ? and status <> 'sending'${withSystem ? '' : " and role <> 'system'"}${from}
          order by created_at desc, id desc limit ?
       ) latest order by created_at, id`,
      [conversationRef, ...(fromIds.length ? [conversationRef, ...fromIds] : []), limit],
    );
    return rows.map(messageFromRow);
  }

  /** A chat thread of the internal channel, locked for the caller's transaction. */
  findChatThread(transaction: Transaction, channelId: string, conversationId: string): Promise<Conversation | null> {
    return this.db
      .em(transaction)
      .findOne(Conversation, { channelId, conversationId, source: CHAT_SOURCE }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Creates a chat thread (`active`, `automatic`) on the internal channel and records `conversation.created`. */
  async createChatThread(
    transaction: Transaction,
    channel: { id: string; workspaceId: string; platform: string },
    thread: {
      id: string;
      conversationId: string;
      clientId: string;
      agentId: string;
      contactName: string | null;
      phoneNumber: string | null;
    },
  ): Promise<Conversation> {
    const em = this.db.em(transaction);
    const now = new Date();
    const conversation = em.create(Conversation, {
      id: thread.id,
      workspaceId: channel.workspaceId,
      channelId: channel.id,
      platform: channel.platform,
      conversationId: thread.conversationId,
      clientId: thread.clientId,
      agentId: thread.agentId,
      source: CHAT_SOURCE,
      contactName: thread.contactName,
      phoneNumber: thread.phoneNumber,
      topic: null,
      status: 'active',
      operation: 'automatic',
      assigneeId: null,
      messageCount: 0,
      owners: [],
      tags: [],
      lastUserMessageAt: null,
      resumeRequestedAt: null,
      ...NO_ROW_SIGNALS,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    await recordEvent(transaction, 'messaging', conversationCreated(conversation));
    return conversation;
  }

  /**
   * The conversation of a contact on a channel, created (`initiated`, with the channel's default
   * agent) when missing, e.g. by a template send that opens it. Records `conversation.created` when it creates one.
   */
  async ensure(transaction: Transaction, channel: OpenChannel, contact: ConversationContact): Promise<Conversation> {
    const [conversation] = await this.ensureMany(transaction, channel, [contact]);
    return conversation!;
  }

  /**
   * `ensure` for many contacts of one channel (a campaign's batch), in the same statements as
   * for one: one read, and for the missing ones one insert, one read and their events. Answers
   * the conversations in the order of `contacts`.
   */
  async ensureMany(transaction: Transaction, channel: OpenChannel, contacts: ConversationContact[]): Promise<Conversation[]> {
    const em = this.db.em(transaction);
    const ids = [...new Set(contacts.map((contact) => contact.conversationId))];
    const byId = new Map<string, Conversation>();
    for (const found of await em.find(Conversation, { channelId: channel.id, conversationId: { $in: ids } }))
      byId.set(found.conversationId, found);
    const missing = new Map(
      contacts.filter((contact) => !byId.has(contact.conversationId)).map((contact) => [contact.conversationId, contact]),
    );
    if (missing.size) {
      const now = new Date().toISOString();
      const inserted = await em.execute<{ conversation_id: string }[]>(
        `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, agent_id, source, contact_name,
           phone_number, status, operation, message_count, owners, tags, created_at, updated_at)
         select c.id, ?, ?, ?, c.conversation_id, c.client_id, c.agent_id, 'api', c.contact_name, c.phone_number, 'initiated', 'automatic', 0,
           '[]', '[]', ?::timestamptz, ?::timestamptz
           from jsonb_to_recordset(?::jsonb) as c(id text, conversation_id text, client_id text, agent_id text, contact_name text, phone_number text)
         on conflict (channel_id, conversation_id) do nothing returning conversation_id`,
        [
          channel.workspaceId,
          channel.id,
          channel.platform,
          now,
          now,
          JSON.stringify(
            [...missing.values()].map((contact) => ({
              id: newId('conv'),
              conversation_id: contact.conversationId,
              client_id: contact.clientId,
              agent_id: contact.agentId === undefined ? channel.defaultAgentId : contact.agentId,
              contact_name: contact.contactName,
              phone_number: contact.phoneNumber,
            })),
          ),
        ],
      );
      const created = await em.find(Conversation, { channelId: channel.id, conversationId: { $in: [...missing.keys()] } });
      for (const conversation of created) byId.set(conversation.conversationId, conversation);
      // Only the rows this statement inserted: a concurrent writer records its own.
      const insertedIds = new Set(inserted.map((row) => row.conversation_id));
      await recordEvents(
        transaction,
        'messaging',
        created
          .filter((conversation) => insertedIds.has(conversation.conversationId))
          .map((conversation) => conversationCreated(conversation)),
      );
    }
    return contacts.map((contact) => byId.get(contact.conversationId)!);
  }
}

/** Who a conversation `ensure` opens is with: the contact, its client and (when not the channel's default) its agent. */
export interface ConversationContact {
  conversationId: string;
  clientId: string;
  phoneNumber: string | null;
  contactName: string | null;
  /** The agent of a conversation created now (null: unassigned). Default: the channel's default agent. */
  agentId?: string | null;
}

/** A `messaging.conversation` row as raw SQL returns it (timestamps as Postgres prints them). */
export type ConversationRow = {
  id: string;
  workspace_id: string;
  channel_id: string;
  platform: string;
  conversation_id: string;
  client_id: string;
  agent_id: string | null;
  source: string | null;
  contact_name: string | null;
  phone_number: string | null;
  topic: string | null;
  status: ConversationStatus;
  operation: 'automatic' | 'assistance';
  operation_changed_by?: string | null;
  operation_changed_at?: string | null;
  assignee_id?: string | null;
  message_count: number;
  owners: string[];
  tags: string[];
  last_user_message_at: string | null;
  resume_requested_at: string | null;
  last_message?: Conversation['lastMessage'];
  last_message_at?: string | null;
  failure?: Conversation['failure'];
  incoming_count?: number;
  created_at: string;
  updated_at: string;
};

/** A new conversation's row signals (kept by the triggers on `message` from then on). */
const NO_ROW_SIGNALS = { lastMessage: null, lastMessageAt: null, failure: null, incomingCount: 0 } as const;

/** A `messaging.conversation` row read with raw SQL, as the entity. */
export function conversationFromRow(row: ConversationRow): Conversation {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    channelId: row.channel_id,
    platform: row.platform,
    conversationId: row.conversation_id,
    clientId: row.client_id,
    agentId: row.agent_id,
    source: row.source,
    contactName: row.contact_name,
    phoneNumber: row.phone_number,
    topic: row.topic,
    status: row.status,
    operation: row.operation,
    operationChangedBy: row.operation_changed_by ?? null,
    operationChangedAt: row.operation_changed_at ? new Date(row.operation_changed_at) : null,
    assigneeId: row.assignee_id ?? null,
    messageCount: row.message_count,
    owners: row.owners,
    tags: row.tags,
    lastUserMessageAt: row.last_user_message_at ? new Date(row.last_user_message_at) : null,
    resumeRequestedAt: row.resume_requested_at ? new Date(row.resume_requested_at) : null,
    lastMessage: row.last_message ?? null,
    lastMessageAt: row.last_message_at ? new Date(row.last_message_at) : null,
    failure: row.failure ?? null,
    incomingCount: row.incoming_count ?? 0,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  } as Conversation;
}
