import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  eventually,
  FakeLlm,
  lastOf,
  MessagingWorkspace,
  startTestStack,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type HttpAnswer,
  type TestStack,
} from '@platica/testing';

/**
 * Chat with an agent through the gateway (spec › Chat with an agent, Chat thread): threads,
 * clients, reactivation, change of agent, scheduled turns, the 409 of a busy thread, and what
 * the model (a fake OpenAI-compatible server on loopback, streaming its answers) was given.
 */
describe('chat (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let ws: MessagingWorkspace;
  let agents: { sofia: string; billing: string; dormant: string };
  let systemPrompt: string;
  /** A customer's file server on loopback (the stack allows private networks in tests). */
  let files: Server;
  let filesUrl: string;
  const PDF = Buffer.from('%PDF-1.4\n% una factura de prueba\n%%EOF\n');

  beforeAll(async () => {
    files = createServer((req, res) => {
      if (req.url === '/factura.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
      else if (req.url === '/notas.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('Pedido A-17, talla M');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    llm = await FakeLlm.start();
    // Streamed completions here; agent-turns.e2e-spec.ts runs the same runtime on plain ones.
    // A stack of its own: streamed model answers (LLM_STREAM), a process setting.
    t = await startTestStack({ ...llm.env(), LLM_STREAM: 'true' });
    ws = await MessagingWorkspace.seed(t, withAgents);
    agents = { sofia: ws.ids.agents.sofia.id, billing: ws.ids.agents.billing.id, dormant: ws.ids.agents.dormant.id };
    systemPrompt = (ws.doc.agents![0] as { systemPrompt: string }).systemPrompt;
  });
  afterAll(async () => {
    await t?.stop();
    await llm?.stop();
    await new Promise((resolve) => files?.close(resolve));
  });
  afterEach(() => {
    llm.delayMs = 0;
  });

  const marker = () => `m${randomBytes(4).toString('hex')}`;
  const newEmail = () => `c-${randomBytes(4).toString('hex')}@example.test`;
  const chat = (body: Record<string, unknown>) => ws.api.post('/v1/chat', body);
  /** The model request that carried `text` in a user message. */
  const requestWith = (text: string): ChatCompletionRequest => {
    const found = llm.requests.filter((r) => r.messages.some((m) => m.role === 'user' && textOf(m).includes(text)));
    expect(found.length).toBeGreaterThan(0);
    return found.at(-1)!;
  };
  const expectSpecError = (answer: HttpAnswer, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };
  const presentClient = async (id: string) => (await ws.api.get(`/v1/clients/${id}`)).body.workspaces[0].clients[0];
  const fieldPaths = (answer: HttpAnswer) => (answer.body.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));

  it('starts a thread: 200 with the agent’s reply; the model got the system prompt first and the message last', async () => {
    const m = marker();
    const res = await chat({ agentId: agents.sofia, client: { email: newEmail(), name: 'Lucía' }, message: `[[reply:Hola ${m}]]` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^conv_/),
      conversationId: expect.stringMatching(/^chat_[0-9a-f-]{36}$/),
      clientId: expect.any(String),
      agentId: agents.sofia,
      status: 'completed',
      requestMessageId: expect.any(String),
      messages: [{ id: expect.any(String), role: 'assistant', content: `Hola ${m}`, contentType: 'text' }],
      reactivated: false,
      agentChanged: false,
      timestamp: expect.any(String),
    });
    const request = requestWith(m);
    expect(request).toMatchObject({ model: 'fake-model', stream: true });
    expect(request.messages[0]).toEqual({ role: 'system', content: systemPrompt });
    expect(textOf(request.messages.at(-1))).toBe(`[[reply:Hola ${m}]]`);
  });

  it('continues a thread: same ids, the model sees the history in order, and additionalInstructions reach only their turn', async () => {
    const m = marker();
    const first = await chat({
      agentId: agents.sofia,
      client: { email: newEmail() },
      message: `[[reply:Uno ${m}]] primero`,
      additionalInstructions: `Habla de usted ${m}`,
    });
    expect(first.status).toBe(200);
    expect(requestWith(`Uno ${m}`).messages.some((msg) => msg.role === 'system' && textOf(msg).includes(`Habla de usted ${m}`))).toBe(true);

    const second = await chat({ conversationId: first.body.conversationId, message: `[[reply:Dos ${m}]] segundo` });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, conversationId: first.body.conversationId, clientId: first.body.clientId });
    expect(second.body.messages[0].content).toBe(`Dos ${m}`);
    const history = requestWith(`Dos ${m}`).messages.map((msg) => `${msg.role}:${textOf(msg)}`);
    expect(history.filter((line) => !line.startsWith('system:'))).toEqual([
      `user:[[reply:Uno ${m}]] primero`,
      `assistant:Uno ${m}`,
      `user:[[reply:Dos ${m}]] segundo`,
    ]);
    expect(history.some((line) => line.includes(`Habla de usted ${m}`))).toBe(false);

    const detail = await ws.api.get(`/v1/chat/${first.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: first.body.id,
      conversationId: first.body.conversationId,
      source: 'api_chat',
      platform: 'service',
    });
    expect(detail.body.messages.map((msg: any) => [msg.role, msg.content])).toEqual([
      ['user', `[[reply:Uno ${m}]] primero`],
      ['assistant', `Uno ${m}`],
      ['user', `[[reply:Dos ${m}]] segundo`],
      ['assistant', `Dos ${m}`],
    ]);
  });

  it('creates a new thread for every start, even for the same client; clientId names the client', async () => {
    const email = newEmail();
    const a = await chat({ agentId: agents.sofia, client: { email }, message: 'hola' });
    const b = await chat({ agentId: agents.sofia, client: { email }, message: 'hola otra vez' });
    expect(a.body.conversationId).not.toBe(b.body.conversationId);
    expect(a.body.clientId).toBe(b.body.clientId);
  });

  it('speaks as the API key’s owner when started without client', async () => {
    const res = await chat({ agentId: agents.sofia, message: 'soy el dueño de la llave' });
    expect(res.status).toBe(200);
    expect((await presentClient(res.body.clientId)).email).toBe(ws.doc.users[0]!.email);
  });

  it('refuses identifiers that point to different clients (409) and inactive custom fields (400), writing nothing', async () => {
    const phone = `52155${Date.now().toString().slice(-8)}`;
    const one = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: 'uno' });
    const two = await chat({ agentId: agents.sofia, client: { phoneNumber: phone }, message: 'dos' });
    const oneEmail = (await presentClient(one.body.clientId)).email;
    const before = (await ws.api.get('/v1/chat?limit=200')).body.chats.length;

    expectSpecError(await chat({ agentId: agents.sofia, client: { email: oneEmail, phoneNumber: phone }, message: 'mezcla' }), 409);
    const inactive = await chat({ agentId: agents.sofia, client: { email: newEmail(), customFields: { legacy_id: 'L-1' } }, message: 'x' });
    expectSpecError(inactive, 400);
    expect(JSON.stringify(inactive.body.details)).toContain('legacy_id');
    expect((await ws.api.get('/v1/chat?limit=200')).body.chats.length).toBe(before);
    expect(two.status).toBe(200);
  });

  it('merges client.customFields, and refuses replacing the thread’s client', async () => {
    const started = await chat({ agentId: agents.sofia, client: { email: newEmail(), customFields: { plan: 'basic' } }, message: 'hola' });
    const next = await chat({
      conversationId: started.body.conversationId,
      client: { name: 'Nuevo Nombre', customFields: { plan: 'pro' } },
      message: 'sigo',
    });
    expect(next.status).toBe(200);
    const client = await presentClient(started.body.clientId);
    expect(client.name).toBe('Nuevo Nombre');
    expect(client.customFields.plan).toBe('pro');
    const other = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: 'otro' });
    expectSpecError(await chat({ conversationId: started.body.conversationId, client: { id: other.body.clientId }, message: 'x' }), 409);
  });

  it('reactivates a finished thread and changes the principal agent on request', async () => {
    const started = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: 'hola' });
    const closed = await ws.api.patch(`/v1/conversations/${started.body.id}`, { status: 'finished' });
    expect(closed.status).toBe(200);
    const reopened = await chat({ conversationId: started.body.conversationId, message: 'sigo aquí' });
    expect(reopened.body).toMatchObject({ reactivated: true, agentChanged: false, agentId: agents.sofia });
    const m = marker();
    const changed = await chat({
      conversationId: started.body.conversationId,
      agentId: agents.billing,
      message: `[[reply:Facturación ${m}]]`,
    });
    expect(changed.body).toMatchObject({ reactivated: false, agentChanged: true, agentId: agents.billing, id: started.body.id });
    expect(textOf(requestWith(m).messages[0])).toContain('You answer billing questions');
    const listed = await ws.api.get(`/v1/chat?agentId=${agents.billing}`);
    expect(listed.body.chats.map((c: any) => c.id)).toContain(started.body.id);
    // Rule 6's other branch: an expired thread is reactivated too.
    expect((await ws.api.patch(`/v1/conversations/${started.body.id}`, { status: 'expired' })).status).toBe(200);
    const revived = await chat({ conversationId: started.body.conversationId, message: 'de nuevo' });
    expect(revived.body).toMatchObject({ reactivated: true, id: started.body.id });
    expect((await ws.api.get(`/v1/chat/${started.body.id}`)).body.status).toBe('active');
  });

  it("keeps a chat's status to the spec's three (active, finished, expired): PATCH to spam or initiated is 400 naming status", async () => {
    const started = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: 'hola' });
    for (const status of ['spam', 'initiated']) {
      const refused = await ws.api.patch(`/v1/conversations/${started.body.id}`, { status });
      expectSpecError(refused, 400);
      expect(fieldPaths(refused)).toEqual(['status']);
    }
    expect((await ws.api.get(`/v1/chat/${started.body.id}`)).body.status).toBe('active');
  });

  it('answers 409 to a turn of a thread whose earlier turn still runs, storing nothing of it', async () => {
    const started = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: 'hola' });
    llm.delayMs = 1_500;
    const slow = chat({ conversationId: started.body.conversationId, message: 'lento' });
    await eventually('the slow turn at the model', async () => llm.requests.some((r) => textOf(lastOf(r.messages, 'user')) === 'lento'));
    const busy = await chat({ conversationId: started.body.conversationId, message: 'impaciente' });
    expectSpecError(busy, 409);
    expect((await slow).status).toBe(200);
    const detail = await ws.api.get(`/v1/chat/${started.body.id}`);
    expect(detail.body.messages.map((msg: any) => msg.content)).not.toContain('impaciente');
    expect(detail.body.messages).toHaveLength(4);
  });

  it('retries a model that fails twice, and records a turn whose model keeps failing (502, visible in the conversation)', async () => {
    const m = marker();
    llm.failNext(2);
    const recovered = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: `[[reply:Resistí ${m}]]` });
    expect(recovered.status).toBe(200);
    expect(recovered.body.messages[0].content).toBe(`Resistí ${m}`);
    expect(llm.requests.filter((r) => textOf(lastOf(r.messages, 'user')).includes(m))).toHaveLength(3);

    llm.failNext(3);
    const failed = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: 'nunca' });
    expectSpecError(failed, 502);
    const detail = (await ws.api.get(`/v1/conversations/${failed.body.details.id}`)).body.workspaces[0].conversations[0];
    const last = detail.messages.at(-1);
    expect(last).toMatchObject({ role: 'assistant', status: 'failed' });
    expect(JSON.stringify(last)).toContain('model');
  });

  it('hands attachments to the model: images by URL, PDFs and text files read and given whole, other or unreadable files named', async () => {
    expect((await ws.api.patch(`/v1/agents/${agents.billing}`, { enableFileAttachments: true })).status).toBe(200);
    const m = marker();
    const res = await chat({
      agentId: agents.billing,
      client: { email: newEmail() },
      message: `[[reply:Recibido ${m}]] mira esto`,
      attachments: [
        { url: 'https://files.example.test/ticket.png', mimeType: 'image/png' },
        { url: `${filesUrl}/factura.pdf`, mimeType: 'application/pdf' },
        { url: `${filesUrl}/notas.txt`, mimeType: 'text/plain', filename: 'notas.txt' },
        { url: `${filesUrl}/gone.pdf`, mimeType: 'application/pdf' },
        { url: 'https://files.example.test/contrato.docx', mimeType: 'application/msword' },
      ],
    });
    expect(res.status).toBe(200);
    const user = lastOf(requestWith(m).messages, 'user')!;
    expect(user.content).toEqual([
      { type: 'text', text: `[[reply:Recibido ${m}]] mira esto` },
      { type: 'image_url', image_url: { url: 'https://files.example.test/ticket.png' } },
      { type: 'text', text: `[file factura.pdf (application/pdf): ${filesUrl}/factura.pdf]` },
      { type: 'file', file: { filename: 'factura.pdf', file_data: `data:application/pdf;base64,${PDF.toString('base64')}` } },
      { type: 'text', text: `[file notas.txt (text/plain): ${filesUrl}/notas.txt]` },
      { type: 'text', text: 'Pedido A-17, talla M' },
      // The server answered 404: the model is told of the file, not given it.
      { type: 'text', text: `[file gone.pdf (application/pdf): ${filesUrl}/gone.pdf]` },
      { type: 'text', text: '[file contrato.docx (application/msword): https://files.example.test/contrato.docx]' },
    ]);
    const detail = await ws.api.get(`/v1/chat/${res.body.id}`);
    expect(detail.body.messages[0]).toMatchObject({ role: 'user', contentType: 'file' });

    // An agent that takes no attachments is only told of them (nothing is read).
    const n = marker();
    const plain = await chat({
      agentId: agents.sofia,
      client: { email: newEmail() },
      message: `[[reply:Ok ${n}]]`,
      attachments: [{ url: `${filesUrl}/factura.pdf`, mimeType: 'application/pdf' }],
    });
    expect(plain.status).toBe(200);
    expect(lastOf(requestWith(n).messages, 'user')!.content).toEqual([
      { type: 'text', text: `[[reply:Ok ${n}]]` },
      { type: 'text', text: `[file factura.pdf (application/pdf): ${filesUrl}/factura.pdf]` },
    ]);
  });

  it('schedules a turn: 202 with schedule{taskId, scheduleAt, delayMs}; the reply appears after its time', async () => {
    const m = marker();
    const t0 = Date.now();
    const res = await chat({ agentId: agents.sofia, client: { email: newEmail() }, message: `[[reply:Luego ${m}]]`, delay: 3_000 });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: expect.any(String),
      conversationId: expect.stringMatching(/^chat_/),
      clientId: expect.any(String),
      agentId: agents.sofia,
      status: 'scheduled',
      requestMessageId: expect.any(String),
      messages: [],
      schedule: { taskId: expect.any(String), scheduleAt: expect.stringMatching(/Z$/), delayMs: 3_000 },
      timestamp: expect.stringMatching(/Z$/),
    });
    expect(Math.abs(Date.parse(res.body.schedule.scheduleAt) - (t0 + 3_000))).toBeLessThan(1_500);
    expect((await ws.api.get(`/v1/chat/${res.body.id}`)).status).toBe(404);
    const detail = await eventually(
      'the scheduled reply',
      async () => {
        const answer = await ws.api.get(`/v1/chat/${res.body.id}`);
        return answer.status === 200 && answer.body.messages.some((msg: any) => msg.content === `Luego ${m}`) ? answer.body : undefined;
      },
      20_000,
      200,
    );
    expect(detail.messages[0]).toMatchObject({ id: res.body.requestMessageId, role: 'user' });
    const atModel = llm.timings.find((timing) => timing.request === requestWith(m))!;
    expect(atModel.startedAt).toBeGreaterThanOrEqual(Date.parse(res.body.schedule.scheduleAt) - 50);
  });

  it('validates: delay with scheduleAt, 11 attachments, a start without agentId, unknown and inactive agents, unknown threads', async () => {
    const both = await chat({
      agentId: agents.sofia,
      message: 'x',
      delay: 5_000,
      scheduleAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expectSpecError(both, 400);
    expect(fieldPaths(both).sort()).toEqual(['delay', 'scheduleAt']);
    const attachments = Array.from({ length: 11 }, (_, i) => ({ url: `https://files.example.test/${i}.pdf`, mimeType: 'application/pdf' }));
    const tooMany = await chat({ agentId: agents.sofia, message: 'x', attachments });
    expectSpecError(tooMany, 400);
    expect(fieldPaths(tooMany)).toEqual(['attachments']);
    expect(fieldPaths(await chat({ message: 'x' }))).toEqual(['agentId']);
    expect(fieldPaths(await chat({ agentId: agents.sofia, client: { name: 'Sin datos' }, message: 'x' }))).toEqual(['client']);
    expect(fieldPaths(await chat({ agentId: agents.sofia, message: 'x', scheduleAt: new Date(Date.now() - 1_000).toISOString() }))).toEqual(
      ['scheduleAt'],
    );
    expectSpecError(await chat({ agentId: 'agt_nope', message: 'x' }), 404);
    expectSpecError(await chat({ agentId: agents.dormant, message: 'x' }), 422);
    expectSpecError(await chat({ conversationId: 'chat_00000000-0000-4000-8000-000000000000', message: 'x' }), 404);
    expectSpecError(await ws.api.get('/v1/chat?limit=201'), 400);
    expectSpecError(await ws.api.get('/v1/chat/conv_nope'), 404);
  });

  it('lists chats with filters and pagination {limit, offset, hasMore}, and never another workspace’s', async () => {
    const email = newEmail();
    const a = await chat({ agentId: agents.sofia, client: { email }, message: 'a' });
    const b = await chat({ agentId: agents.sofia, client: { email }, message: 'b' });
    const page1 = await ws.api.get(`/v1/chat?clientId=${a.body.clientId}&limit=1`);
    expect(page1.body.pagination).toEqual({ limit: 1, offset: 0, hasMore: true });
    const page2 = await ws.api.get(`/v1/chat?clientId=${a.body.clientId}&limit=1&offset=1`);
    expect(page2.body.pagination).toEqual({ limit: 1, offset: 1, hasMore: false });
    expect([page1.body.chats[0].id, page2.body.chats[0].id].sort()).toEqual([a.body.id, b.body.id].sort());
    expect(page1.body.chats[0]).toMatchObject({
      source: 'api_chat',
      platform: 'service',
      canSendDirectMessage: true,
      clientId: a.body.clientId,
    });

    const stranger = await MessagingWorkspace.seed(t, withAgents);
    expect((await stranger.api.get(`/v1/chat?clientId=${a.body.clientId}`)).body.chats).toEqual([]);
    expectSpecError(await stranger.api.get(`/v1/chat/${a.body.id}`), 404);
    expectSpecError(await stranger.api.post('/v1/chat', { conversationId: a.body.conversationId, message: 'intruso' }), 404);
  });
});
