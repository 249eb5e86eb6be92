import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { scheduledMessageWorkflow } from './scheduled-message.workflow';
import {
  cancelUpdate,
  phaseQuery,
  rescheduleUpdate,
  scheduledMessageWorkflowId,
  type RescheduleChange,
  type ScheduledMessageActivities,
} from './scheduled-message.contract';

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');
const HOUR = 3_600_000;
/** Recorded by the test "waits for the new time after a reschedule…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/scheduled-message.history.json');

/**
 * The per-message scheduled-message workflow (retired by the dispatcher, issue 17: no new
 * ones start, those already running finish) on Temporal's time-skipping test server, with
 * recording activities: timers, reschedules and cancellations, and refusals once execution
 * began; and its committed history, so a change that would break the running ones fails here.
 */
describe('scheduledMessageWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let calls: string[];
  let releaseExecution: () => void;
  let executionGate: Promise<void>;

  const activities: ScheduledMessageActivities = {
    recordReschedule: async (id, change: RescheduleChange, revision) =>
      void calls.push(`reschedule ${id} ${change.status} ${change.executeAt} #${revision}`),
    recordCancel: async (id) => void calls.push(`cancel ${id}`),
    execute: async (id) => {
      calls.push(`execute ${id}`);
      await executionGate;
      return 'sent';
    },
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
    executionGate = Promise.resolve();
  });

  async function withWorker<T>(fn: () => Promise<T>): Promise<T> {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'scheduled',
      workflowsPath: require.resolve('./scheduled-message.workflow'),
      activities,
    });
    return worker.runUntil(fn);
  }

  /** An instant `inMs` from now on the test server's clock (which skips ahead, unlike Date.now()). */
  const fromNow = async (inMs: number) => new Date((await env.currentTimeMs()) + inMs).toISOString();
  const start = async (messageId: string, inMs: number) =>
    env.client.workflow.start(scheduledMessageWorkflow, {
      taskQueue: 'scheduled',
      workflowId: scheduledMessageWorkflowId(messageId),
      args: [{ messageId, executeAt: await fromNow(inMs) }],
    });

  it('sends once the durable timer fires', async () => {
    await withWorker(async () => {
      const handle = await start('m1', 24 * HOUR);
      expect(await handle.result()).toBe('done');
    });
    expect(calls).toEqual(['execute m1']);
  });

  it('waits for the new time after a reschedule, not the old one', async () => {
    await withWorker(async () => {
      const handle = await start('m2', HOUR);
      const later = await fromNow(3 * HOUR);
      await handle.executeUpdate(rescheduleUpdate, {
        args: [{ executeAt: later, status: 'scheduled', delayMs: null, scheduledTime: later }],
      });
      await env.sleep(2 * HOUR);
      expect(await handle.query(phaseQuery)).toBe('pending');
      expect(await handle.result()).toBe('done');
      if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(await handle.fetchHistory(), null, 1)}\n`);
    });
    expect(calls).toEqual([expect.stringMatching(/^reschedule m2 scheduled .* #1$/), 'execute m2']);
  });

  it('replays its committed history (an update, its activity, the timer and the send) against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowsPath: require.resolve('./scheduled-message.workflow') }, history, 'scheduled-message-fixture'),
    ).resolves.toBeUndefined();
  });

  it('never sends a cancelled message, and records the cancellation before completing', async () => {
    await withWorker(async () => {
      const handle = await start('m3', HOUR);
      await handle.executeUpdate(cancelUpdate, { args: [{ cancelledAt: await fromNow(0) }] });
      expect(await handle.result()).toBe('cancelled');
    });
    expect(calls).toEqual(['cancel m3']);
  });

  it('refuses reschedule and cancel once execution began (the API answers 409)', async () => {
    executionGate = new Promise((resolve) => (releaseExecution = resolve));
    await withWorker(async () => {
      const handle = await start('m4', 1_000);
      while ((await handle.query(phaseQuery)) !== 'processing') await env.sleep(500);
      const refusal = await handle
        .executeUpdate(cancelUpdate, { args: [{ cancelledAt: await fromNow(0) }] })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(WorkflowUpdateFailedError);
      expect((refusal as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'NotPending' });
      const at = await fromNow(HOUR);
      await expect(
        handle.executeUpdate(rescheduleUpdate, { args: [{ executeAt: at, status: 'scheduled', delayMs: null, scheduledTime: at }] }),
      ).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
      releaseExecution();
      expect(await handle.result()).toBe('done');
    });
    expect(calls).toEqual(['execute m4']);
  });
});
