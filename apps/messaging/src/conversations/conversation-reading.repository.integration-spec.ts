import type { MikroORM } from '@mikro-orm/postgresql';
import { dropDatabase, ensureDatabase } from '@platica/devstack';
import { Database, migrate, openDatabase, UnitOfWork } from '@platica/platform';
import { newIsolation, type Isolation } from '@platica/testing';
import type { Conversation } from './conversation.entity';
import { messagingDatabase } from '../database';
import { MessageRepository, type NewMessage } from '../messages/message.repository';
import { ConversationReadingRepository } from './conversation-reading.repository';
import { ConversationRepository } from './conversation.repository';

/**
 * The inbox rows' signals on messaging's real schema (docs/sending-messages.md › Listing
 * conversations, Unread, Reading a conversation): the triggers on `message` keep each
 * conversation's latest message, failure flag and customer count whichever way a message is
 * written; read markers give each person their own unread count; messages page from the newest.
 */
describe('conversations: row signals, unread and message pages (integration)', () => {
  let isolation: Isolation;
  let orm: MikroORM;
  let db: Database;
  let messages: MessageRepository;
  let reading: ConversationReadingRepository;
  let conversations: ConversationRepository;
  let unitOfWork: UnitOfWork;

  const sql = <Row extends object>(text: string, params: unknown[] = []) => db.em().execute<Row[]>(text, params);
  const conversationRow = (id: string) =>
    ({ id, workspaceId: 'ws_rows', channelId: 'ch_wa', clientId: `cli_${id}`, platform: 'whatsapp' }) as Conversation;
  const write = (id: string, message: Partial<NewMessage>) =>
    unitOfWork.run((tx) =>
      messages.insert(tx, {
        conversation: conversationRow(id),
        role: 'user',
        direction: 'incoming',
        content: 'hola',
        contentType: 'text',
        payload: {},
        files: [],
        images: [],
        status: 'received',
        externalId: null,
        actorType: 'customer',
        actorId: null,
        campaignId: null,
        error: null,
        ...message,
      }),
    );
  const reply = (id: string, message: Partial<NewMessage>) =>
    write(id, { role: 'assistant', direction: 'outgoing', status: 'sent', actorType: 'ai', actorId: 'agt_1', ...message });
  const row = async (id: string) => (await conversations.findInWorkspace('ws_rows', id))!;
  const open = async (id: string) =>
    sql(
      `insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, status, operation, message_count,
         owners, tags, created_at, updated_at)
       values (?, 'ws_rows', 'ch_wa', 'whatsapp', ?, ?, 'active', 'automatic', 0, '[]', '[]', now(), now())`,
      [id, `52${id}`, `cli_${id}`],
    );

  beforeAll(async () => {
    isolation = newIsolation();
    await ensureDatabase(isolation.databaseUrl);
    await migrate(messagingDatabase, isolation.databaseUrl);
    orm = await openDatabase(messagingDatabase, isolation.databaseUrl);
    db = new Database(orm);
    messages = new MessageRepository(db);
    reading = new ConversationReadingRepository(db);
    conversations = new ConversationRepository(db);
    unitOfWork = new UnitOfWork(db);
  });

  afterAll(async () => {
    await orm?.close(true);
    await dropDatabase(isolation.databaseUrl);
  });

  it("keeps the latest message's preview, cut to 120 characters, its kind and who wrote it", async () => {
    await open('c_last');
    expect((await row('c_last')).lastMessage).toBeNull();
    await write('c_last', { content: 'x'.repeat(200) });
    expect((await row('c_last')).lastMessage).toMatchObject({ preview: 'x'.repeat(120), contentType: 'text', by: 'customer' });
    await write('c_last', { content: 'mid.123', contentType: 'image' });
    expect((await row('c_last')).lastMessage).toMatchObject({ preview: null, contentType: 'image', by: 'customer' });
    // The runtime's notes are not shown: the row keeps the image.
    await write('c_last', { role: 'system', direction: 'outgoing', actorType: 'system', content: 'wait' });
    expect((await row('c_last')).lastMessage).toMatchObject({ contentType: 'image' });
    await reply('c_last', { actorType: 'user', actorId: 'usr_ana', content: 'Ya lo vemos' });
    const last = (await row('c_last')).lastMessage!;
    expect(last).toMatchObject({ preview: 'Ya lo vemos', by: 'person' });
    expect(new Date(last.at).toISOString()).toBe(last.at);
  });

  it('flags a failed send with its reason, a failed turn as a turn, and clears the flag when a later send goes out', async () => {
    await open('c_fail');
    await write('c_fail', { content: 'hola' });
    const failed = await reply('c_fail', {
      actorType: 'user',
      actorId: 'usr_ana',
      status: 'failed',
      error: { reason: 'unreachable', message: 'the Graph API could not be reached' },
    });
    expect((await row('c_fail')).failure).toMatchObject({
      kind: 'send',
      reason: 'unreachable',
      message: 'the Graph API could not be reached',
      messageId: failed.id,
    });
    await reply('c_fail', { content: 'de nuevo' });
    expect((await row('c_fail')).failure).toBeNull();
    const turn = await reply('c_fail', { content: '', status: 'failed', error: { code: 'model_unavailable', message: 'timeout' } });
    expect((await row('c_fail')).failure).toMatchObject({ kind: 'turn', reason: 'model_unavailable', messageId: turn.id });
    // A reply held back because a person took over is no failure to flag.
    await reply('c_fail', { content: 'tarde', status: 'sent' });
    await reply('c_fail', { content: 'otra', status: 'failed', error: { code: 'taken_over', message: 'A person took it' } });
    expect((await row('c_fail')).failure).toBeNull();
  });

  it("flags a send Meta reports failed later (a status update), and an earlier message's status leaves it", async () => {
    await open('c_meta');
    const sent = await reply('c_meta', { content: 'hola', status: 'sent' });
    await sql(`update messaging.message set status = 'failed', error = '{"code": 131047, "message": "Re-engagement"}' where id = ?`, [
      sent.id,
    ]);
    expect((await row('c_meta')).failure).toMatchObject({ kind: 'send', reason: '131047', messageId: sent.id });
    await sql(`update messaging.message set status = 'delivered' where id = ?`, [sent.id]);
    expect((await row('c_meta')).failure).toBeNull();
  });

  it("counts each person's unread customer messages from their own marker; an unread person sees them all", async () => {
    await open('c_unread');
    await write('c_unread', { content: 'uno' });
    await write('c_unread', { content: 'dos' });
    await reply('c_unread', { content: 'respuesta' });
    await unitOfWork.run((tx) => reading.markRead(tx, conversationRow('c_unread'), 'usr_ana'));
    await write('c_unread', { content: 'tres' });
    const current = await row('c_unread');
    expect(current.incomingCount).toBe(3);
    expect(await reading.unreadCounts('usr_ana', [current])).toEqual(new Map([['c_unread', 1]]));
    expect(await reading.unreadCounts('usr_ben', [current])).toEqual(new Map([['c_unread', 3]]));

    const sidebar = (await reading.counts(['ws_rows'], 'usr_ana')).get('ws_rows')!;
    expect(sidebar.views.all).toBe(4);
    expect(sidebar.states.ai).toBe(4);
    expect(sidebar.views.mine).toBe(0);
    // c_last, c_fail (customer messages, never read by usr_ana) and c_unread (one since her marker).
    expect(sidebar.unread).toBe(3);
    await unitOfWork.run((tx) => reading.markRead(tx, current, 'usr_ana'));
    expect((await reading.counts(['ws_rows'], 'usr_ana')).get('ws_rows')!.unread).toBe(2);
    expect((await reading.counts(['ws_rows'], null)).get('ws_rows')).toMatchObject({ unread: null, views: { mine: null } });
  });

  it('reads messages a page at a time from the newest, chronological within a page, without system notes', async () => {
    await open('c_pages');
    for (let n = 1; n <= 7; n += 1) await write('c_pages', { content: `m${n}` });
    await write('c_pages', { role: 'system', direction: 'outgoing', actorType: 'system', content: 'note' });
    const first = await reading.messagesPage('c_pages', 3);
    expect(first.items.map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    const second = await reading.messagesPage('c_pages', 3, first.last!);
    expect(second.items.map((m) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const third = await reading.messagesPage('c_pages', 3, second.last!);
    expect(third.items.map((m) => m.content)).toEqual(['m1']);
    expect(third.last).toBeNull();
  });
});
