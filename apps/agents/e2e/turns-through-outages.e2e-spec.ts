import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import {
  CuttableProxy,
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  HttpTarget,
  lastOf,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  textOf,
  whatsappInbound,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type TestStack,
} from '@platica/testing';
import { turnWorkflowId } from '@platica/workflows/activities';

/**
 * The turn's retry backoffs at a tenth (PLATICA_TURN_RETRY_SCALE), and the outages with them:
 * the same retries, in-worker and on workflow timers, in the same order, in a tenth of the time.
 */
const RETRY_SCALE = 0.1;
/** Longer than the debounce: the database is cut while the turn waits for the customer to be quiet. */
const DEBOUNCE_MS = 3_000;
/** 40 s unscaled: longer than the ~27 s a turn's steps used to retry before its workflow failed. */
const DATABASE_OUTAGE_MS = 40_000 * RETRY_SCALE;
/** 15 s unscaled: longer than the turn's first attempts to load the agent's tools. */
const TOOLS_OUTAGE_MS = 15_000 * RETRY_SCALE;

/**
 * Turns through outages made by the test (docs/workflows.md › Retries and outages): the
 * services reach PostgreSQL through a proxy the test cuts, the tools service through one of its
 * own. A customer message stored before an outage is answered once after it, however long it
 * lasted; a turn that cannot load the agent's tools waits for them rather than answering without.
 */
describe('turns through outages (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let target: HttpTarget;
  let ws: MessagingWorkspace;
  let database: CuttableProxy;
  let toolsDatabase: CuttableProxy;
  let temporalConnection: Connection;
  let temporal: Client;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    target = await HttpTarget.start((r) => ({ body: { forecast: `soleado en ${r.path.split('/').pop()}` } }));
    const databaseUrl = new URL(process.env.PLATICA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const server = `${databaseUrl.hostname}:${databaseUrl.port || 5432}`;
    database = await CuttableProxy.start(server);
    toolsDatabase = await CuttableProxy.start(server);
    // The stack's isolated database is made on the server the test database URL names: the proxy.
    databaseUrl.host = database.address;
    process.env.PLATICA_TEST_DATABASE_URL = databaseUrl.toString();
    t = await startTestStack(
      {
        ...llm.env(),
        META_GRAPH_BASE_URL: graph.url,
        PLATICA_TURN_DEBOUNCE_MS: String(DEBOUNCE_MS),
        PLATICA_TURN_RETRY_SCALE: String(RETRY_SCALE),
      },
      {
        // tools in a process of its own: its own DATABASE_URL is how its errors are told apart (unavailableDependency reads process.env).
        ownProcesses: ['tools'],
        serviceEnv: (isolation) => {
          const toolsUrl = new URL(isolation.databaseUrl);
          toolsUrl.host = toolsDatabase.address;
          return { tools: { DATABASE_URL: toolsUrl.toString() } };
        },
      },
    );
    ws = await MessagingWorkspace.seed(t, withAgents);
    temporalConnection = await Connection.connect({ address: t.stack.env.TEMPORAL_ADDRESS });
    temporal = new Client({ connection: temporalConnection });
    llm.answer = weatherModel;
    // Eight services' migrations and start-up, on a machine others share.
  }, 300_000);
  afterAll(async () => {
    await temporalConnection?.close();
    await t?.stop();
    await database?.stop();
    await toolsDatabase?.stop();
    await target?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  /** The model of these tests: on `[[clima]]` it calls the weather tool, then answers with its result; without tools it says so. */
  function weatherModel(request: ChatCompletionRequest): FakeAnswer {
    const said = textOf(lastOf(request.messages, 'user'));
    if (!said.includes('[[clima]]')) return { text: `ECHO: ${said}` };
    const offered = request.tools?.map((entry) => entry.function.name) ?? [];
    if (!offered.length) return { text: 'SIN HERRAMIENTAS' };
    const result = request.messages.find((m) => m.role === 'tool');
    if (!result) return { toolCall: { name: offered[0]!, arguments: { city: 'Lima' } } };
    return { text: `Pronóstico: ${textOf(result)}` };
  }

  const marker = () => `m${randomBytes(4).toString('hex')}`;
  const sentTo = (phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
  const writes = async (phone: string, text: string) => {
    const wa = ws.whatsapp;
    const res = await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text }),
      wa.appSecret,
    );
    expect(res.status).toBe(200);
  };
  const conversationOf = async (phone: string): Promise<string | undefined> => {
    const list = await ws.api.get(`/v1/conversations?channelId=${ws.whatsapp.id}&limit=200`);
    return list.body.workspaces?.[0]?.conversations.find((c: { conversationId: string }) => c.conversationId === phone)?.id;
  };
  const turnStatus = async (conversationRef: string) =>
    (await temporal.workflow.getHandle(turnWorkflowId(ws.id, conversationRef)).describe()).status.name;
  /** The conversation's turn workflow, once it runs (the customer's message is stored and its turn requested). */
  const turnRunning = (phone: string) =>
    eventually(
      'the turn workflow running',
      async () => {
        const conversationRef = await conversationOf(phone);
        return conversationRef && (await turnStatus(conversationRef).catch(() => null)) === 'RUNNING' && conversationRef;
      },
      20_000,
      100,
    );
  const outage = async (proxy: CuttableProxy, ms: number) => {
    await proxy.cut();
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      await proxy.restore();
    }
  };

  it('answers a customer whose message was stored before a (scaled) 40 s PostgreSQL outage once, after it', async () => {
    const phone = newPhone();
    const m = marker();
    await writes(phone, `hola ${m}`);
    const conversationRef = await turnRunning(phone);
    expect(sentTo(phone)).toHaveLength(0);
    await outage(database, DATABASE_OUTAGE_MS);

    const send = await eventually('the reply at the Graph API', async () => sentTo(phone)[0], 120_000, 500);
    expect(send.body.text.body).toBe(`ECHO: hola ${m}`);
    await eventually('the turn workflow ended', async () => (await turnStatus(conversationRef)) !== 'RUNNING', 30_000);
    expect(await turnStatus(conversationRef)).toBe('COMPLETED');
    expect(sentTo(phone)).toHaveLength(1);
  }, 240_000);

  it("waits for the agent's tools while the tools service's database is down, and answers with them after", async () => {
    const sofia = ws.ids.agents.sofia.id;
    const created = await ws.api.post('/v1/tools/apis', {
      name: `clima_${randomBytes(3).toString('hex')}`,
      description: 'Consulta el pronóstico del clima de una ciudad.',
      request: { method: 'GET', url: `${target.url}/weather/{{city}}` },
      variables: [{ name: 'city', type: 'string', description: 'Ciudad', required: true, mode: 'ai' }],
    });
    expect(created.status).toBe(201);
    expect((await ws.api.post(`/v1/tools/apis/${created.body.data.id}/enable`, {})).status).toBe(200);
    expect((await ws.api.post(`/v1/agents/${sofia}/tools`, { toolId: created.body.data.id })).status).toBe(201);

    const phone = newPhone();
    const m = marker();
    await toolsDatabase.cut();
    try {
      await writes(phone, `[[clima]] ¿lloverá? ${m}`);
      await turnRunning(phone);
      await new Promise((resolve) => setTimeout(resolve, TOOLS_OUTAGE_MS));
    } finally {
      await toolsDatabase.restore();
    }

    const send = await eventually('the reply at the Graph API', async () => sentTo(phone)[0], 90_000, 500);
    expect(send.body.text.body).toContain('soleado en Lima');
    const asked = llm.requests.filter((r) => r.messages.some((msg) => msg.role === 'user' && textOf(msg).includes(m)));
    // The model was never asked without the agent's tools.
    expect(asked.every((r) => (r.tools?.length ?? 0) > 0)).toBe(true);
    expect(sentTo(phone)).toHaveLength(1);
  }, 180_000);

  it("answers the customer's own words when the business sent 55 messages while the turn waited", async () => {
    const phone = newPhone();
    const m = marker();
    // The tools' outage holds the turn (it waits for the agent's tools) while the business's sends pile up.
    await toolsDatabase.cut();
    try {
      await writes(phone, `hola ${m}`);
      await turnRunning(phone);
      for (let n = 0; n < 55; n++) {
        const sent = await ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: `aviso ${m} ${n}` });
        expect(sent.status).toBe(200);
      }
      // An attempt that read the context just before the last send fails at the cut tools before
      // they return (a refused connection fails at once): the attempt that answers read all 55.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await toolsDatabase.restore();
    }

    // More than the 50 messages of a turn's history, more than the 30 that fold older ones into a summary.
    const reply = await eventually(
      'the reply at the Graph API',
      async () => sentTo(phone).find((s) => s.body.text.body.startsWith('ECHO')),
      90_000,
      500,
    );
    expect(reply.body.text.body).toBe(`ECHO: hola ${m}`);
    const [asked] = llm.requests.filter((r) => textOf(lastOf(r.messages, 'user')) === `hola ${m}`);
    expect(asked!.messages.filter((msg) => msg.role === 'assistant' && textOf(msg).startsWith(`aviso ${m}`))).toHaveLength(55);
  }, 180_000);
});
