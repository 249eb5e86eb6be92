import {
  type messagingOperations as ops,
  workspaceOperations,
  type AuthContext,
  type Operation,
  type OperationRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import type { ServiceConfig, Transaction } from '@platica/platform';
import { fake, FakeRpcClient, FakeUnitOfWork, freezeTime, newTestService, refusal } from '@platica/testing/test-service';
import type { Conversation } from './conversation.entity';
import type { ConversationFilters } from './conversation-filters';
import { ConversationRepository, type ConversationPageRequest } from './conversation.repository';
import { ConversationsService } from './conversations.service';
import type { Message } from './message.entity';
import { PageTokens } from '../paging/page-token';
import { Takeovers } from './takeovers';
import { Assignments } from './assignments';
import { ConversationReadingRepository } from './conversation-reading.repository';
import type { AssignmentSettingRepository } from './assignment-setting.repository';

const NOW = '2026-11-20T12:00:00.000Z';

function authOf(credentialType: 'api_key' | 'oauth_token' = 'api_key'): AuthContext {
  return {
    principal: credentialType === 'api_key' ? 'key:key_1' : 'usr_1',
    credentialType,
    workspaceIds: ['ws_1', 'ws_2'],
    workspaces: [
      { id: 'ws_1', name: 'One' },
      { id: 'ws_2', name: 'Two' },
    ],
    scopes: ['platica:read', 'platica:write'],
    userId: credentialType === 'oauth_token' ? 'usr_1' : null,
    userEmail: null,
  } as AuthContext;
}

function conversation(id: string, workspaceId: string, fields: Partial<Conversation> = {}): Conversation {
  return {
    id,
    workspaceId,
    conversationId: `5215550${id.slice(-3)}`,
    channelId: 'ch_1',
    clientId: 'cl_1',
    platform: 'whatsapp',
    status: 'active',
    operation: 'automatic',
    operationChangedBy: null,
    operationChangedAt: null,
    messageCount: 2,
    owners: [],
    tags: [],
    lastUserMessageAt: new Date('2026-11-20T11:00:00Z'),
    createdAt: new Date('2026-11-10T00:00:00Z'),
    updatedAt: new Date('2026-11-19T00:00:00Z'),
    ...fields,
  } as Conversation;
}

function message(id: string, fields: Partial<Message> = {}): Message {
  return {
    id,
    role: 'user',
    content: 'Hola',
    contentType: 'text',
    direction: 'incoming',
    status: 'received',
    actorType: 'client',
    actorId: null,
    createdAt: new Date('2026-11-20T11:00:00Z'),
    updatedAt: new Date('2026-11-20T11:00:00Z'),
    ...fields,
  } as Message;
}

const pageTokens = new PageTokens({ values: { PLATICA_ENCRYPTION_KEYS_PREVIOUS: [] } } as unknown as ServiceConfig);

/** Conversations in memory (committed on the unit of work's commit), the listing's page as the test sets it, the gateway's users. */
function world(
  options: { messages?: Message[]; gatewayUsers?: { id: string; email: string }[] | 'down'; conversations?: Conversation[] } = {},
) {
  const stored = new Map(
    (options.conversations ?? [conversation('conv_001', 'ws_1'), conversation('conv_002', 'ws_2')]).map((c) => [c.id, c]),
  );
  const pages: { filters: ConversationFilters; page: ConversationPageRequest }[] = [];
  let hasMore = false;
  const unitOfWork = new FakeUnitOfWork();
  const rpc = new FakeRpcClient();
  const repository = fake(ConversationRepository, {
    page: async (filters, page) => {
      pages.push({ filters, page });
      const items = [...stored.values()].filter((c) => filters.workspaceIds.includes(c.workspaceId));
      return { items, hasMore, last: { value: '2026-11-19 00:00:00+00', id: items.at(-1)!.id } };
    },
    countByWorkspace: async () => new Map([['ws_1', 7]]),
    findById: async (workspaceIds, id) => {
      const found = stored.get(id);
      return found && workspaceIds.includes(found.workspaceId) ? { ...found } : null;
    },
    findByThreadId: async (workspaceIds, threadId, channelId, limit) =>
      [...stored.values()]
        .filter((c) => workspaceIds.includes(c.workspaceId) && c.conversationId === threadId && (!channelId || c.channelId === channelId))
        .slice(0, limit),
    messagesOf: async () => options.messages ?? [message('msg_1')],
    findForUpdate: async (_transaction, workspaceIds, id) => {
      const found = stored.get(id);
      return found && workspaceIds.includes(found.workspaceId) ? ({ ...found } as Conversation) : null;
    },
    update: async (transaction: Transaction, row, changes) => {
      Object.assign(row, changes, { updatedAt: new Date() });
      unitOfWork.stage(transaction, () => stored.set(row.id, { ...row }));
    },
  });
  // The real rules of who has the customer, over the same fake repository.
  const takeovers = new Takeovers(repository.implementation as ConversationRepository, rpc as never);
  const assignments = new Assignments({} as AssignmentSettingRepository, repository.implementation as ConversationRepository, rpc as never);
  const built = newTestService(
    ConversationsService,
    unitOfWork,
    rpc,
    repository,
    fake(Takeovers, { apply: (...args) => takeovers.apply(...args) }),
    fake(Assignments, { assign: (...args) => assignments.assign(...args), people: (id) => assignments.people(id) }),
    fake(PageTokens, {
      encode: (...args) => pageTokens.encode(...args),
      decode: (...args) => pageTokens.decode(...args),
    }),
    // usr_1 has read all of conv_001 and none of the rest (3 customer messages each).
    fake(ConversationReadingRepository, {
      unreadCounts: async (userId, conversations) =>
        new Map(conversations.map((c) => [c.id, userId === 'usr_1' && c.id === 'conv_001' ? 0 : 3])),
    }),
  );
  built.rpc.answer(workspaceOperations.profiles.subject, (_body, envelope) => {
    if (options.gatewayUsers === 'down') throw new DomainError(ErrorCode.Unavailable, 'gateway down');
    const workspaceId = (envelope as { workspaceId: string }).workspaceId;
    return { workspaces: [{ id: workspaceId, timezone: 'UTC', creditLimit: null, users: options.gatewayUsers ?? [] }] };
  });
  return {
    ...built,
    stored,
    pages,
    setHasMore: (value: boolean) => {
      hasMore = value;
    },
  };
}

function request<Op extends Operation = Operation>(fields: {
  workspaceId?: string;
  params?: object;
  query?: object;
  body?: unknown;
  auth?: AuthContext;
}): OperationRequest<Op> {
  return { auth: authOf(), params: {}, query: {}, body: undefined, requestId: 'req_1', ...fields } as unknown as OperationRequest<Op>;
}

const list = (query: object, workspaceId?: string) => request<typeof ops.conversationsList>({ query, workspaceId });
const patch = (id: string, body: object, auth = authOf()) =>
  request<typeof ops.conversationsUpdate>({ workspaceId: 'ws_1', params: { id }, body, auth });

describe('ConversationsService.list', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it("groups the page under every workspace of the scope, each with its count and the page's pagination", async () => {
    const { service } = world();
    const answer = await service.list(list({ limit: 10 }));
    expect(answer.nextPageToken).toBeNull();
    expect(answer.workspaces).toEqual([
      expect.objectContaining({ id: 'ws_1', name: 'One', conversationsCount: 7, pagination: { limit: 10, offset: 0, hasMore: false } }),
      expect.objectContaining({ id: 'ws_2', name: 'Two', conversationsCount: 0 }),
    ]);
    expect(answer.workspaces.map((w) => (w.conversations as { id: string }[]).map((c) => c.id))).toEqual([['conv_001'], ['conv_002']]);
    expect((answer.workspaces[0]!.conversations as { canSendDirectMessage: boolean }[])[0]!.canSendDirectMessage).toBe(true);
  });

  it('reads statuses and tags from lists or commas (statuses sorted, once each) and a day filter as that UTC day', async () => {
    const { service, pages } = world();
    await service.list(
      list({ status: 'active, finished,active', tags: 'vip, ,late', dateFilter: '{"type":"specific","date":"2026-11-19"}' }, 'ws_1'),
    );
    expect(pages[0]!.filters).toEqual({
      workspaceIds: ['ws_1'],
      channelId: undefined,
      clientId: undefined,
      agentId: undefined,
      operation: undefined,
      tags: ['vip', 'late'],
      statuses: ['active', 'finished'],
      createdFrom: new Date('2026-11-19T00:00:00Z'),
      createdBefore: new Date('2026-11-20T00:00:00Z'),
    });
    expect(pages[0]!.page).toEqual({ sortBy: 'lastUpdate', sortDirection: 'desc', limit: 50, offset: undefined, after: undefined });
  });

  it('takes a range of days inclusively, and refuses one that ends before it starts (400 on dateFilter.endDate)', async () => {
    const { service, pages } = world();
    await service.list(list({ dateFilter: '{"type":"range","startDate":"2026-11-01","endDate":"2026-11-03"}' }));
    expect([pages[0]!.filters.createdFrom, pages[0]!.filters.createdBefore]).toEqual([
      new Date('2026-11-01T00:00:00Z'),
      new Date('2026-11-04T00:00:00Z'),
    ]);
    const error = await refusal(service.list(list({ dateFilter: '{"type":"range","startDate":"2026-11-03","endDate":"2026-11-01"}' })));
    expect(error.details).toEqual([{ path: ['dateFilter', 'endDate'], message: 'must not be before startDate' }]);
  });

  it.each([
    ['not JSON', '{type:specific', ['dateFilter']],
    ['an unknown type', '{"type":"week","date":"2026-11-19"}', ['dateFilter', 'type']],
  ])('refuses a dateFilter that is %s (400 naming it)', async (_case, dateFilter, path) => {
    const { service, pages } = world();
    const error = await refusal(service.list(list({ dateFilter })));
    expect(error.code).toBe(ErrorCode.Validation);
    expect((error.details as { path: unknown[] }[])[0]!.path).toEqual(path);
    expect(pages).toEqual([]);
  });

  it('refuses pageToken with offset, naming both', async () => {
    const { service } = world();
    const error = await refusal(service.list(list({ pageToken: 'x', offset: 10 })));
    expect((error.details as { path: string[] }[]).map((i) => i.path)).toEqual([['pageToken'], ['offset']]);
  });

  it('issues a token for the next page that resumes after the last row, and refuses it once the filters change', async () => {
    const { service, pages, setHasMore } = world();
    setHasMore(true);
    const first = await service.list(list({ status: 'active,finished' }));
    expect(first.workspaces[0]!.pagination).toMatchObject({ hasMore: true });
    const token = first.nextPageToken!;
    expect(token).toEqual(expect.any(String));

    // The same statuses in another order are the same filter.
    await service.list(list({ status: 'finished,active', pageToken: token }));
    expect(pages[1]!.page.after).toEqual({ value: '2026-11-19 00:00:00+00', id: 'conv_002' });

    const changed = await refusal(service.list(list({ status: 'active', pageToken: token })));
    expect(changed.details).toEqual([{ path: ['pageToken'], message: expect.stringContaining('filters or the sort changed') }]);
    const forged = await refusal(service.list(list({ status: 'active,finished', pageToken: `${token}x` })));
    expect((forged.details as { path: string[] }[])[0]!.path).toEqual(['pageToken']);
    expect(pages).toHaveLength(2);
  });
});

describe('ConversationsService.get', () => {
  it("answers 404 for a conversation outside the request's workspaces", async () => {
    const { service } = world();
    const error = await refusal(service.get(request({ workspaceId: 'ws_1', params: { id: 'conv_002' } })));
    expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'conv_002' }]);
  });

  it('finds a conversation by its thread id (the deprecated lookup), with or without +, channelId choosing; several without it are 409', async () => {
    const shared = '5215550100';
    const { service } = world({
      conversations: [
        conversation('conv_wa', 'ws_1', { conversationId: shared, channelId: 'ch_wa' }),
        conversation('conv_wa2', 'ws_1', { conversationId: shared, channelId: 'ch_wa2' }),
      ],
    });
    const found = await service.get(request({ params: { id: `+${shared}` }, query: { channelId: 'ch_wa2' } }));
    expect(found.workspaces[0]!.conversations[0]).toMatchObject({ id: 'conv_wa2' });
    const ambiguous = await refusal(service.get(request({ params: { id: shared } })));
    expect([ambiguous.code, ambiguous.details]).toMatchObject([
      ErrorCode.Conflict,
      { reason: 'ambiguous_conversation', conversationId: shared, matches: [{ id: 'conv_wa' }, { id: 'conv_wa2' }] },
    ]);
    const unknown = await refusal(service.get(request({ params: { id: '5215550999' } })));
    expect([unknown.code, unknown.details]).toEqual([ErrorCode.NotFound, { id: '5215550999' }]);
  });

  it('shows the conversation with its messages under its workspace, without asking the gateway when no person wrote', async () => {
    const { service, rpc } = world();
    const answer = await service.get(request({ params: { id: 'conv_002' } }));
    expect(answer.workspaces).toEqual([
      {
        id: 'ws_2',
        name: 'Two',
        conversationsCount: 1,
        conversations: [
          expect.objectContaining({
            id: 'conv_002',
            messages: [expect.objectContaining({ id: 'msg_1', owner: null })],
            operationChangedBy: null,
            operationChangedAt: null,
          }),
        ],
      },
    ]);
    expect(rpc.calls).toEqual([]);
  });

  it("names the people who wrote by their email from the gateway, and still answers, with ids, when it can't", async () => {
    const messages = [message('msg_2', { role: 'assistant', direction: 'outgoing', actorType: 'user', actorId: 'usr_1' })];
    const named = world({ messages, gatewayUsers: [{ id: 'usr_1', email: 'ana@acme.test' }] });
    const shown = await named.service.get(request({ params: { id: 'conv_001' } }));
    const detail = shown.workspaces[0]!.conversations[0]!;
    expect(detail.messages[0]!.owner).toEqual({ id: 'usr_1', type: 'user', email: 'ana@acme.test' });
    expect(named.rpc.calls.map((c) => (c.request as { workspaceId: string }).workspaceId)).toEqual(['ws_1']);

    const down = world({ messages, gatewayUsers: 'down' });
    const plain = await down.service.get(request({ params: { id: 'conv_001' } }));
    expect(plain.workspaces[0]!.conversations[0]!.messages[0]!.owner).toEqual({ id: 'usr_1', type: 'user' });
  });
});

describe('ConversationsService.update', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it('finishes a conversation and records conversation.status.updated with the previous status', async () => {
    const { service, stored, unitOfWork } = world();
    const answer = await service.update(patch('conv_001', { status: 'finished' }));
    expect(answer).toMatchObject({
      status: 'success',
      message: 'Conversation updated',
      data: { id: 'conv_001', status: 'finished', lastUpdate: NOW },
    });
    expect(stored.get('conv_001')!.status).toBe('finished');
    expect(unitOfWork.events).toEqual([
      expect.objectContaining({
        schema: 'messaging',
        type: 'conversation.status.updated',
        workspaceId: 'ws_1',
        data: expect.objectContaining({ conversationId: 'conv_001', status: 'finished', previousStatus: 'active' }),
      }),
    ]);
  });

  it('records no event when the status does not change', async () => {
    const { service, unitOfWork } = world();
    await service.update(patch('conv_001', { status: 'active', topic: 'Billing' }));
    expect(unitOfWork.events).toEqual([]);
    expect(unitOfWork.outcomes.committed).toBe(1);
  });

  it('records who took the conversation over and when; setting the same operation again changes neither', async () => {
    const { service, stored } = world();
    await service.update(patch('conv_001', { operation: 'assistance' }, authOf('oauth_token')));
    expect(stored.get('conv_001')).toMatchObject({
      operation: 'assistance',
      operationChangedBy: 'usr_1',
      operationChangedAt: new Date(NOW),
    });

    jest.setSystemTime(Date.parse(NOW) + 60_000);
    await service.update(patch('conv_001', { operation: 'assistance' }, authOf('oauth_token')));
    expect(stored.get('conv_001')).toMatchObject({ operationChangedBy: 'usr_1', operationChangedAt: new Date(NOW) });
    await service.update(patch('conv_001', { operation: 'automatic' }));
    expect(stored.get('conv_001')).toMatchObject({
      operationChangedBy: 'key:key_1',
      operationChangedAt: new Date(Date.parse(NOW) + 60_000),
    });
  });

  it("refuses taking another person's conversation unless takeFrom names them (409 naming them), and records each change's event", async () => {
    const { service, stored, unitOfWork } = world({ gatewayUsers: [{ id: 'usr_1', email: 'ana@acme.test' }] });
    await service.update(patch('conv_001', { operation: 'assistance' }, authOf('oauth_token')));
    const error = await refusal(service.update(patch('conv_001', { operation: 'assistance', tags: ['x'] })));
    expect([error.code, error.details]).toEqual([
      ErrorCode.Conflict,
      { reason: 'conversation_taken', handledBy: { id: 'usr_1', email: 'ana@acme.test' } },
    ]);
    expect(error.message).toMatch(/^ana@acme\.test has this conversation/);
    expect(stored.get('conv_001')).toMatchObject({ operationChangedBy: 'usr_1', tags: [] });
    await service.update(patch('conv_001', { operation: 'assistance', takeFrom: 'usr_1' }));
    expect(stored.get('conv_001')).toMatchObject({ operation: 'assistance', operationChangedBy: 'key:key_1' });
    expect(unitOfWork.events.map((e) => [e.type, (e.data as { handledBy: string }).handledBy])).toEqual([
      ['conversation.operation.updated', 'usr_1'],
      ['conversation.operation.updated', 'key:key_1'],
    ]);
  });

  it('lists "waiting for a person" longest wait first by default, and sorts by waitingSince only there', async () => {
    const { service, pages } = world();
    await service.list(list({ state: 'waiting' }));
    expect(pages[0]).toMatchObject({ filters: { state: 'waiting' }, page: { sortBy: 'waitingSince', sortDirection: 'asc' } });
    const error = await refusal(service.list(list({ sortBy: 'waitingSince' })));
    expect(error.details).toEqual([{ path: ['sortBy'], message: 'waitingSince sorts state=waiting only' }]);
  });

  it('stores tags once each and owners lowercased once each, when the owners are users of the workspace', async () => {
    const { service, rpc, stored } = world();
    rpc.answer(workspaceOperations.members.subject, () => ({ emails: ['ana@acme.test'] }));
    await service.update(patch('conv_001', { tags: ['vip', 'vip', 'late'], owners: ['Ana@Acme.test', 'ana@acme.test'] }));
    expect(stored.get('conv_001')).toMatchObject({ tags: ['vip', 'late'], owners: ['ana@acme.test'] });
  });

  it('refuses owners who are not users of the workspace (400 on owners.N) and changes nothing', async () => {
    const { service, rpc, stored } = world();
    rpc.answer(workspaceOperations.members.subject, () => ({ emails: ['ana@acme.test'] }));
    const error = await refusal(service.update(patch('conv_001', { status: 'finished', owners: ['eve@evil.test'] })));
    expect(error.details).toEqual([{ path: ['owners', 0], message: '"eve@evil.test" is not a user of the workspace' }]);
    expect(stored.get('conv_001')!.status).toBe('active');
  });

  it('assigns a conversation to a user of its workspace, names them, records the change, and refuses anyone else (400 on assignee)', async () => {
    const { service, stored, unitOfWork } = world({ gatewayUsers: [{ id: 'usr_2', email: 'bea@acme.test' }] });
    const answer = await service.update(patch('conv_001', { assignee: 'usr_2' }, authOf('oauth_token')));
    expect(answer.data.assignee).toEqual({ id: 'usr_2', email: 'bea@acme.test' });
    await service.update(patch('conv_001', { assignee: 'usr_2' }));
    const error = await refusal(service.update(patch('conv_001', { assignee: 'usr_9' })));
    expect(error.details).toEqual([{ path: ['assignee'], message: "is not a user of the conversation's workspace" }]);
    await service.update(patch('conv_001', { assignee: null }));
    expect(stored.get('conv_001')!.assigneeId).toBeNull();
    expect(unitOfWork.events.map((e) => e.data)).toEqual([
      expect.objectContaining({ assignee: 'usr_2', previousAssignee: null, changedBy: 'usr_1' }),
      expect.objectContaining({ assignee: null, previousAssignee: 'usr_2', changedBy: 'key:key_1' }),
    ]);
  });

  it('lists by assignee: me is the signed-in user (refused for an API key), none the unassigned', async () => {
    const { service, pages } = world();
    const mine = await service.list({ ...list({ assignee: 'me' }), auth: authOf('oauth_token') });
    // The signed-in person's own unread counts; an API key reads none.
    expect(mine.workspaces.flatMap((w) => w.conversations).map((c) => [c.id, c.unreadCount])).toEqual([
      ['conv_001', 0],
      ['conv_002', 3],
    ]);
    await service.list(list({ assignee: 'none' }));
    await service.list(list({ assignee: 'usr_2' }));
    expect(pages.map((p) => p.filters.assigneeId)).toEqual(['usr_1', null, 'usr_2']);
    expect((await service.list(list({}))).workspaces.flatMap((w) => w.conversations).map((c) => c.unreadCount)).toEqual([null, null]);
    const error = await refusal(service.list(list({ assignee: 'me' })));
    expect(error.details).toEqual([{ path: ['assignee'], message: 'me names a signed-in person: an API key sends a user id' }]);
  });

  it("answers 404 for another workspace's conversation", async () => {
    const { service, unitOfWork } = world();
    const error = await refusal(service.update(patch('conv_002', { status: 'finished' })));
    expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: 'conv_002' }]);
    expect(unitOfWork.events).toEqual([]);
  });
});
