import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeLlm,
  isGuardrailEvaluation,
  lastOf,
  MessagingWorkspace,
  scriptedGuardrailVerdict,
  startTestStack,
  textOf,
  withAgents,
  type TestStack,
} from '@platica/testing';

type ModelCall = Record<string, any>;

/**
 * The turn log's model calls (docs/agents.md › Turn log) through the gateway, the runtime's
 * streamed model calls and the fake model: each call of a turn with its purpose, round,
 * model, provider, duration, the tokens the provider reported and its finish reason; a failed
 * call's status, code and message, and the retried step's call after it; a turn whose model
 * keeps failing, its failed calls all there.
 */
describe('model calls in the turn log (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let ws: MessagingWorkspace;
  let sofia: string;
  let billing: string;

  const marker = () => `m-${randomBytes(3).toString('hex')}`;
  const chat = (body: Record<string, unknown>) => ws.api.post('/v1/chat', body);
  /** The conversation's turns once every one has ended and recorded `calls` model calls in all. */
  const endedTurns = (conversationRef: string, calls: number) =>
    eventually(
      `${calls} model calls in the turn log`,
      async () => {
        const res = await ws.api.get(`/v1/conversations/${conversationRef}/turns`);
        expect(res.status).toBe(200);
        const turns = res.body.turns as Record<string, any>[];
        const recorded = turns.flatMap((turn) => turn.modelCalls as ModelCall[]);
        return turns.every((turn) => turn.outcome !== null) && recorded.length >= calls ? turns : undefined;
      },
      20_000,
    );

  beforeAll(async () => {
    llm = await FakeLlm.start();
    // A stack of its own: streamed model answers (LLM_STREAM), and it checks the provider's address.
    t = await startTestStack({ ...llm.env(), LLM_STREAM: 'true' });
    ws = await MessagingWorkspace.seed(t, (doc) => withAgents(doc));
    sofia = ws.ids.agents.sofia.id;
    billing = ws.ids.agents.billing.id;
    // The evaluator flags [[violate:N]]; the agent consults Billing on [[consult]] and answers with what a tool said.
    llm.answer = (request) => {
      if (isGuardrailEvaluation(request)) return scriptedGuardrailVerdict(request, 'high');
      const last = request.messages.at(-1);
      if (last?.role === 'tool') return { text: `TOOL RESULT: ${textOf(last)}` };
      const said = textOf(lastOf(request.messages, 'user'));
      const consult = request.tools?.find((tool) => tool.function.name.startsWith('consult_'))?.function.name;
      if (said.includes('[[consult]]') && consult) return { toolCall: { name: consult, arguments: { question: '¿Cuánto debe?' } } };
      return { text: `ECHO: ${said}` };
    };
    const connected = await ws.api.post(`/v1/agents/${sofia}/subagents`, {
      subagentId: billing,
      status: 'active',
      description: 'Facturas',
    });
    expect(connected.status).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await llm?.stop();
  });
  afterEach(() => {
    llm.usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  });

  it("records each model call of a turn: the evaluator's and the agent's rounds, a consulted sub-agent's, with the provider's token counts", async () => {
    const guarded = await ws.api.patch(`/v1/agents/${sofia}/guardrails`, { enabled: true, rules: ['No insults'], message: 'No.' });
    expect(guarded.status).toBe(200);
    try {
      llm.usage = { prompt_tokens: 321, completion_tokens: 54, total_tokens: 375 };
      const m = marker();
      const res = await chat({ agentId: sofia, client: { email: `${m}@example.test` }, message: `[[consult]] ${m}` });
      expect(res.status).toBe(200);
      expect(res.body.messages[0].content).toContain('TOOL RESULT');

      const [turn] = await endedTurns(res.body.id, 4);
      expect(turn).toMatchObject({ outcome: 'answered', toolCalls: [{ name: 'consult_billing', outcome: 'ok' }] });
      const calls = turn!.modelCalls as ModelCall[];
      // The provider by name, never the endpoint's host and port (every reader of the log sees it).
      const ok = {
        attempt: 1,
        model: 'fake-model',
        provider: 'openai-compatible',
        outcome: 'ok',
        inputTokens: 321,
        outputTokens: 54,
        error: null,
      };
      // The evaluator and the agent's first answer begin together: their order between them is not fixed.
      expect(calls.map((call) => `${call.purpose} ${call.round}`).sort()).toEqual(['guardrail 0', 'reply 0', 'reply 1', 'subagent 0']);
      const of = (purpose: string, round: number) => calls.find((call) => call.purpose === purpose && call.round === round)!;
      expect(of('guardrail', 0)).toMatchObject({ ...ok, finishReason: 'stop', toolCallCount: 0 });
      expect(of('reply', 0)).toMatchObject({ ...ok, finishReason: 'tool_calls', toolCallCount: 1 });
      expect(of('subagent', 0)).toMatchObject({ ...ok, finishReason: 'stop', toolCallCount: 0 });
      expect(of('reply', 1)).toMatchObject({ ...ok, finishReason: 'stop', toolCallCount: 0 });
      // In the order they began; each within the turn, timed.
      expect(calls.map((call) => call.at)).toEqual(calls.map((call) => call.at).sort());
      expect(calls.slice(2).map((call) => call.purpose)).toEqual(['subagent', 'reply']);
      for (const call of calls) {
        expect(Date.parse(call.at)).toBeGreaterThanOrEqual(Date.parse(turn!.startedAt) - 1_000);
        expect(call.durationMs).toBeGreaterThanOrEqual(0);
        expect(Date.parse(call.at) + call.durationMs).toBeLessThanOrEqual(Date.parse(turn!.endedAt) + 1_000);
      }
      // Nothing the customer said, nor the reply, is in the records.
      expect(JSON.stringify(calls)).not.toContain(m);
      expect(JSON.stringify(calls)).not.toContain('key');
      expect(JSON.stringify(turn)).not.toContain(new URL(llm.url).host);
    } finally {
      await ws.api.patch(`/v1/agents/${sofia}/guardrails`, { enabled: false });
    }
  });

  it("answers 404 for an unknown conversation's or another workspace's turns, as the conversation itself does", async () => {
    const m = marker();
    const res = await chat({ agentId: billing, client: { email: `${m}@example.test` }, message: `hola ${m}` });
    expect(res.status).toBe(200);
    await endedTurns(res.body.id, 1);
    const other = await MessagingWorkspace.seed(t);
    for (const [api, id] of [
      [other.api, res.body.id as string],
      [ws.api, `${res.body.id as string}0`],
    ] as const) {
      const turns = await api.get(`/v1/conversations/${id}/turns`);
      expect(turns.status).toBe(404);
      expect(turns.body).toMatchObject({ error: expect.any(String) });
      expect((await api.get(`/v1/conversations/${id}`)).status).toBe(404);
    }
  });

  it('a provider that reports no usage leaves the token counts null', async () => {
    llm.usage = null;
    const m = marker();
    const res = await chat({ agentId: billing, client: { email: `${m}@example.test` }, message: `hola ${m}` });
    expect(res.status).toBe(200);
    const [turn] = await endedTurns(res.body.id, 1);
    expect(turn!.modelCalls).toEqual([
      expect.objectContaining({ purpose: 'reply', round: 0, outcome: 'ok', inputTokens: null, outputTokens: null, finishReason: 'stop' }),
    ]);
  });

  it("records a failed call's status, code and message, then the retried step's call that answered", async () => {
    const m = marker();
    llm.failNext(1, 503);
    const res = await chat({ agentId: billing, client: { email: `${m}@example.test` }, message: `Resistí ${m}` });
    expect(res.status).toBe(200);
    expect(res.body.messages[0].content).toBe(`ECHO: Resistí ${m}`);
    const [turn] = await endedTurns(res.body.id, 2);
    expect(turn!.outcome).toBe('answered');
    expect(turn!.modelCalls).toEqual([
      expect.objectContaining({
        purpose: 'reply',
        round: 0,
        attempt: 1,
        outcome: 'error',
        inputTokens: null,
        outputTokens: null,
        finishReason: null,
        toolCallCount: 0,
        error: { status: 503, code: 'server_error', message: 'the fake model was told to fail' },
      }),
      expect.objectContaining({ purpose: 'reply', round: 0, attempt: 2, outcome: 'ok', inputTokens: 10, outputTokens: 5, error: null }),
    ]);
    expect(JSON.stringify(turn!.modelCalls)).not.toContain('test-key');
  });

  it('a turn whose model keeps failing ends failed, each failed call in its log', async () => {
    const m = marker();
    llm.failNext(3);
    const res = await chat({ agentId: billing, client: { email: `${m}@example.test` }, message: `nunca ${m}` });
    expect(res.status).toBe(502);
    const [turn] = await endedTurns(res.body.details.id, 3);
    expect(turn).toMatchObject({ outcome: 'failed', detail: expect.stringContaining('model') });
    expect(turn!.modelCalls.map((call: ModelCall) => [call.attempt, call.outcome, call.error?.status])).toEqual([
      [1, 'error', 500],
      [2, 'error', 500],
      [3, 'error', 500],
    ]);
  });
});
