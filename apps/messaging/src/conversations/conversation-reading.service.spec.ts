import { type messagingOperations as ops, type AuthContext, type Operation, type OperationRequest } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import type { ServiceConfig } from '@platica/platform';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import type { Conversation } from './conversation.entity';
import { ConversationRepository } from './conversation.repository';
import { ConversationReadingRepository } from './conversation-reading.repository';
import { ConversationReading } from './conversation-reading.service';
import { PageTokens } from '../paging/page-token';

const pageTokens = new PageTokens({ values: { PLATICA_ENCRYPTION_KEYS_PREVIOUS: [] } } as unknown as ServiceConfig);
const ROW = { id: 'conv_1', workspaceId: 'ws_1', platform: 'whatsapp' } as Conversation;

function authOf(credentialType: 'api_key' | 'oauth_token'): AuthContext {
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

function request<Op extends Operation>(fields: { auth: AuthContext; params?: object; query?: object; workspaceId?: string }) {
  return { params: {}, query: {}, body: undefined, requestId: 'req_1', ...fields } as unknown as OperationRequest<Op>;
}

/** The service over fakes: conv_1 of ws_1 is the only conversation; its messages come a page of `limit` at a time from m9 down. */
function world() {
  const marked: string[] = [];
  const pages: { limit: number; before?: { value: string; id: string } }[] = [];
  return {
    marked,
    pages,
    ...newTestService(
      ConversationReading,
      fake(ConversationRepository, {
        findById: async (workspaceIds, id) => (id === ROW.id && workspaceIds.includes(ROW.workspaceId) ? ROW : null),
        findInWorkspace: async (workspaceId, id) => (id === ROW.id && workspaceId === ROW.workspaceId ? ROW : null),
      }),
      fake(ConversationReadingRepository, {
        markRead: async (_tx, conversation, userId) => {
          marked.push(`${conversation.id}:${userId}`);
          return new Date('2026-11-20T12:00:00.000Z');
        },
        counts: async (workspaceIds, userId) =>
          new Map([
            [
              workspaceIds[0]!,
              {
                states: { ai: 2, waiting: 1, human: 0, closed: 4 },
                views: { mine: userId ? 1 : null, unassigned: 3, all: 3 },
                unread: userId ? 2 : null,
              },
            ],
          ]),
        messagesPage: async (_ref, limit, before) => {
          pages.push({ limit, ...(before ? { before } : {}) });
          return { items: [], last: before ? null : { value: '2026-11-20 11:00:00.123456+00', id: 'msg_5' } };
        },
      }),
      fake(PageTokens, { encode: (...args) => pageTokens.encode(...args), decode: (...args) => pageTokens.decode(...args) }),
    ),
  };
}

describe('ConversationReading', () => {
  it("moves the signed-in person's read marker and records conversation.read for their other tabs", async () => {
    const { service, marked, unitOfWork } = world();
    const answer = await service.read(
      request<typeof ops.conversationsRead>({ auth: authOf('oauth_token'), workspaceId: 'ws_1', params: { id: 'conv_1' } }),
    );
    expect(answer).toEqual({ conversationId: 'conv_1', userId: 'usr_1', readAt: '2026-11-20T12:00:00.000Z', unreadCount: 0 });
    expect(marked).toEqual(['conv_1:usr_1']);
    expect(unitOfWork.events.map((e) => [e.type, e.data])).toEqual([
      ['conversation.read', { conversationId: 'conv_1', userId: 'usr_1', readAt: '2026-11-20T12:00:00.000Z' }],
    ]);
  });

  it('refuses a read marker to an API key (400 naming the credential), and a conversation of another workspace (404)', async () => {
    const { service, marked, unitOfWork } = world();
    const byKey = await refusal(service.read(request({ auth: authOf('api_key'), workspaceId: 'ws_1', params: { id: 'conv_1' } })));
    expect([byKey.code, byKey.details]).toEqual([ErrorCode.Validation, [expect.objectContaining({ path: ['credential'] })]]);
    const elsewhere = await refusal(service.read(request({ auth: authOf('oauth_token'), workspaceId: 'ws_2', params: { id: 'conv_1' } })));
    expect(elsewhere.code).toBe(ErrorCode.NotFound);
    expect([marked, unitOfWork.events]).toEqual([[], []]);
  });

  it('counts every readable workspace, zeros where it has none; mine and unread only for a person', async () => {
    const { service } = world();
    const forPerson = await service.counts(request<typeof ops.conversationsCounts>({ auth: authOf('oauth_token') }));
    expect(forPerson.workspaces.map((w) => [w.id, w.counts.views.mine, w.counts.unread])).toEqual([
      ['ws_1', 1, 2],
      ['ws_2', 0, 0],
    ]);
    const forKey = await service.counts(request<typeof ops.conversationsCounts>({ auth: authOf('api_key') }));
    expect(forKey.workspaces[1]).toEqual({
      id: 'ws_2',
      name: 'Two',
      counts: { states: { ai: 0, waiting: 0, human: 0, closed: 0 }, views: { mine: null, unassigned: 0, all: 0 }, unread: null },
    });
  });

  it("pages a conversation's messages with a token bound to the conversation and limit", async () => {
    const { service, pages } = world();
    const messages = (query: object) =>
      service.messages(request<typeof ops.conversationsMessages>({ auth: authOf('api_key'), params: { id: 'conv_1' }, query }));
    const first = await messages({ limit: 5 });
    expect(first).toEqual({ conversationId: 'conv_1', messages: [], nextPageToken: expect.any(String) });
    expect((await messages({ limit: 5, pageToken: first.nextPageToken })).nextPageToken).toBeNull();
    expect(pages).toEqual([{ limit: 5 }, { limit: 5, before: { value: '2026-11-20 11:00:00.123456+00', id: 'msg_5' } }]);
    const otherLimit = await refusal(messages({ limit: 6, pageToken: first.nextPageToken }));
    expect(otherLimit.details).toEqual([expect.objectContaining({ path: ['pageToken'] })]);
    const missing = await refusal(service.messages(request({ auth: authOf('api_key'), params: { id: 'conv_9' } })));
    expect(missing.code).toBe(ErrorCode.NotFound);
  });
});
