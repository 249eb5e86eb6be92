import { randomBytes } from 'node:crypto';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { Client as PostgresClient } from 'pg';
import {
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  lastOf,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  textOf,
  whatsappInbound,
  withAgents,
  type ChatCompletionRequest,
  type TestStack,
} from '@platica/testing';

const DEBOUNCE_MS = 200;
/** Workspace A's bound; the deployment's is one more, so B's turn needs the room A leaves. */
const PER_WORKSPACE = 2;
const IN_FLIGHT = 3;

/**
 * Fair turns across workspaces (docs/agents.md): a workspace whose model is slow has at most
 * PLATICA_MODEL_CALLS_PER_WORKSPACE calls at the model; its further turns wait oldest first,
 * holding none of the worker's slots, while another workspace's turns are answered; once as many
 * of its calls wait as its bound, its customers' further turns wait as rows (deferred turns),
 * each started ahead of its slot when fewer wait; the bound and the queue survive the agents
 * service killed and restarted.
 */
describe('fair turns across workspaces (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let a: MessagingWorkspace;
  let b: MessagingWorkspace;
  let temporalConnection: Connection;
  let temporal: Client;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    // agents in a process of its own: this file kills and restarts it.
    t = await startTestStack(
      {
        ...llm.env(),
        META_GRAPH_BASE_URL: graph.url,
        PLATICA_TURN_DEBOUNCE_MS: String(DEBOUNCE_MS),
        PLATICA_MODEL_CALLS_PER_WORKSPACE: String(PER_WORKSPACE),
        PLATICA_MODEL_CALLS_IN_FLIGHT: String(IN_FLIGHT),
      },
      { ownProcesses: ['agents'] },
    );
    a = await MessagingWorkspace.seed(t, withAgents);
    b = await MessagingWorkspace.seed(t, withAgents);
    temporalConnection = await Connection.connect({ address: t.stack.env.TEMPORAL_ADDRESS });
    temporal = new Client({ connection: temporalConnection });
  });
  afterAll(async () => {
    await temporalConnection?.close();
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  const promptOf = (ws: MessagingWorkspace) => (ws.doc.agents![0] as { systemPrompt: string }).systemPrompt;
  const isOf = (ws: MessagingWorkspace) => (request: ChatCompletionRequest) =>
    request.messages.some((m) => m.role === 'system' && textOf(m).includes(promptOf(ws)));
  const saying = (marker: string) => (request: ChatCompletionRequest) => textOf(lastOf(request.messages, 'user')).includes(marker);
  const atModel = (marker: string) => llm.requests.filter(saying(marker)).length;
  const sentTo = (ws: MessagingWorkspace, phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
  const writes = async (ws: MessagingWorkspace, phone: string, text: string) => {
    const wa = ws.whatsapp;
    const res = await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text }),
      wa.appSecret,
    );
    expect(res.status).toBe(200);
  };
  /** A's model calls, held at the model or waiting for their slot (the agents schema's rows). */
  const slotsOf = async (ws: MessagingWorkspace) => {
    const rows = await t.query<{ held: boolean }>(
      `select granted_at is not null as held from agents.model_call_slot where workspace_id = $1 and expires_at > now()`,
      [ws.id],
    );
    return { held: rows.filter((row) => row.held).length, waiting: rows.filter((row) => !row.held).length };
  };
  /** `ws`'s deferred turns, oldest first: rows whose turn workflow is not started yet. */
  const deferredOf = (ws: MessagingWorkspace) =>
    t.query<{ workflow_id: string; deferred_message_ids: string[]; granted: boolean }>(
      `select workflow_id, deferred_message_ids, granted_at is not null as granted from agents.model_call_slot
       where workspace_id = $1 and deferred_message_ids is not null order by requested_at`,
      [ws.id],
    );
  const notStarted = async (workflowId: string) => {
    const found = await temporal.workflow
      .getHandle(workflowId)
      .describe()
      .catch((error: unknown) => error);
    return found instanceof WorkflowNotFoundError;
  };
  /** The most of `ws`'s requests the model had at once. */
  const mostAtOnce = (ws: MessagingWorkspace) => {
    const edges = llm.timings
      .filter((timing) => isOf(ws)(timing.request))
      .flatMap((timing) => [
        { at: timing.startedAt, step: 1 },
        { at: timing.finishedAt ?? Infinity, step: -1 },
      ])
      .sort((x, y) => x.at - y.at || x.step - y.step);
    let now = 0;
    let most = 0;
    for (const edge of edges) most = Math.max(most, (now += edge.step));
    return most;
  };
  /**
   * A's customers write, one after another, each once its model call is held or queued,
   * each conversation's model call held at the model until the test releases it.
   */
  const flood = async (count: number) => {
    const customers = Array.from({ length: count }, () => ({ phone: newPhone(), marker: `a${randomBytes(4).toString('hex')}` }));
    const releases = new Map(customers.map((c) => [c.marker, llm.holdWhere(saying(c.marker))]));
    for (const [index, customer] of customers.entries()) {
      await writes(a, customer.phone, `[[reply:Listo ${customer.marker}]]`);
      await eventually(
        `A's call ${index + 1} held or queued`,
        async () => {
          const { held, waiting } = await slotsOf(a);
          return held + waiting === index + 1;
        },
        20_000,
      );
    }
    return { customers, release: (marker: string) => releases.get(marker)!() };
  };

  it("answers B's turns while A has more slow turns than its bound, and serves A's backlog oldest first", async () => {
    const { customers, release } = await flood(6);
    const [first, second, third, fourth, fifth, sixth] = customers;
    const rest = [fourth!, fifth!, sixth!];
    // A's first two are at the model; the other four wait, and none of them reached it.
    await eventually('A at its bound', async () => atModel(first!.marker) + atModel(second!.marker) === PER_WORKSPACE, 20_000);
    expect(await slotsOf(a)).toEqual({ held: PER_WORKSPACE, waiting: 4 });
    // Once as many of A's calls wait as its bound (the third's and the fourth's), A's further
    // customers' turns are rows, not workflows.
    const deferred = await deferredOf(a);
    expect(deferred.map((row) => row.deferred_message_ids.length)).toEqual([1, 1]);
    for (const row of deferred) expect(await notStarted(row.workflow_id)).toBe(true);
    // A deferred customer writing again joins their turn: still one row, now with both messages.
    await writes(a, fifth!.phone, `[[reply:Listo ${fifth!.marker}]] y otra cosa`);
    await eventually(
      'the second message joined its deferred turn',
      async () => (await deferredOf(a))[0]?.deferred_message_ids.length === 2,
    );
    expect(await slotsOf(a)).toEqual({ held: PER_WORKSPACE, waiting: 4 });
    expect(await notStarted(deferred[0]!.workflow_id)).toBe(true);

    // B's WhatsApp customer and a chat request to B's agent are answered meanwhile.
    const phone = newPhone();
    const marker = `b${randomBytes(4).toString('hex')}`;
    await writes(b, phone, `[[reply:Hola ${marker}]]`);
    await eventually("B's reply", async () => sentTo(b, phone)[0], 20_000);
    expect(sentTo(b, phone).map((s) => s.body.text.body)).toEqual([`Hola ${marker}`]);
    const chat = await b.api.post('/v1/chat', {
      agentId: b.ids.agents.sofia.id,
      client: { email: `${marker}@example.test` },
      message: `[[reply:Chat ${marker}]]`,
    });
    expect(chat.status).toBe(200);
    expect(JSON.stringify(chat.body)).toContain(`Chat ${marker}`);
    expect(rest.map((c) => atModel(c.marker))).toEqual([0, 0, 0]);
    expect(atModel(third!.marker)).toBe(0);

    // A's first call answers: its slot goes to A's oldest waiting call, the third, and no other;
    // the fifth customer's deferred turn is started ahead of its slot (one of A's calls waits now,
    // fewer than its bound), its call waiting in its place, and the sixth's stays a row.
    release(first!.marker);
    await eventually("A's third call at the model", async () => atModel(third!.marker) === 1, 20_000);
    await eventually(
      "the fifth customer's turn started ahead, its call waiting",
      async () => (await deferredOf(a)).length === 1 && !(await notStarted(deferred[0]!.workflow_id)),
      20_000,
    );
    expect((await deferredOf(a)).map((row) => row.workflow_id)).toEqual([deferred[1]!.workflow_id]);
    expect(await notStarted(deferred[1]!.workflow_id)).toBe(true);
    expect(await slotsOf(a)).toEqual({ held: PER_WORKSPACE, waiting: 3 });
    expect(rest.map((c) => atModel(c.marker))).toEqual([0, 0, 0]);

    // Each answered once, the deferred customer who wrote twice too (one turn for both messages).
    for (const customer of customers) release(customer.marker);
    for (const customer of customers) {
      await eventually(`A's reply to ${customer.marker}`, async () => sentTo(a, customer.phone)[0], 30_000);
      expect(sentTo(a, customer.phone).map((s) => s.body.text.body)).toEqual([`Listo ${customer.marker}`]);
    }
    expect(mostAtOnce(a)).toBe(PER_WORKSPACE);
    await eventually('every slot freed', async () => {
      const { held, waiting } = await slotsOf(a);
      return held + waiting === 0;
    });
  });

  it("takes A's flood of messages into its queue with the slots' lock held elsewhere: B's calls wait for none of them", async () => {
    const { customers, release } = await flood(PER_WORKSPACE * 2 + 1);
    const [oldest] = await deferredOf(a);
    const deferredCustomer = customers.at(-1)!;
    // Another session holds the lock every grant and take is made under.
    const lockHolder = new PostgresClient({ connectionString: t.isolation.databaseUrl });
    await lockHolder.connect();
    const newcomer = { phone: newPhone(), marker: `a${randomBytes(4).toString('hex')}` };
    const releaseNewcomer = llm.holdWhere(saying(newcomer.marker));
    try {
      await lockHolder.query(`begin`);
      await lockHolder.query(`select pg_advisory_xact_lock(hashtext('agents.model_call_slot'))`);
      // The deferred customer writes again (their turn joined); a new customer's turn is deferred behind it.
      await writes(a, deferredCustomer.phone, `[[reply:Listo ${deferredCustomer.marker}]] otra vez`);
      await writes(a, newcomer.phone, `[[reply:Listo ${newcomer.marker}]]`);
      await eventually(
        'both taken into the queue, the lock still held',
        async () => {
          const rows = await deferredOf(a);
          return rows.length === 2 && rows[0]!.workflow_id === oldest!.workflow_id && rows[0]!.deferred_message_ids.length === 2;
        },
        20_000,
      );
    } finally {
      await lockHolder.query(`rollback`);
      await lockHolder.end();
    }
    for (const customer of customers) release(customer.marker);
    releaseNewcomer();
    for (const customer of [...customers, newcomer]) {
      await eventually(`A's reply to ${customer.marker}`, async () => sentTo(a, customer.phone)[0], 30_000);
      expect(sentTo(a, customer.phone).map((s) => s.body.text.body)).toEqual([`Listo ${customer.marker}`]);
    }
    await eventually('every slot freed', async () => {
      const { held, waiting } = await slotsOf(a);
      return held + waiting === 0;
    });
  });

  it("serves a chat to A's agent, whose answer its caller awaits, ahead of A's older waiting customers", async () => {
    const { customers, release } = await flood(4);
    const [first, second, third, fourth] = customers;
    await eventually('A at its bound', async () => atModel(first!.marker) + atModel(second!.marker) === PER_WORKSPACE, 20_000);
    const marker = `c${randomBytes(4).toString('hex')}`;
    const chat = a.api.post('/v1/chat', {
      agentId: a.ids.agents.sofia.id,
      client: { email: `${marker}@example.test` },
      message: `[[reply:Chat ${marker}]]`,
    });
    await eventually("the chat's call waiting behind A's two customers", async () => (await slotsOf(a)).waiting === 3, 20_000);
    expect(atModel(marker)).toBe(0);

    // A's first call answers: its slot goes to the chat, not to the third customer, who asked first.
    release(first!.marker);
    const answered = await chat;
    expect(answered.status).toBe(200);
    expect(JSON.stringify(answered.body)).toContain(`Chat ${marker}`);
    expect(atModel(third!.marker)).toBe(0);

    for (const customer of customers) release(customer.marker);
    for (const customer of [second!, third!, fourth!]) {
      await eventually(`A's reply to ${customer.marker}`, async () => sentTo(a, customer.phone)[0], 30_000);
    }
    expect(mostAtOnce(a)).toBe(PER_WORKSPACE);
    await eventually('every slot freed', async () => {
      const { held, waiting } = await slotsOf(a);
      return held + waiting === 0;
    });
  });

  it('keeps the bound and every turn across the agents service killed and restarted: each answered once', async () => {
    const { customers, release } = await flood(5);
    await eventually('A at its bound', async () => customers.filter((c) => atModel(c.marker) > 0).length === PER_WORKSPACE, 20_000);
    // The fifth customer's turn is a deferred row: only PostgreSQL holds it across the restart.
    const [deferred] = await deferredOf(a);
    expect(deferred && (await notStarted(deferred.workflow_id))).toBe(true);
    t.stack.services.get('agents')!.process.kill('SIGKILL');
    await t.stack.startService('agents');
    // The killed calls are retried under their own slots; the waiting ones keep their places.
    await eventually(
      'the held calls asked again',
      async () => customers.filter((c) => atModel(c.marker) > 1).length === PER_WORKSPACE,
      60_000,
      200,
    );
    expect(await slotsOf(a)).toEqual({ held: PER_WORKSPACE, waiting: 3 });
    expect((await deferredOf(a)).map((row) => row.workflow_id)).toEqual([deferred!.workflow_id]);

    for (const customer of customers) release(customer.marker);
    for (const customer of customers) {
      await eventually(`A's reply to ${customer.marker}`, async () => sentTo(a, customer.phone)[0], 60_000, 200);
    }
    await eventually(
      'every slot freed',
      async () => {
        const { held, waiting } = await slotsOf(a);
        return held + waiting === 0;
      },
      20_000,
    );
    for (const customer of customers) expect(sentTo(a, customer.phone).map((s) => s.body.text.body)).toEqual([`Listo ${customer.marker}`]);
    expect(mostAtOnce(a)).toBe(PER_WORKSPACE);
  });
});
