import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { baseConfigSchema } from '../config/config';
import { connectTemporalClient, installTemporalRuntime, startTemporalWorker, taskQueue } from './temporal';
import { diagnosticsActivities, workflowSource } from '@platica/workflows/worker';
import { echoWorkflow } from '@platica/workflows';
import { newIsolation, temporalAddress } from '@platica/testing';

const { workflowsPath } = workflowSource() as { workflowsPath: string };
const fixture = path.join(path.dirname(workflowsPath), 'diagnostics/__fixtures__/echo.history.json');

/** The Temporal bootstrap every service uses, on the real dev server and on the time-skipping test server. */
describe('Temporal bootstrap (integration)', () => {
  beforeAll(() => installTemporalRuntime());

  it('runs a workflow through the service bootstrap on the dev server, and its history replays', async () => {
    const isolation = newIsolation();
    const config = baseConfigSchema.parse({ TEMPORAL_ADDRESS: temporalAddress(), PLATICA_TASK_QUEUE_PREFIX: isolation.taskQueuePrefix });
    const worker = await startTemporalWorker(config, {
      service: 'diagnostics',
      activities: diagnosticsActivities('diagnostics'),
      workflows: { workflowsPath },
    });
    const { client, close } = await connectTemporalClient(config);
    try {
      const handle = await client.workflow.start(echoWorkflow, {
        taskQueue: taskQueue(config, 'diagnostics'),
        workflowId: `echo-${isolation.tag}`,
        args: [{ text: 'hola', sleepMs: 50 }],
      });
      expect(await handle.result()).toEqual({ text: 'hola', worker: `diagnostics:${process.pid}` });

      const history = await handle.fetchHistory();
      await Worker.runReplayHistory({ workflowsPath }, history, handle.workflowId);
      // UPDATE_FIXTURES=true refreshes the committed history that echo.workflow.spec.ts replays.
      if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(history, null, 1)}\n`);
    } finally {
      await close();
      await worker.stop();
    }
  });

  it('skips a day-long durable timer on the time-skipping test server', async () => {
    const env = await TestWorkflowEnvironment.createTimeSkipping({
      server: {
        executable: {
          type: 'existing-path',
          path: process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server'),
        },
      },
    });
    try {
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue: 'diagnostics-skip',
        workflowsPath,
        activities: diagnosticsActivities('skip'),
      });
      const started = Date.now();
      const result = await worker.runUntil(
        env.client.workflow.execute(echoWorkflow, {
          taskQueue: 'diagnostics-skip',
          workflowId: 'echo-day',
          args: [{ text: 'mañana', sleepMs: 24 * 3_600_000 }],
        }),
      );
      expect(result.text).toBe('mañana');
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await env.teardown();
    }
  });
});
