import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  lastOf,
  MessagingWorkspace,
  newPhone,
  textOf,
  useSharedStack,
  withAgents,
  type HttpAnswer,
  type StackApi,
} from '@platica/testing';

const LIMIT = 3;
const FILE = 'https://cdn.example.test/promo.png';
/** A valid send `template` of the seeded `welcome` template (two body variables, an image header, one URL button). */
const template = () => ({
  params: ['Cliente', 'B-2'],
  type: 'image',
  file: FILE,
  buttons: [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }] }],
});

/**
 * The credit limit (spec › Errors: 402 "workspace reached its credit limit"; docs/usage.md ›
 * Credit limit): a workspace seeded with a limit of 3 billable messages sends 3, then its sends,
 * chat turns and campaign sends answer 402 in the spec's shape, a customer's WhatsApp message
 * gets no AI answer (the model is not called) and the conversation goes to a person, the
 * `workspace.credit_limit.reached` event reaches its webhook once, usage shows the credit, and
 * another workspace is unaffected. The operator raises the limit through the admin API.
 */
describe('credit limit (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let other: MessagingWorkspace;
  let sofia: string;
  let receiver: Server;
  let receiverUrl: string;
  const delivered: { type: string; workspaceId: string; data: Record<string, any> }[] = [];

  const marker = () => `m${randomBytes(4).toString('hex')}`;
  /** The seeded `welcome` template as `POST /v1/messages/template` takes it (it opens the conversation). */
  const welcome = { name: 'welcome', language: 'es_MX', params: ['Ana', 'A-1'], file: FILE, buttons: template().buttons };
  const sendTemplate = (w: MessagingWorkspace, phone = newPhone()) =>
    w.api.post('/v1/messages/template', { channelId: w.whatsapp.id, conversationId: phone, template: welcome });
  const creditOf = async (w: MessagingWorkspace) => {
    const res = await w.api.get('/v1/usage/actors');
    expect(res.status).toBe(200);
    return res.body.workspaces[0].credit;
  };
  const expectCreditRefusal = (answer: HttpAnswer) => {
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({
      code: 402,
      error: expect.stringContaining('credit limit'),
      details: {
        reason: 'credit_limit_reached',
        creditLimit: LIMIT,
        billableMessages: LIMIT,
        billingPeriod: { startDate: expect.any(String), endDate: expect.any(String) },
      },
    });
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        delivered.push(JSON.parse(body));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    llm = await FakeLlm.start();
    llm.answer = (request) => ({ text: `ECHO: ${textOf(lastOf(request.messages, 'user'))}` });
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      Object.assign(doc.workspace, { creditLimit: LIMIT });
      const owners = [doc.users[0]!.email];
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'promo',
            title: 'Promo',
            category: 'marketing',
            platform: 'whatsapp',
            templateRef: 'welcome',
            owners,
            audience: [{ phoneNumber: newPhone() }],
          },
        ],
      });
    });
    other = await MessagingWorkspace.seed(t, withAgents);
    sofia = ws.ids.agents.sofia.id;
    expect((await ws.api.patch(`/v1/agents/${sofia}/assist-rules`, { assistanceEnabled: true })).status).toBe(200);
    const hook = await ws.api.post('/v1/webhooks', { name: 'credit', url: receiverUrl, events: ['workspace.credit_limit.reached'] });
    expect(hook.status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('shows the limit in usage, sends up to it, then answers 402 on every send', async () => {
    expect(await creditOf(ws)).toEqual({ limit: LIMIT, used: 0, remaining: LIMIT, reached: false });
    for (let i = 0; i < LIMIT; i++) expect((await sendTemplate(ws)).status).toBe(200);

    const refused = newPhone();
    const graphCalls = graph.sends().length;
    expectCreditRefusal(await sendTemplate(ws, refused));
    // A free-form send and a scheduled one are refused alike; nothing reached Meta.
    expectCreditRefusal(await ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: refused, content: 'hola' }));
    expectCreditRefusal(
      await ws.api.post('/v1/messages/template', {
        channelId: ws.whatsapp.id,
        conversationId: refused,
        template: welcome,
        delay: 3_600_000,
      }),
    );
    expect(graph.sends().length).toBe(graphCalls);
    expect(await creditOf(ws)).toEqual({ limit: LIMIT, used: LIMIT, remaining: 0, reached: true });
  });

  it('refuses chat turns (402) without calling the model', async () => {
    const m = marker();
    const calls = llm.requests.length;
    expectCreditRefusal(await ws.api.post('/v1/chat', { agentId: sofia, client: { email: `c-${m}@example.test` }, message: `hola ${m}` }));
    // Scheduled ones too, when asked.
    expectCreditRefusal(
      await ws.api.post('/v1/chat', { agentId: sofia, client: { email: `c-${m}@example.test` }, message: `luego ${m}`, delay: 3_600_000 }),
    );
    expect(llm.requests.length).toBe(calls);
  });

  it('refuses a campaign send (402)', async () => {
    const send = await ws.api.post(`/v1/campaigns/${ws.ids.campaigns.promo.id}/send`, { channelId: ws.whatsapp.id, template: template() });
    expectCreditRefusal(send);
  });

  it('stores an inbound WhatsApp message but sends no AI answer: the turn log says why and a person takes over', async () => {
    const m = marker();
    const { conversation } = await ws.customerWrites(newPhone(), `hola ${m}`);
    const turn = await eventually('the silent turn', async () => {
      const res = await ws.api.get(`/v1/conversations/${conversation.id}/turns`);
      return (res.body.turns as Record<string, any>[] | undefined)?.find((entry) => entry.outcome === 'silent');
    });
    expect(turn.detail).toBe('the workspace reached its credit limit: the conversation was handed to a person');
    expect(turn.modelCalls).toEqual([]);
    const detail = (await ws.api.get(`/v1/conversations/${conversation.id}`)).body.workspaces[0].conversations[0];
    expect(detail.operation).toBe('assistance');
    expect(detail.messages.map((message: any) => [message.role, message.content])).toEqual([['user', `hola ${m}`]]);
    expect(llm.requests.some((request) => request.messages.some((message) => textOf(message).includes(m)))).toBe(false);
  });

  it('delivers workspace.credit_limit.reached to its webhook, once', async () => {
    const event = await eventually('the credit event', async () => delivered.find((e) => e.type === 'workspace.credit_limit.reached'));
    expect(event).toMatchObject({
      workspaceId: ws.id,
      data: { creditLimit: LIMIT, billableMessages: LIMIT, billingPeriod: { startDate: expect.any(String), endDate: expect.any(String) } },
    });
    expect(delivered.filter((e) => e.type === 'workspace.credit_limit.reached')).toHaveLength(1);
  });

  it('leaves another workspace unaffected', async () => {
    expect((await sendTemplate(other)).status).toBe(200);
    const m = marker();
    const chat = await other.api.post('/v1/chat', {
      agentId: other.ids.agents.sofia.id,
      client: { email: `c-${m}@example.test` },
      message: `hola ${m}`,
    });
    expect(chat.status).toBe(200);
    expect(chat.body.messages[0].content).toBe(`ECHO: hola ${m}`);
    expect(await creditOf(other)).toMatchObject({ limit: null, remaining: null, reached: false });
  });

  it('lets the operator raise the limit through the admin API (applied within 5 s), and refuses bad settings', async () => {
    const badLimit = await t.admin.patch(`/admin/v1/workspaces/${ws.id}`, { creditLimit: -1 });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toMatchObject({ code: 400, details: [{ path: ['creditLimit'] }] });
    expect((await t.admin.patch('/admin/v1/workspaces/ws_nope', { creditLimit: 5 })).status).toBe(404);

    const raised = await t.admin.patch(`/admin/v1/workspaces/${ws.id}`, { creditLimit: LIMIT + 10 });
    expect(raised.status).toBe(200);
    expect(raised.body).toEqual({ id: ws.id, name: ws.doc.workspace.name, timezone: expect.any(String), creditLimit: LIMIT + 10 });
    await eventually('sends allowed again', async () => ((await sendTemplate(ws)).status === 200 ? true : undefined));
    expect(await creditOf(ws)).toMatchObject({ limit: LIMIT + 10, reached: false });
  });
});
