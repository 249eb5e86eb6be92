import { Client } from 'pg';
import { eventually, FakeLlm, FakeMetaGraph, MessagingWorkspace, startTestStack, withAgents, type TestStack } from '@platica/testing';

/**
 * A PostgreSQL that still answers but refuses the work (here: every new session read-only, as a
 * standby or a failover's old primary is) is a 503 naming the database, not a 500, and
 * `/readyz` says why; once it writes again, so does the API. The stack's services connect as a
 * superuser, whom a role's connection limit does not bind: `53300` (too many clients),
 * `57P01` and the pool's time-out are shown on the real server in
 * libs/platform/src/errors/postgres-unavailable.integration-spec.ts.
 */
describe('a database that refuses writes (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let database: string;

  /** New sessions take the setting; the stack's pooled ones are ended, so its next queries open new ones. */
  const setReadOnly = async (on: boolean) => {
    // From the server's maintenance database: a session of the stack's own would be read-only too.
    const url = new URL(t.isolation.databaseUrl);
    url.pathname = '/postgres';
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query(
        `alter database "${database}" ${on ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'}`,
      );
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    // A stack of its own: its database refuses writes and its sessions are ended, which the work
    // other files leave running on a shared stack would meet.
    t = await startTestStack({ ...llm.env(), META_GRAPH_BASE_URL: graph.url });
    ws = await MessagingWorkspace.seed(t, withAgents);
    database = decodeURIComponent(new URL(t.isolation.databaseUrl).pathname.slice(1));
  }, 300_000);
  afterAll(async () => {
    if (database) await setReadOnly(false);
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  it('answers a send 503 database_unavailable and /readyz 503 naming 25006 while PostgreSQL only reads, then recovers', async () => {
    const { phone } = await ws.customerWrites();
    const send = () => ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: 'hola' });
    await setReadOnly(true);
    try {
      const refused = await eventually('a send refused by the read-only database', async () => {
        const answer = await send();
        return answer.status === 503 ? answer : undefined;
      });
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toEqual({
        code: 503,
        error: expect.stringContaining('database'),
        details: { reason: 'database_unavailable', retryAfterSeconds: 5 },
      });
      const ready = await t.http.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.details.database).toMatch(/^database_unavailable: .* \(25006\)$/);
    } finally {
      await setReadOnly(false);
    }
    await eventually('the gateway ready again', async () => (await t.http.get('/readyz')).status === 200);
    await eventually('a send taken again', async () => (await send()).status === 200);
  });
});
