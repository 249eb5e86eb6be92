import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { scheduledSendsDispatcherWorkflow } from './scheduled-sends-dispatcher.workflow';
import { scheduledSendsDispatcherWorkflowId, type ScheduledSendsDispatcherActivities } from './scheduled-message.contract';
import { testWorkflowBundle } from '../test-workflow-bundle';

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');
/** Recorded by the test "keeps the dispatch running…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/scheduled-sends-dispatcher.history.json');

/**
 * The scheduled-sends dispatcher workflow on Temporal's time-skipping test server, with a
 * recording dispatch activity: it never stops dispatching (a failed attempt runs again), and
 * its history stays short (it continues as new).
 */
describe('scheduledSendsDispatcherWorkflow', () => {
  let env: TestWorkflowEnvironment;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function withWorker<T>(activities: ScheduledSendsDispatcherActivities, fn: () => Promise<T>): Promise<T> {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'dispatcher',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    return worker.runUntil(fn);
  }

  it('keeps the dispatch running window after window, and continues as new before its history grows long', async () => {
    const windows: number[] = [];
    await withWorker({ dispatchScheduledSends: async (windowMs) => void windows.push(windowMs) }, async () => {
      const handle = await env.client.workflow.start(scheduledSendsDispatcherWorkflow, {
        taskQueue: 'dispatcher',
        workflowId: scheduledSendsDispatcherWorkflowId('dispatcher-a'),
        args: [{ windowMs: 60_000 }],
      });
      while (windows.length <= 100) await new Promise((resolve) => setTimeout(resolve, 50));
      const first = env.client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId);
      expect((await first.describe()).status.name).toBe('CONTINUED_AS_NEW');
      const history = await first.fetchHistory();
      expect(history.events!.length).toBeLessThan(1_000);
      if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(history, null, 1)}\n`);
      // The run it continued as is dispatching too.
      expect((await env.client.workflow.getHandle(handle.workflowId).describe()).status.name).toBe('RUNNING');
      await handle.terminate('test over');
    });
    expect(new Set(windows)).toEqual(new Set([60_000]));
  });

  it('runs the dispatch again when an attempt fails (a worker that died mid-window)', async () => {
    let attempts = 0;
    await withWorker(
      {
        dispatchScheduledSends: async () => {
          attempts += 1;
          if (attempts === 1) throw ApplicationFailure.retryable('the worker went away');
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      },
      async () => {
        const handle = await env.client.workflow.start(scheduledSendsDispatcherWorkflow, {
          taskQueue: 'dispatcher',
          workflowId: scheduledSendsDispatcherWorkflowId('dispatcher-b'),
          args: [{ windowMs: 60_000 }],
        });
        while (attempts < 3) await new Promise((resolve) => setTimeout(resolve, 50));
        await handle.terminate('test over');
      },
    );
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it('replays its committed history against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'dispatcher-fixture'),
    ).resolves.toBeUndefined();
  });
});
