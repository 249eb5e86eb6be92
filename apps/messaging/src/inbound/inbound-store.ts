import { Injectable } from '@nestjs/common';
import type { NewDomainEvent } from '@platica/contracts';
import { recordEvents, UnitOfWork, type Transaction } from '@platica/platform';
import { conversationFromRow, type ConversationRow } from '../conversations/conversation.repository';
import { clientCreated } from '../clients/client-events';
import {
  conversationCreated,
  conversationStatusUpdated,
  messageCreated,
  messageStatusUpdated,
  turnRequested,
} from '../conversations/domain-events';
import { contactKeyOf } from '../messages/channel-rules';
import {
  clientFromRow,
  InboundBatchRepository,
  messageFromRow,
  STATUS_RANK,
  type ClientRow,
  type ContactKey,
  type ConversationCount,
  type ConversationKey,
  type MessageRow,
  type NewContact,
  type NewConversation,
  type NewInboundMessage,
} from './inbound-batch.repository';
import { InboundEventRepository } from './inbound-event.repository';
import { UnconfirmedSends } from '../messages/unconfirmed-sends';
import type { InboundItem, InboundMessage, InboundRead, InboundStatus, InboundUnsend } from './meta-payload';

/** The arrival instant of the delivery that carried an item (Postgres text, µs precision). */
type Arrival = { receivedAt: string };
type ArrivedMessage = InboundMessage & Arrival;
/** A message of the batch with its place in it (the order its deliveries were accepted). */
type PositionedMessage = ArrivedMessage & { position: number };
type ContactClient = { id: string; name: string | null };
/** The conversations of the batch's contacts, by conversation key, and the ids of those this batch created. */
type BatchConversations = { byKey: Map<string, ConversationRow>; created: Set<string> };

type OutboxRow = NewDomainEvent;

export interface PendingDelivery {
  id: string;
  items: InboundItem[];
}

/**
 * Stores inbound deliveries set by set: one transaction per batch, a handful of statements
 * whatever its size (clients, conversations, messages, status updates, outbox events), so the
 * inbound rate is bounded by Postgres commits, not round trips. Idempotent on Meta's message
 * id: a redelivered or concurrently duplicated message inserts nothing and emits nothing.
 */
@Injectable()
export class InboundStore {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly inboundEvents: InboundEventRepository,
    private readonly batch: InboundBatchRepository,
    private readonly unconfirmed: UnconfirmedSends,
  ) {}

  /** Processes the deliveries not yet processed (others are skipped); answers the ids it processed. */
  async process(deliveries: PendingDelivery[]): Promise<string[]> {
    if (!deliveries.length) return [];
    return this.unitOfWork.run(async (transaction) => {
      const receivedAt = await this.inboundEvents.claim(
        transaction,
        deliveries.map((d) => d.id),
      );
      if (!receivedAt.size) return [];
      const ids = new Set(receivedAt.keys());
      const items = deliveries
        .filter((d) => ids.has(d.id))
        .flatMap((d) => d.items.map((item) => ({ ...item, receivedAt: receivedAt.get(d.id)! })));
      const events: OutboxRow[] = [];
      await this.storeMessages(
        transaction,
        items.filter((i): i is ArrivedMessage => i.kind === 'message'),
        events,
      );
      await this.applyStatuses(
        transaction,
        items.filter((i): i is InboundStatus & Arrival => i.kind === 'status'),
        events,
      );
      for (const read of items.filter((i): i is InboundRead & Arrival => i.kind === 'read'))
        await this.applyRead(transaction, read, events);
      const unsent = items.filter((i): i is InboundUnsend & Arrival => i.kind === 'unsend');
      if (unsent.length) await this.batch.markUnsent(transaction, unsent);
      // The batch's events in one statement, and one NOTIFY to wake the relay.
      await recordEvents(transaction, 'messaging', events);
      await this.inboundEvents.markProcessed(transaction, [...ids]);
      return [...ids];
    });
  }

  async recordFailure(id: string, error: unknown): Promise<void> {
    await this.inboundEvents.recordFailure(id, String(error).slice(0, 2000));
  }

  /**
   * Messages are stored in the order their deliveries were accepted (`created_at` is the
   * delivery's arrival, plus a microsecond per message within it), whatever order concurrent
   * batches are processed in: conversations read chronologically.
   */
  private async storeMessages(transaction: Transaction, arrived: ArrivedMessage[], events: OutboxRow[]): Promise<void> {
    const distinct = distinctMessages(arrived);
    const messages = distinct.filter((m) => !m.echo);
    const echoes = distinct.filter((m) => m.echo);
    await this.storeEchoes(transaction, echoes, messages, events);
    if (!messages.length) return;
    const clients = await this.resolveClients(transaction, messages, events);
    const conversations = await this.resolveConversations(transaction, messages, clients);
    const inserted = await this.insertMessages(transaction, messages, conversations);
    if (!inserted.length) return;
    const counted = await this.batch.countMessages(transaction, countsOf(inserted));
    const platforms = new Map(messages.map((m) => [m.channel.id, m.channel.platform]));
    events.push(
      ...conversationEvents(counted, conversations),
      ...inserted.map((row) => messageCreatedOf(row, platforms.get(row.channel_id)!)),
      ...turnRequests(inserted, messages),
    );
  }

  /**
   * Step 1: each contact's client, found or created by contact key (sorted: concurrent batches
   * lock in one order), by client key. New clients are announced.
   */
  private async resolveClients(
    transaction: Transaction,
    messages: PositionedMessage[],
    events: OutboxRow[],
  ): Promise<Map<string, ContactClient>> {
    const contacts = uniqueBy(
      messages.map((m): NewContact => ({
        workspaceId: m.channel.workspaceId,
        contactKey: contactKeyOf(m.channel.platform, m.contact),
        phoneNumber: m.phoneNumber,
        name: m.profileName,
      })),
      clientKey,
    );
    const clientOf = new Map<string, ContactClient>();
    const remember = (rows: Pick<ClientRow, 'id' | 'workspace_id' | 'contact_key' | 'name'>[]) => {
      for (const row of rows) clientOf.set(clientKey({ workspaceId: row.workspace_id, contactKey: row.contact_key }), row);
    };
    remember(await this.batch.findClients(transaction, contacts));
    const newContacts = contacts.filter((c) => !clientOf.has(clientKey(c)));
    if (!newContacts.length) return clientOf;
    // Inserted without failing: a concurrent batch may create the same client (read below).
    const created = await this.batch.insertClients(transaction, newContacts);
    remember(created);
    events.push(...created.map((row) => clientCreated(row.workspace_id, clientFromRow(row), new Set())));
    remember(
      await this.batch.findClients(
        transaction,
        newContacts.filter((c) => !clientOf.has(clientKey(c))),
      ),
    );
    return clientOf;
  }

  /**
   * Step 2: the conversation of each channel and contact, locked in one order; new ones start
   * active (the customer wrote) with the channel's default agent as theirs.
   */
  private async resolveConversations(
    transaction: Transaction,
    messages: PositionedMessage[],
    clients: Map<string, ContactClient>,
  ): Promise<BatchConversations> {
    const keys = uniqueBy(
      messages.map((m): NewConversation => {
        const client = clients.get(clientKey(contactOf(m)))!;
        return {
          channel: m.channel,
          contact: m.contact,
          phoneNumber: m.phoneNumber,
          clientId: client.id,
          name: client.name ?? m.profileName,
        };
      }),
      conversationKey,
    );
    const byKey = new Map<string, ConversationRow>();
    const remember = (rows: ConversationRow[]) => {
      for (const row of rows) byKey.set(`${row.channel_id}|${row.conversation_id}`, row);
    };
    remember(await this.batch.lockConversations(transaction, keys));
    const created = new Set<string>();
    const newConversations = keys.filter((k) => !byKey.has(conversationKey(k)));
    if (newConversations.length) {
      for (const id of await this.batch.insertConversations(transaction, newConversations)) created.add(id);
      remember(await this.batch.lockConversations(transaction, newConversations));
    }
    return { byKey, created };
  }

  /** Step 3: the messages, in their conversations; a redelivered one (Meta's id is unique per channel) inserts nothing. */
  private insertMessages(
    transaction: Transaction,
    messages: PositionedMessage[],
    conversations: BatchConversations,
  ): Promise<MessageRow[]> {
    return this.batch.insertMessages(
      transaction,
      messages.map((m) => newInboundMessage(m, conversations.byKey.get(conversationKey(m))!)),
    );
  }

  /**
   * Echoes (what the page sent from Meta's inbox or another app) join their conversation as its
   * outgoing messages: no client or conversation is created for them, no turn is asked, and the
   * customer's service window is untouched. The echo of Plática's own send has the mid the send
   * was stored under: it inserts nothing, as does a redelivered echo. The conversations of the
   * batch's customer messages are locked with the echoes' in one ordered statement, so concurrent
   * batches still take their locks in one order.
   */
  private async storeEchoes(transaction: Transaction, echoes: PositionedMessage[], messages: PositionedMessage[], events: OutboxRow[]) {
    if (!echoes.length) return;
    const keys = uniqueBy(
      [...echoes, ...messages].map((m): ConversationKey => ({ channel: m.channel, contact: m.contact })),
      conversationKey,
    );
    const byKey = new Map(
      (await this.batch.lockConversations(transaction, keys)).map((row) => [`${row.channel_id}|${row.conversation_id}`, row]),
    );
    const stored = echoes.filter((m) => byKey.has(conversationKey(m)));
    if (!stored.length) return;
    const inserted = await this.batch.insertEchoes(
      transaction,
      stored.map((m) => newInboundMessage(m, byKey.get(conversationKey(m))!)),
    );
    if (!inserted.length) return;
    await this.batch.countEchoes(transaction, countsOf(inserted));
    const platforms = new Map(stored.map((m) => [m.channel.id, m.channel.platform]));
    events.push(...inserted.map((row) => messageCreatedOf(row, platforms.get(row.channel_id)!)));
  }

  /** Status updates move an outgoing message forward only (sent < delivered < read; failed wins). */
  private async applyStatuses(transaction: Transaction, statuses: InboundStatus[], events: OutboxRow[]): Promise<void> {
    const best = new Map<string, InboundStatus>();
    for (const s of statuses) {
      const key = `${s.channel.id}|${s.externalId}`;
      const current = best.get(key);
      if (!current || STATUS_RANK[s.status] > STATUS_RANK[current.status]) best.set(key, s);
    }
    if (!best.size) return;
    const scheduled = statuses.filter((s) => s.callbackData !== null && s.status !== 'failed');
    if (scheduled.length) await this.batch.recordScheduledDeliveries(transaction, scheduled);
    const platforms = new Map(statuses.map((s) => [s.channel.id, s.channel.platform]));
    // An API send whose process died while Graph held it is settled by Meta's status before it moves on.
    for (const row of await this.unconfirmed.confirm(transaction, scheduled)) {
      events.push(
        messageStatusUpdated(row.workspace_id, {
          messageId: row.id,
          conversationId: row.conversation_ref,
          channelId: row.channel_id,
          platform: platforms.get(row.channel_id)!,
          status: row.status,
          error: null,
        }),
      );
    }
    for (const row of await this.batch.advanceStatuses(transaction, [...best.values()])) {
      events.push(
        messageStatusUpdated(row.workspace_id, {
          messageId: row.id,
          conversationId: row.conversation_ref,
          channelId: row.channel_id,
          platform: platforms.get(row.channel_id)!,
          status: row.status,
          error: row.error ?? null,
        }),
      );
    }
  }

  private async applyRead(transaction: Transaction, read: InboundRead, events: OutboxRow[]): Promise<void> {
    for (const row of await this.batch.markRead(transaction, read)) {
      events.push(
        messageStatusUpdated(row.workspace_id, {
          messageId: row.id,
          conversationId: row.conversation_ref,
          channelId: row.channel_id,
          platform: read.channel.platform,
          status: 'read',
          error: null,
        }),
      );
    }
  }
}

/** The batch's messages, each once (a message repeated within the batch counts once), with their positions. */
function distinctMessages(arrived: ArrivedMessage[]): PositionedMessage[] {
  const seen = new Set<string>();
  return arrived
    .filter((m) => {
      const key = `${m.channel.id}|${m.externalId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((m, position) => ({ ...m, position }));
}

function contactOf(message: InboundMessage): ContactKey {
  return { workspaceId: message.channel.workspaceId, contactKey: contactKeyOf(message.channel.platform, message.contact) };
}

function clientKey(contact: ContactKey): string {
  return `${contact.workspaceId}|${contact.contactKey}`;
}

function conversationKey(key: ConversationKey): string {
  return `${key.channel.id}|${key.contact}`;
}

/** Step 4's input: each conversation that got messages, how many and the latest one's Meta timestamp. */
function countsOf(inserted: MessageRow[]): ConversationCount[] {
  const perConversation = new Map<string, ConversationCount>();
  for (const row of inserted) {
    const entry = perConversation.get(row.conversation_ref) ?? { conversationRef: row.conversation_ref, count: 0, latest: new Date(0) };
    entry.count += 1;
    const at = new Date(row.provider_timestamp!);
    if (at > entry.latest) entry.latest = at;
    perConversation.set(row.conversation_ref, entry);
  }
  return [...perConversation.values()];
}

/** A conversation created by the batch is announced; one whose status changed (reactivated) too. */
function conversationEvents(counted: ConversationRow[], conversations: BatchConversations): OutboxRow[] {
  const previous = new Map([...conversations.byKey.values()].map((r) => [r.id, r.status]));
  return counted.flatMap((row): OutboxRow[] => {
    const conversation = conversationFromRow(row);
    if (conversations.created.has(row.id)) return [conversationCreated(conversation)];
    const previousStatus = previous.get(row.id);
    if (previousStatus === undefined || previousStatus === row.status) return [];
    return [conversationStatusUpdated(conversation, previousStatus)];
  });
}

/** A message of the batch as the batch repository stores it, in its conversation. */
function newInboundMessage(m: PositionedMessage, conversation: ConversationRow): NewInboundMessage {
  return {
    channel: m.channel,
    conversationRef: conversation.id,
    clientId: conversation.client_id,
    externalId: m.externalId,
    content: m.content,
    contentType: m.contentType,
    payload: m.payload,
    files: m.files,
    images: m.images,
    providerTimestamp: m.timestamp,
    receivedAt: m.receivedAt,
    position: m.position,
  };
}

function messageCreatedOf(row: MessageRow, platform: string): OutboxRow {
  return messageCreated(
    row.workspace_id,
    { conversationId: row.conversation_ref, clientId: row.client_id, channelId: row.channel_id, platform },
    messageFromRow(row),
  );
}

/**
 * Step 5: one turn request per conversation that got customer messages (all on Meta channels): a burst in one batch asks once.
 * Reactions, system notices and types Plática cannot show start none: the agent reads them with the next message.
 */
function turnRequests(inserted: MessageRow[], messages: PositionedMessage[]): OutboxRow[] {
  const positionOf = new Map(messages.map((m) => [`${m.channel.id}|${m.externalId}`, m.position]));
  const answerable = new Set(messages.filter((m) => m.startsTurn).map((m) => `${m.channel.id}|${m.externalId}`));
  const turns = new Map<string, { workspaceId: string; messageIds: { id: string; position: number }[] }>();
  for (const row of inserted) {
    if (!answerable.has(`${row.channel_id}|${row.external_id}`)) continue;
    const turn = turns.get(row.conversation_ref) ?? { workspaceId: row.workspace_id, messageIds: [] };
    turn.messageIds.push({ id: row.id, position: positionOf.get(`${row.channel_id}|${row.external_id}`) ?? 0 });
    turns.set(row.conversation_ref, turn);
  }
  return [...turns].map(([conversationRef, turn]) => {
    const messageIds = turn.messageIds.sort((a, b) => a.position - b.position).map((m) => m.id);
    return turnRequested(turn.workspaceId, { conversationRef, reason: 'customer_message', messageIds });
  });
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}
