import {
  CuttableProxy,
  eventually,
  FakeLlm,
  MessagingWorkspace,
  startTestStack,
  temporalAddress,
  withAgents,
  type HttpAnswer,
  type TestStack,
} from '@platica/testing';

/**
 * What an integrator gets while a dependency is down: the services reach PostgreSQL and
 * Temporal through proxies the test cuts. A 503 with `Retry-After` and the dependency named
 * in `details.reason` (no internal text), answered fast: clients retry a 503 and drop a 500.
 */
describe('dependency outages answer 503 (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let ws: MessagingWorkspace;
  let temporal: CuttableProxy;
  let database: CuttableProxy;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    temporal = await CuttableProxy.start(temporalAddress());
    const databaseUrl = new URL(process.env.PLATICA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    database = await CuttableProxy.start(`${databaseUrl.hostname}:${databaseUrl.port || 5432}`);
    // The stack's isolated database is made on the server the test database URL names: the proxy.
    databaseUrl.host = database.address;
    process.env.PLATICA_TEST_DATABASE_URL = databaseUrl.toString();
    t = await startTestStack({ ...llm.env(), TEMPORAL_ADDRESS: temporal.address });
    ws = await MessagingWorkspace.seed(t, withAgents);
  });
  afterAll(async () => {
    await t?.stop();
    await temporal?.stop();
    await database?.stop();
    await llm?.stop();
  });

  const expectUnavailable = (answer: HttpAnswer, reason: string) => {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toEqual({ code: 503, error: expect.any(String), details: expect.objectContaining({ reason }) });
    expect(JSON.stringify(answer.body)).not.toMatch(/ECONNREFUSED|Failed to start|127\.0\.0\.1/);
  };

  // Answered once the Temporal client's own retries give up: 6-10 s measured here.
  it('answers a chat turn 503 temporal_unavailable while Temporal is down, and 200 once it is back', async () => {
    await temporal.cut();
    try {
      expectUnavailable(await ws.api.post('/v1/chat', { agentId: ws.ids.agents.sofia.id, message: 'hola' }), 'temporal_unavailable');
    } finally {
      await temporal.restore();
    }
    await eventually(
      'a chat turn answered again',
      async () => (await ws.api.post('/v1/chat', { agentId: ws.ids.agents.sofia.id, message: 'hola' })).status === 200,
      30_000,
      1_000,
    );
  });

  it('answers a read 503 database_unavailable at once while PostgreSQL is down', async () => {
    await database.cut();
    try {
      const started = Date.now();
      expectUnavailable(await ws.api.get('/v1/agents'), 'database_unavailable');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await database.restore();
    }
    await eventually('the read answered again', async () => (await ws.api.get('/v1/agents')).status === 200, 30_000, 500);
  });
});
