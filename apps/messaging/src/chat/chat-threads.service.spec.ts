import type { ChatAcceptRequest } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, FakeUnitOfWork, newTestService, refusal } from '@platica/testing/test-service';
import type { Transaction } from '@platica/platform';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import type { Client } from '../clients/client.entity';
import { ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import type { Message } from '../conversations/message.entity';
import { MessageRepository } from '../messages/message.repository';
import { ChatThreadsService } from './chat-threads.service';
import { CreditService } from '../usage/credit.service';

const internal: OpenChannel = {
  id: 'ch_int',
  workspaceId: 'ws_1',
  platform: 'service',
  name: 'Internal',
  naturalKey: 'internal',
  externalId: null,
  phoneNumber: null,
  defaultAgentId: null,
  secrets: null,
};

function client(id: string, extra: Partial<Client> = {}): Client {
  return { id, workspaceId: 'ws_1', status: 'active', name: 'Ana', phoneNumber: null, ...extra } as Client;
}

function thread(extra: Partial<Conversation> = {}): Conversation {
  const at = new Date('2026-11-01T00:00:00Z');
  return {
    id: 'conv_1',
    workspaceId: 'ws_1',
    channelId: internal.id,
    platform: 'service',
    conversationId: 'chat_1',
    clientId: 'cl_1',
    agentId: 'ag_1',
    source: null,
    contactName: 'Ana',
    phoneNumber: null,
    topic: null,
    status: 'active',
    operation: 'automatic',
    messageCount: 2,
    owners: [],
    tags: [],
    lastUserMessageAt: null,
    resumeRequestedAt: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  } as Conversation;
}

interface Matches {
  id?: Client;
  email?: Client;
  phoneNumber?: Client;
}

/** The internal channel, at most one thread, the clients identifiers match, and what the service wrote. */
function world(options: { thread?: Conversation; matches?: Matches; stored?: Partial<Message> } = {}) {
  const written = {
    threads: [] as unknown[],
    updates: [] as unknown[],
    messages: [] as Record<string, unknown>[],
    clients: [] as unknown[],
  };
  const unitOfWork = new FakeUnitOfWork();
  const clients = new Map([['cl_1', client('cl_1')]]);
  const built = newTestService(
    ChatThreadsService,
    // No credit limit here (credit.service.spec.ts decides it).
    fake(CreditService, { requireCredit: async () => {} }),
    unitOfWork,
    fake(ChannelRepository, { findInternalChannel: async (workspaceId) => (workspaceId === 'ws_1' ? internal : null) }),
    fake(CustomFieldRepository, { activeKeys: async () => new Map([['ws_1', new Set<string>()]]) }),
    fake(ConversationRepository, {
      findChatThread: async (_t, channelId, conversationId) =>
        options.thread && options.thread.channelId === channelId && options.thread.conversationId === conversationId
          ? options.thread
          : null,
      get: async (id) => {
        if (options.thread?.id !== id) throw new Error(`no conversation ${id}`);
        return options.thread;
      },
      createChatThread: async (transaction: Transaction, _channel, data) => {
        unitOfWork.stage(transaction, () => written.threads.push(data));
        return thread({
          id: data.id,
          conversationId: data.conversationId,
          clientId: data.clientId,
          agentId: data.agentId,
          messageCount: 0,
        });
      },
      update: async (transaction: Transaction, conversation: Conversation, changes) => {
        Object.assign(conversation, changes);
        unitOfWork.stage(transaction, () => written.updates.push({ id: conversation.id, ...changes }));
      },
    }),
    fake(ClientRepository, {
      get: async (id) => clients.get(id)!,
      findInWorkspace: async (_ws, id) => clients.get(id) ?? null,
      matchIdentifiers: async (_t, _ws, identifiers) =>
        (['id', 'email', 'phoneNumber'] as const).flatMap((field) =>
          identifiers[field] === undefined ? [] : [{ field, value: identifiers[field]!, client: options.matches?.[field] ?? null }],
        ),
      applyData: async () => {},
      fillPhoneNumber: async () => {},
      upsert: async (transaction: Transaction, workspaceId, contact) => {
        const created = client('cl_new', { phoneNumber: contact.phoneNumber ?? null });
        unitOfWork.stage(transaction, () => written.clients.push({ workspaceId, ...contact }));
        return { client: created, created: true } as Awaited<ReturnType<ClientRepository['upsert']>>;
      },
    }),
    fake(MessageRepository, {
      lockId: async () => {},
      findById: async (id) => (options.stored ? ({ id, conversationRef: 'conv_1', ...options.stored } as Message) : null),
      insert: async (transaction: Transaction, input) => {
        unitOfWork.stage(transaction, () => written.messages.push(input as unknown as Record<string, unknown>));
        return { id: input.id } as Message;
      },
    }),
  );
  return { ...built, written };
}

function acceptRequest(extra: Partial<ChatAcceptRequest> = {}): ChatAcceptRequest {
  return {
    workspaceId: 'ws_1',
    conversationId: 'chat_1',
    documentId: 'conv_new',
    requestMessageId: 'msg_req',
    agentId: 'ag_1',
    client: null,
    clientId: null,
    message: 'Hi',
    attachments: [],
    actorId: 'key_1',
    ...extra,
  };
}

describe('ChatThreadsService.accept', () => {
  it('starts a thread for a new client found by none of its identifiers, and stores the user message on it', async () => {
    const { service, written } = world();
    const { accepted } = await service.accept(acceptRequest({ client: { phoneNumber: '+5511988887777', name: 'Bea' } }));
    expect(written.clients).toEqual([{ workspaceId: 'ws_1', contactKey: '5511988887777', phoneNumber: '5511988887777' }]);
    expect(written.threads).toEqual([
      expect.objectContaining({ id: 'conv_new', conversationId: 'chat_1', clientId: 'cl_new', agentId: 'ag_1' }),
    ]);
    expect(written.messages).toEqual([
      expect.objectContaining({ id: 'msg_req', role: 'user', direction: 'incoming', status: 'received', content: 'Hi', actorId: 'key_1' }),
    ]);
    expect(accepted).toMatchObject({ id: 'conv_new', clientId: 'cl_new', reactivated: false, agentChanged: false });
  });

  it('reactivates a finished thread: status active, conversation.status.updated recorded with the previous status', async () => {
    const { service, written, unitOfWork } = world({ thread: thread({ status: 'finished' }) });
    const { accepted } = await service.accept(acceptRequest({ agentId: null }));
    expect(accepted).toMatchObject({ id: 'conv_1', reactivated: true, agentChanged: false });
    expect(written.updates).toEqual([{ id: 'conv_1', status: 'active' }]);
    expect(unitOfWork.events).toEqual([
      expect.objectContaining({
        type: 'conversation.status.updated',
        data: expect.objectContaining({ status: 'active', previousStatus: 'finished' }),
      }),
    ]);
  });

  it('gives an active thread another principal agent without an event', async () => {
    const { service, written, unitOfWork } = world({ thread: thread() });
    const { accepted } = await service.accept(acceptRequest({ agentId: 'ag_2' }));
    expect(accepted).toMatchObject({ agentId: 'ag_2', reactivated: false, agentChanged: true });
    expect(written.updates).toEqual([{ id: 'conv_1', agentId: 'ag_2' }]);
    expect(unitOfWork.events).toEqual([]);
  });

  it("refuses to replace a thread's client (409 on client.id) and writes nothing", async () => {
    const { service, written, unitOfWork } = world({ thread: thread() });
    const error = await refusal(service.accept(acceptRequest({ client: { id: 'cl_other' } })));
    expect(error.code).toBe(ErrorCode.Conflict);
    expect(error.details).toEqual([expect.objectContaining({ path: ['client', 'id'], value: 'cl_other', clientId: 'cl_1' })]);
    expect(written.messages).toEqual([]);
    expect(unitOfWork.outcomes).toMatchObject({ committed: 0, 'rolled back': 1 });
  });

  it('refuses identifiers that match two different clients (409, each identifier named)', async () => {
    const { service, written } = world({ matches: { email: client('cl_a'), phoneNumber: client('cl_b') } });
    const error = await refusal(service.accept(acceptRequest({ client: { email: 'a@x.io', phoneNumber: '5511900000000' } })));
    expect(error.code).toBe(ErrorCode.Conflict);
    expect(error.details).toEqual([
      expect.objectContaining({ path: ['client', 'email'], clientId: 'cl_a' }),
      expect.objectContaining({ path: ['client', 'phoneNumber'], clientId: 'cl_b' }),
    ]);
    expect(written.threads).toEqual([]);
  });

  it('reuses the one client its identifiers match', async () => {
    const { service, written } = world({ matches: { email: client('cl_a') } });
    const { accepted } = await service.accept(acceptRequest({ client: { email: 'a@x.io' } }));
    expect(accepted.clientId).toBe('cl_a');
    expect(written.clients).toEqual([]);
  });

  it('refuses a blocked client before writing anything (422 client_blocked)', async () => {
    const { service, written } = world({ matches: { email: client('cl_a', { status: 'blocked' }) } });
    const error = await refusal(service.accept(acceptRequest({ client: { email: 'a@x.io' } })));
    expect([error.status, (error.details as { reason: string }).reason]).toEqual([422, 'client_blocked']);
    expect([written.threads, written.messages]).toEqual([[], []]);
  });

  it('a new thread needs a client (400) and an agent (404: no such chat)', async () => {
    const withoutClient = await refusal(world().service.accept(acceptRequest()));
    expect([withoutClient.status, withoutClient.details]).toEqual([400, [expect.objectContaining({ path: ['client'] })]]);
    const withoutAgent = await refusal(world().service.accept(acceptRequest({ agentId: null, client: { email: 'a@x.io' } })));
    expect(withoutAgent.status).toBe(404);
  });

  it('accepts a request twice once: the repeat answers the thread and writes nothing', async () => {
    const { service, written } = world({ thread: thread(), stored: { workspaceId: 'ws_1', role: 'user' } });
    const { accepted } = await service.accept(acceptRequest());
    expect(accepted).toMatchObject({ id: 'conv_1', requestMessageId: 'msg_req', reactivated: false });
    expect(written.messages).toEqual([]);
  });

  it("refuses a request message id another workspace's message holds (409)", async () => {
    const { service } = world({ thread: thread(), stored: { workspaceId: 'ws_2', role: 'user' } });
    expect((await refusal(service.accept(acceptRequest()))).code).toBe(ErrorCode.Conflict);
  });
});
