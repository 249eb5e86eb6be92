import path from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import type { ScheduledChatTurnActivities, ScheduledChatTurnInput } from './conversation-turn.contract';
import { scheduledChatTurnWorkflow } from './scheduled-chat-turn.workflow';
import { testWorkflowBundle } from '../test-workflow-bundle';

/** Recorded by the first test with UPDATE_FIXTURES=true. */
const fixture = path.join(__dirname, '__fixtures__/scheduled-chat-turn.history.json');

const testServer =
  process.env.PLATICA_TEMPORAL_TEST_SERVER ?? path.resolve(__dirname, '../../../../.toolchain/py/bin/temporal-test-server');

/** The scheduled chat turn on Temporal's time-skipping test server: a durable timer, then the turn is requested. */
describe('scheduledChatTurnWorkflow', () => {
  let env: TestWorkflowEnvironment;
  const requested: { input: ScheduledChatTurnInput; at: number }[] = [];
  const activities: ScheduledChatTurnActivities = {
    requestTurn: async (input) => void requested.push({ input, at: Date.now() }),
  };

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] });
    env = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  it('waits for its time on a durable timer, then requests the turn once', async () => {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'scheduled-chat',
      workflowBundle: await testWorkflowBundle(),
      activities,
    });
    const startedAt = await env.currentTimeMs();
    const input: ScheduledChatTurnInput = {
      workspaceId: 'ws',
      conversationKey: 'chat_1',
      conversationRef: null,
      executeAt: new Date(startedAt + 3_600_000).toISOString(),
      trigger: { kind: 'chat', requestId: 'msg_1', additionalInstructions: 'formal' },
    };
    const history = await worker.runUntil(async () => {
      const handle = await env.client.workflow.start(scheduledChatTurnWorkflow, {
        taskQueue: 'scheduled-chat',
        workflowId: 'scheduled-chat-task_1',
        args: [input],
      });
      await handle.result();
      return handle.fetchHistory();
    });
    expect(requested.map((r) => r.input)).toEqual([input]);
    expect(await env.currentTimeMs()).toBeGreaterThanOrEqual(Date.parse(input.executeAt));
    const events = history.events ?? [];
    expect(events.some((e) => e.timerStartedEventAttributes)).toBe(true);
    if (process.env.UPDATE_FIXTURES === 'true') writeFileSync(fixture, `${JSON.stringify(history, null, 1)}\n`);
  });

  it('replays its committed history (a timer, then an activity) against today’s code', async () => {
    const history = temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(fixture, 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'scheduled-chat-fixture'),
    ).resolves.toBeUndefined();
  });
});
