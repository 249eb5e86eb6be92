import { randomBytes } from 'node:crypto';
import {
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  OPENAI_MODERATION_EXAMPLE_CATEGORIES,
  useSharedStack,
  whatsappInbound,
  withAgents,
  type StackApi,
} from '@platica/testing';

const GUARDRAIL_MESSAGE = 'Ese mensaje no cumple nuestras reglas.';

type StoredMessage = { id: string; content: string; direction: string; flag?: Record<string, unknown> };

/**
 * The two moderation sources beyond the lexicon and the evaluator (docs/agents.md): the
 * moderation endpoint (OpenAI's `/v1/moderations` protocol, here the fake model's, answering the
 * API reference's example) recorded as `lastSource: openai`, and a person's flag on a customer
 * message recorded as `supervisor`; both strikes count against the agent's thresholds.
 */
describe('moderation endpoint and supervisor flags (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let sofia: string;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, withAgents);
    sofia = ws.ids.agents.sofia.id;
    // No rules: no evaluator call; only the lexicon and the moderation endpoint judge.
    const patched = await ws.api.patch(`/v1/agents/${sofia}/guardrails`, {
      enabled: true,
      rules: [],
      message: GUARDRAIL_MESSAGE,
      moderationEnabled: true,
      conversationStrikeThreshold: 2,
      clientStrikeThreshold: 3,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ moderationEnabled: true });
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  const marker = () => `m${randomBytes(4).toString('hex')}`;
  const sentTexts = (phone: string) =>
    graph
      .sends(ws.whatsapp.phoneNumberId)
      .filter((s) => s.body.to === phone)
      .map((s) => (s.body.text as { body: string } | undefined)?.body);
  const writes = async (phone: string, text: string) => {
    const wa = ws.whatsapp;
    const res = await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text }),
      wa.appSecret,
    );
    expect(res.status).toBe(200);
  };
  const detail = async (id: string) => (await ws.api.get(`/v1/conversations/${id}`)).body.workspaces[0].conversations[0];
  const messages = async (id: string): Promise<StoredMessage[]> => (await detail(id)).messages;
  const client = async (id: string) => (await ws.api.get(`/v1/clients/${id}`)).body.workspaces[0].clients[0];
  const flag = (conversationId: string, messageId: string, body: Record<string, unknown>) =>
    ws.api.post(`/v1/conversations/${conversationId}/messages/${messageId}/flag`, body);

  it('strikes openai on a flagged message, supervisor on a person’s flag, spam and blocking at the agent’s thresholds', async () => {
    const phone = newPhone();
    const first = await ws.customerWrites(phone, 'hola');
    await eventually('the first reply', async () => sentTexts(phone)[0], 20_000);
    expect(sentTexts(phone)[0]).toBe('ECHO: hola');
    const conversationId = first.conversation.id as string;
    const clientId = first.conversation.clientId as string;

    // The moderation endpoint flags the message (the API reference's example result): the guardrail message answers.
    const threat = `te voy a [[flag]] pegar ${marker()}`;
    await writes(phone, threat);
    await eventually('the guardrail message', async () => sentTexts(phone)[1], 20_000);
    expect(sentTexts(phone)[1]).toBe(GUARDRAIL_MESSAGE);
    const asked = llm.moderation.requests.find((r) => JSON.stringify(r.body.input).includes(threat));
    expect(asked).toEqual({ body: { model: 'omni-moderation-latest', input: [threat] }, authorization: 'Bearer test-moderation-key' });
    expect((await client(clientId)).moderation).toMatchObject({
      totalStrikes: 1,
      lastSource: 'openai',
      lastSeverity: 'high',
      lastCategories: OPENAI_MODERATION_EXAMPLE_CATEGORIES,
      lastMatchedTerms: [],
      lastAction: 'warn',
    });
    const turns = (await ws.api.get(`/v1/conversations/${conversationId}/turns`)).body.turns as {
      guardrail: Record<string, unknown> | null;
    }[];
    expect(turns.map((turn) => turn.guardrail)).toContainEqual(
      expect.objectContaining({
        status: 'violation',
        source: 'openai',
        moderation: 'flagged',
        categories: OPENAI_MODERATION_EXAMPLE_CATEGORIES,
      }),
    );

    // A person flags the first customer message: strike 2 reaches the conversation's threshold (2): spam.
    const stored = await messages(conversationId);
    const hola = stored.find((m) => m.direction === 'incoming' && m.content === 'hola')!;
    const echo = stored.find((m) => m.direction === 'outgoing' && m.content === 'ECHO: hola')!;
    const flagged = await flag(conversationId, hola.id, { severity: 'medium', note: 'amenaza velada' });
    expect(flagged.status).toBe(200);
    expect(flagged.body.data).toMatchObject({
      messageId: hola.id,
      conversationId,
      clientId,
      flag: { severity: 'medium', note: 'amenaza velada', flaggedBy: { type: 'api' } },
      moderation: { totalStrikes: 2, lastSource: 'supervisor', lastSeverity: 'medium', lastCategories: [], lastAction: 'spam' },
      clientStatus: 'active',
      conversationStatus: 'spam',
    });
    expect((await client(clientId)).moderation).toMatchObject({ totalStrikes: 2, lastSource: 'supervisor', lastSeverity: 'medium' });
    expect((await detail(conversationId)).status).toBe('spam');
    expect((await messages(conversationId)).find((m) => m.id === hola.id)?.flag).toMatchObject({
      severity: 'medium',
      note: 'amenaza velada',
    });

    // One strike per message; only a customer's message; only this workspace's conversation.
    const again = await flag(conversationId, hola.id, { severity: 'high' });
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ reason: 'message_already_flagged', messageId: hola.id });
    const ours = await flag(conversationId, echo.id, { severity: 'low' });
    expect(ours.status).toBe(422);
    expect(ours.body.details).toMatchObject({ reason: 'not_a_customer_message' });
    expect((await flag(conversationId, 'msg_missing', { severity: 'low' })).status).toBe(404);
    const bad = await flag(conversationId, hola.id, { severity: 'severe' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('severity');

    // Strike 3 (a flag of the threat itself) reaches the client's threshold (3): blocked by no one.
    const threatMessage = (await messages(conversationId)).find((m) => m.content === threat)!;
    const blocking = await flag(conversationId, threatMessage.id, { severity: 'high' });
    expect(blocking.body.data).toMatchObject({ clientStatus: 'blocked', moderation: { totalStrikes: 3, lastSource: 'supervisor' } });
    const blocked = await client(clientId);
    expect(blocked.status).toBe('blocked');
    expect(blocked.moderation).toMatchObject({ blockedReason: 'guardrails_threshold_reached', blockedBy: null, lastAction: 'spam' });
    const events = await t.query(`select data from messaging.outbox_event where type = 'client.blocked' and data->>'clientId' = $1`, [
      clientId,
    ]);
    expect(events).toEqual([{ data: expect.objectContaining({ clientId, blockedReason: 'guardrails_threshold_reached' }) }]);
  });

  it('lets the conversation go on when the moderation endpoint fails (fail-open), saying so in the turn log', async () => {
    llm.moderation.failNext(1, 500);
    const m = marker();
    const chat = await ws.api.post('/v1/chat', { agentId: sofia, client: { email: `${m}@example.test` }, message: `[[flag]] ${m}` });
    expect(chat.status).toBe(200);
    expect(chat.body.messages).toEqual([expect.objectContaining({ content: `ECHO: [[flag]] ${m}` })]);
    expect((await client(chat.body.clientId)).moderation).toMatchObject({ totalStrikes: 0, lastSource: null });
    const turns = (await ws.api.get(`/v1/conversations/${chat.body.id}/turns`)).body.turns as {
      guardrail: Record<string, unknown> | null;
    }[];
    expect(turns.at(-1)?.guardrail).toMatchObject({ status: 'no_violation', moderation: 'failed' });
  });
});
