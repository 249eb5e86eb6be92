import path from 'node:path';
import { freePort, startService, stopService, waitReady, type RunningService } from '@platica/devstack';
import { eventually, FakeMetaGraph, MessagingWorkspace, startTestStack, type TestStack } from '@platica/testing';

/**
 * PLATICA_ROLE splits a service's Temporal worker from its NATS handlers, so each can be its
 * own Deployment (deploy/base/services/messaging-worker.yaml): with every service in the
 * `handlers` role a scheduled send is accepted but never runs; a `worker` process of
 * messaging then runs it, and answers no NATS request itself.
 */
describe('process roles (e2e)', () => {
  const root = path.resolve(__dirname, '../../..');
  let t: TestStack;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let worker: RunningService | undefined;

  beforeAll(async () => {
    graph = await FakeMetaGraph.start();
    // A stack of its own: its messaging service runs split by role (PLATICA_ROLE).
    // messaging in a process of its own: this file starts it in other roles beside it.
    t = await startTestStack({ META_GRAPH_BASE_URL: graph.url, PLATICA_ROLE: 'handlers' }, { ownProcesses: ['messaging'] });
    ws = await MessagingWorkspace.seed(t);
  });
  afterAll(async () => {
    if (worker) await stopService(worker);
    await t?.stop();
    await graph?.stop();
  });

  it('runs scheduled sends only where a worker runs, and the worker takes no NATS requests', async () => {
    const { phone } = await ws.customerWrites();
    const sent = () => graph.sends(ws.whatsapp.phoneNumberId).some((s) => JSON.stringify(s.body).includes('by the worker'));
    const accepted = await ws.api.post('/v1/messages', {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      content: 'by the worker',
      delay: 3_000,
    });
    expect(accepted.status).toBe(202);
    const messaging = t.stack.services.get('messaging')!;
    const handlersReadiness = (await (await fetch(`http://127.0.0.1:${messaging.port}/readyz`)).json()) as {
      checks: Record<string, string>;
    };
    expect(Object.keys(handlersReadiness.checks)).not.toContain('temporal');

    // Due after 3 s: nothing polls the messaging task queue yet.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(sent()).toBe(false);

    worker = startService(root, { name: 'messaging', port: await freePort() }, { ...t.stack.env, PLATICA_ROLE: 'worker' }, () => undefined);
    await waitReady(worker);
    const workerReadiness = (await (await fetch(`http://127.0.0.1:${worker.port}/readyz`)).json()) as { checks: Record<string, string> };
    expect(Object.keys(workerReadiness.checks).sort()).toEqual(['database', 'nats', 'temporal']);
    await eventually('the worker to send the scheduled message', async () => sent(), 20_000, 100);

    // Requests are still answered by the handlers process alone: the worker's handler histogram stays empty.
    expect((await ws.api.get(`/v1/messages/scheduled/${accepted.body.messageId}`)).status).toBe(200);
    const workerMetrics = await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text();
    expect(workerMetrics).not.toMatch(/platica_rpc_handler_duration_seconds_count\{/);
    expect(workerMetrics).toMatch(/platica_message_sends_total\{platform="whatsapp",outcome="sent"\} 1/);
  });
});
