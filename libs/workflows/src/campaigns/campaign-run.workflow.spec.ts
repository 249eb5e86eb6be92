import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { campaignRunWorkflow } from './campaign-run.workflow';
import { campaignRunWorkflowId, type CampaignRunActivities } from './campaign-run.contract';
import { testWorkflowBundle } from '../test-workflow-bundle';

/** Recorded by the test "a dated run prepares its messages…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/campaign-run.history.json');

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');

/**
 * A campaign run on Temporal's time-skipping test server with recording activities: a dated run
 * prepares its messages, waits for its date, then sends slice after slice (a failed slice is
 * retried) until nobody is open, and completes.
 */
describe('campaignRunWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let lastHistory: Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function run(activities: CampaignRunActivities, scheduledFor: string | null): Promise<void> {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'campaigns',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.start(campaignRunWorkflow, {
        taskQueue: 'campaigns',
        workflowId: campaignRunWorkflowId(`run_${Math.random().toString(36).slice(2)}`),
        args: [{ runId: 'run_1', scheduledFor }],
      });
      await handle.result();
      lastHistory = await handle.fetchHistory();
    });
  }

  it('sends until nobody is open, retrying a failed slice, then completes', async () => {
    const calls: string[] = [];
    let open = 3;
    let failed = false;
    await run(
      {
        prepareCampaignRun: async () => void calls.push('prepare'),
        sendCampaignSlice: async () => {
          if (open === 2 && !failed) {
            failed = true;
            calls.push('slice failed');
            throw new Error('messaging did not answer');
          }
          calls.push(`slice ${open}`);
          return { open: --open };
        },
        completeCampaignRun: async () => void calls.push('complete'),
      },
      null,
    );
    expect(calls).toEqual(['slice 3', 'slice failed', 'slice 2', 'slice 1', 'complete']);
  });

  it('a dated run prepares its messages, then waits for its date before the first slice', async () => {
    const calls: { what: string; at: number }[] = [];
    const startedAt = await env.currentTimeMs();
    const date = new Date(startedAt + 3_600_000).toISOString();
    await run(
      {
        prepareCampaignRun: async () => void calls.push({ what: 'prepare', at: await env.currentTimeMs() }),
        sendCampaignSlice: async () => {
          calls.push({ what: 'slice', at: await env.currentTimeMs() });
          return { open: 0 };
        },
        completeCampaignRun: async () => void calls.push({ what: 'complete', at: await env.currentTimeMs() }),
      },
      date,
    );
    expect(calls.map((c) => c.what)).toEqual(['prepare', 'slice', 'complete']);
    expect(calls[1]!.at).toBeGreaterThanOrEqual(Date.parse(date));
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
  });

  it('replays its committed history (a dated run: timer, activities) against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'campaign-run-fixture'),
    ).resolves.toBeUndefined();
  });
});
