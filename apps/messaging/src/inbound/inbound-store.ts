/* eslint-disable @typescript-eslint/no-explicit-any -- rows of raw SQL (RETURNING *), mapped by hand below. */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConversationStatus, NewDomainEvent } from '@platica/contracts';
import { Database, newId, recordEvents } from '@platica/platform';
import { EMPTY_MODERATION } from '../clients/client-record';
import { contactKeyOf } from '../messages/channel-rules';
import { conversationFromRow } from '../conversations/conversation.repository';
import {
  clientCreated,
  conversationCreated,
  conversationStatusUpdated,
  messageCreated,
  messageStatusUpdated,
  turnRequested,
} from '../events/domain-events';
import type { InboundItem, InboundMessage, InboundRead, InboundStatus } from './meta-payload';

/** The arrival instant of the delivery that carried an item (Postgres text, µs precision). */
type Arrival = { receivedAt: string };
type ArrivedMessage = InboundMessage & Arrival;

export interface PendingDelivery {
  id: string;
  items: InboundItem[];
}

type OutboxRow = NewDomainEvent;

const STATUS_RANK: Record<string, number> = { received: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * Stores inbound deliveries set by set: one transaction per batch, a handful of statements
 * whatever its size (clients, conversations, messages, status updates, outbox events), so the
 * inbound rate is bounded by Postgres commits, not round trips. Idempotent on Meta's message
 * id: a redelivered or concurrently duplicated message inserts nothing and emits nothing.
 */
@Injectable()
export class InboundStore {
  constructor(private readonly db: Database) {}

  /** Processes the deliveries not yet processed (others are skipped); answers the ids it processed. */
  async process(deliveries: PendingDelivery[]): Promise<string[]> {
    if (!deliveries.length) return [];
    return this.db.em().transactional(async (em) => {
      const claimed = await em.execute<{ id: string; received_at: string }[]>(
        'select id, received_at::text from messaging.inbound_event where id in (?) and processed_at is null order by id for update skip locked',
        [deliveries.map((d) => d.id)],
      );
      const receivedAt = new Map(claimed.map((r) => [r.id, r.received_at]));
      if (!receivedAt.size) return [];
      const ids = new Set(receivedAt.keys());
      const items = deliveries
        .filter((d) => ids.has(d.id))
        .flatMap((d) => d.items.map((item) => ({ ...item, receivedAt: receivedAt.get(d.id)! })));
      const events: OutboxRow[] = [];
      await this.storeMessages(
        em,
        items.filter((i): i is ArrivedMessage => i.kind === 'message'),
        events,
      );
      await this.applyStatuses(
        em,
        items.filter((i): i is InboundStatus & Arrival => i.kind === 'status'),
        events,
      );
      for (const read of items.filter((i): i is InboundRead & Arrival => i.kind === 'read')) await this.applyRead(em, read, events);
      // The batch's events in one statement, and one NOTIFY to wake the relay.
      await recordEvents(em, 'messaging', events);
      await em.execute(
        'update messaging.inbound_event set processed_at = now(), attempts = attempts + 1, last_error = null where id in (?)',
        [[...ids]],
      );
      return [...ids];
    });
  }

  async recordFailure(id: string, error: unknown): Promise<void> {
    await this.db
      .em()
      .execute('update messaging.inbound_event set attempts = attempts + 1, last_error = ? where id = ?', [
        String(error).slice(0, 2000),
        id,
      ]);
  }

  /**
   * Messages are stored in the order their deliveries were accepted (`created_at` is the
   * delivery's arrival, plus a microsecond per message within it), whatever order concurrent
   * batches are processed in: conversations read chronologically.
   */
  private async storeMessages(em: EntityManager, all: ArrivedMessage[], events: OutboxRow[]): Promise<void> {
    const seen = new Set<string>();
    const messages = all
      .filter((m) => {
        const key = `${m.channel.id}|${m.externalId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((m, position) => ({ ...m, position }));
    if (!messages.length) return;

    // 1. Clients, found or created by contact key (sorted: concurrent batches lock in one order).
    const contacts = uniqueBy(
      messages.map((m) => ({
        workspaceId: m.channel.workspaceId,
        contactKey: contactKeyOf(m.channel.platform, m.contact),
        phoneNumber: m.phoneNumber,
        name: m.profileName,
      })),
      (c) => `${c.workspaceId}|${c.contactKey}`,
    );
    const clientOf = new Map<string, { id: string; name: string | null }>();
    const readClients = async (list: typeof contacts) => {
      if (!list.length) return;
      const rows = await em.execute<{ id: string; workspace_id: string; contact_key: string; name: string | null }[]>(
        `select id, workspace_id, contact_key, name from messaging.client where (workspace_id, contact_key) in (${list.map(() => '(?, ?)').join(', ')})`,
        list.flatMap((c) => [c.workspaceId, c.contactKey]),
      );
      for (const r of rows) clientOf.set(`${r.workspace_id}|${r.contact_key}`, r);
    };
    await readClients(contacts);
    const newContacts = contacts.filter((c) => !clientOf.has(`${c.workspaceId}|${c.contactKey}`));
    if (newContacts.length) {
      // Inserted without failing: a concurrent batch may create the same client.
      const created = await em.execute<Record<string, any>[]>(
        `insert into messaging.client (id, workspace_id, contact_key, phone_number, name, status, moderation, tags, owners, custom_fields, created_at, updated_at)
         values ${newContacts.map(() => `(?, ?, ?, ?, ?, 'active', ?::jsonb, '[]', '[]', '{}', now(), now())`).join(', ')}
         on conflict (workspace_id, contact_key) do nothing returning *`,
        newContacts.flatMap((c) => [newId('cl'), c.workspaceId, c.contactKey, c.phoneNumber, c.name, JSON.stringify(EMPTY_MODERATION)]),
      );
      for (const row of created) {
        clientOf.set(`${row.workspace_id}|${row.contact_key}`, { id: row.id, name: row.name });
        events.push(clientCreated(row.workspace_id, clientFromRow(row), new Set()));
      }
      await readClients(newContacts.filter((c) => !clientOf.has(`${c.workspaceId}|${c.contactKey}`)));
    }

    // 2. Conversations, one per channel and contact, locked in one order; new ones start active (the customer wrote)
    //    with the channel's default agent as theirs.
    const conversationKeys = uniqueBy(
      messages.map((m) => {
        const client = clientOf.get(`${m.channel.workspaceId}|${contactKeyOf(m.channel.platform, m.contact)}`)!;
        return {
          channel: m.channel,
          contact: m.contact,
          phoneNumber: m.phoneNumber,
          clientId: client.id,
          name: client.name ?? m.profileName,
        };
      }),
      (k) => `${k.channel.id}|${k.contact}`,
    );
    const conversationOf = new Map<string, Record<string, any>>();
    const lockConversations = async (keys: typeof conversationKeys) => {
      if (!keys.length) return;
      const rows = await em.execute<Record<string, any>[]>(
        `select * from messaging.conversation where (channel_id, conversation_id) in (${keys.map(() => '(?, ?)').join(', ')})
          order by channel_id, conversation_id for update`,
        keys.flatMap((k) => [k.channel.id, k.contact]),
      );
      for (const r of rows) conversationOf.set(`${r.channel_id}|${r.conversation_id}`, r);
    };
    await lockConversations(conversationKeys);
    const created = new Set<string>();
    const newConversations = conversationKeys.filter((k) => !conversationOf.has(`${k.channel.id}|${k.contact}`));
    if (newConversations.length) {
      const row = `(?, ?, ?, ?, ?, ?, (select default_agent_id from messaging.channel where id = ?), ?, ?, ?, 'active', 'automatic', 0, '[]', '[]', now(), now())`;
      const inserted = await em.execute<{ id: string }[]>(
        `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, agent_id, source, contact_name,
           phone_number, status, operation, message_count, owners, tags, created_at, updated_at)
         values ${newConversations.map(() => row).join(', ')}
         on conflict (channel_id, conversation_id) do nothing returning id`,
        newConversations.flatMap((k) => [
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
      for (const row of inserted) created.add(row.id);
      await lockConversations(newConversations);
    }
    const conversationRows = [...conversationOf.values()];

    // 3. Messages: Meta's id is unique per channel, so a redelivery inserts nothing.
    const inserted = await em.execute<Record<string, any>[]>(
      `insert into messaging.message (id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type, payload,
         files, images, status, external_id, actor_type, actor_id, campaign_id, error, provider_timestamp, created_at, updated_at)
       values ${messages.map(() => `(?, ?, ?, ?, ?, 'user', 'incoming', ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, 'received', ?, 'customer', ?, null, null, ?::timestamptz, ?::timestamptz + ? * interval '1 microsecond', clock_timestamp())`).join(', ')}
       on conflict (channel_id, external_id) do nothing returning *`,
      messages.flatMap((m) => {
        const conversation = conversationOf.get(`${m.channel.id}|${m.contact}`)!;
        return [
          newId('msg'),
          m.channel.workspaceId,
          m.channel.id,
          conversation.id,
          conversation.client_id,
          m.content,
          m.contentType,
          JSON.stringify(m.payload),
          JSON.stringify(m.files),
          JSON.stringify(m.images),
          m.externalId,
          conversation.client_id,
          m.timestamp.toISOString(),
          m.receivedAt,
          m.position,
        ];
      }),
    );
    if (!inserted.length) return;
    const positionOf = new Map(messages.map((m) => [`${m.channel.id}|${m.externalId}`, m.position]));

    // 4. Each conversation that got messages: counted, its service window reset, reactivated.
    const perConversation = new Map<string, { n: number; latest: Date }>();
    for (const row of inserted) {
      const entry = perConversation.get(row.conversation_ref) ?? { n: 0, latest: new Date(0) };
      entry.n += 1;
      const at = new Date(row.provider_timestamp);
      if (at > entry.latest) entry.latest = at;
      perConversation.set(row.conversation_ref, entry);
    }
    const updates = [...perConversation.entries()];
    const updated = await em.execute<Record<string, any>[]>(
      `update messaging.conversation c set message_count = c.message_count + v.n,
         last_user_message_at = greatest(c.last_user_message_at, v.latest),
         status = case when c.status = 'spam' then c.status else 'active' end, updated_at = now()
       from (values ${updates.map(() => '(?, ?::int, ?::timestamptz)').join(', ')}) as v(id, n, latest)
       where c.id = v.id returning c.*`,
      updates.flatMap(([id, u]) => [id, u.n, u.latest.toISOString()]),
    );
    const previous = new Map(conversationRows.map((r) => [r.id as string, r.status as ConversationStatus]));
    for (const row of updated) {
      const conversation = conversationFromRow(row);
      if (created.has(row.id)) events.push(conversationCreated(conversation));
      else if (previous.get(row.id) !== row.status) events.push(conversationStatusUpdated(conversation, previous.get(row.id)!));
    }
    const turns = new Map<string, { workspaceId: string; messageIds: { id: string; position: number }[] }>();
    for (const row of inserted) {
      events.push(
        messageCreated(
          row.workspace_id,
          { conversationId: row.conversation_ref, clientId: row.client_id, channelId: row.channel_id },
          messageFromRow(row),
        ),
      );
      const turn = turns.get(row.conversation_ref) ?? { workspaceId: row.workspace_id as string, messageIds: [] };
      turn.messageIds.push({ id: row.id, position: positionOf.get(`${row.channel_id}|${row.external_id}`) ?? 0 });
      turns.set(row.conversation_ref, turn);
    }
    // 5. One turn request per conversation that got customer messages (all on Meta channels): a burst in one batch asks once.
    for (const [conversationRef, turn] of turns) {
      const messageIds = turn.messageIds.sort((a, b) => a.position - b.position).map((m) => m.id);
      events.push(turnRequested(turn.workspaceId, { conversationRef, reason: 'customer_message', messageIds }));
    }
  }

  /** Status updates move an outgoing message forward only (sent < delivered < read; failed wins). */
  private async applyStatuses(em: EntityManager, statuses: InboundStatus[], events: OutboxRow[]): Promise<void> {
    const best = new Map<string, InboundStatus>();
    for (const s of statuses) {
      const key = `${s.channel.id}|${s.externalId}`;
      const current = best.get(key);
      if (!current || STATUS_RANK[s.status]! > STATUS_RANK[current.status]!) best.set(key, s);
    }
    if (!best.size) return;
    const values = [...best.values()];
    const rows = await em.execute<Record<string, any>[]>(
      `update messaging.message m set status = v.status, error = coalesce(v.error::jsonb, m.error), updated_at = now()
       from (values ${values.map(() => '(?, ?, ?, ?::int, ?)').join(', ')}) as v(channel_id, external_id, status, rank, error)
       where m.channel_id = v.channel_id and m.external_id = v.external_id and m.direction = 'outgoing'
         and v.rank > (case m.status when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end)
       returning m.id, m.workspace_id, m.conversation_ref, m.channel_id, m.status, m.error`,
      values.flatMap((s) => [s.channel.id, s.externalId, s.status, STATUS_RANK[s.status], s.error ? JSON.stringify(s.error) : null]),
    );
    for (const row of rows) {
      events.push(
        messageStatusUpdated(row.workspace_id, {
          messageId: row.id,
          conversationId: row.conversation_ref,
          channelId: row.channel_id,
          status: row.status,
          error: row.error ?? null,
        }),
      );
    }
  }

  private async applyRead(em: EntityManager, read: InboundRead, events: OutboxRow[]): Promise<void> {
    const rows = await em.execute<Record<string, any>[]>(
      `update messaging.message m set status = 'read', updated_at = now()
        from messaging.conversation c
       where c.channel_id = ? and c.conversation_id = ? and m.conversation_ref = c.id and m.direction = 'outgoing'
         and m.status in ('sent', 'delivered') and m.created_at <= ?::timestamptz
       returning m.id, m.workspace_id, m.conversation_ref, m.channel_id`,
      [read.channel.id, read.contact, read.watermark.toISOString()],
    );
    for (const row of rows) {
      events.push(
        messageStatusUpdated(row.workspace_id, {
          messageId: row.id,
          conversationId: row.conversation_ref,
          channelId: row.channel_id,
          status: 'read',
          error: null,
        }),
      );
    }
  }
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

function clientFromRow(row: Record<string, any>) {
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

function messageFromRow(row: Record<string, any>) {
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
    actorId: row.actor_id,
    payload: row.payload,
    error: row.error,
  };
}
