import { type chatOperations, internalOperations, type AuthContext, type ChatAccepted, type OperationRequest } from '@platica/contracts';
import { DomainReason, ErrorCode } from '@platica/errors';
import type { RpcReply } from '@platica/contracts';
import { fake, freezeTime, newTestService, refusal } from '@platica/testing/test-service';
import type { ScheduledChatTurnInput, TurnOutcome, TurnTrigger } from '@platica/workflows/activities';
import { ChatConfigService, type ChatConfig } from '../config/chat.config';
import { TurnTimedOut, TurnWorkflows } from './chat-turn.workflows';
import { ChatTurnsService } from './chat-turns.service';

const NOW = '2026-11-20T12:00:00.000Z';

function authOf(userEmail: string | null): AuthContext {
  return {
    principal: 'key_1',
    credentialType: 'api_key',
    workspaceIds: ['ws_1'],
    workspaces: [{ id: 'ws_1', name: 'One' }],
    scopes: ['platica:write'],
    userId: userEmail ? 'usr_1' : null,
    userEmail,
  } as AuthContext;
}

const accepted: ChatAccepted = {
  id: 'conv_1',
  conversationId: 'chat_given',
  clientId: 'cl_1',
  agentId: 'agt_1',
  requestMessageId: 'msg_req',
  reactivated: false,
  agentChanged: true,
};

/** The chat service's world: the turn's outcome, what it ran or scheduled; messaging and agents answer over RPC. */
function world(outcome: (trigger: TurnTrigger) => TurnOutcome = completed, agentStatus = 'active', turnRuns = false) {
  const ran: { workspaceId: string; threadId: string; trigger: TurnTrigger }[] = [];
  const scheduled: { taskId: string; input: ScheduledChatTurnInput }[] = [];
  const built = newTestService(
    ChatTurnsService,
    fake(TurnWorkflows, {
      runNow: async (workspaceId, threadId, trigger) => {
        ran.push({ workspaceId, threadId, trigger });
        return outcome(trigger);
      },
      schedule: async (taskId, input) => {
        scheduled.push({ taskId, input });
        return null;
      },
      turnRuns: async () => turnRuns,
    }),
    fake(ChatConfigService, { values: { PLATICA_ALLOW_PRIVATE_NETWORKS: false } as ChatConfig }),
  );
  built.rpc.answer(internalOperations.agents.describe.subject, (body) => ({
    id: (body as { agentId: string }).agentId,
    status: agentStatus,
  }));
  built.rpc.answer(internalOperations.messaging.chatPrepare.subject, (body) => ({
    id: 'conv_later',
    conversationId: (body as { conversationId: string }).conversationId,
    clientId: 'cl_resolved',
    agentId: 'agt_1',
  }));
  return { ...built, ran, scheduled };
}

function completed(trigger: TurnTrigger): TurnOutcome {
  return {
    requestId: trigger.requestId,
    status: 'completed',
    accepted,
    replies: [{ messageId: 'msg_reply', content: 'Hola', contentType: 'text', status: 'sent', error: null }],
    completedAt: '2026-11-20T12:00:03.000Z',
  };
}

function chatRequest(body: Record<string, unknown>, userEmail: string | null = 'ana@acme.test') {
  return {
    auth: authOf(userEmail),
    workspaceId: 'ws_1',
    params: {},
    query: {},
    requestId: 'req_1',
    body: { agentId: 'agt_1', message: 'Hi', ...body },
  } as unknown as OperationRequest<typeof chatOperations.send>;
}

describe('ChatTurnsService.send, a turn now', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it("runs the turn on the thread and answers the agent's replies", async () => {
    const { service, ran } = world();
    const answer = await service.send(chatRequest({ conversationId: 'chat_given', additionalInstructions: 'Be brief' }));
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ workspaceId: 'ws_1', threadId: 'chat_given' });
    const trigger = ran[0]!.trigger;
    expect(trigger).toMatchObject({
      kind: 'chat',
      additionalInstructions: 'Be brief',
      chat: {
        workspaceId: 'ws_1',
        conversationId: 'chat_given',
        agentId: 'agt_1',
        client: null,
        clientId: null,
        message: 'Hi',
        attachments: [],
        actorId: 'usr_1',
      },
    });
    expect(trigger.requestId).toBe(trigger.chat!.requestMessageId);
    expect(answer).toEqual({
      id: 'conv_1',
      conversationId: 'chat_given',
      clientId: 'cl_1',
      agentId: 'agt_1',
      status: 'completed',
      requestMessageId: 'msg_req',
      messages: [{ id: 'msg_reply', role: 'assistant', content: 'Hola', contentType: 'text' }],
      reactivated: false,
      agentChanged: true,
      timestamp: '2026-11-20T12:00:03.000Z',
    });
  });

  it("starts a new thread when none is named, speaking as the credential's user unless a client is given", async () => {
    const { service, ran } = world();
    await service.send(chatRequest({}));
    await service.send(chatRequest({ client: { phoneNumber: '5215550001' } }));
    const [asUser, asClient] = ran.map((r) => r.trigger.chat!);
    expect(asUser!.conversationId).toMatch(/^chat_[0-9a-f-]{36}$/);
    expect(asUser!.client).toEqual({ email: 'ana@acme.test' });
    expect(asClient!.client).toEqual({ phoneNumber: '5215550001' });
    expect(asClient!.conversationId).not.toBe(asUser!.conversationId);
  });

  it('refuses a new thread without a client when the credential has no user to speak as (400 on client)', async () => {
    const { service, ran } = world();
    const error = await refusal(service.send(chatRequest({}, null)));
    expect([error.status, error.details]).toEqual([400, [{ path: ['client'], message: expect.stringContaining('no user to speak as') }]]);
    expect(ran).toEqual([]);
  });

  it('refuses attachments on private or non-http addresses, naming each, before any turn runs', async () => {
    const { service, ran } = world();
    const attachments = [
      { url: 'https://93.184.216.34/menu.pdf', type: 'document' },
      { url: 'http://169.254.169.254/latest/meta-data', type: 'document' },
      { url: 'http://10.0.0.5/cat.png', type: 'image' },
    ];
    const error = await refusal(service.send(chatRequest({ attachments })));
    expect(error.status).toBe(400);
    expect((error.details as { path: unknown[] }[]).map((issue) => issue.path)).toEqual([
      ['attachments', 1, 'url'],
      ['attachments', 2, 'url'],
    ]);
    expect(ran).toEqual([]);
  });

  it("answers a request the turn refused with that refusal's status, code and details", async () => {
    const busy = {
      status: 409,
      error: ErrorCode.Conflict,
      body: { code: 409, error: 'Another turn is running', details: { reason: 'busy' } },
    };
    const { service } = world((trigger) => ({ requestId: trigger.requestId, status: 'rejected', error: busy }));
    const error = await refusal(service.send(chatRequest({ conversationId: 'chat_given' })));
    expect([error.code, error.message, error.details]).toEqual([ErrorCode.Conflict, 'Another turn is running', { reason: 'busy' }]);
  });

  it('answers 502 naming the thread and the reason when the model failed after its retries', async () => {
    const { service } = world((trigger) => ({
      requestId: trigger.requestId,
      status: 'failed',
      accepted,
      error: { code: 'model_unavailable', message: 'the provider answered 503' },
    }));
    const error = await refusal(service.send(chatRequest({ conversationId: 'chat_given' })));
    expect([error.code, error.status]).toEqual([ErrorCode.UpstreamFailed, 502]);
    expect(error.message).toContain('the provider answered 503');
    // Accepted: the thread and the request's message are stored; a keyed retry answers this again.
    expect(error.details).toEqual({
      id: 'conv_1',
      conversationId: 'chat_given',
      requestMessageId: 'msg_req',
      reason: 'model_unavailable',
      accepted: true,
    });
  });

  it('answers 504 past the time limit, with what the client needs to read the thread before retrying', async () => {
    const { service } = world(() => {
      throw new TurnTimedOut(110_000);
    });
    const started = await refusal(service.send(chatRequest({})));
    expect([started.code, started.status, started.message]).toEqual([ErrorCode.Timeout, 504, expect.stringContaining('reply will appear')]);
    // A new thread: the id this request gave it (GET /v1/chat/{id}).
    expect(started.details).toEqual({
      id: expect.stringMatching(/^conv_/),
      conversationId: expect.stringMatching(/^chat_/),
      requestMessageId: expect.stringMatching(/^msg_/),
      accepted: true,
      timeoutMs: 110_000,
    });
    const continued = await refusal(service.send(chatRequest({ conversationId: 'chat_given' })));
    expect(continued.details).toEqual({
      conversationId: 'chat_given',
      requestMessageId: expect.stringMatching(/^msg_/),
      accepted: true,
      timeoutMs: 110_000,
    });
  });

  it('answers a silent turn as completed without messages', async () => {
    const { service } = world((trigger) => ({
      requestId: trigger.requestId,
      status: 'silent',
      accepted,
      reason: 'human assistance',
      completedAt: NOW,
    }));
    const answer = await service.send(chatRequest({ conversationId: 'chat_given' }));
    expect(answer).toMatchObject({ status: 'completed', messages: [], id: 'conv_1' });
  });
});

describe('ChatTurnsService.send, a turn later', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it('resolves the client now, schedules the turn with it and answers 202 with the task', async () => {
    const { service, rpc, ran, scheduled } = world();
    const reply = (await service.send(
      chatRequest({ conversationId: 'chat_given', delay: 90_000, client: { email: 'bo@acme.test' } }),
    )) as RpcReply;
    expect(ran).toEqual([]);
    expect(rpc.bodiesTo(internalOperations.messaging.chatPrepare.subject)).toEqual([
      {
        workspaceId: 'ws_1',
        conversationId: 'chat_given',
        documentId: expect.stringMatching(/^conv_/),
        agentId: 'agt_1',
        client: { email: 'bo@acme.test' },
      },
    ]);
    expect(scheduled).toHaveLength(1);
    const { taskId, input } = scheduled[0]!;
    expect(input).toMatchObject({
      workspaceId: 'ws_1',
      conversationKey: 'chat_given',
      conversationRef: null,
      executeAt: '2026-11-20T12:01:30.000Z',
      trigger: { kind: 'chat', chat: { client: null, clientId: 'cl_resolved', scheduled: true, message: 'Hi' } },
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({
      id: 'conv_later',
      conversationId: 'chat_given',
      clientId: 'cl_resolved',
      agentId: 'agt_1',
      status: 'scheduled',
      requestMessageId: input.trigger.requestId,
      messages: [],
      schedule: { taskId, scheduleAt: '2026-11-20T12:01:30.000Z', delayMs: 90_000 },
      timestamp: NOW,
    });
  });

  it('refuses to schedule a turn for an inactive agent (422 agent_inactive), preparing and scheduling nothing', async () => {
    const { service, rpc, scheduled } = world(completed, 'inactive');
    const error = await refusal(service.send(chatRequest({ scheduleAt: '2026-11-21T09:00:00Z' })));
    expect([error.status, (error.details as { reason: string }).reason]).toEqual([422, DomainReason.AgentInactive]);
    expect(rpc.bodiesTo(internalOperations.messaging.chatPrepare.subject)).toEqual([]);
    expect(scheduled).toEqual([]);
  });

  it('refuses a scheduleAt in the past (400 on scheduleAt) without asking anyone', async () => {
    const { service, rpc, scheduled } = world();
    const error = await refusal(service.send(chatRequest({ scheduleAt: '2026-11-20T11:59:59Z' })));
    expect(error.details).toEqual([{ path: ['scheduleAt'], message: 'must be in the future' }]);
    expect([rpc.calls, scheduled]).toEqual([[], []]);
  });
});

describe('ChatTurnsService.send, a keyed request retried past the gateway (its first attempt accepted)', () => {
  const keyed = (body: Record<string, unknown>) => ({ ...chatRequest(body), requestRef: 'ref_1' });
  const outcome = (over: Record<string, unknown>) => ({
    outcome: { accepted, replies: [], failure: null, completedAt: null, ...over },
  });

  it("answers the turn's failure again (502, accepted), running nothing", async () => {
    const { service, rpc, ran } = world();
    rpc.answer(internalOperations.messaging.chatOutcome.subject, () =>
      outcome({ failure: { code: 'model_error', message: 'the provider answered 500' }, completedAt: NOW }),
    );
    const error = await refusal(service.send(keyed({ conversationId: 'chat_given' })));
    expect([error.status, error.details]).toEqual([
      502,
      { id: 'conv_1', conversationId: 'chat_given', requestMessageId: 'msg_req', reason: 'model_error', accepted: true },
    ]);
    expect(ran).toEqual([]);
  });

  it('answers 409 while its thread has a turn running, and 502 once the turn ended with nothing recorded', async () => {
    const running = world(completed, 'active', true);
    running.rpc.answer(internalOperations.messaging.chatOutcome.subject, () => outcome({}));
    const busy = await refusal(running.service.send(keyed({ conversationId: 'chat_given' })));
    expect([busy.status, busy.details]).toEqual([409, expect.objectContaining({ reason: 'idempotency_key_in_progress', accepted: true })]);

    const ended = world(completed, 'active', false);
    ended.rpc.answer(internalOperations.messaging.chatOutcome.subject, () => outcome({}));
    const failed = await refusal(ended.service.send(keyed({ conversationId: 'chat_given' })));
    expect([failed.status, failed.details]).toEqual([502, expect.objectContaining({ reason: 'turn_failed', accepted: true })]);
    expect(ended.ran).toEqual([]);
  });
});
