import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { knowledgeIndexWorkflow } from './knowledge-index.workflow';
import { knowledgeIndexWorkflowId, reindexKnowledgeSignal, type KnowledgeIndexActivities } from './knowledge-index.contract';
import { testWorkflowBundle } from '../test-workflow-bundle';

/** Recorded by the test "a scheduled website…" with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/knowledge-index.history.json');

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');

/**
 * A knowledge source's indexing on Temporal's time-skipping test server with recording
 * activities: a document in one activity; a website slice after slice (a failed slice is
 * retried with the same generation), finished, then crawled again on its schedule.
 */
describe('knowledgeIndexWorkflow', () => {
  let env: TestWorkflowEnvironment;
  let lastHistory: Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function run(activities: KnowledgeIndexActivities, during?: (handle: WorkflowHandle) => Promise<void>): Promise<void> {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'tools',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    await worker.runUntil(async () => {
      // As the tools service starts it: the start carries a reindex signal, which this run answers.
      const handle = await env.client.workflow.signalWithStart(knowledgeIndexWorkflow, {
        taskQueue: 'tools',
        workflowId: knowledgeIndexWorkflowId(`ks_${Math.random().toString(36).slice(2)}`),
        args: [{ sourceId: 'ks_1' }],
        signal: reindexKnowledgeSignal,
        signalArgs: [],
      });
      await during?.(handle);
      await handle.result();
      lastHistory = await handle.fetchHistory();
    });
  }

  const unused = async () => {
    throw new Error('not expected');
  };

  it('indexes a document in one activity and ends', async () => {
    const calls: string[] = [];
    await run({
      beginKnowledgeIndexing: async () => {
        calls.push('begin');
        return { path: 'document', generation: 1 };
      },
      indexKnowledgeDocument: async (_id, generation) => void calls.push(`document ${generation}`),
      crawlKnowledgeSlice: unused,
      finishKnowledgeCrawl: unused,
    });
    expect(calls).toEqual(['begin', 'document 1']);
  });

  it('ends at once for a deleted source', async () => {
    const calls: string[] = [];
    await run({
      beginKnowledgeIndexing: async () => {
        calls.push('begin');
        return { path: 'nothing', generation: 0 };
      },
      indexKnowledgeDocument: unused,
      crawlKnowledgeSlice: unused,
      finishKnowledgeCrawl: unused,
    });
    expect(calls).toEqual(['begin']);
  });

  it('a scheduled website is crawled slice after slice (a failed slice retried in the same generation), then again on its schedule', async () => {
    const calls: { what: string; at: number }[] = [];
    let generation = 0;
    let queued = 2;
    let failed = false;
    const startedAt = await env.currentTimeMs();
    await run({
      beginKnowledgeIndexing: async () => {
        generation++;
        calls.push({ what: `begin ${generation}`, at: await env.currentTimeMs() });
        queued = 2;
        return { path: 'website', generation };
      },
      indexKnowledgeDocument: unused,
      crawlKnowledgeSlice: async (_id, g) => {
        if (g === 1 && queued === 1 && !failed) {
          failed = true;
          calls.push({ what: 'slice failed', at: 0 });
          throw new Error('the worker died');
        }
        calls.push({ what: `slice ${g}`, at: 0 });
        return { queued: --queued };
      },
      finishKnowledgeCrawl: async (_id, g) => {
        calls.push({ what: `finish ${g}`, at: 0 });
        // The second crawl finds the source no longer scheduled.
        return { recrawlInMs: g === 1 ? 3_600_000 : null };
      },
    });
    expect(calls.map((c) => c.what)).toEqual([
      'begin 1',
      'slice 1',
      'slice failed',
      'slice 1',
      'finish 1',
      'begin 2',
      'slice 2',
      'slice 2',
      'finish 2',
    ]);
    expect(calls[5]!.at - startedAt).toBeGreaterThanOrEqual(3_600_000);
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(lastHistory, null, 1)}\n`);
  });

  it('a reindex signal during a document’s indexing indexes it again', async () => {
    const calls: string[] = [];
    let generation = 0;
    let release: () => void = () => undefined;
    const firstRunning = new Promise<void>((resolve) => (release = resolve));
    let gate: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (gate = resolve));
    await run(
      {
        beginKnowledgeIndexing: async () => ({ path: 'document', generation: ++generation }),
        indexKnowledgeDocument: async (_id, g) => {
          calls.push(`document ${g}`);
          if (g === 1) {
            release();
            await blocked;
          }
        },
        crawlKnowledgeSlice: unused,
        finishKnowledgeCrawl: unused,
      },
      async (handle) => {
        await firstRunning;
        await handle.signal(reindexKnowledgeSignal);
        gate();
      },
    );
    expect(calls).toEqual(['document 1', 'document 2']);
  });

  it('replays its committed history (a scheduled website: slices, a retry, the timer, continue-as-new) against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'knowledge-index-fixture'),
    ).resolves.toBeUndefined();
  });
});
