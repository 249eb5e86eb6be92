import type { AuthContext } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, freezeTime, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import type { Conversation } from '../conversations/conversation.entity';
import type { ConversationFilters } from '../conversations/conversation-filters';
import { ConversationRepository, type ConversationPageRequest } from '../conversations/conversation.repository';
import type { Message } from '../conversations/message.entity';
import { ChatReadsService } from './chat-reads.service';

const NOW = '2026-11-20T12:00:00.000Z';

function conversation(id: string, workspaceId: string, source: string | null): Conversation {
  return {
    id,
    workspaceId,
    source,
    conversationId: `thread_${id}`,
    channelId: 'ch_internal',
    clientId: 'cl_1',
    agentId: 'agt_1',
    platform: 'internal',
    status: 'active',
    operation: 'automatic',
    messageCount: 2,
    owners: [],
    tags: [],
    lastUserMessageAt: new Date('2026-11-20T11:00:00Z'),
    createdAt: new Date('2026-11-20T10:00:00Z'),
    updatedAt: new Date('2026-11-20T11:00:00Z'),
  } as unknown as Conversation;
}

function world() {
  const stored = [
    conversation('conv_1', 'ws_1', 'api_chat'),
    conversation('conv_2', 'ws_2', 'api_chat'),
    conversation('conv_3', 'ws_1', null),
  ];
  const pages: { filters: ConversationFilters; page: ConversationPageRequest }[] = [];
  const messagesAsked: string[] = [];
  const built = newTestService(
    ChatReadsService,
    fake(ConversationRepository, {
      page: async (filters, page) => {
        pages.push({ filters, page });
        return {
          items: stored.filter((c) => filters.workspaceIds.includes(c.workspaceId) && c.source === filters.source),
          hasMore: true,
          last: null,
        } as never;
      },
      findById: async (workspaceIds, id) => stored.find((c) => c.id === id && workspaceIds.includes(c.workspaceId)) ?? null,
      messagesOf: async (ref) => {
        messagesAsked.push(ref);
        return [
          {
            id: 'msg_1',
            role: 'user',
            content: 'Hola',
            contentType: 'text',
            direction: 'incoming',
            status: 'received',
            createdAt: new Date('2026-11-20T10:00:00Z'),
            updatedAt: new Date('2026-11-20T10:00:00Z'),
          } as unknown as Message,
        ] as never;
      },
    }),
  );
  return { ...built, pages, messagesAsked };
}

function request(fields: { workspaceId?: string; params?: object; query?: object; auth?: AuthContext }) {
  return { auth: testAuth(), params: {}, query: {}, body: undefined, requestId: 'req_1', ...fields } as never;
}

describe('ChatReadsService.list', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it("pages the readable workspaces' chats (api_chat only), latest activity first, with the query's filters", async () => {
    const { service, pages } = world();
    const answer = await service.list(request({ query: { limit: 20, offset: 5, clientId: 'cl_1' } }));
    expect(pages).toEqual([
      {
        filters: { workspaceIds: ['ws_1', 'ws_2'], source: 'api_chat', clientId: 'cl_1', agentId: undefined },
        page: { sortBy: 'lastUpdate', sortDirection: 'desc', limit: 20, offset: 5 },
      },
    ]);
    expect(answer.pagination).toEqual({ limit: 20, offset: 5, hasMore: true });
    expect(answer.chats.map((c) => [c.id, c.workspaceId, c.source])).toEqual([
      ['conv_1', 'ws_1', 'api_chat'],
      ['conv_2', 'ws_2', 'api_chat'],
    ]);
  });

  it('reads only the named workspace, and nothing when the scope is empty', async () => {
    const { service, pages } = world();
    await service.list(request({ workspaceId: 'ws_2', query: { limit: 10, offset: 0 } }));
    expect(pages[0]!.filters.workspaceIds).toEqual(['ws_2']);
    const none = await service.list(request({ auth: testAuth({ workspaces: [], workspaceIds: [] }), query: { limit: 10, offset: 0 } }));
    expect(none).toEqual({ chats: [], pagination: { limit: 10, offset: 0, hasMore: false } });
    expect(pages).toHaveLength(1);
  });
});

describe('ChatReadsService.get', () => {
  it('shows a chat with its messages in the chat shape (no detail fields)', async () => {
    const { service, messagesAsked } = world();
    const answer = await service.get(request({ params: { id: 'conv_1' } }));
    expect(answer).toMatchObject({ id: 'conv_1', source: 'api_chat', conversationId: 'thread_conv_1' });
    expect(answer.messages).toEqual([
      {
        id: 'msg_1',
        role: 'user',
        content: 'Hola',
        contentType: 'text',
        direction: 'incoming',
        status: expect.any(String),
        creationDate: '2026-11-20T10:00:00.000Z',
      },
    ]);
    expect(messagesAsked).toEqual(['conv_1']);
  });

  it("answers 404 for a conversation that is not a chat, another workspace's chat, or no id", async () => {
    const { service, messagesAsked } = world();
    for (const [workspaceId, id] of [
      [undefined, 'conv_3'],
      ['ws_1', 'conv_2'],
      [undefined, undefined],
    ] as const) {
      const error = await refusal(service.get(request({ workspaceId, params: id ? { id } : {} })));
      expect([error.code, error.details]).toEqual([ErrorCode.NotFound, expect.objectContaining({ id: id ?? '' })]);
    }
    expect(messagesAsked).toEqual([]);
  });
});
