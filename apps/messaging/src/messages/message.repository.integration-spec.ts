import type { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, ensureDatabase } from '@platica/devstack';
import { Database, migrate, openDatabase, UnitOfWork } from '@platica/platform';
import { newIsolation, type Isolation } from '@platica/testing';
import type { Conversation } from '../conversations/conversation.entity';
import { messagingDatabase } from '../database';
import { MessageRepository, type NewOutgoingMessage } from './message.repository';

/**
 * Instagram's echo of Plática's own send, stored before the send (docs/receiving-from-meta.md ›
 * Echoes): on messaging's real schema, storing the send under the echo's mid replaces the echo
 * (a reply settled after Graph answered, and a business send stored with its mid), and leaves a
 * person's echo under another mid alone.
 */
describe('messages: an early echo of our own send (integration)', () => {
  let isolation: Isolation;
  let orm: MikroORM;
  let db: Database;
  let messages: MessageRepository;
  let unitOfWork: UnitOfWork;
  const conversation = {
    id: 'conv_ig',
    workspaceId: 'ws_echo',
    channelId: 'ch_ig',
    clientId: 'cli_ig',
    platform: 'instagram',
  } as Conversation;

  const sql = <Row extends object>(text: string, params: unknown[] = []) => db.em().execute<Row[]>(text, params);
  const echo = (id: string, mid: string) =>
    sql(
      `insert into messaging.message (id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type,
         payload, files, images, status, external_id, actor_type, created_at, updated_at)
       values (?, 'ws_echo', 'ch_ig', 'conv_ig', 'cli_ig', 'assistant', 'outgoing', 'hola', 'text', '{}', '[]', '[]', 'sent', ?, 'inbox', now(), now())`,
      [id, mid],
    ).then(() => sql(`update messaging.conversation set message_count = message_count + 1 where id = 'conv_ig'`));
  const count = async () =>
    (await sql<{ message_count: number }>(`select message_count from messaging.conversation where id = 'conv_ig'`))[0]!.message_count;
  const rows = (mid: string) =>
    sql<{ id: string; actor_type: string }>(`select id, actor_type from messaging.message where external_id = ?`, [mid]);
  const send = (externalId: string | null): NewOutgoingMessage => ({
    conversation,
    role: 'assistant',
    content: 'hola',
    contentType: 'text',
    payload: {},
    files: [],
    images: [],
    status: 'sent',
    externalId,
    actorType: 'ai',
    actorId: 'agt_1',
    campaignId: null,
    error: null,
  });

  beforeAll(async () => {
    isolation = newIsolation();
    await ensureDatabase(isolation.databaseUrl);
    await migrate(messagingDatabase, isolation.databaseUrl);
    orm = await openDatabase(messagingDatabase, isolation.databaseUrl);
    db = new Database(orm);
    messages = new MessageRepository(db);
    unitOfWork = new UnitOfWork(db);
    await sql(
      `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, status, operation, message_count,
         owners, tags, created_at, updated_at)
       values ('conv_ig', 'ws_echo', 'ch_ig', 'instagram', 'igsid_1', 'cli_ig', 'active', 'automatic', 0, '[]', '[]', now(), now())`,
    );
  });

  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(isolation.databaseUrl);
  });

  it("finds a message only in its workspace and conversation (the media route's lookup)", async () => {
    await echo('msg_scoped', 'mid.scoped');
    expect((await messages.findInConversation('ws_echo', 'conv_ig', 'msg_scoped'))?.id).toBe('msg_scoped');
    expect(await messages.findInConversation('ws_other', 'conv_ig', 'msg_scoped')).toBeNull();
    expect(await messages.findInConversation('ws_echo', 'conv_other', 'msg_scoped')).toBeNull();
  });

  it('a reply settled under the mid of its echo replaces the echo, and the echo is no longer counted', async () => {
    await echo('msg_echo_1', 'mid.1');
    const before = await count();
    await unitOfWork.run(async (tx) => {
      const claimed = await messages.claim(tx, { ...send(null), id: 'msg_reply_1', status: 'sending' });
      await messages.settle(tx, claimed, conversation, { status: 'sent', externalId: 'mid.1', error: null });
    });
    expect(await rows('mid.1')).toEqual([{ id: 'msg_reply_1', actor_type: 'ai' }]);
    expect(await count()).toBe(before); // the echo's count gone, the reply's added
  });

  it("a send stored with the mid of its echo replaces the echo; a person's echo under another mid stays", async () => {
    await echo('msg_echo_2', 'mid.2');
    await echo('msg_person', 'mid.person');
    const before = await count();
    const stored = await unitOfWork.run((tx) => messages.insertOutgoing(tx, send('mid.2')));
    expect(await rows('mid.2')).toEqual([{ id: stored.id, actor_type: 'ai' }]);
    expect(await rows('mid.person')).toEqual([{ id: 'msg_person', actor_type: 'inbox' }]);
    expect(await count()).toBe(before);
  });
});
