import { SERVICE_NAMES } from '@platica/contracts';
import { FakeMetaGraph } from './fake-meta-graph';
import { MessagingWorkspace } from './messaging-workspace';
import { startTestStack, type TestStack } from './test-stack';
import { eventually } from './wait';

/**
 * startStack's `oneProcess` (startTestStack's default): the seven services in one Node
 * process, each ready on its own port, each writing its events to its own schema's outbox;
 * those named in `ownProcesses` (here messaging) in processes of their own, to be stopped and
 * restarted while the rest run on.
 */
describe('a test stack in one process (integration)', () => {
  let graph: FakeMetaGraph;
  let t: TestStack;

  beforeAll(async () => {
    graph = await FakeMetaGraph.start();
    // A stack of its own: the test is about how a stack starts.
    t = await startTestStack({ META_GRAPH_BASE_URL: graph.url }, { ownProcesses: ['messaging'] });
  });
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
  });

  it('runs every service but messaging in one process, each ready on its own port', async () => {
    const services = [...t.stack.services.values()];
    expect(services.map((service) => service.name).sort()).toEqual([...SERVICE_NAMES].sort());
    const hosted = services.filter((service) => service.name !== 'messaging');
    expect(new Set(hosted.map((service) => service.process.pid)).size).toBe(1);
    expect(t.stack.services.get('messaging')!.process.pid).not.toBe(hosted[0]!.process.pid);
    expect(new Set(services.map((service) => service.port)).size).toBe(SERVICE_NAMES.length);
    for (const service of services) {
      const ready = await fetch(`http://127.0.0.1:${service.port}/readyz`);
      expect({ service: service.name, status: ready.status }).toEqual({ service: service.name, status: 200 });
    }
  });

  it("writes each service's events to its own schema's outbox, and its relay publishes them", async () => {
    const ws = await MessagingWorkspace.seed(t);
    await ws.customerWrites();
    const types = ['client.created', 'conversation.created', 'message.created'];
    const published = await eventually('messaging to publish the new conversation’s events', async () => {
      const rows = await t.query<{ type: string }>(
        'select type from messaging.outbox_event where workspace_id = $1 and type = any($2) and published_at is not null',
        [ws.id, types],
      );
      return types.every((type) => rows.some((row) => row.type === type)) ? rows : undefined;
    });
    expect(published.length).toBeGreaterThanOrEqual(3);
    const schemas = await t.query<{ schema: string }>(
      `select table_schema as schema from information_schema.tables where table_name = 'outbox_event' and table_schema <> 'messaging'`,
    );
    expect(schemas.length).toBeGreaterThanOrEqual(5);
    for (const { schema } of schemas) {
      const [row] = await t.query<{ count: string }>(`select count(*) as count from "${schema}".outbox_event where workspace_id = $1`, [
        ws.id,
      ]);
      expect({ schema, count: Number(row!.count) }).toEqual({ schema, count: 0 });
    }
  });

  it('refuses to stop or restart a service of the shared process, and stops and restarts one of its own', async () => {
    await expect(t.stack.stopService('chat')).rejects.toThrow(/stopService\('chat'\): chat runs in the stack's shared process/);
    await expect(t.stack.startService('chat')).rejects.toThrow(/startService\('chat'\)/);
    expect((await fetch(`http://127.0.0.1:${t.stack.services.get('chat')!.port}/readyz`)).status).toBe(200);

    const ws = await MessagingWorkspace.seed(t);
    await t.stack.stopService('messaging');
    const whileStopped = await ws.api.get('/v1/conversations');
    expect(whileStopped.status).toBe(503);
    await t.stack.startService('messaging');
    expect((await ws.api.get('/v1/conversations')).status).toBe(200);
  });

  it('adds a replica as a process of its own', async () => {
    const replica = await t.stack.addReplica('gateway');
    expect(replica.process.pid).not.toBe(t.stack.services.get('gateway')!.process.pid);
    expect((await fetch(`http://127.0.0.1:${replica.port}/readyz`)).status).toBe(200);
  });
});
