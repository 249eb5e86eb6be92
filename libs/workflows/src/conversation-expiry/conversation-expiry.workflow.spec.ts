import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { conversationExpiryWorkflow } from './conversation-expiry.workflow';
import { conversationExpiryWorkflowId, type ConversationExpiryActivities } from './conversation-expiry.contract';
import { testWorkflowBundle } from '../test-workflow-bundle';

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');
/** Recorded by the test "sweeps, sleeps…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/conversation-expiry.history.json');

/**
 * The conversation-expiry workflow on Temporal's time-skipping test server, with a recording
 * sweep activity: it sweeps, waits the interval the sweep answered on a durable timer, sweeps
 * again, never stops (a failed sweep runs again), and continues as new before its history grows long.
 */
describe('conversationExpiryWorkflow', () => {
  let env: TestWorkflowEnvironment;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function withWorker<T>(activities: ConversationExpiryActivities, fn: () => Promise<T>): Promise<T> {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'expiry',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    return worker.runUntil(fn);
  }

  it('sweeps, sleeps the interval the sweep answered, sweeps again, and continues as new before its history grows long', async () => {
    const sweptAt: number[] = [];
    await withWorker(
      {
        expireConversations: async () => {
          sweptAt.push(Date.now());
          return { expired: 1, nextSweepInMs: 60_000 };
        },
      },
      async () => {
        const handle = await env.client.workflow.start(conversationExpiryWorkflow, {
          taskQueue: 'expiry',
          workflowId: conversationExpiryWorkflowId('expiry-a'),
        });
        while (sweptAt.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
        // No second sweep before the timer fires.
        await env.sleep(30_000);
        expect(sweptAt).toHaveLength(1);
        while (sweptAt.length <= 50) await env.sleep(60_000);
        const first = env.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId);
        expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
        const history = await first.fetchHistory();
        expect(history.events!.length).toBeLessThan(1_000);
        // One timer per sweep, of the interval the sweep answered.
        const timers = history.events!.filter((e) => e.timerStartedEventAttributes);
        expect(timers).toHaveLength(50);
        expect(new Set(timers.map((e) => Number(e.timerStartedEventAttributes!.startToFireTimeout!.seconds)))).toEqual(new Set([60]));
        if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(history, null, 1)}\n`);
        expect((await env.client.workflow.getHandle(handle.workflowId).describe()).status.name).toBe('RUNNING');
        await handle.terminate('test over');
      },
    );
  });

  it('runs the sweep again when an attempt fails (the database or the worker went away)', async () => {
    let attempts = 0;
    await withWorker(
      {
        expireConversations: async () => {
          attempts += 1;
          if (attempts === 1) throw ApplicationFailure.retryable('the database went away');
          return { expired: 0, nextSweepInMs: 1_000 };
        },
      },
      async () => {
        const handle = await env.client.workflow.start(conversationExpiryWorkflow, {
          taskQueue: 'expiry',
          workflowId: conversationExpiryWorkflowId('expiry-b'),
        });
        while (attempts < 3) await env.sleep(1_000);
        await handle.terminate('test over');
      },
    );
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it('replays its committed history against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'expiry-fixture'),
    ).resolves.toBeUndefined();
  });
});
