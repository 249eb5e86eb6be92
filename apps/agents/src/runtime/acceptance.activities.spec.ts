import { internalOperations, type ChatAccepted, type ChatAcceptRequest, type TurnContext } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { FakeRpcClient, strict } from '@platica/testing/test-service';
import type { Agent } from '../agents/agent.entity';
import { createAcceptanceActivities } from './acceptance.activities';
import type { TurnDeps } from './turn-deps';
import { TurnMemos } from './turn-memos';
import type { AgentLoads, TurnSettingLoader } from './turn-setting';

const ACCEPT = internalOperations.messaging.chatAccept.subject;
const REJECT = internalOperations.messaging.chatReject.subject;
const RUN = 'run_1';

const accepted: ChatAccepted = {
  id: 'conv_1',
  conversationId: 'chat_1',
  clientId: 'cl_1',
  agentId: 'agt_1',
  requestMessageId: 'msg_req',
  reactivated: false,
  agentChanged: false,
};

const context = {
  conversation: { id: 'conv_1', conversationId: 'chat_1', workspaceId: 'ws_1', agentId: 'agt_1' },
  channelDefaultAgentId: null,
  history: [],
} as unknown as TurnContext;

function request(fields: Partial<ChatAcceptRequest> = {}): ChatAcceptRequest {
  return {
    workspaceId: 'ws_1',
    conversationId: 'chat_1',
    documentId: 'conv_new',
    requestMessageId: 'msg_req',
    agentId: 'agt_1',
    client: { email: 'ana@acme.test' },
    clientId: null,
    message: 'Hi',
    attachments: [],
    actorId: null,
    ...fields,
  };
}

/** The acceptance over messaging (answering over RPC), the worker's own agents and a loader that records what it was asked. */
function world(agents: Record<string, Partial<Agent>> = { agt_1: { status: 'active' } }) {
  const rpc = new FakeRpcClient().answer(ACCEPT, () => ({ ...accepted, context })).answer(REJECT, () => ({ id: 'conv_1' }));
  const memos = new TurnMemos();
  const chatAnswers: { runId: string | undefined; accepted: ChatAccepted }[] = [];
  const loaded: string[] = [];
  const find = async (_workspaceId: string, agentId: string) => (agents[agentId] ? ({ id: agentId, ...agents[agentId] } as Agent) : null);
  const deps = strict<TurnDeps>('TurnDeps', {
    rpc,
    agents: strict('AgentRepository', { find }),
    chatAnswers: strict('ChatAnswers', {
      accept: (runId: string | undefined, a: ChatAccepted) => void chatAnswers.push({ runId, accepted: a }),
    }),
    logger: strict('Logger', { warn: () => undefined }),
  });
  const setting = strict<TurnSettingLoader>('TurnSettingLoader', {
    agentLoads: (workspaceId: string, agentId: string): AgentLoads => {
      loaded.push(`agent ${agentId}`);
      return { agentId, agent: find(workspaceId, agentId), all: new Promise(() => undefined) };
    },
    conversationLoads: (_workspaceId: string, conversationRef: string) => {
      loaded.push(`conversation ${conversationRef}`);
      return { conversationRef, all: new Promise(() => undefined) } as ReturnType<TurnSettingLoader['conversationLoads']>;
    },
    settingLoads: async (_w: string, agentId: string, conversationRef: string) => {
      loaded.push(`setting ${agentId} ${conversationRef}`);
      return undefined as never;
    },
  });
  return { activities: createAcceptanceActivities(deps, memos, setting), rpc, memos, chatAnswers, loaded };
}

describe('createAcceptanceActivities.acceptOnce', () => {
  it("accepts the chat through messaging with its context, remembers the thread's agent and hands the context to the model call", async () => {
    const { activities, rpc, memos, chatAnswers, loaded } = world();
    const result = await activities.acceptOnce(RUN, request());
    expect(result).toEqual({ accepted });
    expect(rpc.bodiesTo(ACCEPT)).toEqual([{ ...request(), withContext: true }]);
    expect(memos.threads.get('ws_1:chat_1')).toEqual({ agentId: 'agt_1', conversationRef: 'conv_1' });
    expect(memos.acceptedTurns.get(`${RUN}:conv_1`)).toMatchObject({ context });
    expect(chatAnswers).toEqual([{ runId: RUN, accepted }]);
    expect(loaded).toEqual(['agent agt_1', 'conversation conv_new', 'setting agt_1 conv_1']);
  });

  it('accepts once per run and request, however many steps ask', async () => {
    const { activities, rpc } = world();
    const [first, second] = await Promise.all([activities.acceptOnce(RUN, request()), activities.acceptOnce(RUN, request())]);
    expect(second).toEqual(first);
    expect(rpc.bodiesTo(ACCEPT)).toHaveLength(1);
  });

  it('refuses a chat with an inactive agent (422 agent_inactive) before messaging writes anything', async () => {
    const { activities, rpc } = world({ agt_1: { status: 'inactive' } });
    const result = await activities.acceptOnce(RUN, request());
    expect(result).toEqual({
      rejected: {
        status: 422,
        error: ErrorCode.Unprocessable,
        body: expect.objectContaining({ details: expect.objectContaining({ reason: DomainReason.AgentInactive, agentId: 'agt_1' }) }),
      },
    });
    expect(rpc.calls).toEqual([]);
  });

  it('refuses a chat with an agent the workspace does not have (404)', async () => {
    const { activities, rpc } = world({});
    const result = await activities.acceptOnce(RUN, request({ agentId: 'agt_x' }));
    expect(result).toMatchObject({ rejected: { status: 404, error: ErrorCode.NotFound } });
    expect(rpc.calls).toEqual([]);
  });

  it("answers messaging's own refusal (a busy thread) as the request's answer, recording nothing on the thread", async () => {
    const { activities, rpc } = world();
    rpc.answer(ACCEPT, () => {
      throw new DomainError(ErrorCode.Conflict, 'Another turn of the thread is running');
    });
    expect(await activities.acceptOnce(RUN, request())).toMatchObject({ rejected: { status: 409, error: ErrorCode.Conflict } });
    expect(rpc.bodiesTo(REJECT)).toEqual([]);
  });

  it('records the refusal of a scheduled request on its thread, where its caller reads it', async () => {
    const { activities, rpc } = world({ agt_1: { status: 'inactive' } });
    const scheduled = request({ scheduled: true, client: null, clientId: 'cl_1' });
    const result = await activities.acceptOnce(RUN, scheduled);
    expect(result).toMatchObject({ rejected: { status: 422 } });
    expect(rpc.bodiesTo(REJECT)).toEqual([
      {
        workspaceId: 'ws_1',
        request: scheduled,
        error: { code: ErrorCode.Unprocessable, message: expect.stringContaining('the scheduled turn did not run') },
      },
    ]);
  });

  it('fails, for the step to retry, when messaging fails (5xx) or accepts without the context it was asked for', async () => {
    const down = world();
    down.rpc.answer(ACCEPT, () => {
      throw new DomainError(ErrorCode.Unavailable, 'the database cannot be reached');
    });
    await expect(down.activities.acceptOnce(RUN, request())).rejects.toMatchObject({ code: ErrorCode.Unavailable });

    const broken = world();
    broken.rpc.answer(ACCEPT, () => accepted);
    await expect(broken.activities.acceptOnce(RUN, request())).rejects.toThrow('without its context');
    expect(broken.memos.acceptedTurns.get(`${RUN}:conv_1`)).toBeUndefined();
  });

  it("loads ahead the agent the request names, else the thread's last one, and forgets it when the request never came", async () => {
    const { activities, memos, loaded } = world();
    activities.loadAhead(request({ agentId: null }));
    expect(loaded).toEqual([]);
    memos.threads.set('ws_1:chat_1', { agentId: 'agt_1', conversationRef: 'conv_1' });
    activities.loadAhead(request({ agentId: null }));
    expect(memos.agentLoadsAhead.get('msg_req')?.agentId).toBe('agt_1');
    activities.forgetAhead(request());
    expect(memos.agentLoadsAhead.get('msg_req')).toBeUndefined();
    expect(loaded).toEqual(['agent agt_1']);
  });
});
