import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  isGuardrailEvaluation,
  lastOf,
  MessagingWorkspace,
  newPhone,
  scriptedGuardrailVerdict,
  startTestStack,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type TestStack,
} from '@platica/testing';

const SUMMARIZER = 'You summarise customer-service conversations';
const RECALLED = "Summary of this customer's previous conversation with you";
const EARLIER = 'Summary of the earlier part of this conversation';

/**
 * The agent's memory (docs/agents.md › Memory) and the turn log (docs/agents.md › Turn log), through the
 * gateway with the fake model: `recallLastConversation` gives a new conversation the summary of
 * the client's previous one, made once; past PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES (6 here)
 * the older messages are folded into a running summary, all but the latest
 * PLATICA_CONTEXT_RECENT_MESSAGES (2 here), unless `disableContextSummarization`; and
 * `GET /v1/conversations/{id}/turns` shows each turn's verdict, tool calls, delegations and summaries.
 */
describe('agent memory and the turn log (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let sofia: string;
  let billing: string;

  const systemOf = (request: ChatCompletionRequest) => textOf(request.messages.find((m) => m.role === 'system'));
  const isSummarizer = (request: ChatCompletionRequest) => systemOf(request).startsWith(SUMMARIZER);
  const summarizerCalls = (text: string) => llm.requests.filter((r) => isSummarizer(r) && r.messages.some((m) => textOf(m).includes(text)));
  /** The agent's model calls whose last customer message holds `text`. */
  const agentCalls = (text: string) =>
    llm.requests.filter((r) => !isSummarizer(r) && !isGuardrailEvaluation(r) && textOf(lastOf(r.messages, 'user')).includes(text));
  const systemTexts = (request: ChatCompletionRequest) => request.messages.filter((m) => m.role === 'system').map((m) => textOf(m));
  const fact = () => `fact-${randomBytes(3).toString('hex')}`;
  const turns = async (conversationRef: string) => {
    const res = await ws.api.get(`/v1/conversations/${conversationRef}/turns`);
    expect(res.status).toBe(200);
    return res.body.turns as Record<string, any>[];
  };
  const chat = async (body: Record<string, unknown>) => {
    const res = await ws.api.post('/v1/chat', body);
    expect(res.status).toBe(200);
    return res.body as { id: string; conversationId: string; clientId: string; messages: { content: string }[] };
  };

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    // A stack of its own: its context summaries after 6 messages (PLATICA_CONTEXT_*) would change other files' turns.
    t = await startTestStack({
      META_GRAPH_BASE_URL: graph.url,
      ...llm.env(),
      PLATICA_TURN_DEBOUNCE_MS: '300',
      PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES: '6',
      PLATICA_CONTEXT_RECENT_MESSAGES: '2',
    });
    ws = await MessagingWorkspace.seed(t, (doc) => withAgents(doc));
    sofia = ws.ids.agents.sofia.id;
    billing = ws.ids.agents.billing.id;
    // The summariser answers with the facts it was given (so a summary is seen to carry them);
    // the evaluator flags [[violate:N]]; the agent consults on [[consult]], else echoes.
    llm.answer = (request) => {
      if (isSummarizer(request)) {
        const facts = [...new Set(request.messages.flatMap((m) => textOf(m).match(/fact-[0-9a-f]{6}/g) ?? []))];
        return { text: `RESUMEN: ${facts.join(', ')}` };
      }
      if (isGuardrailEvaluation(request)) return scriptedGuardrailVerdict(request, 'medium');
      const said = textOf(lastOf(request.messages, 'user'));
      const last = request.messages.at(-1);
      if (last?.role === 'tool') return { text: `TOOL RESULT: ${textOf(last)}` };
      const consult = request.tools?.find((tool) => tool.function.name.startsWith('consult_'))?.function.name;
      if (said.includes('[[consult]]') && consult) return { toolCall: { name: consult, arguments: { question: '¿Cuál es la factura?' } } };
      return { text: `ECHO: ${said}` };
    };
    expect((await ws.api.patch(`/v1/agents/${sofia}`, { recallLastConversation: true })).status).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  it("recallLastConversation: a client's new chat starts with a summary of their previous one with the agent, made once and kept", async () => {
    const order = fact();
    const first = await chat({ agentId: sofia, client: { email: `r-${order}@example.test` }, message: `Mi pedido es ${order}` });
    // The client's first conversation: nothing to recall.
    expect(summarizerCalls(order)).toHaveLength(0);

    const m1 = fact();
    const second = await chat({ agentId: sofia, client: { id: first.clientId }, message: `hola otra vez ${m1}` });
    expect(second.id).not.toBe(first.id);
    expect(summarizerCalls(order)).toHaveLength(1);
    const [recalling] = agentCalls(m1);
    expect(systemTexts(recalling!)).toContainEqual(expect.stringContaining(RECALLED));
    expect(systemTexts(recalling!)).toContainEqual(expect.stringContaining(`RESUMEN: ${order}`));
    // The previous conversation's messages are not replayed to the model: only their summary.
    expect(
      recalling!.messages
        .filter((m) => m.role !== 'system')
        .map(textOf)
        .join(' '),
    ).not.toContain(`Mi pedido es ${order}`);

    // A later turn of the new chat is given the kept summary: it is not made again.
    const m2 = fact();
    await chat({ conversationId: second.conversationId, message: `¿y mi pedido? ${m2}` });
    expect(summarizerCalls(order)).toHaveLength(1);
    expect(systemTexts(agentCalls(m2)[0]!)).toContainEqual(expect.stringContaining(`RESUMEN: ${order}`));

    // The turn log shows the summary, made in the new chat's first turn.
    const log = await turns(second.id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({
      conversationId: second.id,
      agentId: sofia,
      outcome: 'answered',
      summaries: [{ kind: 'recall', conversationId: first.id, messageCount: 2, summary: `RESUMEN: ${order}` }],
    });
    expect(log[1]!.summaries).toEqual([]);
    // A turn's id is its reply's message id.
    const detail = await ws.api.get(`/v1/chat/${second.id}`);
    expect(detail.body.messages.filter((m: { role: string }) => m.role === 'assistant').map((m: { id: string }) => m.id)).toEqual(
      log.map((turn) => turn.id),
    );
  });

  it('context summarisation: past the bound, older messages are folded into a running summary; the prompt carries it and the latest messages', async () => {
    const facts = Array.from({ length: 7 }, fact);
    const first = await chat({ agentId: billing, client: { email: `c-${facts[0]}@example.test` }, message: `uno ${facts[0]}` });
    for (const [i, f] of facts.entries()) if (i > 0) await chat({ conversationId: first.conversationId, message: `mensaje ${i + 1} ${f}` });

    // Turn 4 found 7 messages (> 6): the oldest 5 were folded, the latest 2 kept verbatim.
    const fourth = agentCalls(facts[3]!)[0]!;
    expect(systemTexts(fourth)).toContainEqual(
      expect.stringMatching(new RegExp(`^${EARLIER}.*\\nRESUMEN: ${facts[0]}, ${facts[1]}, ${facts[2]}$`)),
    );
    expect(fourth.messages.filter((m) => m.role !== 'system').map(textOf)).toEqual([
      `ECHO: mensaje 3 ${facts[2]}`,
      `mensaje 4 ${facts[3]}`,
    ]);
    // Turn 7 found 8 past the summary: 6 folded into it, the earlier summary carried over.
    const seventh = agentCalls(facts[6]!)[0]!;
    const running = systemTexts(seventh).find((text) => text.startsWith(EARLIER))!;
    for (const f of facts.slice(0, 6)) expect(running).toContain(f);
    expect(seventh.messages.filter((m) => m.role !== 'system')).toHaveLength(2);
    const updates = llm.requests.filter((r) => isSummarizer(r) && textOf(lastOf(r.messages, 'user')).includes(facts[5]!));
    expect(updates).toHaveLength(1);
    expect(textOf(lastOf(updates[0]!.messages, 'user'))).toContain(`Summary of the conversation so far:\nRESUMEN: ${facts[0]}`);

    const log = await turns(first.id);
    expect(log).toHaveLength(7);
    expect(log.map((turn) => turn.summaries.map((s: { kind: string; messageCount: number }) => `${s.kind} ${s.messageCount}`))).toEqual([
      [],
      [],
      [],
      ['context 5'],
      [],
      [],
      ['context 6'],
    ]);
  });

  it('disableContextSummarization keeps the whole history in the prompt and summarises nothing', async () => {
    expect((await ws.api.patch(`/v1/agents/${billing}`, { disableContextSummarization: true })).status).toBe(200);
    try {
      const facts = Array.from({ length: 5 }, fact);
      const first = await chat({ agentId: billing, client: { email: `d-${facts[0]}@example.test` }, message: `uno ${facts[0]}` });
      for (const [i, f] of facts.entries())
        if (i > 0) await chat({ conversationId: first.conversationId, message: `mensaje ${i + 1} ${f}` });
      const last = agentCalls(facts[4]!)[0]!;
      expect(last.messages.filter((m) => m.role !== 'system')).toHaveLength(9);
      expect(systemTexts(last).some((text) => text.startsWith(EARLIER))).toBe(false);
      expect(llm.requests.filter((r) => isSummarizer(r) && r.messages.some((m) => textOf(m).includes(facts[0]!)))).toHaveLength(0);
    } finally {
      expect((await ws.api.patch(`/v1/agents/${billing}`, { disableContextSummarization: false })).status).toBe(200);
    }
  });

  it('the turn log shows each turn’s guardrail verdict (no violation included), tool calls with outcome and duration, and delegations', async () => {
    const guarded = await ws.api.post(`/v1/agents/${sofia}/subagents`, { subagentId: billing, status: 'active', description: 'Facturas' });
    expect(guarded.status).toBe(201);
    expect(
      (
        await ws.api.patch(`/v1/agents/${sofia}/guardrails`, {
          enabled: true,
          rules: ['No insults'],
          message: 'No.',
          conversationStrikeThreshold: 5,
        })
      ).status,
    ).toBe(200);
    try {
      const m = fact();
      const first = await chat({ agentId: sofia, client: { email: `g-${m}@example.test` }, message: `[[consult]] ${m}` });
      await chat({ conversationId: first.conversationId, message: `[[violate:0]] ${m}` });
      const [consulting, flagged] = await turns(first.id);
      expect(consulting).toMatchObject({
        outcome: 'answered',
        speakerAgentId: sofia,
        guardrail: { status: 'no_violation', source: null, ruleIndex: null },
        toolCalls: [{ name: 'consult_billing', outcome: 'ok', durationMs: expect.any(Number), error: null }],
        delegations: [{ kind: 'consult', subagentId: billing, subagentName: 'Billing', note: '¿Cuál es la factura?' }],
      });
      expect(Date.parse(consulting!.endedAt)).toBeGreaterThanOrEqual(Date.parse(consulting!.startedAt));
      expect(flagged).toMatchObject({
        outcome: 'guardrail',
        guardrail: { status: 'violation', source: 'llm_guardrail', ruleIndex: 0, severity: 'medium', categories: ['harassment'] },
        toolCalls: [],
      });
    } finally {
      await ws.api.patch(`/v1/agents/${sofia}/guardrails`, { enabled: false });
      await ws.api.delete(`/v1/agents/${sofia}/subagents/${billing}`);
    }
  });

  it("a WhatsApp conversation recalls the client's earlier chat with the agent; its turn is logged; another workspace reads no turns of it (404, as for the conversation)", async () => {
    const phone = newPhone();
    const order = fact();
    const earlier = await chat({ agentId: sofia, client: { phoneNumber: `+${phone}` }, message: `Pedí ${order}` });
    const m = fact();
    const { conversation } = await ws.customerWrites(phone, `hola ${m}`);
    expect(conversation.clientId).toBe(earlier.clientId);
    const log = await eventually(
      'the turn log entry of the WhatsApp turn',
      async () => (await turns(conversation.id)).find((turn) => turn.outcome !== null),
      20_000,
    );
    await eventually('the reply on WhatsApp', async () => graph.sends(ws.whatsapp.phoneNumberId).find((s) => s.body.to === phone), 20_000);
    expect(log).toMatchObject({
      agentId: sofia,
      outcome: 'answered',
      guardrail: { status: 'disabled' },
      toolCalls: [],
      delegations: [],
      summaries: [{ kind: 'recall', conversationId: earlier.id, summary: `RESUMEN: ${order}` }],
    });
    expect(systemTexts(agentCalls(m)[0]!)).toContainEqual(expect.stringContaining(`RESUMEN: ${order}`));
    const other = await MessagingWorkspace.seed(t, (doc) => withAgents(doc));
    const res = await other.api.get(`/v1/conversations/${conversation.id}/turns`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, error: expect.any(String) });
  });
});
