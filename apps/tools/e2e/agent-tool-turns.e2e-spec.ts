import { randomBytes } from 'node:crypto';
import {
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  HttpTarget,
  isGuardrailEvaluation,
  lastOf,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  textOf,
  whatsappInbound,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type StackApi,
} from '@platica/testing';

/**
 * Custom API tools in agent turns (ARCHITECTURE.md › Agent runtime: what the model sees):
 * the model is offered every active connection under its catalog name, calls tools through
 * native function calling, the tools service runs them with the conversation's context, and
 * the model answers from the results; the working message goes out when its trigger matches.
 */
describe('tools in agent turns (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let target: HttpTarget;
  let ws: MessagingWorkspace;
  let sofia: string;
  let weatherTool: { id: string; name: string };

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    target = await HttpTarget.start((r) => ({ body: { forecast: `soleado en ${r.path.split('/').pop()}`, internal: 'no' } }));
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, withAgents);
    sofia = ws.ids.agents.sofia.id;
    weatherTool = await publish({
      name: `clima_${randomBytes(3).toString('hex')}`,
      description: 'Consulta el pronóstico del clima de una ciudad.',
      request: {
        method: 'GET',
        url: `${target.url}/weather/{{city}}`,
        params: [
          { key: 'phone', value: '{{phone}}' },
          { key: 'conversation', value: '{{conversation}}' },
          { key: 'channel', value: '{{channel}}' },
          { key: 'agent', value: '{{agent}}' },
          { key: 'agentName', value: '{{agentName}}' },
          { key: 'workspace', value: '{{workspace}}' },
          { key: 'last', value: '{{last}}' },
        ],
        auth: { type: 'bearer', token: 'secreto-del-clima' },
      },
      variables: [
        { name: 'city', type: 'string', description: 'Ciudad', required: true, mode: 'ai' },
        { name: 'phone', type: 'string', mode: 'context', contextField: 'phoneNumber' },
        { name: 'conversation', type: 'string', mode: 'context', contextField: 'conversationId' },
        { name: 'channel', type: 'string', mode: 'context', contextField: 'channelId' },
        { name: 'agent', type: 'string', mode: 'context', contextField: 'agentId' },
        { name: 'agentName', type: 'string', mode: 'context', contextField: 'agentName' },
        { name: 'workspace', type: 'string', mode: 'context', contextField: 'workspaceId' },
        { name: 'last', type: 'string', mode: 'context', contextField: 'lastMessages' },
      ],
      passContext: true,
      response: { exclude: ['internal'] },
    });
    expect((await ws.api.post(`/v1/agents/${sofia}/tools`, { toolId: weatherTool.id })).status).toBe(201);
    llm.answer = twoCalls;
  });
  afterAll(async () => {
    await t?.stop();
    await target?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  async function publish(definition: Record<string, unknown>): Promise<{ id: string; name: string }> {
    const created = await ws.api.post('/v1/tools/apis', definition);
    expect(created.status).toBe(201);
    expect((await ws.api.post(`/v1/tools/apis/${created.body.data.id}/enable`, {})).status).toBe(200);
    return { id: created.body.data.id, name: created.body.data.toolName };
  }

  /**
   * The model of these tests: on `[[tools:CITY1,CITY2]]` it calls the first offered tool once
   * per city (one call per round), then answers with every result it got.
   */
  function twoCalls(request: ChatCompletionRequest): FakeAnswer {
    const said = textOf(lastOf(request.messages, 'user'));
    const cities = /\[\[tools:([^\]]*)\]\]/.exec(said)?.[1]?.split(',');
    const offered = request.tools?.map((entry) => entry.function.name) ?? [];
    if (!cities || !offered.length) return { text: `ECHO: ${said}` };
    const results = request.messages.filter((m) => m.role === 'tool');
    const next = cities[results.length];
    if (next) return { toolCall: { name: offered[0]!, arguments: { city: next } } };
    return { text: `Resultados: ${results.map((m) => textOf(m)).join(' | ')}` };
  }

  /**
   * The context values a call received, against the conversation as the API shows it (spec ›
   * Custom API, context fields): `conversationId` is the thread id the integrator uses
   * (`chat_…`, or the customer's id on Meta channels), not the document id.
   */
  async function expectContextOf(call: { query: Record<string, string> }, conversationRef: string, customerText: string): Promise<void> {
    const summary = (await ws.api.get(`/v1/conversations/${conversationRef}`)).body.workspaces[0].conversations[0];
    const agent = (await ws.api.get(`/v1/agents/${summary.agentId}`)).body.workspaces[0].agents[0];
    expect(call.query).toMatchObject({
      conversation: summary.conversationId,
      channel: summary.channelId,
      agent: summary.agentId,
      agentName: agent.name,
      workspace: summary.workspaceId,
      phone: summary.phoneNumber,
    });
    expect(call.query.conversation).not.toBe(summary.id);
    expect(call.query.last).toContain(customerText);
  }

  const requestsWith = (text: string) => llm.requests.filter((r) => r.messages.some((m) => m.role === 'user' && textOf(m).includes(text)));

  const runs = (conversationId: string) =>
    t.query(
      'select source, outcome, http_status, tool_call_id, agent_id from tools.custom_api_run where conversation_id = $1 order by created_at',
      [conversationId],
    );

  /** Content type and actor of each message of the customer's conversation, oldest first. */
  const actorsOf = (phoneNumber: string) =>
    t.query<{ content_type: string; actor_type: string }>(
      `select m.content_type, m.actor_type from messaging.message m join messaging.client c on c.id = m.client_id
        where c.phone_number = $1 order by m.created_at, m.id`,
      [phoneNumber],
    );

  it("a chat turn: the model calls the custom API twice with the conversation's context and answers with both results", async () => {
    const phone = newPhone();
    const m = randomBytes(3).toString('hex');
    const res = await ws.api.post('/v1/chat', { agentId: sofia, client: { phoneNumber: phone }, message: `[[tools:CDMX,Monterrey]] ${m}` });
    expect(res.status).toBe(200);
    const reply = res.body.messages.map((msg: any) => msg.content).join('\n');
    expect(reply).toBe('Resultados: {"forecast":"soleado en CDMX"} | {"forecast":"soleado en Monterrey"}');

    const calls = target.requests.filter((r) => r.query.phone === phone);
    expect(calls.map((r) => r.path)).toEqual(['/weather/CDMX', '/weather/Monterrey']);
    expect(calls[0]!.headers.authorization).toBe('Bearer secreto-del-clima');
    expect(calls[0]!.query.conversation).toBe(res.body.conversationId);
    expect(res.body.conversationId).toMatch(/^chat_/);
    for (const call of calls) await expectContextOf(call, res.body.id, m);

    const [first, second, third] = requestsWith(m);
    expect(first!.tools).toEqual([
      {
        type: 'function',
        function: {
          name: weatherTool.name,
          description: 'Consulta el pronóstico del clima de una ciudad.',
          parameters: expect.objectContaining({ properties: { city: { type: 'string', description: 'Ciudad' } }, required: ['city'] }),
        },
      },
    ]);
    expect(second!.messages.filter((msg) => msg.role === 'tool')).toHaveLength(1);
    expect(third!.messages.filter((msg) => msg.role === 'tool')).toHaveLength(2);

    // Recorded: each call in the tools service's run log, with the conversation and the model's call id.
    const recorded = await eventually('both calls recorded', async () => {
      const rows = await runs(res.body.id);
      return rows.length === 2 && rows;
    });
    expect(recorded).toEqual([
      expect.objectContaining({ source: 'agent', outcome: 'success', http_status: 200, agent_id: sofia, tool_call_id: expect.any(String) }),
      expect.objectContaining({ source: 'agent', outcome: 'success', http_status: 200, agent_id: sofia, tool_call_id: expect.any(String) }),
    ]);

    // The conversation's turn log (docs/agents.md › Turn log): one turn, both calls with their outcome and duration.
    const log = await ws.api.get(`/v1/conversations/${res.body.id}/turns`);
    expect(log.status).toBe(200);
    expect(log.body.turns).toHaveLength(1);
    const [turn] = log.body.turns;
    expect(turn.outcome).toBe('answered');
    expect(turn.toolCalls).toHaveLength(2);
    for (const call of turn.toolCalls) {
      expect(call).toEqual({
        toolCallId: expect.any(String),
        name: weatherTool.name,
        outcome: 'ok',
        durationMs: expect.any(Number),
        error: null,
        at: expect.any(String),
        // What the model asked and what it read back (issue 49 item 3), secrets redacted.
        arguments: { city: expect.any(String) },
        result: expect.stringContaining('soleado en'),
      });
    }
    expect(turn.toolCalls.map((call: { toolCallId: string }) => call.toolCallId).sort()).toEqual(
      recorded.map((row) => String(row.tool_call_id)).sort(),
    );
  });

  it('a WhatsApp turn: the same two calls, the reply sent through the Graph API, and the working message first when its trigger matches', async () => {
    expect(
      (
        await ws.api.patch(`/v1/agents/${sofia}`, {
          workingMessage: {
            enabled: true,
            trigger: { type: 'toolName', toolNames: ['api_clima'], match: 'prefix' },
            message: { enabled: true, mode: 'fixed', fixedText: 'Un momento, lo consulto.' },
            sticker: { enabled: true, url: 'https://stickers.example.com/momento.webp' },
          },
        })
      ).status,
    ).toBe(200);
    const phone = newPhone();
    const wa = ws.whatsapp;
    await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: '[[tools:Puebla,Oaxaca]]' }),
      wa.appSecret,
    );
    const sends = await eventually(
      'three messages at the Graph API',
      async () => {
        const sent = graph.sends(wa.phoneNumberId).filter((s) => s.body.to === phone);
        return sent.length >= 3 && sent;
      },
      30_000,
    );
    expect(sends.map((s) => s.body.text?.body ?? s.body.sticker)).toEqual([
      'Un momento, lo consulto.',
      { link: 'https://stickers.example.com/momento.webp' },
      'Resultados: {"forecast":"soleado en Puebla"} | {"forecast":"soleado en Oaxaca"}',
    ]);
    // The working message is the platform's notice (actor `system`), the answer the agent's (`ai`).
    expect(await actorsOf(phone)).toEqual([
      { content_type: 'text', actor_type: 'customer' },
      { content_type: 'text', actor_type: 'system' },
      { content_type: 'sticker', actor_type: 'system' },
      { content_type: 'text', actor_type: 'ai' },
    ]);
    const calls = target.requests.filter((r) => r.query.phone === phone);
    expect(calls.map((r) => r.path)).toEqual(['/weather/Puebla', '/weather/Oaxaca']);
    const conversationRef = (await ws.api.get(`/v1/conversations?channelId=${wa.id}&limit=200`)).body.workspaces[0].conversations.find(
      (c: { conversationId: string }) => c.conversationId === phone,
    ).id;
    for (const call of calls) await expectContextOf(call, conversationRef, '[[tools:Puebla,Oaxaca]]');

    // Not when the trigger does not match.
    await ws.api.patch(`/v1/agents/${sofia}`, {
      workingMessage: { trigger: { type: 'toolName', toolNames: ['api_otro'], match: 'exact' } },
    });
    const other = newPhone();
    await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: other, text: '[[tools:Colima]]' }),
      wa.appSecret,
    );
    const only = await eventually('the reply', async () => graph.sends(wa.phoneNumberId).filter((s) => s.body.to === other)[0], 30_000);
    expect(only.body.text.body).toBe('Resultados: {"forecast":"soleado en Colima"}');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(graph.sends(wa.phoneNumberId).filter((s) => s.body.to === other)).toHaveLength(1);
    await ws.api.patch(`/v1/agents/${sofia}`, { workingMessage: { enabled: false } });
  });

  it("a working message in mode ai: the model writes it from aiPrompt and the customer's message, sent before the answer", async () => {
    const WORKING = 'Write one short message telling the customer you are working';
    const answer = llm.answer;
    llm.answer = (request) =>
      textOf(request.messages.find((m) => m.role === 'system')).startsWith(WORKING)
        ? { text: 'Reviso el clima, un momento.' }
        : twoCalls(request);
    try {
      const patched = await ws.api.patch(`/v1/agents/${sofia}`, {
        workingMessage: {
          enabled: true,
          trigger: { type: 'toolName', toolNames: ['api_clima'], match: 'prefix' },
          message: { enabled: true, mode: 'ai', aiPrompt: 'Habla de nubes.' },
          sticker: { enabled: false },
        },
      });
      expect(patched.status).toBe(200);
      const phone = newPhone();
      const wa = ws.whatsapp;
      await deliverMetaWebhook(
        t.baseUrl,
        whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: '[[tools:Leon]]' }),
        wa.appSecret,
      );
      const sends = await eventually(
        'the working message and the answer',
        async () => {
          const sent = graph.sends(wa.phoneNumberId).filter((s) => s.body.to === phone);
          return sent.length >= 2 && sent;
        },
        30_000,
      );
      expect(sends.map((s) => s.body.text?.body)).toEqual(['Reviso el clima, un momento.', 'Resultados: {"forecast":"soleado en Leon"}']);
      const written = llm.requests.filter((r) => textOf(r.messages.find((m) => m.role === 'system')).startsWith(WORKING));
      expect(written).toHaveLength(1);
      expect(textOf(written[0]!.messages.find((m) => m.role === 'system'))).toContain('Habla de nubes.');
      expect(textOf(lastOf(written[0]!.messages, 'user'))).toContain('[[tools:Leon]]');
      expect(await actorsOf(phone)).toEqual([
        { content_type: 'text', actor_type: 'customer' },
        { content_type: 'text', actor_type: 'system' },
        { content_type: 'text', actor_type: 'ai' },
      ]);
    } finally {
      llm.answer = answer;
      await ws.api.patch(`/v1/agents/${sofia}`, { workingMessage: { enabled: false } });
    }
  });

  it('a model call failing after a round of tool calls is retried from that round: each call reaches the remote API once', async () => {
    const m = randomBytes(3).toString('hex');
    const phone = newPhone();
    const answer = llm.answer;
    // The model's request carrying the first result fails once: the turn's model call activity
    // is retried, and resumes after the round it had finished instead of asking for it again.
    let failed = false;
    llm.answer = (request) => {
      const said = textOf(lastOf(request.messages, 'user'));
      if (!failed && said.includes(m) && !request.messages.some((msg) => msg.role === 'tool')) {
        failed = true;
        llm.failNext(1);
      }
      return answer(request);
    };
    try {
      const res = await ws.api.post('/v1/chat', {
        agentId: sofia,
        client: { phoneNumber: phone },
        message: `[[tools:Merida,Campeche]] ${m}`,
      });
      expect(res.status).toBe(200);
      expect(res.body.messages.map((msg: any) => msg.content).join('\n')).toBe(
        'Resultados: {"forecast":"soleado en Merida"} | {"forecast":"soleado en Campeche"}',
      );
      expect(failed).toBe(true);
      expect(target.requests.filter((r) => r.query.phone === phone).map((r) => r.path)).toEqual(['/weather/Merida', '/weather/Campeche']);
      // Asked four times: the first answer, the failed request, its retry, and the round after.
      expect(requestsWith(m).filter((r) => !isGuardrailEvaluation(r))).toHaveLength(4);
    } finally {
      llm.answer = answer;
    }
  });

  it('reports a failing remote API to the model and the turn still answers', async () => {
    target.setHandler(() => ({ status: 503, body: { error: 'mantenimiento' } }));
    try {
      const res = await ws.api.post('/v1/chat', { agentId: sofia, client: { phoneNumber: newPhone() }, message: '[[tools:Tijuana]]' });
      expect(res.status).toBe(200);
      const reply = res.body.messages.map((msg: any) => msg.content).join('\n');
      expect(reply).toContain('Resultados: The tool failed:');
      expect(reply).toContain('503');
      expect(reply).toContain('mantenimiento');
      // The turn log names the failed call and what went wrong: the activity that ran the call
      // records it, which may be after the answer reached the client (a loaded run saw it so).
      const turn = await eventually('the failed call in the turn log', async () => {
        const [logged] = (await ws.api.get(`/v1/conversations/${res.body.id}/turns`)).body.turns;
        return logged?.toolCalls.length > 0 && logged;
      });
      expect(turn.toolCalls).toEqual([
        expect.objectContaining({ name: weatherTool.name, outcome: 'error', error: expect.stringContaining('503') }),
      ]);
    } finally {
      target.setHandler((r) => ({ body: { forecast: `soleado en ${r.path.split('/').pop()}`, internal: 'no' } }));
    }
  });

  it('offers only active connections, and a name over 64 characters shortened and mapped back', async () => {
    const billing = ws.ids.agents.billing.id as string;
    const long = await publish({
      name: `c${randomBytes(3).toString('hex')}${'x'.repeat(55)}`,
      description: 'Una herramienta con el nombre más largo posible.',
      request: { method: 'GET', url: `${target.url}/weather/{{city}}` },
      variables: [{ name: 'city', type: 'string', description: 'Ciudad', required: true, mode: 'ai' }],
    });
    expect(long.name).toHaveLength(66);
    expect((await ws.api.post(`/v1/agents/${billing}/tools`, { toolId: long.id })).status).toBe(201);
    const m = randomBytes(3).toString('hex');
    const res = await ws.api.post('/v1/chat', { agentId: billing, client: { phoneNumber: newPhone() }, message: `[[tools:Durango]] ${m}` });
    expect(res.body.messages[0].content).toBe('Resultados: {"forecast":"soleado en Durango","internal":"no"}');
    const offered = requestsWith(m)[0]!.tools!.map((entry) => entry.function.name);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.length).toBeLessThanOrEqual(64);
    expect(offered[0]!.startsWith(long.name.slice(0, 40))).toBe(true);

    expect((await ws.api.patch(`/v1/agents/${billing}/tools/${long.id}`, { status: 'inactive' })).status).toBe(200);
    const n = randomBytes(3).toString('hex');
    const plain = await ws.api.post('/v1/chat', {
      agentId: billing,
      client: { phoneNumber: newPhone() },
      message: `[[tools:Durango]] ${n}`,
    });
    expect(plain.body.messages[0].content).toBe(`ECHO: [[tools:Durango]] ${n}`);
    expect(requestsWith(n)[0]!.tools ?? []).toEqual([]);
  });
});
