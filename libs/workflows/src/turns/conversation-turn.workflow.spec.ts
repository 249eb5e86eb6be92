import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { ApplicationFailure } from '@temporalio/common';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { ChatAccepted, ChatAcceptRequest, TurnReplyRequest, TurnReplyResult } from '@platica/contracts';
import { conversationTurnWorkflow } from './conversation-turn.workflow';
import {
  MODEL_FAILED,
  replyRequestOf,
  turnRequestedSignal,
  modelCallSlotSignal,
  type AcceptChatResult,
  type ConversationTurnActivities,
  type ConversationTurnInput,
  type GeneratedReply,
  type ToolCallRequest,
  type ToolCallResult,
  type ToolRound,
  type TurnTrigger,
  type WorkingMessageSettings,
  workingMessageDue,
} from './conversation-turn.contract';
import { testWorkflowBundle } from '../test-workflow-bundle';

/** Recorded by the test "runs a trigger that arrives during a turn…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/conversation-turn.history.json');
/** Recorded by the test "delivers the guardrail's message with its verdict…" with UPDATE_FIXTURES=true. */
const guardrailsFixture = path.join(__dirname, '__fixtures__/conversation-turn-guardrails.history.json');
/** Recorded by the test "delivers the wait message with the assistance request…" with UPDATE_FIXTURES=true. */
const assistanceFixture = path.join(__dirname, '__fixtures__/conversation-turn-assistance.history.json');
/** Recorded by the test "runs every round of tool calls inside the model call activity…" with UPDATE_FIXTURES=true. */
const toolRoundsFixture = path.join(__dirname, '__fixtures__/conversation-turn-tool-rounds.history.json');
/** Recorded by the test "prepares the agent's memory in the turn's first model call…" with UPDATE_FIXTURES=true. */
const memoryInModelCallFixture = path.join(__dirname, '__fixtures__/conversation-turn-memory-in-model-call.history.json');
/** Recorded by the test "stores a chat turn's reply in its model call…" with UPDATE_FIXTURES=true. */
const chatStoredHereFixture = path.join(__dirname, '__fixtures__/conversation-turn-chat-stored-by-model-call.history.json');
/** Recorded by the test "schedules a chat request's acceptance and its model call together…" with UPDATE_FIXTURES=true. */
const acceptWithModelCallFixture = path.join(__dirname, '__fixtures__/conversation-turn-accept-with-model-call.history.json');
/** Recorded by the test "continues a long run as a new one…" with UPDATE_FIXTURES=true: the first run, ending continued as new. */
const continuedFixture = path.join(__dirname, '__fixtures__/conversation-turn-continued.history.json');

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');

/**
 * The turn workflow on Temporal's time-skipping test server, with recording activities:
 * debouncing, one turn after another, chat refusals, and model failures after retries.
 */
describe('conversationTurnWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let calls: string[];
  let generate: (input: { additionalInstructions: string | null; toolRounds?: ToolRound[] }) => Promise<GeneratedReply>;
  let runTool: (call: ToolCallRequest) => Promise<ToolCallResult>;
  /** The memory steps (kept apart from `calls`, which the other cases compare whole). */
  let memoryCalls: string[];
  let prepare: () => Promise<{ made: ('recall' | 'context')[] }>;
  /** The turn id each model call and tool call was given. */
  let turnIds: (string | undefined)[];
  let id = 0;
  let lastHistory: Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;
  /** The customer's quiet period: resolved when the test says the burst is over. */
  let quiet: Promise<void>;
  /** What each attempt of the quiet period's step does besides waiting for it (fail, when a test says so). */
  let quietAttempt: () => Promise<void>;
  /** By request message: its acceptance, begun. */
  let acceptances: Map<string, Promise<AcceptChatResult>>;
  /** What an acceptance waits for before it answers. */
  let beforeAccepting: () => Promise<void>;
  /** The request messages of model calls scheduled alongside their acceptance, as they began. */
  let modelCallsWithAcceptance: string[];
  let onModelCallWithAcceptance: () => void;
  /** Whether a model call finds its slot free (the agents worker's bound on model calls in flight); queued otherwise. */
  let slotFree: () => boolean;

  /** One model call as the agents worker makes it: the previous answer's tool calls run first, then the model is asked. */
  const oneAnswer = async (input: Parameters<ConversationTurnActivities['generateReply']>[0]): Promise<GeneratedReply> => {
    turnIds.push(input.turnId);
    // The turn's first model call prepares the memory first; a failure costs only the summary.
    if (input.prepareMemory && !input.toolRounds?.length && !input.toolCalls) {
      memoryCalls.push(`memory ${input.conversationRef} ${calls.length}`);
      await prepare().catch(() => undefined);
    }
    const pending = input.toolCalls;
    const toolResults = pending
      ? await Promise.all(
          pending.calls.map((call) => {
            calls.push(`tool ${call.name} ${JSON.stringify(call.input)}`);
            return runTool(call);
          }),
        )
      : undefined;
    calls.push(`generate ${input.conversationRef}${input.additionalInstructions ? ` +${input.additionalInstructions}` : ''}`);
    const toolRounds = [
      ...(input.toolRounds ?? []),
      ...(pending && toolResults ? [{ messages: pending.messages, results: toolResults }] : []),
    ];
    const reply = await generate({ ...input, toolRounds });
    return toolResults ? { ...reply, toolResults } : reply;
  };

  // Like the agents worker's: the previous answer's tool calls run first, then the model is
  // asked; with toolRoundsHere, round after round until the model answers or its working message is due.
  const roundsOfModelCalls = async (input: Parameters<ConversationTurnActivities['generateReply']>[0]): Promise<GeneratedReply> => {
    if (!input.toolRoundsHere) throw new Error('the workflow always has the model call run the tool rounds');
    const ran: ToolRound[] = [];
    const names = input.toolCalls?.calls.map((c) => c.name) ?? [];
    for (let given = input; ;) {
      const { toolResults, ...reply } = await oneAnswer(given);
      if (given.toolCalls && toolResults) ran.push({ messages: given.toolCalls.messages, results: toolResults });
      if ('toolCalls' in reply) names.push(...reply.toolCalls.map((c) => c.name));
      const due = 'toolCalls' in reply && !input.toolRoundsHere.workingMessageSent && reply.workingMessage !== null;
      if (!('toolCalls' in reply) || (due && workingMessageDue(reply.workingMessage!, names)))
        return ran.length ? { ...reply, toolRounds: ran } : reply;
      const pending = { agentId: reply.agentId, calls: reply.toolCalls, messages: reply.messages, context: reply.context };
      given = { ...input, toolRounds: [...(input.toolRounds ?? []), ...ran], toolCalls: pending };
    }
  };

  const deliver = (input: TurnReplyRequest): TurnReplyResult => {
    const strike = input.guardrail ? ` [strike ${input.guardrail.source} rule ${input.guardrail.ruleIndex}]` : '';
    calls.push(`deliver ${input.content}${strike}${input.assistance ? ` [assistance: ${input.assistance.reason}]` : ''}`);
    return { messageId: input.messageId, content: input.content, contentType: 'text', status: 'sent', error: null };
  };

  /** One acceptance per request, whether the step or the model call scheduled alongside it asks first (as in the worker). */
  const acceptOnce = (request: ChatAcceptRequest): Promise<AcceptChatResult> => {
    const begun =
      acceptances.get(request.requestMessageId) ??
      (async (): Promise<AcceptChatResult> => {
        await beforeAccepting();
        calls.push(`accept ${request.requestMessageId}`);
        if (request.requestMessageId === 'refused') return { rejected: { status: 409, body: { code: 409 } } };
        return { accepted: acceptedChat(request.requestMessageId) };
      })();
    acceptances.set(request.requestMessageId, begun);
    return begun;
  };

  /**
   * The model call as the agents worker makes it: on the thread its acceptance names, when one
   * is scheduled alongside; with `storeReply`, the reply it ends with is stored by it.
   */
  const modelCall = async ({
    acceptance,
    ...input
  }: Parameters<ConversationTurnActivities['generateReply']>[0]): Promise<GeneratedReply> => {
    if (acceptance) {
      modelCallsWithAcceptance.push(acceptance.requestMessageId);
      onModelCallWithAcceptance();
      const result = await acceptOnce(acceptance);
      if ('rejected' in result) return { silent: 'the chat request was refused', seenMessageIds: [] };
      input.conversationRef = result.accepted.id;
    }
    const reply = await roundsOfModelCalls(input);
    if (!input.storeReply || !('text' in reply)) return reply;
    return { ...reply, stored: deliver(replyRequestOf({ ...input, turnId: input.turnId! }, reply)) };
  };

  const activities: ConversationTurnActivities = {
    awaitQuiet: async (input) => {
      calls.push(`quiet ${input.debounceMs}`);
      await quietAttempt();
      await quiet;
    },
    acceptChat: acceptOnce,
    generateReply: async (input) => {
      if (slotFree()) return modelCall(input);
      calls.push('queued');
      return { queued: true };
    },
    deliverReply: async (input) => deliver(input),
    recordTurnFailure: async (input) => void calls.push(`failure ${input.error.code}: ${input.error.message}`),
    sendWorkingMessage: async (input) => void calls.push(`working ${input.settings.message.fixedText}`),
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
    memoryCalls = [];
    turnIds = [];
    prepare = async () => ({ made: [] });
    generate = async () => ({ agentId: 'agt_1', text: 'hola', seenMessageIds: [] });
    quiet = Promise.resolve();
    quietAttempt = async () => undefined;
    acceptances = new Map();
    beforeAccepting = async () => undefined;
    modelCallsWithAcceptance = [];
    onModelCallWithAcceptance = () => undefined;
    slotFree = () => true;
    runTool = async (call) => ({ toolCallId: call.toolCallId, providerName: call.providerName, ok: true, output: { forecast: 'soleado' } });
  });

  async function run(
    input: ConversationTurnInput,
    afterStart: (signal: (t: TurnTrigger) => Promise<void>, handle: WorkflowHandle) => Promise<void> = async () => undefined,
  ) {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'turns',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    return worker.runUntil(async () => {
      const handle = await env.client.workflow.start(conversationTurnWorkflow, {
        taskQueue: 'turns',
        workflowId: `turn-${++id}`,
        args: [input],
      });
      await afterStart((trigger) => handle.signal(turnRequestedSignal, trigger), handle);
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

  it('answers a deferred turn (its burst gathered while it waited for its slot) without a debounce, then debounces its next turns', async () => {
    let turns = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    generate = async () => {
      if (turns++ === 0) await gate;
      return { agentId: 'agt_1', text: 'hola', seenMessageIds: [] };
    };
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 2_000, gathered: true }, async (signal) => {
      await signal({ ...customer('m1'), messageIds: ['m1'] });
      while (!calls.includes('generate conv_1')) await new Promise((resolve) => setTimeout(resolve, 10));
      await signal({ ...customer('m2'), messageIds: ['m2'] });
      release();
    });
    expect(calls).toEqual(['generate conv_1', 'deliver hola', 'quiet 2000', 'generate conv_1', 'deliver hola']);
  });

  it("waits for its model call's slot with no activity running, and asks again as soon as it is signalled", async () => {
    let queued = 0;
    slotFree = () => queued++ > 0;
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') }, async (_signal, handle) => {
      while (!calls.includes('queued')) await new Promise((resolve) => setTimeout(resolve, 10));
      await handle.signal(modelCallSlotSignal);
    });
    expect(calls).toEqual(['queued', 'generate conv_1', 'deliver hola']);
    // Signalled: its recheck was set and never fired (time skips only while the test awaits the result).
    expect(lastHistory.events?.filter((event) => event.timerStartedEventAttributes)).toHaveLength(1);
    expect(lastHistory.events?.filter((event) => event.timerFiredEventAttributes)).toHaveLength(0);
  });

  it('asks again after its recheck when the signal never comes (the worker that granted the slot stopped)', async () => {
    let queued = 0;
    slotFree = () => queued++ > 1;
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
    expect(calls).toEqual(['queued', 'queued', 'generate conv_1', 'deliver hola']);
    const fired = lastHistory.events?.filter((event) => event.timerFiredEventAttributes) ?? [];
    expect(fired).toHaveLength(2);
  });

  it("records a failed turn when its model call's slot never came within the turn's horizon", async () => {
    slotFree = () => false;
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
    expect(calls.filter((call) => call !== 'queued')).toEqual([
      "failure model_calls_backlogged: the workspace's model calls stayed at their bound for 24 hours",
    ]);
    // Its first ask, then one per 2-minute recheck until the day is past (the last one falls on either side of its end).
    const asks = calls.filter((call) => call === 'queued').length;
    expect(asks).toBeGreaterThanOrEqual(24 * 30);
    expect(asks).toBeLessThanOrEqual(24 * 30 + 1);
  }, 120_000);

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

  it("stores a chat turn's reply in its model call: the turn ends in the workflow task that called the model", async () => {
    const outcomes = await run({
      workspaceId: 'ws',
      conversationRef: null,
      debounceMs: 0,
      first: { kind: 'chat', requestId: 'r1', chat: chatRequest('r1') },
    });
    expect(calls).toEqual(['accept r1', 'generate conv_1', 'deliver hola']);
    expect(outcomes[0]).toMatchObject({ status: 'completed', replies: [{ content: 'hola' }] });
    // Accepting and the model call (which stores the reply) are local activities: no activity
    // task, and the whole turn in one workflow task.
    expect(activityNames(lastHistory)).toEqual([]);
    expect(lastHistory.events?.filter((e) => e.workflowTaskCompletedEventAttributes).length).toBe(1);
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(chatStoredHereFixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
  });

  it("schedules a chat request's acceptance and its model call together: the call waits for the acceptance in the worker", async () => {
    // The acceptance answers only once the model call has begun: scheduled after it, the call never would.
    const begun = new Promise<void>((resolve) => (onModelCallWithAcceptance = resolve));
    beforeAccepting = () =>
      Promise.race([
        begun,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(ApplicationFailure.nonRetryable('the model call was not scheduled with the acceptance')), 2_000),
        ),
      ]);
    const outcomes = await run({
      workspaceId: 'ws',
      conversationRef: null,
      debounceMs: 0,
      first: { kind: 'chat', requestId: 'r1', chat: chatRequest('r1') },
    });
    expect(modelCallsWithAcceptance).toEqual(['r1']);
    expect(calls).toEqual(['accept r1', 'generate conv_1', 'deliver hola']);
    expect(outcomes[0]).toMatchObject({ status: 'completed', accepted: acceptedChat('r1'), replies: [{ content: 'hola' }] });
    expect(lastHistory.events?.filter((e) => e.workflowTaskCompletedEventAttributes).length).toBe(1);
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(acceptWithModelCallFixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
  });

  it('replays the committed history of a chat turn accepted alongside its model call against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(acceptWithModelCallFixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-accept-fixture'),
    ).resolves.toBeUndefined();
  });

  it("delivers a channel turn's reply as an activity (a Meta send must not run twice)", async () => {
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
    expect(activityNames(lastHistory)).toEqual(['deliverReply']);
  });

  it("multiplies its steps' retry backoffs by the input's retryScale, and neither their horizon nor their time limit", async () => {
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, retryScale: 0.1, first: customer('m1') });
    const scheduled = lastHistory.events?.find((e) => e.activityTaskScheduledEventAttributes)?.activityTaskScheduledEventAttributes;
    const ms = (d: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
      Number(d?.seconds ?? 0) * 1_000 + (d?.nanos ?? 0) / 1e6;
    expect(scheduled?.activityType?.name).toBe('deliverReply');
    expect([ms(scheduled?.retryPolicy?.initialInterval), ms(scheduled?.retryPolicy?.maximumInterval)]).toEqual([20, 6_000]);
    expect([ms(scheduled?.scheduleToCloseTimeout), ms(scheduled?.startToCloseTimeout)]).toEqual([86_400_000, 30_000]);
  });

  it('replays the committed history of a chat turn whose model call stored the reply against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(chatStoredHereFixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-chat-fixture'),
    ).resolves.toBeUndefined();
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

  it('continues a long run as a new one, carrying pending triggers, owed chat outcomes and seen messages', async () => {
    // Each turn's model call signals the next customer message, as a customer answering at once
    // would: the run always has work pending, so only the history bound ends it.
    // Enough turns to pass the history bound (about 9 events a turn).
    const TURNS = 30;
    let turns = 0;
    let signal!: (t: TurnTrigger) => Promise<void>;
    generate = async () => {
      turns += 1;
      if (turns < TURNS) await signal({ ...customer(`m${turns + 1}`), messageIds: [`m${turns + 1}`] });
      return { agentId: 'agt_1', text: `turno ${turns}`, seenMessageIds: [`m${turns}`] };
    };
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'turns-long',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    const { outcomes, runs } = await worker.runUntil(async () => {
      const handle = await env.client.workflow.start(conversationTurnWorkflow, {
        taskQueue: 'turns-long',
        workflowId: `turn-long-${++id}`,
        args: [
          { workspaceId: 'ws', conversationRef: null, debounceMs: 0, first: { kind: 'chat', requestId: 'r1', chat: chatRequest('r1') } },
        ],
      });
      signal = (trigger) => handle.signal(turnRequestedSignal, trigger);
      const outcomes = await handle.result();
      const first = await env.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId).fetchHistory();
      const latest = await handle.describe();
      return { outcomes, runs: { first, latestRunId: latest.runId, firstRunId: handle.firstExecutionRunId } };
    });
    expect(runs.latestRunId).not.toBe(runs.firstRunId);
    expect(runs.first.events?.at(-1)?.workflowExecutionContinuedAsNewEventAttributes).toBeTruthy();
    expect(runs.first.events!.length).toBeLessThan(130);
    // Every message answered once, in order, across the runs.
    expect(calls.filter((c) => c.startsWith('deliver'))).toEqual(Array.from({ length: TURNS }, (_, i) => `deliver turno ${i + 1}`));
    // The chat request of the first run is answered by the chain's last run.
    expect(outcomes).toEqual([expect.objectContaining({ requestId: 'r1', status: 'completed', accepted: acceptedChat('r1') })]);
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(continuedFixture, `${JSON.stringify(runs.first, null, 1)}\n`);
  });

  it('replays the committed history of a run that continued as new against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(continuedFixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-continued-fixture'),
    ).resolves.toBeUndefined();
  });

  it('replays its committed history (signals, local and ordinary activities) against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-fixture')).resolves.toBeUndefined();
  });

  describe('memory', () => {
    it("prepares the agent's memory in the turn's first model call, once per turn, all under the reply's id", async () => {
      prepare = async () => ({ made: ['recall', 'context'] });
      // One round of tool calls, then the answer: the memory is prepared before the first model call only.
      const weather: ToolCallRequest = {
        toolCallId: 'call_1',
        toolId: 'api_1',
        name: 'api_clima',
        providerName: 'api_clima',
        input: { city: 'CDMX' },
      };
      generate = async (input) =>
        input.toolRounds?.length
          ? { agentId: 'agt_1', text: 'soleado', seenMessageIds: [] }
          : { agentId: 'agt_1', toolCalls: [weather], messages: [], context: {}, workingMessage: null, seenMessageIds: [] };
      await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
      // Before the first model call (no call recorded yet), and only once: not again for the tool round.
      expect(memoryCalls).toEqual(['memory conv_1 0']);
      expect(calls).toEqual(['generate conv_1', 'tool api_clima {"city":"CDMX"}', 'generate conv_1', 'deliver soleado']);
      // No memory step of its own: it runs inside the model call.
      expect(activityNames(lastHistory)).not.toContain('prepareMemory');
      // The turn log files the memory step and the model calls under one id: the reply's message id.
      expect(new Set(turnIds).size).toBe(1);
      expect(turnIds[0]).toMatch(/^msg_[0-9a-f]{32}$/);
      if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(memoryInModelCallFixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
    });

    it('answers even when the summariser fails (the turn goes on without its summary)', async () => {
      prepare = async () => {
        throw ApplicationFailure.retryable('the summariser is down', 'ProviderDown');
      };
      const outcomes = await run({
        workspaceId: 'ws',
        conversationRef: null,
        debounceMs: 0,
        first: { kind: 'chat', requestId: 'r1', chat: chatRequest('r1') },
      });
      expect(memoryCalls).toEqual(['memory conv_1 1']);
      expect(calls).toEqual(['accept r1', 'generate conv_1', 'deliver hola']);
      expect(outcomes[0]).toMatchObject({ status: 'completed' });
    });

    it('replays its committed history with the memory step inside the model call against today’s code', async () => {
      const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(memoryInModelCallFixture, 'utf8')));
      await expect(
        Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-memory-fixture'),
      ).resolves.toBeUndefined();
    });
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

  it('retries the model call until the activity says the model failed for good, then records the failure', async () => {
    let attempts = 0;
    generate = async () => {
      // The activity counts the model's failures: its third is non-retryable.
      if (++attempts < 3) throw ApplicationFailure.retryable('the provider is down', 'ProviderDown');
      throw ApplicationFailure.nonRetryable('the provider is down', MODEL_FAILED);
    };
    const outcomes = await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
    expect(calls).toEqual(['generate conv_1', 'generate conv_1', 'generate conv_1', 'failure model_error: the provider is down']);
    expect(outcomes).toEqual([]);
  });

  it('waits out a dependency that is down for longer than a few retries, then answers once', async () => {
    let attempts = 0;
    quietAttempt = async () => {
      if (++attempts <= 12) throw ApplicationFailure.retryable('the database is unavailable', 'DomainError');
    };
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 2_000, first: customer('m1') });
    expect(calls.filter((call) => call !== 'quiet 2000')).toEqual(['generate conv_1', 'deliver hola']);
    expect(attempts).toBe(13);
  });

  it('records a failed turn when waiting for the customer ends for good, instead of failing the workflow', async () => {
    quietAttempt = async () => {
      throw ApplicationFailure.nonRetryable('Conversation conv_1 not found', 'not_found');
    };
    const outcomes = await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 2_000, first: customer('m1') });
    expect(calls).toEqual(['quiet 2000', 'failure not_found: Conversation conv_1 not found']);
    expect(outcomes).toEqual([]);
  });

  it('stays silent when the runtime says so, delivering nothing', async () => {
    generate = async () => ({ silent: 'a human is assisting this conversation', seenMessageIds: [] });
    await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
    expect(calls).toEqual(['generate conv_1']);
  });

  describe('guardrails', () => {
    it("delivers the guardrail's message with its verdict, so the strike is recorded with it", async () => {
      generate = async () => ({
        agentId: 'agt_1',
        text: 'No puedo ayudar con eso',
        guardrail: {
          source: 'llm_guardrail',
          ruleIndex: 1,
          severity: 'high',
          categories: ['harassment'],
          matchedTerms: [],
          conversationStrikeThreshold: 2,
          clientStrikeThreshold: 3,
        },
        seenMessageIds: ['m1'],
      });
      await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
      expect(calls).toEqual(['generate conv_1', 'deliver No puedo ayudar con eso [strike llm_guardrail rule 1]']);
      if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(guardrailsFixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
    });

    it('replays its committed history with a guardrail verdict against today’s code', async () => {
      const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(guardrailsFixture, 'utf8')));
      await expect(
        Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-guardrails-fixture'),
      ).resolves.toBeUndefined();
    });
  });

  describe('human assistance', () => {
    it('delivers the wait message with the assistance request, so the conversation is handed to a human with it', async () => {
      generate = async () => ({
        agentId: 'agt_1',
        text: 'Te comunico',
        assistance: { reason: 'pide una persona' },
        seenMessageIds: ['m1'],
      });
      await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
      expect(calls).toEqual(['generate conv_1', 'deliver Te comunico [assistance: pide una persona]']);
      if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(assistanceFixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
    });

    it('replays its committed history with an assistance request against today’s code', async () => {
      const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(assistanceFixture, 'utf8')));
      await expect(
        Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-assistance-fixture'),
      ).resolves.toBeUndefined();
    });
  });

  describe('tool calls', () => {
    const call = (name: string, city: string): ToolCallRequest => ({
      toolCallId: `call_${city}`,
      toolId: `api_${city}`,
      name,
      providerName: name,
      input: { city },
    });
    const working = (trigger: WorkingMessageSettings['trigger']): WorkingMessageSettings => ({
      enabled: true,
      trigger,
      message: { enabled: true, mode: 'fixed', fixedText: 'un momento' },
      sticker: { enabled: false },
    });
    /** The model calls tools for `rounds` rounds (one call each), then answers with what it got. */
    const toolingModel = (rounds: ToolCallRequest[][], workingMessage: WorkingMessageSettings | null = null) => {
      generate = async (input) => {
        const done = input.toolRounds ?? [];
        const next = rounds[done.length];
        if (next)
          return {
            agentId: 'agt_1',
            toolCalls: next,
            messages: [{ role: 'assistant', round: done.length }],
            context: { phoneNumber: '521' },
            workingMessage,
            seenMessageIds: [],
          };
        return { agentId: 'agt_1', text: `con ${JSON.stringify(done.flatMap((r) => r.results.map((x) => x.output)))}`, seenMessageIds: [] };
      };
    };

    it('runs every round of tool calls inside the model call activity and gives the results back until the model answers', async () => {
      toolingModel([[call('api_clima', 'CDMX'), call('api_clima', 'Monterrey')], [call('api_otro', 'x')]]);
      await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
      // The calls of one round run in parallel: in either order.
      calls.splice(1, 2, ...calls.slice(1, 3).sort());
      // Each round's results reach the workflow with the next answer, in the calls' order.
      expect(calls).toEqual([
        'generate conv_1',
        'tool api_clima {"city":"CDMX"}',
        'tool api_clima {"city":"Monterrey"}',
        'generate conv_1',
        'tool api_otro {"city":"x"}',
        'generate conv_1',
        `deliver con ${JSON.stringify([{ forecast: 'soleado' }, { forecast: 'soleado' }, { forecast: 'soleado' }])}`,
      ]);
      // No tool call is an activity of its own: each runs in the model call that reads its result.
      expect(lastHistory.events?.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'runToolCall')).toEqual([]);
      // Nor is a round, nor the memory step: the turn's one local activity is its model call.
      expect(lastHistory.events?.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity')).toHaveLength(1);
      if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(toolRoundsFixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
    });

    it('replays its committed history with tool rounds run in the model call against today’s code', async () => {
      const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(toolRoundsFixture, 'utf8')));
      await expect(
        Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'turn-tools-fixture'),
      ).resolves.toBeUndefined();
    });

    it('reports a failed tool call to the model and goes on with the turn', async () => {
      runTool = async (call) => ({
        toolCallId: call.toolCallId,
        providerName: call.providerName,
        ok: false,
        output: { error: 'the worker lost it' },
      });
      toolingModel([[call('api_clima', 'CDMX')]]);
      await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
      expect(calls.at(-1)).toBe(`deliver con ${JSON.stringify([{ error: 'the worker lost it' }])}`);
    });

    it.each([
      ['toolCallCount 2', { type: 'toolCallCount', minToolCalls: 2 }, 1],
      ['toolName exact', { type: 'toolName', toolNames: ['api_otro'] }, 1],
      ['toolName prefix', { type: 'toolName', toolNames: ['api_'], match: 'prefix' }, 0],
      ['any, by name', { type: 'any', minToolCalls: 10, toolNames: ['api_otro'] }, 1],
    ] as const)('sends the working message once, when its trigger matches (%s)', async (_label, trigger, afterRound) => {
      toolingModel(
        [[call('api_clima', 'CDMX')], [call('api_otro', 'x')], [call('api_otro', 'y')]],
        working(trigger as WorkingMessageSettings['trigger']),
      );
      await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
      expect(calls.filter((c) => c.startsWith('working'))).toEqual(['working un momento']);
      // Sent once the answer asking for the calls that made the trigger match is in (the model
      // call hands its rounds back for it), alongside the model call that runs them, and done
      // before the reply goes out.
      const roundStarts = calls.flatMap((c, i) => (c === 'generate conv_1' ? [i] : []));
      const at = calls.indexOf('working un momento');
      expect(at).toBeGreaterThan(roundStarts[afterRound]!);
      expect(at).toBeLessThan(calls.findIndex((c) => c.startsWith('deliver')));
      // Every round reached the model, whichever activity ran it.
      expect(calls.at(-1)).toBe(
        `deliver con ${JSON.stringify([{ forecast: 'soleado' }, { forecast: 'soleado' }, { forecast: 'soleado' }])}`,
      );
    });

    it('sends no working message when its trigger does not match', async () => {
      toolingModel([[call('api_clima', 'CDMX')]], working({ type: 'toolName', toolNames: ['api_otro'], match: 'exact' }));
      await run({ workspaceId: 'ws', conversationRef: 'conv_1', debounceMs: 0, first: customer('m1') });
      expect(calls.some((c) => c.startsWith('working'))).toBe(false);
    });
  });
});

/** The activities a history scheduled as activity tasks (local activities are markers). */
function activityNames(history: {
  events?: { activityTaskScheduledEventAttributes?: { activityType?: { name?: string | null } | null } | null }[] | null;
}): string[] {
  return (history.events ?? []).flatMap((e) =>
    e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes.activityType?.name ?? ''] : [],
  );
}
