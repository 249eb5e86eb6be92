import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { ApplicationFailure } from '@temporalio/common';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { ChatAccepted, ChatAcceptRequest } from '@platica/contracts';
import { conversationTurnWorkflow } from './conversation-turn.workflow';
import {
  turnRequestedSignal,
  type AcceptChatResult,
  type ConversationTurnActivities,
  type ConversationTurnInput,
  type GeneratedReply,
  type TurnTrigger,
} from './conversation-turn.contract';

/** Recorded by the test "runs a trigger that arrives during a turn…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/conversation-turn.history.json');

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');

/**
 * The turn workflow on Temporal's time-skipping test server, with recording activities:
 * debouncing, one turn after another, chat refusals, and model failures after retries.
 */
describe('conversationTurnWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let calls: string[];
  let generate: (input: { additionalInstructions: string | null }) => Promise<GeneratedReply>;
  let id = 0;
  let lastHistory: Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;
  /** The customer's quiet period: resolved when the test says the burst is over. */
  let quiet: Promise<void>;

  const activities: ConversationTurnActivities = {
    awaitQuiet: async (input) => {
      calls.push(`quiet ${input.debounceMs}`);
      await quiet;
    },
    acceptChat: async (request): Promise<AcceptChatResult> => {
      calls.push(`accept ${request.requestMessageId}`);
      if (request.requestMessageId === 'refused') return { rejected: { status: 409, body: { code: 409 } } };
      return { accepted: acceptedChat(request.requestMessageId) };
    },
    generateReply: async (input) => {
      calls.push(`generate ${input.conversationRef}${input.additionalInstructions ? ` +${input.additionalInstructions}` : ''}`);
      return generate(input);
    },
    deliverReply: async (input) => {
      calls.push(`deliver ${input.content}`);
      return { messageId: input.messageId, content: input.content, contentType: 'text', status: 'sent', error: null };
    },
    recordTurnFailure: async (input) => void calls.push(`failure ${input.error.message}`),
  };

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  });
  afterAll(async () => {
    await env?.teardown();
  });
  beforeEach(() => {
    calls = [];
    generate = async () => ({ agentId: 'agt_1', text: 'hola', seenMessageIds: [] });
    quiet = Promise.resolve();
  });

  async function run(
    input: ConversationTurnInput,
    afterStart: (signal: (t: TurnTrigger) => Promise<void>) => Promise<void> = async () => undefined,
  ) {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'turns',
      workflowsPath: require.resolve('./conversation-turn.workflow'),
      activities,
    });
    return worker.runUntil(async () => {
      const handle = await env.client.workflow.start(conversationTurnWorkflow, {
        taskQueue: 'turns',
        workflowId: `turn-${++id}`,
        args: [input],
      });
      await afterStart((trigger) => handle.signal(turnRequestedSignal, trigger));
      const outcomes = await handle.result();
      lastHistory = await handle.fetchHistory();
      return outcomes;
    });
  }
  const customer = (requestId: string): TurnTrigger => ({ kind: 'customer_message', requestId });
  const chatRequest = (requestMessageId: string): ChatAcceptRequest => ({
    workspaceId: 'ws',
    conversationId: 'chat_1',
    documentId: 'conv_1',
    requestMessageId,
    agentId: 'agt_1',
    client: null,
    clientId: null,
    message: 'hola',
    attachments: [],
    actorId: null,
  });
  function acceptedChat(requestMessageId: string): ChatAccepted {
    return {
      id: 'conv_1',
      conversationId: 'chat_1',
      clientId: 'cl_1',
      agentId: 'agt_1',
      requestMessageId,
      reactivated: false,
      agentChanged: false,
    };
  }

  it('waits for the customer to be quiet, then answers the burst once', async () => {
    let release!: () => void;
    quiet = new Promise<void>((resolve) => (release = resolve));
    const outcomes = await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 2_000 }, async (signal) => {
      await signal(customer('m1'));
      await signal(customer('m2'));
      await signal(customer('m3'));
      release();
    });
    expect(calls).toEqual(['quiet 2000', 'generate conv_1', 'deliver hola']);
    expect(outcomes).toEqual([]);
  });

  it('gives no turn of its own to a trigger whose messages an earlier turn already saw', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let turns = 0;
    generate = async () => {
      turns += 1;
      if (turns === 1) await gate;
      return { agentId: 'agt_1', text: `turno ${turns}`, seenMessageIds: turns === 1 ? ['m1', 'm2'] : ['m1', 'm2', 'm3'] };
    };
    await run(
      { workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: { ...customer('m1'), messageIds: ['m1'] } },
      async (signal) => {
        while (!calls.includes('generate conv_1')) await new Promise((r) => setTimeout(r, 20));
        await signal({ ...customer('m2'), messageIds: ['m2'] }); // stored before the turn read the history
        await signal({ ...customer('m3'), messageIds: ['m3'] }); // stored after
        release();
      },
    );
    expect(calls).toEqual(['generate conv_1', 'deliver turno 1', 'generate conv_1', 'deliver turno 2']);
  });

  it('answers a chat trigger at once, with its additional instructions, and reports the reply', async () => {
    const outcomes = await run({
      workspaceId: 'ws',
      conversationRef: null,
      debounceMs: 60_000,
      first: { kind: 'chat', requestId: 'r1', chat: chatRequest('r1'), additionalInstructions: 'formal' },
    });
    expect(calls).toEqual(['accept r1', 'generate conv_1 +formal', 'deliver hola']);
    expect(outcomes).toEqual([
      {
        requestId: 'r1',
        status: 'completed',
        accepted: acceptedChat('r1'),
        replies: [{ messageId: expect.stringMatching(/^msg_/), content: 'hola', contentType: 'text', status: 'sent', error: null }],
        completedAt: expect.any(String),
      },
    ]);
  });

  it('runs a trigger that arrives during a turn as the next turn, never alongside', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let turns = 0;
    generate = async () => {
      turns += 1;
      if (turns === 1) await gate;
      return { agentId: 'agt_1', text: `turno ${turns}`, seenMessageIds: [] };
    };
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') }, async (signal) => {
      while (!calls.includes('generate conv_1')) await new Promise((r) => setTimeout(r, 20));
      await signal(customer('m2'));
      release();
    });
    expect(calls).toEqual(['generate conv_1', 'deliver turno 1', 'generate conv_1', 'deliver turno 2']);
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
  });

  it('replays its committed history (signals, local and ordinary activities) against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowsPath: require.resolve('./conversation-turn.workflow') }, history, 'turn-fixture'),
    ).resolves.toBeUndefined();
  });

  it('passes a refused chat request back without a turn', async () => {
    const outcomes = await run({
      workspaceId: 'ws',
      conversationRef: null,
      debounceMs: 0,
      first: { kind: 'chat', requestId: 'refused', chat: chatRequest('refused') },
    });
    expect(calls).toEqual(['accept refused']);
    expect(outcomes).toEqual([{ requestId: 'refused', status: 'rejected', error: { status: 409, body: { code: 409 } } }]);
  });

  it('retries the model, then records the failure and reports it', async () => {
    generate = async () => {
      throw ApplicationFailure.retryable('the provider is down', 'ProviderDown');
    };
    const outcomes = await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
    expect(calls).toEqual(['generate conv_1', 'generate conv_1', 'generate conv_1', 'failure the provider is down']);
    expect(outcomes).toEqual([]);
  });

  it('stays silent when the runtime says so, delivering nothing', async () => {
    generate = async () => ({ silent: 'a human is assisting this conversation', seenMessageIds: [] });
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
    expect(calls).toEqual(['generate conv_1']);
  });
});
