import type { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, ensureDatabase } from '@platica/devstack';
import { Database, migrate, openDatabase, UnitOfWork } from '@platica/platform';
import { newIsolation, type Isolation } from '@platica/testing';
import { ClientRepository } from '../clients/client.repository';
import { ConversationRepository, type ConversationPageRequest } from '../conversations/conversation.repository';
import { messagingDatabase } from '../database';
import { SEARCH_COUNT_CAP, searchTerms } from './search-terms';
import { SearchRepository } from './search.repository';

/**
 * `q` on messaging's real schema and migrations (Migration20261129100000_search_indexes,
 * Migration20261129150000_conversation_search): names with and without accents, a phone typed as
 * people type it, email, words of messages, a first name; names and words kept as clients are
 * renamed and messages unsent; another workspace's matches never appear; paging through the
 * matches with keyset positions; a count that stops past its bound.
 */
describe('search over conversations and clients (integration)', () => {
  let isolation: Isolation;
  let orm: MikroORM;
  let db: Database;
  let conversations: ConversationRepository;
  let clients: ClientRepository;
  const sql = (text: string, params: unknown[] = []) => db.em().execute(text, params);

  let at = Date.parse('2026-11-01T00:00:00Z');
  async function client(
    workspace: string,
    id: string,
    fields: { phone?: string; name?: string; firstname?: string; lastname?: string; email?: string },
  ) {
    at += 60_000;
    await sql(
      `insert into messaging.client (id, workspace_id, contact_key, phone_number, name, firstname, lastname, email, status, moderation, tags, owners,
         custom_fields, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'active', '{}', '[]', '[]', '{}', ?::timestamptz, ?::timestamptz)`,
      [
        id,
        workspace,
        fields.phone ?? `key:${id}`,
        fields.phone ?? null,
        fields.name ?? null,
        fields.firstname ?? null,
        fields.lastname ?? null,
        fields.email ?? null,
        new Date(at).toISOString(),
        new Date(at).toISOString(),
      ],
    );
  }
  async function conversation(
    workspace: string,
    id: string,
    clientId: string,
    contact: { name?: string; phone?: string },
    texts: string[] = [],
  ) {
    at += 60_000;
    await sql(
      `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, contact_name, phone_number, status,
         operation, message_count, owners, tags, created_at, updated_at)
       values (?, ?, 'ch_wa', 'whatsapp', ?, ?, ?, ?, 'active', 'automatic', ?, '[]', '[]', ?::timestamptz, ?::timestamptz)`,
      [
        id,
        workspace,
        `${id}-thread`,
        clientId,
        contact.name ?? null,
        contact.phone ?? null,
        texts.length,
        new Date(at).toISOString(),
        new Date(at).toISOString(),
      ],
    );
    for (const [index, text] of texts.entries()) {
      await sql(
        `insert into messaging.message (id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type, payload,
           files, images, status, actor_type, created_at, updated_at)
         values (?, ?, 'ch_wa', ?, ?, ?, 'incoming', ?, 'text', '{}', '[]', '[]', 'received', 'customer', now(), now())`,
        [`${id}_m${index}`, workspace, id, clientId, text.startsWith('[system]') ? 'system' : 'user', text.replace('[system] ', '')],
      );
    }
  }

  const page: ConversationPageRequest = { sortBy: 'lastUpdate', sortDirection: 'desc', limit: 50 };
  const search = (q: string) => new SearchRepository(db).withTextQuery(searchTerms(q)!);
  const found = async (q: string, workspaceIds = ['ws_a']) =>
    (await conversations.page({ workspaceIds, search: await search(q) }, page)).items.map((c) => c.id).sort();
  const foundClients = async (q: string, workspaceIds = ['ws_a']) =>
    (await clients.page(workspaceIds, searchTerms(q), 50)).items.map((c) => c.id).sort();

  beforeAll(async () => {
    isolation = newIsolation();
    await ensureDatabase(isolation.databaseUrl);
    await migrate(messagingDatabase, isolation.databaseUrl);
    orm = await openDatabase(messagingDatabase, isolation.databaseUrl);
    db = new Database(orm);
    conversations = new ConversationRepository(db);
    clients = new ClientRepository(db, new UnitOfWork(db));

    await client('ws_a', 'cl_marta', { phone: '5217795008212', firstname: 'Marta', lastname: 'López', email: 'marta.lopez@example.test' });
    await conversation('ws_a', 'cv_marta', 'cl_marta', { name: 'Martita', phone: '5217795008212' }, ['Hola, mi pedido llegó roto']);
    await client('ws_a', 'cl_jose', { phone: '5215550001111', name: 'José Ramírez Peña' });
    await conversation('ws_a', 'cv_jose', 'cl_jose', { name: 'José Ramírez Peña', phone: '5215550001111' }, [
      '¿Tienen envío a Querétaro?',
      '[system] instrucción interna: reembolso',
    ]);
    await client('ws_a', 'cl_ig', {});
    await conversation('ws_a', 'cv_ig', 'cl_ig', { name: 'ana_ig' }, ['Quiero una cotización']);
    // Another workspace with the same names, phone and words: never found from ws_a.
    await client('ws_b', 'cl_b_marta', { phone: '5217795008212', firstname: 'Marta', email: 'marta.lopez@example.test' });
    await conversation('ws_b', 'cv_b_marta', 'cl_b_marta', { name: 'Marta López', phone: '5217795008212' }, ['mi pedido llegó roto']);
    // Seven conversations in ws_a that a word of their messages finds, to page through.
    for (let i = 0; i < 7; i += 1) {
      await client('ws_a', `cl_p${i}`, { phone: `5219990000${i}00` });
      await conversation('ws_a', `cv_p${i}`, `cl_p${i}`, { phone: `5219990000${i}00` }, [`factura número ${i}`, 'gracias']);
    }
  });

  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(isolation.databaseUrl);
  });

  it('finds by name, accents and case ignored, by any part, and by first name alone', async () => {
    expect(await found('jose ramirez')).toEqual(['cv_jose']);
    expect(await found('RAMÍREZ')).toEqual(['cv_jose']);
    expect(await found('peña josé')).toEqual(['cv_jose']);
    expect(await found('marta')).toEqual(['cv_marta']); // the client's first name (the contact name is "Martita")
    expect(await found('Marta Lopez')).toEqual(['cv_marta']);
    expect(await found('mart')).toEqual(['cv_marta']);
    expect(await foundClients('marta')).toEqual(['cl_marta']);
    expect(await foundClients('lópez')).toEqual(['cl_marta']);
    expect(await foundClients('Ramirez')).toEqual(['cl_jose']);
    expect(await found('martina')).toEqual([]);
  });

  it('finds a phone typed in any format, by all or part of its digits', async () => {
    for (const q of ['+52 1 77 9500-8212', '5217795008212', '(521) 779-500-8212', '95008212', '779 500']) {
      expect({ q, found: await found(q) }).toEqual({ q, found: ['cv_marta'] });
      expect({ q, found: await foundClients(q) }).toEqual({ q, found: ['cl_marta'] });
    }
    expect(await found('+52 1 77 9500-8213')).toEqual([]);
  });

  it('finds by email', async () => {
    expect(await found('marta.lopez@example')).toEqual(['cv_marta']);
    expect(await foundClients('MARTA.LOPEZ@EXAMPLE.TEST')).toEqual(['cl_marta']);
  });

  it('finds a word of a message, accents and case ignored, by its start; never in system messages', async () => {
    expect(await found('roto')).toEqual(['cv_marta']);
    expect(await found('LLEGO')).toEqual(['cv_marta']);
    expect(await found('pedido roto')).toEqual(['cv_marta']);
    expect(await found('queretaro')).toEqual(['cv_jose']);
    expect(await found('cotiz')).toEqual(['cv_ig']);
    expect(await found('reembolso')).toEqual([]);
    expect(await found('pedido nada')).toEqual([]);
    // A letter that folding turns into tsquery syntax (ʼ -> '): no error; alone it is no word, inside one it is dropped.
    expect(await found('ʼ')).toEqual([]);
    expect(await found('roʼto')).toEqual(['cv_marta']);
  });

  it('finds words written in different messages of one conversation', async () => {
    expect(await found('factura gracias')).toEqual(['cv_p0', 'cv_p1', 'cv_p2', 'cv_p3', 'cv_p4', 'cv_p5', 'cv_p6']);
    expect(await found('envio reembolso')).toEqual([]); // the second word is only in a system message
  });

  it('keeps names and words as they change: a client renamed, a contact renamed, a message unsent', async () => {
    expect(await found('gutiérrez')).toEqual([]);
    await sql(`update messaging.client set lastname = 'Gutiérrez' where id = 'cl_ig'`);
    expect(await found('gutierrez')).toEqual(['cv_ig']);
    await sql(`update messaging.conversation set contact_name = 'Anita Cotizadora' where id = 'cv_ig'`);
    expect(await found('anita')).toEqual(['cv_ig']);
    expect(await found('ana_ig')).toEqual([]);

    await sql(`insert into messaging.message (id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type,
         payload, files, images, status, actor_type, created_at, updated_at)
       values ('cv_ig_secret', 'ws_a', 'ch_wa', 'cv_ig', 'cl_ig', 'user', 'incoming', 'mi contraseña es girasol', 'text', '{}', '[]', '[]',
         'received', 'customer', now(), now())`);
    expect(await found('girasol')).toEqual(['cv_ig']);
    await sql(`update messaging.message set content = 'This message was deleted', content_type = 'deleted' where id = 'cv_ig_secret'`);
    expect(await found('girasol')).toEqual([]);
    expect(await found('cotizacion')).toEqual(['cv_ig']); // the other messages' words stay
    await sql(`update messaging.conversation set contact_name = 'ana_ig' where id = 'cv_ig'`);
  });

  it("gathers a search's matches up to one past its bound, a workspace at a time", async () => {
    await client('ws_c', 'cl_many', {});
    await sql(
      `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, contact_name, status,
         operation, message_count, owners, tags, created_at, updated_at)
       select 'cv_many_' || i, 'ws_c', 'ch_wa', 'whatsapp', 'many-' || i, 'cl_many', 'Muchos ' || i, 'active', 'automatic', 0, '[]', '[]', now(), now()
         from generate_series(1, ?::int) i`,
      [SEARCH_COUNT_CAP + 5],
    );
    const matches = await conversations.searchMatches({ workspaceIds: ['ws_a', 'ws_c'], search: await search('muchos') });
    expect([...matches].map(([workspace, ids]) => [workspace, ids.length]).sort()).toEqual([
      ['ws_a', 0],
      ['ws_c', SEARCH_COUNT_CAP + 1],
    ]);
    expect(matches.get('ws_c')!.every((id) => id.startsWith('cv_many_'))).toBe(true);
    expect((await conversations.countByWorkspace({ workspaceIds: ['ws_c'] })).get('ws_c')).toBe(SEARCH_COUNT_CAP + 5);
    // Few matches are then read by id, in the listing's order, with the other filters.
    const few = (await conversations.searchMatches({ workspaceIds: ['ws_a'], search: await search('factura') })).get('ws_a')!;
    expect(few).toHaveLength(7);
    const byId = await conversations.page({ workspaceIds: ['ws_a'], ids: few }, { ...page, limit: 3 });
    expect(byId.items.map((c) => c.id)).toEqual(['cv_p6', 'cv_p5', 'cv_p4']);
    expect((await conversations.page({ workspaceIds: ['ws_a'], ids: [] }, page)).items).toEqual([]);
  });

  it("never answers another workspace's matches, and answers each workspace's when reading both", async () => {
    expect(await found('marta', ['ws_b'])).toEqual(['cv_b_marta']);
    expect(await found('+52 1 77 9500-8212', ['ws_a', 'ws_b'])).toEqual(['cv_b_marta', 'cv_marta']);
    expect(await foundClients('5217795008212', ['ws_b'])).toEqual(['cl_b_marta']);
    const counts = await conversations.countByWorkspace({ workspaceIds: ['ws_a'], search: await search('roto') });
    expect([...counts]).toEqual([['ws_a', 1]]);
  });

  it('pages through every match exactly once, with the other filters applied', async () => {
    const filters = { workspaceIds: ['ws_a'], search: await search('factura') };
    const seen: string[] = [];
    let after: { value: string; id: string } | undefined;
    for (let round = 0; round < 10; round += 1) {
      const result = await conversations.page(filters, { ...page, limit: 3, after });
      seen.push(...result.items.map((c) => c.id));
      if (!result.hasMore) break;
      after = result.last!;
    }
    expect(seen).toEqual(['cv_p6', 'cv_p5', 'cv_p4', 'cv_p3', 'cv_p2', 'cv_p1', 'cv_p0']);
    expect((await conversations.countByWorkspace(filters)).get('ws_a')).toBe(7);
    expect((await conversations.page({ ...filters, channelId: 'ch_other' }, page)).items).toEqual([]);

    const clientIds: string[] = [];
    let position: { value: string; id: string } | undefined;
    for (let round = 0; round < 10; round += 1) {
      const result = await clients.page(['ws_a'], searchTerms('521999'), 2, position);
      clientIds.push(...result.items.map((c) => c.id));
      if (!result.hasMore) break;
      position = result.last!;
    }
    expect(clientIds).toEqual(['cl_p6', 'cl_p5', 'cl_p4', 'cl_p3', 'cl_p2', 'cl_p1', 'cl_p0']);
    expect((await clients.countByWorkspace(['ws_a', 'ws_b'], searchTerms('marta'))).get('ws_b')).toBe(1);
  });

  it('treats LIKE wildcards in q as the characters themselves', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual(['cv_ig']); // "ana_ig"
    expect(await foundClients('%')).toEqual([]);
  });
});
