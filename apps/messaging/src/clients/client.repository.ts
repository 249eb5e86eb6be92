import { Injectable } from '@nestjs/common';
import type { ClientUpsert, ModerationAction, ModerationSeverity, ModerationSource, SeedClient } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { LockMode } from '@mikro-orm/core';
import { Database, newId, recordEvent, recordEvents, UnitOfWork, type Transaction } from '@platica/platform';
import { Client } from './client.entity';
import { clientBlocked, clientCreated, clientCustomFieldsUpdated } from './client-events';
import { EMPTY_MODERATION, PROFILE_FIELDS } from './client.presenter';
import { clientMatch, type SearchTerms } from '../search/search-terms';

export interface Contact {
  /** The phone number (E.164 without `+`) or `facebook:<psid>` / `instagram:<igsid>`. */
  contactKey: string;
  phoneNumber: string | null;
  /** A name the channel gave (WhatsApp profile name), used only when the client has none. */
  profileName?: string | null;
}

/** `client.customFields` accepts only the workspace's active custom fields (spec › Chat rule 4). */
export function checkCustomFields(customFields: Record<string, unknown> | undefined, active: Set<string>, path: (string | number)[]): void {
  const unknown = Object.keys(customFields ?? {}).filter((key) => !active.has(key));
  if (unknown.length) {
    throw DomainError.validation(
      unknown.map((key) => ({ path: [...path, key], message: 'not an active custom field of the workspace' })),
      'Unknown or inactive custom fields',
    );
  }
}

@Injectable()
export class ClientRepository {
  constructor(
    private readonly db: Database,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** A client by its id, known to exist (a conversation's). */
  get(id: string, transaction?: Transaction): Promise<Client> {
    return this.db.em(transaction).findOneOrFail(Client, { id });
  }

  findById(id: string, transaction?: Transaction): Promise<Client | null> {
    return this.db.em(transaction).findOne(Client, { id });
  }

  findInWorkspace(workspaceId: string, id: string, transaction?: Transaction): Promise<Client | null> {
    return this.db.em(transaction).findOne(Client, { id, workspaceId });
  }

  findByContactKey(workspaceId: string, contactKey: string): Promise<Client | null> {
    return this.db.em().findOne(Client, { workspaceId, contactKey });
  }

  /**
   * Finds or creates the client of a contact and applies the integrator's data (merged key by
   * key for custom fields), recording `client.created` / `client.customFields.updated`.
   */
  async upsert(
    transaction: Transaction,
    workspaceId: string,
    contact: Contact,
    data: ClientUpsert | undefined,
    activeFields: Set<string>,
  ): Promise<{ client: Client; created: boolean }> {
    const { client, created } = (await this.findOrInsert(transaction, workspaceId, [{ ...contact, data }])).get(contact.contactKey)!;
    // A client this call created holds the data already: only one found is updated.
    if (data && !created) await this.applyData(transaction, client, data, activeFields);
    if (created) {
      await recordEvent(transaction, 'messaging', clientCreated(workspaceId, client, activeFields));
    }
    return { client, created };
  }

  /**
   * The clients of many contacts (a campaign's batch), created when missing with `client.created`
   * recorded for each new one: the statements of one `upsert` for the whole batch. By contact key.
   */
  async openMany(
    transaction: Transaction,
    workspaceId: string,
    contacts: Contact[],
    activeFields: Set<string>,
  ): Promise<Map<string, { client: Client; created: boolean }>> {
    const opened = await this.findOrInsert(transaction, workspaceId, contacts);
    const created = [...opened.values()].filter((entry) => entry.created);
    await recordEvents(
      transaction,
      'messaging',
      created.map(({ client }) => clientCreated(workspaceId, client, activeFields)),
    );
    return opened;
  }

  /**
   * One read, and for the missing contacts one insert (with their `data`) that answers the rows
   * it made; a contact a concurrent request created meanwhile is read. `created` marks the rows
   * this insert made.
   */
  private async findOrInsert(
    transaction: Transaction,
    workspaceId: string,
    contacts: (Contact & { data?: ClientUpsert })[],
  ): Promise<Map<string, { client: Client; created: boolean }>> {
    const em = this.db.em(transaction);
    const keys = [...new Set(contacts.map((contact) => contact.contactKey))];
    const opened = new Map<string, { client: Client; created: boolean }>();
    for (const client of await em.find(Client, { workspaceId, contactKey: { $in: keys } }))
      opened.set(client.contactKey, { client, created: false });
    const missing = new Map(contacts.filter((contact) => !opened.has(contact.contactKey)).map((contact) => [contact.contactKey, contact]));
    if (!missing.size) return opened;
    const now = new Date().toISOString();
    const profileColumns = PROFILE_FIELDS.map(columnOf);
    // A concurrent request may create the same client: insert without failing, then read.
    const inserted = await em.execute<Record<string, unknown>[]>(
      `insert into messaging.client (id, workspace_id, contact_key, phone_number, ${profileColumns.join(', ')},
         status, moderation, tags, owners, custom_fields, created_at, updated_at)
       select c.id, ?, c.contact_key, c.phone_number, ${profileColumns.map((column) => `c.${column}`).join(', ')},
         'active', ?::jsonb, '[]', c.owners, c.custom_fields, ?::timestamptz, ?::timestamptz
         from jsonb_to_recordset(?::jsonb) as c(id text, contact_key text, phone_number text, ${profileColumns.map((column) => `${column} text`).join(', ')},
           owners jsonb, custom_fields jsonb)
       on conflict (workspace_id, contact_key) do nothing returning *`,
      [
        workspaceId,
        JSON.stringify(EMPTY_MODERATION),
        now,
        now,
        JSON.stringify(
          [...missing.values()].map(({ contactKey, phoneNumber, profileName, data }) => ({
            id: newId('cl'),
            contact_key: contactKey,
            phone_number: phoneNumber,
            ...Object.fromEntries(PROFILE_FIELDS.map((field) => [columnOf(field), data?.[field] ?? null])),
            name: data?.name ?? profileName ?? null,
            owners: data?.owners ?? [],
            custom_fields: data?.customFields ?? {},
          })),
        ),
      ],
    );
    for (const row of inserted) {
      const client = em.map(Client, row);
      opened.set(client.contactKey, { client, created: true });
    }
    const raced = [...missing.keys()].filter((key) => !opened.has(key));
    if (raced.length) {
      for (const client of await em.find(Client, { workspaceId, contactKey: { $in: raced } }))
        opened.set(client.contactKey, { client, created: false });
    }
    return opened;
  }

  /** Applies the integrator's data to a client; custom fields merge key by key. */
  async applyData(transaction: Transaction, client: Client, data: ClientUpsert, activeFields: Set<string>): Promise<void> {
    const changes: Partial<Client> = {};
    for (const field of PROFILE_FIELDS) if (data[field] !== undefined) changes[field] = data[field];
    if (data.owners) changes.owners = data.owners;
    const changedFields = Object.entries(data.customFields ?? {}).filter(([key, value]) => client.customFields[key] !== value);
    if (changedFields.length) changes.customFields = { ...client.customFields, ...Object.fromEntries(changedFields) };
    if (!Object.keys(changes).length) return;
    const em = this.db.em(transaction);
    em.assign(client, { ...changes, updatedAt: new Date() });
    await em.flush();
    if (changedFields.length) {
      await recordEvent(
        transaction,
        'messaging',
        clientCustomFieldsUpdated(client.workspaceId, {
          clientId: client.id,
          changed: changedFields.map(([key]) => key),
          customFields: filterFields(client.customFields, activeFields),
        }),
      );
    }
  }

  /** The seed's clients, matched by phone number; `status: blocked` blocks with `manual_dashboard`. */
  async applySeed(workspaceId: string, items: SeedClient[], activeFields: Set<string>): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    await this.unitOfWork.run(async (transaction) => {
      for (const item of items) {
        const { ref, phoneNumber, status, ...rest } = item;
        const data: ClientUpsert = {};
        for (const field of PROFILE_FIELDS) if (typeof rest[field] === 'string') Object.assign(data, { [field]: rest[field] });
        if (rest.customFields && typeof rest.customFields === 'object')
          data.customFields = rest.customFields as ClientUpsert['customFields'];
        const { client } = await this.upsert(transaction, workspaceId, { contactKey: phoneNumber, phoneNumber }, data, activeFields);
        if (status !== client.status)
          await this.setStatus(transaction, client, status === 'blocked' ? { reason: 'manual_dashboard', by: null } : null);
        ids[ref ?? phoneNumber] = client.id;
      }
    });
    return ids;
  }

  /** Blocks (with a reason and who) or unblocks; records `client.blocked` when blocking. */
  async setStatus(transaction: Transaction, client: Client, block: { reason: string; by: string | null } | null): Promise<void> {
    const now = new Date();
    const moderation = { ...EMPTY_MODERATION, ...client.moderation };
    if (block) {
      Object.assign(moderation, { blockedAt: now.toISOString(), blockedBy: block.by, blockedReason: block.reason });
    } else {
      Object.assign(moderation, { blockedAt: null, blockedBy: null, blockedReason: null });
    }
    const em = this.db.em(transaction);
    em.assign(client, { status: block ? 'blocked' : 'active', moderation, updatedAt: now });
    await em.flush();
    if (block) {
      await recordEvent(
        transaction,
        'messaging',
        clientBlocked(client.workspaceId, { clientId: client.id, blockedReason: block.reason, blockedBy: block.by }),
      );
    }
  }

  /** The client, its row locked until the transaction ends (strikes from two conversations never lose a count). */
  lockForUpdate(transaction: Transaction, clientId: string): Promise<Client> {
    return this.db.em(transaction).findOneOrFail(Client, { id: clientId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** A guardrail strike on the client's `moderation` (ARCHITECTURE.md › Agent runtime): the count grows, the last verdict is kept. */
  async recordStrike(
    transaction: Transaction,
    client: Client,
    strike: {
      source: ModerationSource;
      action: ModerationAction;
      severity: ModerationSeverity;
      categories: string[];
      matchedTerms: string[];
    },
  ): Promise<void> {
    const em = this.db.em(transaction);
    const now = new Date();
    const current = { ...EMPTY_MODERATION, ...client.moderation };
    em.assign(client, {
      moderation: {
        ...current,
        totalStrikes: current.totalStrikes + 1,
        lastSource: strike.source,
        lastAction: strike.action,
        lastSeverity: strike.severity,
        lastFlaggedAt: now.toISOString(),
        lastCategories: strike.categories,
        lastMatchedTerms: strike.matchedTerms,
      },
      updatedAt: now,
    });
    await em.flush();
  }

  /** A blocked client's reason changes; it stays blocked (no new `client.blocked`). */
  async changeBlockedReason(transaction: Transaction, client: Client, reason: string): Promise<void> {
    const em = this.db.em(transaction);
    em.assign(client, { moderation: { ...client.moderation, blockedReason: reason }, updatedAt: new Date() });
    await em.flush();
  }

  /**
   * What each identifier of a chat's client matches in the workspace (rule 2): the client with
   * this id, the oldest with this email (case-insensitive) and the oldest with this phone number.
   */
  async matchIdentifiers(
    transaction: Transaction,
    workspaceId: string,
    identifiers: { id?: string; email?: string; phoneNumber?: string },
  ): Promise<{ field: 'id' | 'email' | 'phoneNumber'; value: string; client: Client | null }[]> {
    const em = this.db.em(transaction);
    const matches: { field: 'id' | 'email' | 'phoneNumber'; value: string; client: Client | null }[] = [];
    if (identifiers.id !== undefined) {
      matches.push({ field: 'id', value: identifiers.id, client: await em.findOne(Client, { id: identifiers.id, workspaceId }) });
    }
    if (identifiers.email !== undefined) {
      const [row] = await em.execute<{ id: string }[]>(
        'select id from messaging.client where workspace_id = ? and lower(email) = lower(?) order by created_at, id limit 1',
        [workspaceId, identifiers.email],
      );
      matches.push({ field: 'email', value: identifiers.email, client: row ? await em.findOneOrFail(Client, { id: row.id }) : null });
    }
    if (identifiers.phoneNumber !== undefined) {
      const client = await em.findOne(
        Client,
        { workspaceId, phoneNumber: identifiers.phoneNumber },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      matches.push({ field: 'phoneNumber', value: identifiers.phoneNumber, client });
    }
    return matches;
  }

  /**
   * Gives a client the phone number it lacks. A client known only by email takes the phone as
   * its contact key too (so its WhatsApp messages find it), unless another client holds that key.
   */
  async fillPhoneNumber(transaction: Transaction, client: Client, phoneNumber: string): Promise<void> {
    if (client.phoneNumber) return;
    const em = this.db.em(transaction);
    const rekey =
      client.contactKey.startsWith('email:') &&
      (await em.count(Client, { workspaceId: client.workspaceId, contactKey: phoneNumber })) === 0;
    em.assign(client, { phoneNumber, ...(rekey ? { contactKey: phoneNumber } : {}), updatedAt: new Date() });
    await em.flush();
  }

  /**
   * One page of the workspaces' clients (`GET /v1/clients`), newest first, matching `search` when
   * given; after the keyset position of the last row seen (its creation, full precision, and id).
   */
  async page(
    workspaceIds: string[],
    search: SearchTerms | null,
    limit: number,
    after?: { value: string; id: string },
  ): Promise<{ items: Client[]; hasMore: boolean; last: { value: string; id: string } | null }> {
    const { where, params } = clientsWhere(workspaceIds, search);
    if (after) {
      where.push('(c.created_at, c.id) < (?::timestamptz, ?)');
      params.push(after.value, after.id);
    }
    const em = this.db.em();
    const rows = await em.execute<(Record<string, unknown> & { sort_value: string; id: string })[]>(
      `select c.*, c.created_at::text as sort_value from messaging.client c where ${where.join(' and ')}
        order by c.created_at desc, c.id desc limit ?`,
      [...params, limit + 1],
    );
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(({ sort_value: _, ...row }) => em.map(Client, row)),
      hasMore: rows.length > limit,
      last: last ? { value: last.sort_value, id: last.id } : null,
    };
  }

  /** How many clients match, by workspace. */
  async countByWorkspace(workspaceIds: string[], search: SearchTerms | null): Promise<Map<string, number>> {
    const { where, params } = clientsWhere(workspaceIds, search);
    const rows = await this.db.execute<{ workspace_id: string; n: number }[]>(
      `select c.workspace_id, count(*)::int as n from messaging.client c where ${where.join(' and ')} group by c.workspace_id`,
      params,
    );
    return new Map(rows.map((row) => [row.workspace_id, row.n]));
  }

  /** Clients with this id or phone number in any of the workspaces. */
  findByIdOrPhone(workspaceIds: string[], idOrPhone: string): Promise<Client[]> {
    if (!workspaceIds.length) return Promise.resolve([]);
    const phone = idOrPhone.replace(/^\+/, '');
    return this.db
      .em()
      .find(
        Client,
        { workspaceId: { $in: workspaceIds }, $or: [{ id: idOrPhone }, ...(/^\d{6,15}$/.test(phone) ? [{ phoneNumber: phone }] : [])] },
        { orderBy: { createdAt: 'asc' } },
      );
  }
}

function clientsWhere(workspaceIds: string[], search: SearchTerms | null): { where: string[]; params: unknown[] } {
  const where = ['c.workspace_id in (?)'];
  const params: unknown[] = [workspaceIds];
  if (search) {
    const match = clientMatch(search, 'c');
    where.push(match.sql);
    params.push(...match.params);
  }
  return { where, params };
}

function filterFields(fields: Record<string, unknown>, active: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => active.has(key)));
}

/** A client property's column (`postalCode` -> `postal_code`). */
function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
