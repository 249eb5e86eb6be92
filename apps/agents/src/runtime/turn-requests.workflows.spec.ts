import type { NatsConnection } from '@nats-io/transport-node';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { ChatAcceptRequest, TurnReplyResult } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { NatsHandle, type ServiceConfig } from '@platica/platform';
import { turnWorkflowId, type ChatTurnStart } from '@platica/workflows/activities';
import type { AgentsConfigService } from '../config/agents.config';
import { ChatAnswers } from './chat-answers';
import type { TurnRequest } from '../fair-turns/model-call-slot.repository';
import type { ModelCallSlots } from '../fair-turns/model-call-slots.workflows';
import type { TurnActivitiesFactory } from './turn.activities';
import { TurnRequests } from './turn-requests.workflows';

const chat = (requestMessageId: string): ChatAcceptRequest => ({
  workspaceId: 'ws_1',
  conversationId: 'chat_1',
  documentId: 'conv_1',
  requestMessageId,
  agentId: null,
  client: null,
  clientId: null,
  message: 'hola',
  attachments: [],
  actorId: 'usr_1',
});
const startOf = (requestMessageId: string): ChatTurnStart => ({
  threadId: 'chat_1',
  trigger: { kind: 'chat', requestId: requestMessageId, chat: chat(requestMessageId) },
});
const workflowId = turnWorkflowId('ws_1', 'chat_1');
const busy = () => new WorkflowExecutionAlreadyStartedError('running', workflowId, 'conversationTurnWorkflow');

/**
 * TurnRequests on a worker's client whose starts answer as scripted (a run id, or "already
 * started" while another request's run of the thread is open); its other client answers that
 * Temporal is up and reads a run's end (counted).
 */
function turnRequests(starts: ('started' | 'busy')[], deferring = false) {
  const counts = { starts: 0, endsRead: 0 };
  const asked: { slots: TurnRequest[]; signalled: unknown[] } = { slots: [], signalled: [] };
  const slots = {
    deferTurn: async (request: TurnRequest) => {
      asked.slots.push(request);
      return deferring;
    },
  } as unknown as ModelCallSlots;
  const chatAnswers = new ChatAnswers(new NatsHandle({ publish: () => undefined } as unknown as NatsConnection));
  const activities = {
    loadAhead: () => undefined,
    forgetAhead: () => undefined,
    acceptEarly: () => undefined,
  } as unknown as TurnActivitiesFactory;
  const requests = new TurnRequests(
    { values: { PLATICA_TASK_QUEUE_PREFIX: '' } } as unknown as ServiceConfig,
    { values: { PLATICA_TURN_RETRY_SCALE: 1, PLATICA_TURN_DEBOUNCE_MS: 300 } } as unknown as AgentsConfigService,
    chatAnswers,
    activities,
    slots,
  );
  requests.startInWorker({
    workflow: {
      start: async () => {
        const answer = starts[counts.starts++] ?? 'busy';
        if (answer === 'busy') throw busy();
        return { firstExecutionRunId: `run-${counts.starts}`, eagerlyStarted: true };
      },
      // The open run a busy start meets: another request's.
      getHandle: () => ({ describe: async () => ({ runId: 'run-other', status: { name: 'RUNNING' }, memo: { startedFor: 'msg_other' } }) }),
    },
  } as unknown as Client);
  Object.assign(requests, {
    client: {
      withDeadline: (_: number, fn: () => Promise<unknown>) => fn(),
      connection: { withDeadline: (_: number, fn: () => Promise<unknown>) => fn() },
      workflowService: { getSystemInfo: async () => ({}) },
      workflow: {
        getHandle: () => ({ result: async () => void counts.endsRead++ }),
        signalWithStart: async (_: unknown, options: unknown) => void asked.signalled.push(options),
      },
    },
  });
  /** The thread's previous run answered its request in this process (ChatAnswers) and is completing. */
  const answeredHere = (runId: string) => {
    const reply: TurnReplyResult = { messageId: 'msg_reply', content: 'hola', contentType: 'text', status: 'sent', error: null };
    chatAnswers.listen('msg_prev', '_INBOX.prev');
    chatAnswers.accept(runId, {
      id: 'conv_1',
      conversationId: 'chat_1',
      clientId: 'cl_1',
      agentId: 'agt_1',
      requestMessageId: 'msg_prev',
      reactivated: false,
      agentChanged: false,
    });
    chatAnswers.answer({ workflowId, runId }, reply);
  };
  return { requests, counts, answeredHere, asked };
}

describe('TurnRequests: starting a synchronous chat turn', () => {
  it('starts at once when the thread has no open run, without reading any run', async () => {
    const { requests, counts } = turnRequests(['started']);
    await expect(requests.startChatTurn('ws_1', startOf('msg_1'))).resolves.toEqual({ runId: 'run-1' });
    expect(counts).toEqual({ starts: 1, endsRead: 0 });
  });

  it('tries the start again while a run this process answered completes, without reading its end', async () => {
    const { requests, counts, answeredHere } = turnRequests(['busy', 'busy', 'started']);
    answeredHere('run-prev');
    await expect(requests.startChatTurn('ws_1', startOf('msg_2'))).resolves.toEqual({ runId: 'run-3' });
    expect(counts).toEqual({ starts: 3, endsRead: 0 });
  });

  it('waits for the end of a run it did not answer, then starts; refuses with 409 a thread whose run still goes on', async () => {
    const ended = turnRequests(['busy', 'started']);
    await expect(ended.requests.startChatTurn('ws_1', startOf('msg_3'))).resolves.toEqual({ runId: 'run-2' });
    expect(ended.counts).toEqual({ starts: 2, endsRead: 1 });

    const running = turnRequests([]);
    const refused = await running.requests.startChatTurn('ws_1', startOf('msg_4')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 409, details: expect.objectContaining({ reason: 'turn_in_progress' }) });
    expect(running.counts).toEqual({ starts: 2, endsRead: 1 });
  });
});

describe("TurnRequests: a customer's messages asking for a turn", () => {
  const event = (reason: 'customer_message' | 'resume') =>
    ({
      id: 'evt_1',
      type: 'agent.turn.requested',
      workspaceId: 'ws_1',
      data: { conversationRef: 'conv_1', reason, messageIds: ['msg_a', 'msg_b'] },
    }) as unknown as Parameters<TurnRequests['handle']>[0];

  it('starts no workflow when the workspace is over its bound: the messages joined or were deferred', async () => {
    const { requests, asked } = turnRequests([], true);
    await requests.handle(event('customer_message'));
    expect(asked.slots).toEqual([
      { workspaceId: 'ws_1', workflowId: turnWorkflowId('ws_1', 'conv_1'), conversationRef: 'conv_1', messageIds: ['msg_a', 'msg_b'] },
    ]);
    expect(asked.signalled).toEqual([]);
  });

  it("signals or starts the conversation's turn workflow otherwise, debounced", async () => {
    const { requests, asked } = turnRequests([], false);
    await requests.handle(event('customer_message'));
    expect(asked.signalled).toEqual([
      expect.objectContaining({
        workflowId: turnWorkflowId('ws_1', 'conv_1'),
        args: [{ workspaceId: 'ws_1', conversationRef: 'conv_1', debounceMs: 300, retryScale: 1 }],
        signalArgs: [{ kind: 'customer_message', requestId: 'msg_a', messageIds: ['msg_a', 'msg_b'] }],
      }),
    ]);
  });

  it('never defers a resume instruction: it goes to the turn workflow at once', async () => {
    const { requests, asked } = turnRequests([], true);
    await requests.handle(event('resume'));
    expect(asked.slots).toEqual([]);
    expect(asked.signalled).toHaveLength(1);
  });
});
