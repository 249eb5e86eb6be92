import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { agentEvaluationWorkflow } from './agent-evaluation.workflow';
import { agentEvaluationWorkflowId, type AgentEvaluationActivities, type EvaluationEnd } from './agent-evaluation.contract';
import { testWorkflowBundle } from '../test-workflow-bundle';

/** Recorded by the test "replays every sampled turn…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/agent-evaluation.history.json');

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');

const input = { workspaceId: 'ws_1', evaluationId: 'evl_1' };

/**
 * An agent evaluation on Temporal's time-skipping test server with recording activities: the
 * sampled turns replayed a few at a time (a failed replay retried), the token budget stopping
 * it, a cancellation ending it `cancelled`, each end recorded by finishEvaluation.
 */
describe('agentEvaluationWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let lastHistory: Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function run(activities: AgentEvaluationActivities, during?: (handle: WorkflowHandle) => Promise<void>): Promise<EvaluationEnd> {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'agents',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    return worker.runUntil(async () => {
      const handle = await env.client.workflow.start(agentEvaluationWorkflow, {
        taskQueue: 'agents',
        workflowId: agentEvaluationWorkflowId(`evl_${Math.random().toString(36).slice(2)}`),
        args: [input],
      });
      await during?.(handle);
      const end = await handle.result();
      lastHistory = await handle.fetchHistory();
      return end;
    });
  }

  const plan = (turnIds: string[], maxTokens = 1000, concurrency = 2) => ({ turnIds, tokensUsed: 0, maxTokens, concurrency });

  it('replays every sampled turn, at most `concurrency` at once, retrying a failed replay, then completes', async () => {
    const replayed: string[] = [];
    const ends: string[] = [];
    let running = 0;
    let most = 0;
    let failed = false;
    const end = await run({
      sampleEvaluation: async () => plan(['t1', 't2', 't3', 't4', 't5']),
      replayEvaluationTurn: async ({ turnId }) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        if (turnId === 't3' && !failed) {
          failed = true;
          throw new Error('the model did not answer');
        }
        replayed.push(turnId);
        return { tokens: 10 };
      },
      finishEvaluation: async ({ status }) => void ends.push(status),
    });
    expect(end).toBe('completed');
    expect([...replayed].sort()).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(most).toBe(2);
    expect(ends).toEqual(['completed']);
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
  });

  it('stops dispatching once the token budget is spent and ends budget_exhausted', async () => {
    const replayed: string[] = [];
    const ends: string[] = [];
    const end = await run({
      sampleEvaluation: async () => plan(['t1', 't2', 't3', 't4'], 150, 1),
      replayEvaluationTurn: async ({ turnId }) => {
        replayed.push(turnId);
        return { tokens: 100 };
      },
      finishEvaluation: async ({ status }) => void ends.push(status),
    });
    expect(end).toBe('budget_exhausted');
    expect(replayed).toEqual(['t1', 't2']);
    expect(ends).toEqual(['budget_exhausted']);
  });

  it('cancelled, it ends cancelled and still records its end', async () => {
    const ends: string[] = [];
    let started!: () => void;
    const firstReplay = new Promise<void>((resolve) => (started = resolve));
    const end = await run(
      {
        sampleEvaluation: async () => plan(['t1', 't2', 't3'], 1000, 1),
        // Replays until the cancellation reaches it (through its heartbeats). One that ended on its
        // own could end in the workflow task that cancels it, which the time-skipping test server
        // cannot take: the run hangs (temporalio/sdk-typescript#1058; CI once waited 120 s).
        replayEvaluationTurn: async () => {
          started();
          const context = Context.current();
          const beating = setInterval(() => context.heartbeat(), 100);
          try {
            await context.cancelled;
          } finally {
            clearInterval(beating);
          }
          return { tokens: 1 };
        },
        finishEvaluation: async ({ status }) => void ends.push(status),
      },
      async (handle) => {
        await firstReplay;
        await handle.cancel();
      },
    );
    expect(end).toBe('cancelled');
    expect(ends).toEqual(['cancelled']);
  });

  it('replays its committed history (five turns, two lanes, a retried replay) against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'agent-evaluation-fixture'),
    ).resolves.toBeUndefined();
  });
});
