// First: the fake gateway, before the API client loads (api/hook-testing.ts says why).
import { answer, invalidated, mutate, observe, observePages, requestsTo, resetFakeApi, testQueryClient } from '../../api/hook-testing';
import { ApiError } from '../../api/client';
import { newestPagesFirst } from '../../api/grouped-pages';
import { inboxKeys } from '../inbox/inbox-queries';
import {
  MESSAGES_PAGE_SIZE,
  changeState,
  conversationKeys,
  conversationQuery,
  markRead,
  messagesQuery,
  notesQuery,
  removeNote,
  sendMessage,
  updateConversation,
  writeNote,
} from './conversation-queries';

const WORKSPACE = 'ws_1';
const conversation = { id: 'conv_1', channelId: 'ch_1', conversationId: 'wa_5215550001' };
const detailKey = conversationKeys.detail(WORKSPACE, conversation.id);
const inboxList = inboxKeys.list({ workspace: WORKSPACE, limit: 1 });

/** A cache holding what the inbox and the open conversation show: their queries, to see which a change marks stale. */
function cacheWithScreen() {
  const queryClient = testQueryClient();
  queryClient.setQueryData(detailKey, { workspaces: [] });
  queryClient.setQueryData(conversationKeys.notes(WORKSPACE, conversation.id), { notes: [] });
  queryClient.setQueryData(inboxList, { workspaces: [], nextPageToken: null });
  return queryClient;
}

const refusal = (status: number, details: unknown = {}) => ({ status, body: { code: status, error: `Refused ${status}`, details } });

beforeEach(resetFakeApi);

describe('a conversation', () => {
  it('is read in the workspace and shown as the conversation itself', async () => {
    answer('GET /v1/conversations/conv_1', {
      status: 200,
      body: { workspaces: [{ id: WORKSPACE, name: 'Acme', conversations: [{ id: 'conv_1', state: 'ai' }] }] },
    });
    const result = await observe(testQueryClient(), conversationQuery(WORKSPACE, 'conv_1'));
    expect(result.data).toEqual({ id: 'conv_1', state: 'ai' });
    expect(requestsTo('GET /v1/conversations/conv_1')[0]!.query.get('workspace')).toBe(WORKSPACE);
  });

  it('says the API’s 404 as an ApiError', async () => {
    answer('GET /v1/conversations/gone', refusal(404));
    const result = await observe(testQueryClient(), conversationQuery(WORKSPACE, 'gone'));
    expect(result.error).toBeInstanceOf(ApiError);
    expect(result.error).toMatchObject({ status: 404, message: 'Refused 404' });
  });

  it('reads its messages from the newest page, then the older one by token, oldest first and each once', async () => {
    answer('GET /v1/conversations/conv_1/messages', (request) =>
      request.query.get('pageToken') === 'older'
        ? { status: 200, body: { messages: [{ id: 'm1' }, { id: 'm2' }, { id: 'm3' }], nextPageToken: null } }
        : { status: 200, body: { messages: [{ id: 'm3' }, { id: 'm4' }], nextPageToken: 'older' } },
    );
    const pages = await observePages(testQueryClient(), messagesQuery(WORKSPACE, 'conv_1'));
    const all = await pages.fetchNextPage();
    const [newest, older] = requestsTo('GET /v1/conversations/conv_1/messages');
    expect(Object.fromEntries(newest!.query)).toEqual({ workspace: WORKSPACE, limit: String(MESSAGES_PAGE_SIZE) });
    expect(older!.query.get('pageToken')).toBe('older');
    expect(newestPagesFirst(all.data!.pages).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
});

describe('marking a conversation read', () => {
  it('tells the API, then the inbox reads its unread counts again (the conversation is not read again)', async () => {
    answer('POST /v1/conversations/conv_1/read', { status: 200, body: { conversationId: 'conv_1', unreadCount: 0 } });
    const queryClient = cacheWithScreen();
    await mutate(queryClient, markRead(queryClient, WORKSPACE), 'conv_1');
    expect(requestsTo('POST /v1/conversations/conv_1/read')[0]!.query.get('workspace')).toBe(WORKSPACE);
    expect(invalidated(queryClient, inboxList)).toBe(true);
    expect(invalidated(queryClient, detailKey)).toBe(false);
  });
});

describe('changing a conversation', () => {
  it('sends the change, then reads the conversation again', async () => {
    answer('PATCH /v1/conversations/conv_1', { status: 200, body: { id: 'conv_1' } });
    const queryClient = cacheWithScreen();
    await mutate(queryClient, updateConversation(queryClient, WORKSPACE, 'conv_1'), { tags: ['vip'], owners: [] });
    expect(requestsTo('PATCH /v1/conversations/conv_1')[0]!.body).toEqual({ tags: ['vip'], owners: [] });
    expect(invalidated(queryClient, detailKey)).toBe(true);
    // Its notes are under it: read again with it.
    expect(invalidated(queryClient, conversationKeys.notes(WORKSPACE, conversation.id))).toBe(true);
  });

  it('reads it again after a refusal too: someone took it meanwhile (409)', async () => {
    answer('PATCH /v1/conversations/conv_1', refusal(409, { holder: 'usr_2' }));
    const queryClient = cacheWithScreen();
    const error = await mutate(queryClient, updateConversation(queryClient, WORKSPACE, 'conv_1'), { operation: 'assistance' }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({ status: 409 });
    expect(invalidated(queryClient, detailKey)).toBe(true);
  });

  it('hands back with an instruction: the change first, then the instruction to the conversation', async () => {
    answer('PATCH /v1/conversations/conv_1', { status: 200, body: { id: 'conv_1' } });
    answer('POST /v1/messages', { status: 200, body: { messageId: 'msg_9' } });
    const queryClient = cacheWithScreen();
    await mutate(queryClient, changeState(queryClient, WORKSPACE, conversation), {
      change: { operation: 'automatic' },
      instruction: { text: 'Offer the 10% coupon', mode: 'resume' },
    });
    expect(requestsTo('PATCH /v1/conversations/conv_1')[0]!.body).toEqual({ operation: 'automatic' });
    expect(requestsTo('POST /v1/messages')[0]!.body).toEqual({
      channelId: 'ch_1',
      conversationId: 'wa_5215550001',
      type: 'instruction',
      content: { text: 'Offer the 10% coupon', mode: 'resume' },
    });
    expect(invalidated(queryClient, detailKey)).toBe(true);
  });

  it('sends no instruction when none is given, nor when the change is refused', async () => {
    answer('PATCH /v1/conversations/conv_1', refusal(409));
    const queryClient = cacheWithScreen();
    await mutate(queryClient, changeState(queryClient, WORKSPACE, conversation), {
      change: { operation: 'automatic' },
      instruction: { text: 'Wait', mode: 'wait' },
    }).catch(() => undefined);
    expect(requestsTo('POST /v1/messages')).toEqual([]);
  });
});

describe('replying', () => {
  it('sends to the conversation’s channel and contact, then reads the conversation again', async () => {
    answer('POST /v1/messages', { status: 200, body: { messageId: 'msg_1' } });
    const queryClient = cacheWithScreen();
    const sent = await mutate(queryClient, sendMessage(queryClient, WORKSPACE, conversation), { type: 'text', content: 'Hola' });
    expect(sent).toEqual({ messageId: 'msg_1' });
    const [request] = requestsTo('POST /v1/messages');
    expect(request!.query.get('workspace')).toBe(WORKSPACE);
    expect(request!.body).toEqual({ channelId: 'ch_1', conversationId: 'wa_5215550001', type: 'text', content: 'Hola' });
    expect(invalidated(queryClient, detailKey)).toBe(true);
  });

  it('reads the conversation again when a send that failed was stored (the 502 names it), not when nothing was', async () => {
    answer('POST /v1/messages', refusal(502, { messageId: 'msg_failed', reason: 'window_closed' }));
    const queryClient = cacheWithScreen();
    const stored = await mutate(queryClient, sendMessage(queryClient, WORKSPACE, conversation), { type: 'text', content: 'Hola' }).catch(
      (error: unknown) => error,
    );
    expect(stored).toBeInstanceOf(ApiError);
    expect(invalidated(queryClient, detailKey)).toBe(true);

    answer('POST /v1/messages', refusal(400, [{ path: ['content'], message: 'Required' }]));
    const other = cacheWithScreen();
    await mutate(other, sendMessage(other, WORKSPACE, conversation), { type: 'text', content: '' }).catch(() => undefined);
    expect(invalidated(other, detailKey)).toBe(false);
  });
});

describe('notes', () => {
  it('are read under the conversation; one written is sent and they are read again', async () => {
    answer('GET /v1/conversations/conv_1/notes', { status: 200, body: { notes: [] } });
    answer('POST /v1/conversations/conv_1/notes', { status: 201, body: { id: 'note_1', text: 'Call back' } });
    const queryClient = testQueryClient();
    const notes = notesQuery(WORKSPACE, 'conv_1');
    await queryClient.fetchQuery(notes);
    expect(notes.queryKey.slice(0, detailKey.length)).toEqual(detailKey);

    await mutate(queryClient, writeNote(queryClient, WORKSPACE, 'conv_1'), { text: 'Call back @ana', mentions: ['usr_ana'] });
    expect(requestsTo('POST /v1/conversations/conv_1/notes')[0]!.body).toEqual({ text: 'Call back @ana', mentions: ['usr_ana'] });
    expect(invalidated(queryClient, notes.queryKey)).toBe(true);
  });

  it('are read again after a delete the API refuses (already deleted elsewhere: 404)', async () => {
    answer('DELETE /v1/conversations/conv_1/notes/note_1', refusal(404));
    const queryClient = cacheWithScreen();
    await mutate(queryClient, removeNote(queryClient, WORKSPACE, 'conv_1'), 'note_1').catch(() => undefined);
    expect(requestsTo('DELETE /v1/conversations/conv_1/notes/note_1')).toHaveLength(1);
    expect(invalidated(queryClient, conversationKeys.notes(WORKSPACE, 'conv_1'))).toBe(true);
    expect(invalidated(queryClient, inboxList)).toBe(false);
  });
});
