import type { Client } from '@temporalio/client';
import type { ChatAcceptRequest } from '@platica/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { NatsHandle, type RpcClient, type ServiceConfig } from '@platica/platform';
import type { AcceptChatResult, ChatTurnStart } from '@platica/workflows/activities';
import type { AgentsConfigService } from '../config/agents.config';
import { ChatAnswers } from './chat-answers';
import { TurnActivitiesFactory } from './turn.activities';
import { TurnRequests } from './turn-requests';

const request = (requestMessageId: string): ChatAcceptRequest => ({
  workspaceId: 'ws_1',
  conversationId: 'chat_new',
  documentId: 'conv_new',
  requestMessageId,
  agentId: 'agt_1',
  client: { email: 'ana@example.test' },
  clientId: null,
  message: 'hola',
  attachments: [],
  actorId: 'usr_1',
});
const accepted: AcceptChatResult = {
  accepted: {
    id: 'conv_new',
    conversationId: 'chat_new',
    clientId: 'cl_1',
    agentId: 'agt_1',
    requestMessageId: 'msg_r1',
    reactivated: false,
    agentChanged: false,
  },
};

/** TurnRequests against a worker's client whose starts are scripted, and activities that record what they are asked. */
function turnRequests(start: () => Promise<{ firstExecutionRunId: string; eagerlyStarted: boolean }>) {
  const steps: string[] = [];
  let runOfAhead: Promise<string> | undefined;
  let abandoned: { error: unknown; result: AcceptChatResult | null } | undefined;
  const activities = {
    acceptAhead: (_: ChatAcceptRequest, run: Promise<string>) => {
      steps.push('accept ahead');
      runOfAhead = run;
      return Promise.resolve(accepted);
    },
    abandonAhead: async (_: ChatAcceptRequest, accepting: Promise<AcceptChatResult>, error: unknown) => {
      abandoned = { error, result: await accepting };
    },
    acceptEarly: () => steps.push('accept early'),
    loadAhead: () => steps.push('load ahead'),
    forgetAhead: () => steps.push('forget ahead'),
  } as unknown as TurnActivitiesFactory;
  const config = { values: { PLATICA_TASK_QUEUE_PREFIX: '' } } as unknown as ServiceConfig;
  const requests = new TurnRequests(config, {} as AgentsConfigService, new ChatAnswers(new NatsHandle({} as NatsConnection)), activities);
  const client = {
    workflow: {
      start: async () => {
        steps.push('start');
        return start();
      },
    },
  } as unknown as Client;
  requests.startInWorker(client);
  return { requests, steps, run: () => runOfAhead, abandoned: () => abandoned };
}

describe('TurnRequests: a synchronous chat turn', () => {
  const startOf = (newThread: boolean, requestMessageId = 'msg_r1'): ChatTurnStart => ({
    threadId: 'chat_new',
    trigger: { kind: 'chat', requestId: requestMessageId, chat: request(requestMessageId) },
    newThread,
  });

  it("accepts a new thread's request while its workflow starts, and hands the acceptance the run", async () => {
    const { requests, steps, run } = turnRequests(async () => ({ firstExecutionRunId: 'run-1', eagerlyStarted: true }));
    await expect(requests.startChatTurn('ws_1', startOf(true))).resolves.toEqual({ runId: 'run-1' });
    expect(steps).toEqual(['accept ahead', 'start', 'accept early']);
    await expect(run()).resolves.toBe('run-1');
  });

  it('records the turn as failed on a new thread accepted ahead of a start that failed, and answers the failure', async () => {
    const failure = new Error('Temporal is unavailable');
    const { requests, run, abandoned } = turnRequests(() => Promise.reject(failure));
    await expect(requests.startChatTurn('ws_1', startOf(true))).rejects.toBe(failure);
    await expect(run()).rejects.toBe(failure);
    expect(abandoned()).toEqual({ error: failure, result: accepted });
  });

  it("starts an existing thread's turn before accepting its request (a running turn refuses it with nothing written)", async () => {
    const { requests, steps } = turnRequests(async () => ({ firstExecutionRunId: 'run-2', eagerlyStarted: true }));
    await expect(requests.startChatTurn('ws_1', startOf(false, 'msg_r2'))).resolves.toEqual({ runId: 'run-2' });
    expect(steps).toEqual(['load ahead', 'start', 'accept early']);
  });
});

describe('TurnActivitiesFactory.abandonAhead', () => {
  const factory = (calls: { subject: string; body: unknown }[]) => {
    const rpc = { call: async (subject: string, envelope: { body: unknown }) => void calls.push({ subject, body: envelope.body }) };
    const deps = Array.from({ length: 9 }, () => ({}));
    return new (TurnActivitiesFactory as unknown as new (...args: unknown[]) => TurnActivitiesFactory)(
      rpc as unknown as RpcClient,
      ...deps,
    );
  };

  it('records a failed turn on the thread an acceptance ahead wrote, and nothing for a refused or failed one', async () => {
    const calls: { subject: string; body: unknown }[] = [];
    const activities = factory(calls);
    await activities.abandonAhead(request('msg_r1'), Promise.resolve(accepted), new Error('down'));
    expect(calls).toEqual([
      {
        subject: expect.stringContaining('turns'),
        body: expect.objectContaining({
          workspaceId: 'ws_1',
          conversationRef: 'conv_new',
          error: expect.objectContaining({ code: 'turn_not_started' }),
        }),
      },
    ]);
    await activities.abandonAhead(
      request('msg_r2'),
      Promise.resolve({ rejected: { status: 404, code: 'not_found', error: 'x', details: [] } } as unknown as AcceptChatResult),
      new Error('down'),
    );
    await activities.abandonAhead(request('msg_r3'), Promise.reject(new Error('messaging down')), new Error('down'));
    expect(calls).toHaveLength(1);
  });
});
