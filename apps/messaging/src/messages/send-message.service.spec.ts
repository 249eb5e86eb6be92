import { internalOperations, type AuthContext } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { fake, FakeUnitOfWork, freezeTime, newTestService, refusal } from '@platica/testing/test-service';
import type { Transaction } from '@platica/platform';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import { GraphError } from '../graph/meta-graph.adapter';
import { ScheduledMessagesService } from '../scheduled/scheduled-messages.service';
import { TemplateRepository } from '../templates/template.repository';
import { GraphDelivery } from './graph-delivery';
import type { Message } from '../conversations/message.entity';
import { MessageRepository, type NewOutgoingMessage } from './message.repository';
import { SendMessageService } from './send-message.service';
import { KeyedSends } from './keyed-sends';
import { MessagingConfigService } from '../config/messaging.config';
import { CreditService } from '../usage/credit.service';
import { Takeovers, type OperationChange } from '../conversations/takeovers';

const NOW = '2026-11-20T12:00:00.000Z';
const HOUR = 3_600_000;
const auth: AuthContext = {
  principal: 'key_1',
  credentialType: 'api_key',
  workspaceIds: ['ws_1'],
  workspaces: [{ id: 'ws_1', name: 'One' }],
  scopes: ['platica:write'],
  userId: null,
  userEmail: null,
} as AuthContext;

const whatsapp: OpenChannel = {
  id: 'ch_wa',
  workspaceId: 'ws_1',
  platform: 'whatsapp',
  name: 'WA',
  naturalKey: 'wa',
  externalId: 'phone_1',
  phoneNumber: '15550001',
  defaultAgentId: null,
  secrets: null,
};

function conversation(lastUserMessageAt: Date | null): Conversation {
  return {
    id: 'conv_1',
    workspaceId: 'ws_1',
    channelId: whatsapp.id,
    platform: 'whatsapp',
    conversationId: '5511999990000',
    clientId: 'cl_1',
    lastUserMessageAt,
  } as Conversation;
}

/** The messaging world a send sees: one WhatsApp channel, at most one conversation, and what got written. */
function world(
  options: {
    conversation?: Conversation | null;
    clientBlocked?: boolean;
    graph?: 'accepts' | 'refuses' | GraphError;
    heldBy?: string;
  } = {},
) {
  const stored: Message[] = [];
  const claimed = new Map<string, Message>();
  const takeovers: OperationChange[] = [];
  const delivered: { recipient: string; content: unknown }[] = [];
  const resumeRequested: string[] = [];
  const scheduled: unknown[] = [];
  const unitOfWork = new FakeUnitOfWork();
  const found = options.conversation === undefined ? conversation(new Date(Date.parse(NOW) - HOUR)) : options.conversation;
  const built = newTestService(
    SendMessageService,
    // No credit limit here (credit.service.spec.ts decides it).
    fake(CreditService, { requireCredit: async () => {}, observe: () => {} }),
    unitOfWork,
    fake(ChannelRepository, {
      findForWorkspace: async (workspaceId, ref) => (workspaceId === 'ws_1' && ref === whatsapp.id ? whatsapp : null),
    }),
    fake(ConversationRepository, {
      findByContactForSend: async (channelId, recipient) =>
        found && channelId === found.channelId && recipient === found.conversationId
          ? { conversation: found, clientBlocked: options.clientBlocked ?? false }
          : null,
      markResumeRequested: async (transaction: Transaction, id: string) => unitOfWork.stage(transaction, () => resumeRequested.push(id)),
      findForUpdate: async () => found,
    }),
    fake(Takeovers, {
      apply: async (_transaction, _conversation, change) => {
        if (options.heldBy) {
          throw new DomainError(ErrorCode.Conflict, `${options.heldBy} has this conversation`, { reason: 'conversation_taken' });
        }
        takeovers.push(change);
        return true;
      },
    }),
    fake(CustomFieldRepository, { activeKeys: async () => new Map([['ws_1', new Set(['plan'])]]) }),
    fake(MessageRepository, {
      // An API send's message is claimed `sending` before Graph is called, then settled: stored once settled.
      claim: async (_transaction: Transaction, input: NewOutgoingMessage) => {
        const message = { ...input, id: input.id ?? `msg_${claimed.size + 1}`, direction: 'outgoing', createdAt: new Date() };
        claimed.set(message.id, message as unknown as Message);
        return message as unknown as Message;
      },
      get: async (id: string) => claimed.get(id)!,
      lockClaims: async (_transaction: Transaction, ids: string[]) => ids.flatMap((id) => (claimed.has(id) ? [claimed.get(id)!] : [])),
      settle: async (transaction: Transaction, message: Message, _conversation, outcome) => {
        const settled = { ...message, ...outcome } as Message;
        unitOfWork.stage(transaction, () => stored.push(settled));
        return settled;
      },
      insertOutgoing: async (transaction: Transaction, input: NewOutgoingMessage) => {
        const message = {
          ...input,
          id: input.id ?? `msg_${stored.length + 1}`,
          direction: 'outgoing',
          createdAt: new Date(),
        } as unknown as Message;
        unitOfWork.stage(transaction, () => stored.push(message));
        return message;
      },
    }),
    fake(GraphDelivery, {
      send: async (_channel, recipient, content) => {
        delivered.push({ recipient, content });
        if (options.graph instanceof GraphError) return { externalId: null, failure: options.graph };
        return options.graph === 'refuses'
          ? { externalId: null, failure: new GraphError('(#131026) Message undeliverable', 400, 131026, 'trace_1') }
          : { externalId: `wamid.${delivered.length}`, failure: null };
      },
    }),
    fake(ScheduledMessagesService, {
      schedule: async (workspaceId, _auth, send, timing) => {
        scheduled.push({ workspaceId, send, timing });
        return { status: 202, body: { id: 'msg_later' } };
      },
    }),
    fake(ClientRepository, {}),
    fake(TemplateRepository, {}),
    fake(KeyedSends, { messageIdOf: () => undefined, once: async (_workspaceId, _messageId, send) => send() }),
    fake(MessagingConfigService, { values: { PLATICA_RPC_TIMEOUT_MS: 15_000 } as MessagingConfigService['values'] }),
  );
  return { ...built, stored, delivered, resumeRequested, scheduled, takeovers };
}

/** A person signed in (an OAuth user), as the console sends. */
const person = { ...auth, principal: 'usr_1', credentialType: 'oauth_token', userId: 'usr_1' } as AuthContext;

function sendRequest(body: Record<string, unknown>, as: AuthContext = auth) {
  return {
    auth: as,
    workspaceId: 'ws_1',
    params: {},
    query: {},
    requestId: 'req_1',
    body: { channelId: whatsapp.id, conversationId: '+5511999990000', content: 'hello', ...body },
  } as Parameters<SendMessageService['send']>[0];
}

describe('SendMessageService.send', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it("takes the conversation over for a person's reply before it goes out; an API key's send and a person's instruction take nothing", async () => {
    const w = world();
    await w.service.send(sendRequest({}, person));
    expect(w.takeovers).toEqual([{ operation: 'assistance', actorId: 'usr_1' }]);
    expect([w.delivered.length, w.stored[0]?.actorType]).toEqual([1, 'user']);
    await w.service.send(sendRequest({}));
    await w.service.send(sendRequest({ type: 'instruction', content: { text: 'ofrece un descuento', mode: 'wait' } }, person));
    expect(w.takeovers).toHaveLength(1);
  });

  it("refuses a person's reply into a conversation another person has, sending and storing nothing", async () => {
    const w = world({ heldBy: 'beto@acme.test' });
    const error = await refusal(w.service.send(sendRequest({}, person)));
    expect([error.code, error.message]).toEqual([ErrorCode.Conflict, 'beto@acme.test has this conversation']);
    expect([w.delivered, w.stored]).toEqual([[], []]);
  });

  it('sends through Graph inside the service window and stores the message sent, attributed to the key', async () => {
    const { service, stored, delivered } = world();
    const answer = await service.send(sendRequest({}));
    expect(delivered).toEqual([{ recipient: '5511999990000', content: { type: 'text', text: 'hello' } }]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'sent',
      externalId: 'wamid.1',
      actorType: 'api',
      actorId: 'key_1',
      campaignId: 'api',
      role: 'assistant',
    });
    expect(answer).toEqual({ messageId: stored[0]!.id, status: 'sent', timestamp: NOW });
  });

  it('refuses an unknown channel (404) before anything is sent or written', async () => {
    const { service, delivered, unitOfWork } = world();
    const error = await refusal(service.send(sendRequest({ channelId: 'ch_other' })));
    expect([error.code, error.status]).toEqual([ErrorCode.NotFound, 404]);
    expect(delivered).toEqual([]);
    expect(unitOfWork.outcomes.committed).toBe(0);
  });

  it('refuses a WhatsApp send without a conversation: a template must open it (422, canSendDirectMessage false)', async () => {
    const { service, delivered } = world({ conversation: null });
    const error = await refusal(service.send(sendRequest({})));
    expect(error.status).toBe(422);
    expect(error.details).toMatchObject({ channelId: whatsapp.id, conversationId: '5511999990000', canSendDirectMessage: false });
    expect(delivered).toEqual([]);
  });

  it('refuses once the 24-hour window has closed, and sends just before', async () => {
    const closed = world({ conversation: conversation(new Date(Date.parse(NOW) - 24 * HOUR - 1)) });
    const error = await refusal(closed.service.send(sendRequest({})));
    expect([error.status, (error.details as { reason: string }).reason]).toEqual([422, 'window_closed']);
    expect(closed.delivered).toEqual([]);

    const open = world({ conversation: conversation(new Date(Date.parse(NOW) - 24 * HOUR + 1_000)) });
    await open.service.send(sendRequest({}));
    expect(open.delivered).toHaveLength(1);
  });

  it('refuses a blocked client without calling Graph', async () => {
    const { service, delivered, stored } = world({ clientBlocked: true });
    const error = await refusal(service.send(sendRequest({})));
    expect(error.details).toMatchObject({ reason: 'client_blocked', clientId: 'cl_1' });
    expect([delivered, stored]).toEqual([[], []]);
  });

  it("stores a message Graph refused as failed, with Meta's error, and answers 502 naming it", async () => {
    const { service, stored } = world({ graph: 'refuses' });
    const error = await refusal(service.send(sendRequest({})));
    expect([error.code, error.status]).toEqual([ErrorCode.UpstreamFailed, 502]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'failed',
      externalId: null,
      error: { provider: 'meta', code: 131026, fbtraceId: 'trace_1' },
    });
    expect(error.details).toMatchObject({ messageId: stored[0]!.id, messageStatus: 'failed', code: 131026 });
  });

  it('a resume instruction never reaches the customer: stored as a system message, the conversation marked, a turn requested with it', async () => {
    const { service, stored, delivered, resumeRequested, unitOfWork } = world();
    await service.send(sendRequest({ type: 'instruction', content: { text: 'Offer the upgrade', mode: 'resume' } }));
    expect(delivered).toEqual([]);
    expect(stored).toEqual([expect.objectContaining({ role: 'system', contentType: 'instruction', content: 'Offer the upgrade' })]);
    expect(resumeRequested).toEqual(['conv_1']);
    expect(unitOfWork.events).toEqual([
      expect.objectContaining({
        schema: 'messaging',
        type: 'agent.turn.requested',
        workspaceId: 'ws_1',
        data: expect.objectContaining({ conversationRef: 'conv_1', reason: 'resume', messageIds: [stored[0]!.id] }),
      }),
    ]);
  });

  it('a wait instruction requests no turn', async () => {
    const { service, resumeRequested, unitOfWork } = world();
    await service.send(sendRequest({ type: 'instruction', content: { text: 'Hold on', mode: 'wait' } }));
    expect(resumeRequested).toEqual([]);
    expect(unitOfWork.events).toEqual([]);
  });

  it('asks the campaigns service about a named campaign; one it does not know is a 400 on campaignId', async () => {
    const { service, rpc, delivered } = world();
    rpc.answer(internalOperations.campaigns.describe.subject, () => {
      throw DomainError.notFound('Campaign', 'cmp_x');
    });
    const error = await refusal(service.send(sendRequest({ campaignId: 'cmp_x' })));
    expect(error.status).toBe(400);
    expect(error.details).toEqual([{ path: ['campaignId'], message: expect.stringContaining('cmp_x') }]);
    expect(rpc.bodiesTo(internalOperations.campaigns.describe.subject)).toEqual([{ campaignId: 'cmp_x' }]);
    expect(delivered).toEqual([]);
  });

  it('does not ask about the default campaign', async () => {
    const { service, rpc } = world();
    await service.send(sendRequest({ campaignId: 'api' }));
    expect(rpc.calls).toEqual([]);
  });

  it('refuses client data naming an inactive custom field (400 on its path)', async () => {
    const { service, delivered } = world();
    const error = await refusal(service.send(sendRequest({ client: { customFields: { shoeSize: 42 } } })));
    expect(error.status).toBe(400);
    expect(JSON.stringify(error.details)).toContain('shoeSize');
    expect(delivered).toEqual([]);
  });

  it('a delayed send is checked, then handed to the scheduler without looking for the conversation or sending', async () => {
    const { service, scheduled, delivered } = world({ conversation: null });
    const answer = await service.send(sendRequest({ delay: 60_000 }));
    expect(answer).toEqual({ status: 202, body: { id: 'msg_later' } });
    expect(delivered).toEqual([]);
    expect(scheduled).toEqual([
      {
        workspaceId: 'ws_1',
        send: expect.objectContaining({
          kind: 'service',
          channelId: whatsapp.id,
          conversationId: '5511999990000',
          preview: 'hello',
          phoneNumber: '5511999990000',
        }),
        timing: expect.objectContaining({ status: 'delayed', executeAt: new Date(Date.parse(NOW) + 60_000) }),
      },
    ]);
  });
});

describe('SendMessageService: a failed send says why, in the stored error and the 502', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  /** Sends through a Graph that fails with `failure`; answers the 502, the stored message and what a caller's write got. */
  async function failedWith(failure: GraphError) {
    const { service, stored } = world({ graph: failure });
    const outcomes: { error: string | null }[] = [];
    const command = { kind: 'service' as const, workspaceId: 'ws_1', actor: { actorType: 'api' as const, actorId: 'key_1' } };
    const error = await refusal(
      service.sendMessage(
        { ...command, body: { channelId: whatsapp.id, conversationId: '5511999990000', content: 'hello' } },
        { alongside: async (_transaction, outcome) => void outcomes.push(outcome) },
      ),
    );
    return { error, stored: stored[0]!, scheduledError: outcomes[0]?.error };
  }

  it('Graph unreachable: "could not be reached", never "refused"; stored with reason unreachable and no code', async () => {
    const { error, stored, scheduledError } = await failedWith(
      new GraphError('ECONNREFUSED: fetch failed', null, null, null, 'unreachable'),
    );
    expect(error.message).toBe("Meta's Graph API could not be reached: ECONNREFUSED: fetch failed");
    expect(error.message).not.toContain('refused the message');
    expect([error.code, error.status]).toEqual([ErrorCode.UpstreamFailed, 502]);
    expect(stored).toMatchObject({ status: 'failed', error: { provider: 'meta', reason: 'unreachable', status: null, code: null } });
    expect(scheduledError).toBe(error.message);
  });

  it("Meta refused: the sentence carries Meta's code and text; stored with reason refused and the code", async () => {
    const { error, stored, scheduledError } = await failedWith(new GraphError('(#131026) Message undeliverable', 400, 131026, 'trace_1'));
    expect(error.message).toBe("Meta's Graph API refused the message (code 131026): (#131026) Message undeliverable");
    expect(stored.error).toEqual({
      provider: 'meta',
      reason: 'refused',
      status: 400,
      code: 131026,
      message: '(#131026) Message undeliverable',
      fbtraceId: 'trace_1',
    });
    expect(error.details).toMatchObject({ reason: 'refused', code: 131026, messageStatus: 'failed', messageId: stored.id });
    expect(scheduledError).toBe(error.message);
  });

  it("Meta refused for the window: the sentence says the 24-hour window is closed, with Meta's code", async () => {
    const { error, stored } = await failedWith(new GraphError('Re-engagement message', 400, 131047, 'trace_2', 'window_closed'));
    expect(error.message).toBe(
      "Meta's Graph API refused the message: the customer's 24-hour window is closed (code 131047): Re-engagement message",
    );
    expect(stored.error).toMatchObject({ reason: 'window_closed', code: 131047 });
  });

  it('not sendable at all (a channel without credentials): neither unreachable nor refused', async () => {
    const { error, stored } = await failedWith(new GraphError('the channel has no Meta credentials', null, null, null, 'unsendable'));
    expect(error.message).toBe('The message could not be sent: the channel has no Meta credentials');
    expect(stored.error).toMatchObject({ reason: 'unsendable' });
  });
});
