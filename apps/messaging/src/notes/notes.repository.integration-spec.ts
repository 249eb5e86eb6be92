import type { MikroORM } from '@mikro-orm/postgresql';
import type { AuthContext } from '@platica/contracts';
import { dropDatabase, ensureDatabase } from '@platica/devstack';
import { DomainError } from '@platica/errors';
import { Database, migrate, openDatabase, UnitOfWork, type RpcClient } from '@platica/platform';
import { newIsolation, type Isolation } from '@platica/testing';
import { ConversationRepository } from '../conversations/conversation.repository';
import { messagingDatabase } from '../database';
import { CannedRepliesService } from './canned-replies.service';
import { CannedReplyRepository } from './canned-reply.repository';
import { ConversationNoteRepository } from './conversation-note.repository';
import { NotesService } from './notes.service';

/**
 * Notes and canned replies on messaging's real schema and migrations
 * (Migration20261129140000_notes_canned_replies): each write records its event in the outbox in
 * the same transaction, mentions name workspace people, only the author deletes a note, nothing
 * of another workspace is reached, and a shortcut is unique per workspace whatever its case.
 */
describe('notes and canned replies (integration)', () => {
  let isolation: Isolation;
  let orm: MikroORM;
  let db: Database;
  let notes: NotesService;
  let cannedReplies: CannedRepliesService;
  let noteRows: ConversationNoteRepository;
  const people = [
    { id: 'usr_ana', email: 'ana@example.test', role: 'admin' as const },
    { id: 'usr_ben', email: 'ben@example.test', role: 'agent' as const },
  ];
  // The gateway's answer to messaging's profiles call: ws_a's people.
  const rpc = { call: async () => ({ workspaces: [{ id: 'ws_a', users: people }] }) } as unknown as RpcClient;
  const sql = <T>(text: string, params: unknown[] = []) => db.em().execute<T[]>(text, params);

  const auth = (userId: string | null, workspaceId = 'ws_a'): AuthContext => ({
    principal: userId ? `user:${userId}` : 'key:key_1',
    credentialType: userId ? 'oauth_token' : 'api_key',
    workspaceIds: [workspaceId],
    workspaces: [{ id: workspaceId, name: workspaceId }],
    scopes: ['platica:read', 'platica:write'],
    userId,
    userEmail: null,
  });
  const request = <B, P extends Record<string, string>, Q = Record<string, string>>(
    who: AuthContext,
    params: P,
    body: B,
    query = {} as Q,
  ) => ({ auth: who, workspaceId: who.workspaceIds[0]!, params, body, query, requestId: 'req_1' });
  const events = async (type: string) =>
    (await sql<{ data: Record<string, unknown> }>('select data from messaging.outbox_event where type = ? order by id', [type])).map(
      (row) => row.data,
    );
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  };

  beforeAll(async () => {
    isolation = newIsolation();
    await ensureDatabase(isolation.databaseUrl);
    await migrate(messagingDatabase, isolation.databaseUrl);
    orm = await openDatabase(messagingDatabase, isolation.databaseUrl);
    db = new Database(orm);
    const unitOfWork = new UnitOfWork(db);
    noteRows = new ConversationNoteRepository(db);
    notes = new NotesService(unitOfWork, new ConversationRepository(db), noteRows, rpc);
    cannedReplies = new CannedRepliesService(unitOfWork, new CannedReplyRepository(db));
    for (const [id, workspace] of [
      ['cv_a', 'ws_a'],
      ['cv_b', 'ws_b'],
    ]) {
      await sql(
        `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, status, operation,
           message_count, owners, tags, created_at, updated_at)
         values (?, ?, 'ch_wa', 'whatsapp', ?, 'cl_1', 'active', 'automatic', 0, '[]', '[]', now(), now())`,
        [id, workspace, `${id}-thread`],
      );
    }
  });

  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(isolation.databaseUrl);
  });

  it('writes a note with its mentions and conversation.note.created, lists it, and lets only its author delete it', async () => {
    const written = await notes.create(
      request(auth('usr_ana'), { id: 'cv_a' }, { text: 'Refund approved, @Ben@example.test please confirm.', mentions: undefined }),
    );
    expect(written.status).toBe(201);
    const note = written.body.data;
    expect(note).toMatchObject({
      conversationId: 'cv_a',
      author: { type: 'user', id: 'usr_ana', email: 'ana@example.test' },
      mentions: [{ id: 'usr_ben', email: 'ben@example.test' }],
    });
    expect(await events('conversation.note.created')).toEqual([
      expect.objectContaining({ conversationId: 'cv_a', mentions: ['usr_ben'], note: expect.objectContaining({ id: note.id }) }),
    ]);
    const byKey = await notes.create(request(auth(null), { id: 'cv_a' }, { text: 'Imported from the CRM', mentions: ['usr_ana'] }));
    expect(byKey.body.data.author).toEqual({ type: 'api', id: 'key:key_1' });

    const listed = await notes.list(request(auth('usr_ben'), { id: 'cv_a' }, undefined));
    expect(listed.notes.map((n) => n.text)).toEqual(['Refund approved, @Ben@example.test please confirm.', 'Imported from the CRM']);
    expect((await noteRows.latestOf('cv_a', 1)).map((n) => n.text)).toEqual(['Imported from the CRM']);

    const notAuthor = await refusal(notes.delete(request(auth('usr_ben'), { id: 'cv_a', noteId: note.id }, undefined)));
    expect(notAuthor.code).toBe('forbidden');
    await notes.delete(request(auth('usr_ana'), { id: 'cv_a', noteId: note.id }, undefined));
    expect((await notes.list(request(auth('usr_ana'), { id: 'cv_a' }, undefined))).notes).toHaveLength(1);
    expect(await events('conversation.note.deleted')).toEqual([expect.objectContaining({ deletedBy: 'usr_ana' })]);
  });

  it('refuses a mention of someone outside the workspace, naming it, and reaches no other workspace', async () => {
    const stranger = await refusal(
      notes.create(request(auth('usr_ana'), { id: 'cv_a' }, { text: 'hi', mentions: ['usr_ben', 'zoe@example.test'] })),
    );
    expect(stranger.details).toEqual([expect.objectContaining({ path: ['mentions', 1] })]);
    expect((await refusal(notes.create(request(auth('usr_ana'), { id: 'cv_b' }, { text: 'hi' })))).code).toBe('not_found');
    expect((await refusal(notes.list(request(auth('usr_ana'), { id: 'cv_b' }, undefined)))).code).toBe('not_found');
  });

  it('keeps canned replies per workspace, a shortcut unique whatever its case, filtered by q, each change an event', async () => {
    const create = (who: AuthContext, shortcut: string, text: string) => cannedReplies.create(request(who, {}, { shortcut, text }));
    const thanks = (await create(auth('usr_ana'), 'Thanks', 'Thank you {{contact.firstname}}!')).body.data;
    expect(thanks.shortcut).toBe('thanks');
    await create(auth('usr_ana'), 'hours', 'We open at 9; thanks for asking');
    await create(auth('usr_ana', 'ws_b'), 'thanks', 'Another workspace’s');
    const taken = await refusal(create(auth('usr_ben'), 'THANKS', 'again'));
    expect([taken.code, taken.details]).toEqual(['conflict', [{ path: ['shortcut'], message: 'is taken in this workspace' }]]);

    const list = async (q?: string) =>
      (await cannedReplies.list(request(auth('usr_ben'), {}, undefined, { q }))).cannedReplies.map((r) => r.shortcut);
    expect(await list()).toEqual(['hours', 'thanks']);
    // Shortcuts that start with it first, then texts that hold it.
    expect(await list('th')).toEqual(['thanks', 'hours']);

    await cannedReplies.update(request(auth('usr_ben'), { id: thanks.id }, { text: 'Thanks, {{contact.name}}' }));
    const other = await refusal(cannedReplies.delete(request(auth('usr_ana', 'ws_b'), { id: thanks.id }, undefined)));
    expect(other.code).toBe('not_found');
    await cannedReplies.delete(request(auth('usr_ana'), { id: thanks.id }, undefined));
    expect(await list()).toEqual(['hours']);
    expect((await events('canned_reply.created')).length).toBe(3);
    expect(await events('canned_reply.updated')).toEqual([
      expect.objectContaining({ changedBy: 'usr_ben', cannedReply: expect.objectContaining({ text: 'Thanks, {{contact.name}}' }) }),
    ]);
    expect(await events('canned_reply.deleted')).toEqual([expect.objectContaining({ changedBy: 'usr_ana' })]);
  });
});
