import { randomBytes } from 'node:crypto';
import {
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  isGuardrailEvaluation,
  lastOf,
  MessagingWorkspace,
  newPhone,
  scriptedGuardrailVerdict,
  useSharedStack,
  textOf,
  whatsappInbound,
  withAgents,
  type ChatCompletionRequest,
  type StackApi,
} from '@platica/testing';

const GUARDRAIL_MESSAGE = 'Este mensaje no cumple nuestras reglas.';

/**
 * Guardrails (ARCHITECTURE.md › Agent runtime): the lexicon (English and Spanish terms of
 * @2toad/profanity, less the workspace's allowed terms) before any model call, the evaluator
 * model call (`flag_guardrail_violation`) before a reply; a violation sends the guardrail's
 * message, records a strike in the client's moderation, turns the conversation `spam` at its
 * threshold and blocks the client at theirs, after which every entry point refuses them.
 */
describe('governed agent runtime (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let sofia: string;

  const evaluatorCalls = (text: string) =>
    llm.requests.filter((r) => isGuardrailEvaluation(r) && r.messages.some((m) => textOf(m).includes(text)));
  const agentCalls = (text: string) =>
    llm.requests.filter((r) => !isGuardrailEvaluation(r) && r.messages.some((m) => m.role === 'user' && textOf(m).includes(text)));

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      Object.assign(doc, { allowedTerms: ['Mierda'] });
    });
    sofia = ws.ids.agents.sofia.id;
    // The evaluator flags a message holding [[violate:N]] as breaking rule N; the agent echoes.
    llm.answer = (request) => {
      if (isGuardrailEvaluation(request)) return scriptedGuardrailVerdict(request, 'high');
      const said = textOf(lastOf(request.messages, 'user'));
      const offered = (prefix: string) => request.tools?.find((tool) => tool.function.name.startsWith(prefix))?.function.name;
      const last = request.messages.at(-1);
      if (last?.role === 'tool') return { text: `TOOL RESULT: ${textOf(last)}` };
      if (said.includes('[[consult]]') && offered('consult_'))
        return { toolCall: { name: offered('consult_')!, arguments: { question: '¿Cuál es la factura?' } } };
      if (said.includes('[[delegate]]') && offered('delegate_to_'))
        return { toolCall: { name: offered('delegate_to_')!, arguments: { reason: 'envíos' } } };
      if (said.includes('[[done]]') && offered('complete_delegation'))
        return { toolCall: { name: 'complete_delegation', arguments: { summary: 'envío localizado' } } };
      if (request.tools?.some((tool) => tool.function.name === 'request_human_assistance') && said.includes('[[human]]')) {
        return { toolCall: { name: 'request_human_assistance', arguments: { reason: 'the customer asks for a person' } } };
      }
      return { text: `ECHO: ${said}` };
    };
    const patched = await ws.api.patch(`/v1/agents/${sofia}/guardrails`, {
      enabled: true,
      rules: ['No insults', 'No threats'],
      message: GUARDRAIL_MESSAGE,
      conversationStrikeThreshold: 2,
      clientStrikeThreshold: 3,
    });
    expect(patched.status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  const marker = () => `m${randomBytes(4).toString('hex')}`;
  const sentTo = (phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
  const sentTexts = (phone: string) => sentTo(phone).map((s) => (s.body.text as { body: string } | undefined)?.body);
  const writes = async (phone: string, text: string) => {
    const wa = ws.whatsapp;
    const res = await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text }),
      wa.appSecret,
    );
    expect(res.status).toBe(200);
  };
  const conversation = async (id: string) => (await ws.api.get(`/v1/conversations/${id}`)).body.workspaces[0].conversations[0];
  const client = async (id: string) => (await ws.api.get(`/v1/clients/${id}`)).body.workspaces[0].clients[0];

  it('never makes a chat thread spam (chats are active, finished or expired): there only the client threshold applies', async () => {
    const email = `g-${randomBytes(4).toString('hex')}@example.test`;
    const first = await ws.api.post('/v1/chat', { agentId: sofia, client: { email }, message: `[[violate:0]] ${marker()}` });
    expect(first.status).toBe(200);
    const second = await ws.api.post('/v1/chat', { conversationId: first.body.conversationId, message: `[[violate:1]] ${marker()}` });
    expect(second.body.messages).toEqual([expect.objectContaining({ role: 'assistant', content: GUARDRAIL_MESSAGE })]);
    // The conversation threshold (2) is reached: a Meta conversation would be spam; the chat stays active and answered.
    expect((await ws.api.get(`/v1/chat/${first.body.id}`)).body.status).toBe('active');
    expect((await client(first.body.clientId)).moderation).toMatchObject({ totalStrikes: 2, lastAction: 'warn' });
    const m = marker();
    const answered = await ws.api.post('/v1/chat', { conversationId: first.body.conversationId, message: `hola ${m}` });
    expect(answered.body.messages).toEqual([expect.objectContaining({ role: 'assistant', content: `ECHO: hola ${m}` })]);
    const statusEvents = await t.query(
      `select 1 from messaging.outbox_event where type = 'conversation.status.updated' and data->>'conversationId' = $1`,
      [first.body.id],
    );
    expect(statusEvents).toEqual([]);
  });

  it('flags with the evaluator, records strikes, turns the conversation spam at its threshold and blocks the client at theirs', async () => {
    const phone = newPhone();
    const first = await ws.customerWrites(phone, 'hola');
    await eventually('the first reply', async () => sentTo(phone)[0], 20_000);
    expect(sentTexts(phone)[0]).toBe('ECHO: hola');
    const clientId = first.conversation.clientId as string;
    expect((await client(clientId)).moderation.totalStrikes).toBe(0);

    // Strike 1 of 2 in the conversation, 1 of 3 for the client: the guardrail's message instead of the reply.
    const m1 = marker();
    await writes(phone, `[[violate:1]] ${m1}`);
    await eventually('the guardrail message', async () => sentTo(phone)[1], 20_000);
    expect(sentTexts(phone)[1]).toBe(GUARDRAIL_MESSAGE);
    expect(evaluatorCalls(m1)).toHaveLength(1);
    const rules = evaluatorCalls(m1)[0].messages.find((m) => m.role === 'system');
    expect(textOf(rules)).toContain('1. No threats');
    let moderation = (await client(clientId)).moderation;
    expect(moderation).toMatchObject({
      totalStrikes: 1,
      lastSource: 'llm_guardrail',
      lastAction: 'warn', // spec › Client record: warn, assist or spam (docs/agents.md › Guardrails maps the outcomes)
      lastSeverity: 'high',
      lastCategories: ['harassment'],
      lastMatchedTerms: ['violate'],
      blockedAt: null,
    });
    expect(Date.parse(moderation.lastFlaggedAt)).not.toBeNaN();
    // The verdict is visible in the conversation's detail, on the guardrail's message: stored once
    // Graph has answered, which can be just after the fake recorded the send.
    const flagged = await eventually('the guardrail message stored', async () => {
      const messages = (await conversation(first.conversation.id)).messages.filter((x: { guardrail?: unknown }) => x.guardrail);
      return messages.length > 0 && messages;
    });
    expect(flagged).toEqual([
      expect.objectContaining({
        content: GUARDRAIL_MESSAGE,
        guardrail: expect.objectContaining({ source: 'llm_guardrail', ruleIndex: 1, severity: 'high', categories: ['harassment'] }),
      }),
    ]);
    expect((await conversation(first.conversation.id)).status).not.toBe('spam');

    // Strike 2: the conversation's threshold is reached (at the edge): spam.
    await writes(phone, `[[violate:0]] ${marker()}`);
    await eventually('the second guardrail message', async () => sentTo(phone)[2], 20_000);
    await eventually('the conversation is spam', async () => (await conversation(first.conversation.id)).status === 'spam', 10_000);
    moderation = (await client(clientId)).moderation;
    expect(moderation).toMatchObject({ totalStrikes: 2, lastAction: 'spam' });
    expect((await client(clientId)).status).toBe('active');

    // A spam conversation is not answered.
    const quiet = marker();
    await writes(phone, `sigo aquí ${quiet}`);
    await eventually('the message stored', async () =>
      (await conversation(first.conversation.id)).messages.some((m: { content: string }) => m.content.includes(quiet)),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentTo(phone)).toHaveLength(3);
    expect(agentCalls(quiet)).toHaveLength(0);

    // Strike 3, in a chat with the same client (matched by phone): the client's threshold, blocked by no one.
    const chat = await ws.api.post('/v1/chat', {
      agentId: sofia,
      client: { phoneNumber: `+${phone}` },
      message: `[[violate:0]] ${marker()}`,
    });
    expect(chat.status).toBe(200);
    expect(chat.body.clientId).toBe(clientId);
    expect(chat.body.messages).toEqual([expect.objectContaining({ role: 'assistant', content: GUARDRAIL_MESSAGE })]);
    const blocked = await client(clientId);
    expect(blocked.status).toBe('blocked');
    expect(blocked.moderation).toMatchObject({
      totalStrikes: 3,
      lastAction: 'spam',
      blockedBy: null,
      blockedReason: 'guardrails_threshold_reached',
    });
    const events = await t.query(`select data from messaging.outbox_event where type = 'client.blocked' and data->>'clientId' = $1`, [
      clientId,
    ]);
    expect(events).toEqual([
      { data: expect.objectContaining({ clientId, blockedReason: 'guardrails_threshold_reached', blockedBy: null }) },
    ]);

    // Every entry point refuses the blocked client; what they write is stored, never answered.
    const again = await ws.api.post('/v1/chat', { conversationId: chat.body.conversationId, message: 'hola otra vez' });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatch(/blocked/);
    const newChat = await ws.api.post('/v1/chat', { agentId: sofia, client: { id: clientId }, message: 'hola' });
    expect(newChat.status).toBe(422);
    const send = await ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: 'hola' });
    expect(send.status).toBe(422);
    const ignored = marker();
    const before = sentTo(phone).length;
    await writes(phone, `¿hola? ${ignored}`);
    await eventually('the blocked client’s message stored', async () =>
      (await conversation(first.conversation.id)).messages.some((m: { content: string }) => m.content.includes(ignored)),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sentTo(phone)).toHaveLength(before);
    expect(agentCalls(ignored)).toHaveLength(0);
    expect(evaluatorCalls(ignored)).toHaveLength(0);
  });

  it('checks the lexicon before any model call, leaving out the workspace’s allowed terms', async () => {
    const phone = newPhone();
    const m = marker();
    const { conversation: conv } = await ws.customerWrites(phone, `eres un IDIOTA ${m}`);
    await eventually('the guardrail message', async () => sentTo(phone)[0], 20_000);
    expect(sentTexts(phone)[0]).toBe(GUARDRAIL_MESSAGE);
    expect([...agentCalls(m), ...evaluatorCalls(m)]).toHaveLength(0);
    expect((await client(conv.clientId)).moderation).toMatchObject({
      totalStrikes: 1,
      lastSource: 'lexicon',
      lastCategories: ['abusive_language'],
      lastMatchedTerms: ['idiota'],
    });

    // "mierda" is on the workspace's whitelist (seeded): the evaluator and the agent see the message.
    const allowed = marker();
    await writes(phone, `qué mierda ${allowed}`);
    await eventually('the reply', async () => sentTo(phone)[1], 20_000);
    expect(sentTexts(phone)[1]).toBe(`ECHO: qué mierda ${allowed}`);
    expect(evaluatorCalls(allowed)).toHaveLength(1);
    expect((await client(conv.clientId)).moderation.totalStrikes).toBe(1);
  });

  it('judges nothing when guardrails are disabled: no evaluator call, no lexicon', async () => {
    const billing = ws.ids.agents.billing.id;
    expect((await ws.api.patch(`/v1/agents/${billing}/guardrails`, { enabled: false, rules: ['No insults'] })).status).toBe(200);
    const m = marker();
    const res = await ws.api.post('/v1/chat', {
      agentId: billing,
      client: { email: `c-${m}@example.test` },
      message: `idiota [[violate:0]] ${m}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.messages[0].content).toBe(`ECHO: idiota [[violate:0]] ${m}`);
    expect(evaluatorCalls(m)).toHaveLength(0);
  });

  describe('human assistance', () => {
    const WAIT = 'Te comunico con una persona del equipo.';
    const TRIGGERS = 'Cuando pidan hablar con una persona';
    beforeAll(async () => {
      const rules = await ws.api.patch(`/v1/agents/${sofia}/assist-rules`, {
        assistanceEnabled: true,
        assistanceTriggers: TRIGGERS,
        waitMessage: WAIT,
      });
      expect(rules.status).toBe(200);
    });

    it('offers request_human_assistance described by the triggers; calling it sends the wait message, sets assistance, emits the event, and silences the agent until handed back', async () => {
      const phone = newPhone();
      const m = marker();
      const { conversation: conv } = await ws.customerWrites(phone, `[[human]] quiero una persona ${m}`);
      await eventually('the wait message', async () => sentTo(phone)[0], 20_000);
      expect(sentTexts(phone)).toEqual([WAIT]);
      const offered = agentCalls(m)[0].tools?.find((tool) => tool.function.name === 'request_human_assistance');
      expect(offered?.function.description).toContain(TRIGGERS);
      expect(offered?.function.parameters).toMatchObject({ properties: { reason: { type: 'string' } }, required: ['reason'] });
      await eventually('operation assistance', async () => (await conversation(conv.id)).operation === 'assistance', 10_000);
      const events = await t.query(
        `select data from messaging.outbox_event where type = 'conversation.assistance.requested' and data->>'conversationId' = $1`,
        [conv.id],
      );
      expect(events).toEqual([
        { data: expect.objectContaining({ conversationId: conv.id, conversation: expect.objectContaining({ operation: 'assistance' }) }) },
      ]);

      const wait = (await conversation(conv.id)).messages.find((x: { content: string }) => x.content === WAIT);
      expect(wait.assistance).toEqual({ reason: 'the customer asks for a person' });
      // Silent while a human assists.
      const waiting = marker();
      await writes(phone, `¿sigue ahí? ${waiting}`);
      await eventually('the message stored', async () =>
        (await conversation(conv.id)).messages.some((x: { content: string }) => x.content.includes(waiting)),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sentTo(phone)).toHaveLength(1);
      expect(agentCalls(waiting)).toHaveLength(0);

      // Handed back: the next message is answered.
      expect((await ws.api.patch(`/v1/conversations/${conv.id}`, { operation: 'automatic' })).status).toBe(200);
      const back = marker();
      await writes(phone, `gracias ${back}`);
      await eventually('the agent answers again', async () => sentTexts(phone).some((text) => text?.includes(back)), 20_000);
    });

    it('hands the customer to a person on a high violation (lastAction assist), after the guardrail message', async () => {
      const m = marker();
      const res = await ws.api.post('/v1/chat', {
        agentId: sofia,
        client: { email: `a-${m}@example.test` },
        message: `[[violate:0]] ${m}`,
      });
      expect(res.status).toBe(200);
      expect(res.body.messages).toEqual([expect.objectContaining({ role: 'assistant', content: GUARDRAIL_MESSAGE })]);
      expect((await client(res.body.clientId)).moderation).toMatchObject({ totalStrikes: 1, lastAction: 'assist', lastSeverity: 'high' });
      const thread = (await ws.api.get(`/v1/chat/${res.body.id}`)).body;
      expect(thread).toMatchObject({ status: 'active', operation: 'assistance' });
      const events = await t.query(
        `select 1 from messaging.outbox_event where type = 'conversation.assistance.requested' and data->>'conversationId' = $1`,
        [res.body.id],
      );
      expect(events).toHaveLength(1);
    });

    it('is not offered when assistanceEnabled is false', async () => {
      const billing = ws.ids.agents.billing.id;
      const m = marker();
      const res = await ws.api.post('/v1/chat', { agentId: billing, client: { email: `h-${m}@example.test` }, message: `[[human]] ${m}` });
      expect(res.status).toBe(200);
      expect(res.body.messages[0].content).toBe(`ECHO: [[human]] ${m}`);
      expect(agentCalls(m)[0].tools?.some((tool) => tool.function.name === 'request_human_assistance') ?? false).toBe(false);
    });
  });

  describe('sub-agents at run time', () => {
    const s = randomBytes(3).toString('hex');
    const systemOf = (request: ChatCompletionRequest) => textOf(request.messages[0]);
    const toolNames = (request: ChatCompletionRequest) => (request.tools ?? []).map((tool) => tool.function.name);
    const callWith = (text: string) => agentCalls(text).at(-1)!;
    let sofiaPrompt: string;
    let billingPrompt: string;
    let shippingPrompt: string;
    let shippingId: string;
    const subagents = () => `/v1/agents/${sofia}/subagents`;

    beforeAll(async () => {
      sofiaPrompt = (ws.doc.agents![0] as { systemPrompt: string }).systemPrompt;
      billingPrompt = (ws.doc.agents![1] as { systemPrompt: string }).systemPrompt;
      shippingPrompt = `Eres el asesor de envíos ${s}.`;
      const billing = ws.ids.agents.billing.id;
      expect((await ws.api.post(subagents(), { subagentId: billing, status: 'active', description: 'Preguntas de facturas' })).status).toBe(
        201,
      );
      const shipping = await ws.api.post(`${subagents()}/create`, {
        name: 'Envíos',
        systemPrompt: shippingPrompt,
        task: 'delegate',
        status: 'active',
        delegationCriteria: 'Cuando pregunten por un envío',
        completionCriteria: 'Cuando el envío quede localizado',
      });
      expect(shipping.status).toBe(201);
      shippingId = shipping.body.data.subagentId;
      expect((await ws.api.post(`${subagents()}/create`, { name: 'Inactivo', systemPrompt: 'nunca' })).status).toBe(201);
    });

    it('consult_<slug>: the sub-agent answers the question with its own prompt and the parent keeps control; only active connections are offered', async () => {
      const m = marker();
      const res = await ws.api.post('/v1/chat', { agentId: sofia, client: { email: `s-${m}@example.test` }, message: `[[consult]] ${m}` });
      expect(res.status).toBe(200);
      const first = callWith(m);
      expect(toolNames(first)).toEqual(expect.arrayContaining(['consult_billing', 'delegate_to_envios']));
      expect(toolNames(first).some((name) => name.includes('inactivo'))).toBe(false);
      expect(first.tools!.find((tool) => tool.function.name === 'consult_billing')!.function.description).toContain(
        'Preguntas de facturas',
      );
      const consulted = llm.requests.filter(
        (r) => systemOf(r) === billingPrompt && r.messages.some((msg) => textOf(msg) === '¿Cuál es la factura?'),
      );
      expect(consulted).toHaveLength(1);
      expect(consulted[0].tools ?? []).toEqual([]);
      expect(res.body.agentId).toBe(sofia);
      expect(res.body.messages[0].content).toContain('ECHO: ¿Cuál es la factura?');
      // The parent wrote the reply: its call after the consultation carried its own prompt.
      expect(systemOf(callWith(m))).toContain(sofiaPrompt);
    });

    it('delegate_to_<slug>: the sub-agent answers until complete_delegation, then the principal resumes; agentId never changes', async () => {
      const m = marker();
      const first = await ws.api.post('/v1/chat', {
        agentId: sofia,
        client: { email: `d-${m}@example.test` },
        message: `[[delegate]] ${m}`,
      });
      expect(first.status).toBe(200);
      const thread = first.body.conversationId;
      const afterDelegation = agentCalls(m)
        .filter((r) => r.messages.at(-1)?.role === 'tool')
        .at(-1)!;
      expect(systemOf(afterDelegation)).toContain(shippingPrompt);
      expect(toolNames(afterDelegation)).toContain('complete_delegation');
      expect(toolNames(afterDelegation).some((name) => name.startsWith('consult_') || name.startsWith('delegate_to_'))).toBe(false);
      expect(afterDelegation.tools!.find((tool) => tool.function.name === 'complete_delegation')!.function.description).toContain(
        'Cuando el envío quede localizado',
      );

      const m2 = marker();
      const second = await ws.api.post('/v1/chat', { conversationId: thread, message: `¿dónde está? ${m2}` });
      expect(second.status).toBe(200);
      expect(second.body.agentId).toBe(sofia);
      expect(systemOf(callWith(m2))).toContain(shippingPrompt);

      const m3 = marker();
      const third = await ws.api.post('/v1/chat', { conversationId: thread, message: `[[done]] ${m3}` });
      expect(third.status).toBe(200);
      expect(systemOf(agentCalls(m3)[0])).toContain(shippingPrompt);
      expect(systemOf(callWith(m3))).toContain(sofiaPrompt);

      const m4 = marker();
      await ws.api.post('/v1/chat', { conversationId: thread, message: `gracias ${m4}` });
      expect(systemOf(callWith(m4))).toContain(sofiaPrompt);
      // The detail shows who answered each reply: the sub-agent while delegated, the principal otherwise.
      const owners = (await conversation(first.body.id)).messages
        .filter((x: { role: string }) => x.role === 'assistant')
        .map((x: { owner: { id: string } | null }) => x.owner?.id);
      expect(owners).toEqual([shippingId, shippingId, sofia, sofia]);
    });

    it('resets the delegation when the principal agent changes (Chat rule 8)', async () => {
      const m = marker();
      const first = await ws.api.post('/v1/chat', {
        agentId: sofia,
        client: { email: `r-${m}@example.test` },
        message: `[[delegate]] ${m}`,
      });
      const thread = first.body.conversationId;
      const billing = ws.ids.agents.billing.id;
      const m2 = marker();
      const other = await ws.api.post('/v1/chat', { conversationId: thread, agentId: billing, message: `hola ${m2}` });
      expect(other.status).toBe(200);
      expect(systemOf(callWith(m2))).toContain(billingPrompt);
      const m3 = marker();
      await ws.api.post('/v1/chat', { conversationId: thread, agentId: sofia, message: `hola ${m3}` });
      expect(systemOf(callWith(m3))).toContain(sofiaPrompt);
    });
  });
});
