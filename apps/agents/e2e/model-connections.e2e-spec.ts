import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeAnthropic,
  FakeGoogle,
  FakeLlm,
  lastGeminiUserText,
  lastOf,
  lastUserText,
  MessagingWorkspace,
  startTestStack,
  textOf,
  withAgents,
  type TestStack,
} from '@platica/testing';

type ModelCall = Record<string, any>;

/**
 * Model connections (docs/agents.md › Models and fallback) through the gateway, with two fake
 * providers speaking their real wire formats: the installation's OpenAI-compatible fake (and a
 * second one, a workspace's connection that fails), a fake Anthropic Messages API and a fake
 * Gemini API (an agent on a Google connection, streamed, with a function call). Two
 * agents of one workspace on different models; a sub-agent consulted on its own model; a
 * failing provider answered for by the fallback, then skipped by its breaker; a credential
 * never echoed nor sent to a new origin; the model usage equal to the turn log's calls.
 */
describe('model connections, fallback and cost (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let flaky: FakeLlm;
  let claude: FakeAnthropic;
  let elsewhere: FakeAnthropic;
  let gemini: FakeGoogle;
  const SECRET = `sk-ant-${randomBytes(12).toString('hex')}`;
  const PRICES = { inputUsdPerMillion: 3, outputUsdPerMillion: 15 };

  const marker = () => `m-${randomBytes(3).toString('hex')}`;
  /** The conversation's turns once each has ended and `calls` model calls are recorded in all. */
  const endedTurns = (ws: MessagingWorkspace, conversationRef: string, calls: number) =>
    eventually(
      `${calls} model calls in the turn log`,
      async () => {
        const res = await ws.api.get(`/v1/conversations/${conversationRef}/turns`);
        expect(res.status).toBe(200);
        const turns = res.body.turns as Record<string, any>[];
        const recorded = turns.flatMap((turn) => turn.modelCalls as ModelCall[]);
        return turns.every((turn) => turn.outcome !== null) && recorded.length >= calls ? turns : undefined;
      },
      30_000,
    );
  const connect = async (ws: MessagingWorkspace, body: Record<string, unknown>): Promise<string> => {
    const res = await ws.api.post('/v1/models/connections', body);
    expect(res.status).toBe(201);
    return res.body.data.connection.id as string;
  };

  beforeAll(async () => {
    [llm, flaky, claude, elsewhere, gemini] = await Promise.all([
      FakeLlm.start(),
      FakeLlm.start(),
      FakeAnthropic.start(),
      FakeAnthropic.start(),
      FakeGoogle.start(),
    ]);
    // Streamed completions, so the Anthropic turns read server-sent events (the test button's call is not streamed);
    // a short time limit per call and a breaker that opens after two failures in a row.
    // The installation's connection priced (LLM_PRICE_*_PER_MTOK): $0.5 and $1.5 per million tokens of fake-model.
    t = await startTestStack({
      ...llm.env(),
      LLM_STREAM: 'true',
      LLM_TIMEOUT_MS: '4000',
      PLATICA_MODEL_BREAKER_FAILURES: '2',
      LLM_PRICE_INPUT_PER_MTOK: '0.5',
      LLM_PRICE_OUTPUT_PER_MTOK: '1.5',
    });
    // Claude consults a sub-agent on [[consult]], and answers with what the tool said.
    claude.answer = (request) => {
      const last = request.messages.at(-1);
      const toolResult = Array.isArray(last?.content) ? last.content.find((part) => part.type === 'tool_result') : undefined;
      if (toolResult) return { text: `CLAUDE TOOL RESULT: ${JSON.stringify(toolResult.content)}` };
      const consult = request.tools?.find((tool) => tool.name.startsWith('consult_'))?.name;
      const said = lastUserText(request);
      if (said.includes('[[consult]]') && consult) return { toolUse: { name: consult, input: { question: '¿Cuánto debe?' } } };
      return { text: `CLAUDE: ${said}` };
    };
    llm.answer = (request) => ({ text: `ECHO: ${textOf(lastOf(request.messages, 'user'))}` });
    // Gemini likewise: a functionCall part for the sub-agent on [[consult]], then an answer from its functionResponse.
    gemini.answer = (request) => {
      const response = request.contents.at(-1)?.parts.find((part) => part.functionResponse)?.functionResponse;
      if (response) return { text: `GEMINI TOOL RESULT: ${JSON.stringify(response.response)}` };
      const consult = request.tools?.flatMap((t) => t.functionDeclarations ?? []).find((f) => f.name.startsWith('consult_'))?.name;
      const said = lastGeminiUserText(request);
      if (said.includes('[[consult]]') && consult) return { functionCall: { name: consult, args: { question: '¿Cuánto debe?' } } };
      return { text: `GEMINI: ${said}` };
    };
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await Promise.all([llm, flaky, claude, elsewhere, gemini].map((fake) => fake?.stop()));
  });

  it('keeps a credential write-only, tests a connection with one token, and never sends the credential to a new origin', async () => {
    const ws = await MessagingWorkspace.seed(t);
    const created = await ws.api.post('/v1/models/connections', {
      name: 'Claude',
      provider: 'anthropic',
      baseUrl: claude.url,
      credential: SECRET,
      models: [{ id: 'claude-test', ...PRICES }],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.connection).toMatchObject({ provider: 'anthropic', hasCredential: true, breaker: { state: 'closed' } });
    const id = created.body.data.connection.id as string;
    const listed = await ws.api.get('/v1/models/connections');
    expect(listed.status).toBe(200);
    for (const body of [created.body, listed.body, (await ws.api.get(`/v1/models/connections/${id}`)).body]) {
      expect(JSON.stringify(body)).not.toContain(SECRET);
    }

    const tested = await ws.api.post(`/v1/models/connections/${id}/test`, {});
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ ok: true, model: 'claude-test', error: null });
    const call = claude.calls.at(-1)!;
    expect(call).toMatchObject({ apiKey: SECRET, version: '2023-06-01', body: { model: 'claude-test', max_tokens: 1 } });
    expect(call.body.stream).toBeFalsy();

    // Another origin without the credential again: refused, naming it.
    const moved = await ws.api.patch(`/v1/models/connections/${id}`, { baseUrl: elsewhere.url });
    expect(moved.status).toBe(400);
    expect(moved.body.details).toEqual([expect.objectContaining({ path: ['credential'] })]);
    // Moved with the credential removed: the new origin never gets it.
    const cleared = await ws.api.patch(`/v1/models/connections/${id}`, { baseUrl: elsewhere.url, credential: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.connection).toMatchObject({ hasCredential: false, baseUrl: elsewhere.url });
    await ws.api.post(`/v1/models/connections/${id}/test`, {});
    expect(elsewhere.calls.length).toBeGreaterThan(0);
    expect(JSON.stringify(elsewhere.calls)).not.toContain(SECRET);

    // A base URL the SSRF guard refuses, a missing one for an OpenAI-compatible provider.
    const bad = await ws.api.post('/v1/models/connections', { name: 'Bad', provider: 'openai_compatible', models: [{ id: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ path: ['baseUrl'] })]);
  });

  it('two agents of one workspace answer on different models; a consulted sub-agent on its own; each call priced in the turn log', async () => {
    const ws = await MessagingWorkspace.seed(t, (doc) => withAgents(doc));
    const sofia = ws.ids.agents.sofia.id;
    const billing = ws.ids.agents.billing.id;
    const claudeId = await connect(ws, {
      name: 'Claude',
      provider: 'anthropic',
      baseUrl: claude.url,
      credential: SECRET,
      models: [{ id: 'claude-test', ...PRICES }],
    });
    expect(
      (await ws.api.post(`/v1/agents/${sofia}/subagents`, { subagentId: billing, status: 'active', description: 'Facturas' })).status,
    ).toBe(201);

    // Settings naming what the workspace lacks: 400 naming the field.
    const unknown = await ws.api.patch(`/v1/agents/${sofia}/models`, {
      reply: { connectionId: 'mc_nope', model: 'claude-test' },
      fallback: [{ connectionId: claudeId, model: 'gpt-9' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((issue: { path: unknown[] }) => issue.path)).toEqual([
      ['reply', 'connectionId'],
      ['fallback', 0, 'model'],
    ]);
    const set = await ws.api.patch(`/v1/agents/${sofia}/models`, { reply: { connectionId: claudeId, model: 'claude-test' } });
    expect(set.status).toBe(200);
    expect((await ws.api.get(`/v1/agents/${sofia}/models`)).body).toEqual({
      reply: { connectionId: claudeId, model: 'claude-test' },
      guardrail: null,
      summary: null,
      fallback: [],
    });

    const m = marker();
    const bySofia = await ws.api.post('/v1/chat', { agentId: sofia, client: { email: `${m}@example.test` }, message: `hola ${m}` });
    expect(bySofia.status).toBe(200);
    expect(bySofia.body.messages[0].content).toBe(`CLAUDE: hola ${m}`);
    expect(claude.calls.at(-1)!.body.stream).toBe(true);
    const byBilling = await ws.api.post('/v1/chat', { agentId: billing, client: { email: `b${m}@example.test` }, message: `hola ${m}` });
    expect(byBilling.body.messages[0].content).toBe(`ECHO: hola ${m}`);

    const [sofiaTurn] = await endedTurns(ws, bySofia.body.id, 1);
    expect(sofiaTurn!.modelCalls).toEqual([
      expect.objectContaining({
        model: 'claude-test',
        provider: 'anthropic',
        connectionId: claudeId,
        agentId: sofia,
        outcome: 'ok',
        inputTokens: 12,
        outputTokens: 30,
        costUsd: (12 * 3 + 30 * 15) / 1e6,
      }),
    ]);
    const [billingTurn] = await endedTurns(ws, byBilling.body.id, 1);
    expect(billingTurn!.modelCalls).toEqual([
      expect.objectContaining({
        model: 'fake-model',
        provider: 'openai-compatible',
        connectionId: null,
        agentId: billing,
        costUsd: (10 * 0.5 + 5 * 1.5) / 1e6,
      }),
    ]);

    // Claude asks for the sub-agent (a streamed tool_use); Billing answers on its own (the installation's) model.
    const consulted = await ws.api.post('/v1/chat', {
      agentId: sofia,
      client: { email: `c${m}@example.test` },
      message: `[[consult]] ${m}`,
    });
    expect(consulted.status).toBe(200);
    expect(consulted.body.messages[0].content).toContain('CLAUDE TOOL RESULT');
    const [consultTurn] = await endedTurns(ws, consulted.body.id, 3);
    expect(consultTurn!.modelCalls.map((c: ModelCall) => `${c.purpose} ${c.round} ${c.model} ${c.finishReason}`)).toEqual([
      'reply 0 claude-test tool_calls',
      'subagent 0 fake-model stop',
      'reply 1 claude-test stop',
    ]);
  });

  it('an agent on a Google Gemini connection answers streamed, calls a tool through a functionCall, and its usage is recorded', async () => {
    const ws = await MessagingWorkspace.seed(t, (doc) => withAgents(doc));
    const sofia = ws.ids.agents.sofia.id;
    const billing = ws.ids.agents.billing.id;
    const GOOGLE_KEY = `AIza${randomBytes(12).toString('hex')}`;
    const geminiId = await connect(ws, {
      name: 'Gemini',
      provider: 'google',
      baseUrl: gemini.url,
      credential: GOOGLE_KEY,
      models: [{ id: 'gemini-test', inputUsdPerMillion: 0.3, outputUsdPerMillion: 2.5 }],
    });
    expect(
      (await ws.api.post(`/v1/agents/${sofia}/subagents`, { subagentId: billing, status: 'active', description: 'Facturas' })).status,
    ).toBe(201);
    expect((await ws.api.patch(`/v1/agents/${sofia}/models`, { reply: { connectionId: geminiId, model: 'gemini-test' } })).status).toBe(
      200,
    );

    // The test button: one token, not streamed, the key in Google's header.
    const tested = await ws.api.post(`/v1/models/connections/${geminiId}/test`, {});
    expect(tested.body).toMatchObject({ ok: true, model: 'gemini-test', error: null });
    expect(gemini.calls.at(-1)).toMatchObject({ model: 'gemini-test', streamed: false, apiKey: GOOGLE_KEY });
    expect(gemini.calls.at(-1)!.body.generationConfig?.maxOutputTokens).toBe(1);

    const m = marker();
    const answered = await ws.api.post('/v1/chat', { agentId: sofia, client: { email: `g${m}@example.test` }, message: `hola ${m}` });
    expect(answered.status).toBe(200);
    expect(answered.body.messages[0].content).toBe(`GEMINI: hola ${m}`);
    expect(gemini.calls.at(-1)).toMatchObject({ model: 'gemini-test', streamed: true, apiKey: GOOGLE_KEY });
    const [turn] = await endedTurns(ws, answered.body.id, 1);
    expect(turn!.modelCalls).toEqual([
      expect.objectContaining({
        model: 'gemini-test',
        provider: 'google',
        connectionId: geminiId,
        outcome: 'ok',
        finishReason: 'stop',
        inputTokens: 9,
        outputTokens: 23,
        costUsd: (9 * 0.3 + 23 * 2.5) / 1e6,
      }),
    ]);

    // A functionCall part consults the sub-agent (on the installation's model); its answer goes back as a functionResponse.
    const consulted = await ws.api.post('/v1/chat', {
      agentId: sofia,
      client: { email: `gc${m}@example.test` },
      message: `[[consult]] ${m}`,
    });
    expect(consulted.status).toBe(200);
    expect(consulted.body.messages[0].content).toContain('GEMINI TOOL RESULT');
    const [consultTurn] = await endedTurns(ws, consulted.body.id, 3);
    expect(
      consultTurn!.modelCalls.map((c: ModelCall) => `${c.purpose} ${c.round} ${c.model} ${c.finishReason} ${c.toolCallCount}`),
    ).toEqual(['reply 0 gemini-test tool_calls 1', 'subagent 0 fake-model stop 0', 'reply 1 gemini-test stop 0']);
    const back = gemini.calls.at(-1)!.body.contents.at(-1)!;
    expect(back).toMatchObject({ role: 'user', parts: [{ functionResponse: { name: expect.stringMatching(/^consult_/) } }] });

    const usage = await ws.api.get('/v1/usage/models');
    const geminiCalls = [turn!, consultTurn!].flatMap((x) => x.modelCalls as ModelCall[]).filter((c) => c.connectionId === geminiId);
    expect(usage.body.workspaces[0].models.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          agentId: sofia,
          connectionId: geminiId,
          model: 'gemini-test',
          calls: 3,
          inputTokens: 27,
          outputTokens: 69,
          costUsd: expect.closeTo(
            geminiCalls.reduce((sum, c) => sum + c.costUsd, 0),
            10,
          ),
        }),
      ]),
    );
    expect(JSON.stringify([turn, consultTurn, usage.body])).not.toContain(GOOGLE_KEY);
  });

  it('a provider answering 500 then timing out: the fallback answers, every call in the turn log; then its breaker skips it', async () => {
    const ws = await MessagingWorkspace.seed(t, (doc) => withAgents(doc));
    const billing = ws.ids.agents.billing.id;
    const flakyId = await connect(ws, {
      name: 'Flaky',
      provider: 'openai_compatible',
      baseUrl: flaky.url,
      credential: 'flaky-key',
      models: [{ id: 'flaky-model' }],
    });
    const claudeId = await connect(ws, {
      name: 'Claude',
      provider: 'anthropic',
      baseUrl: claude.url,
      credential: SECRET,
      models: [{ id: 'claude-test', ...PRICES }],
    });
    const set = await ws.api.patch(`/v1/agents/${billing}/models`, {
      reply: { connectionId: flakyId, model: 'flaky-model' },
      fallback: [{ connectionId: claudeId, model: 'claude-test' }],
    });
    expect(set.status).toBe(200);

    flaky.failNext(1, 500);
    const release = flaky.hold();
    try {
      const m = marker();
      const res = await ws.api.post('/v1/chat', { agentId: billing, client: { email: `${m}@example.test` }, message: `hola ${m}` });
      expect(res.status).toBe(200);
      expect(res.body.messages[0].content).toBe(`CLAUDE: hola ${m}`);
      const [turn] = await endedTurns(ws, res.body.id, 3);
      expect(turn!.outcome).toBe('answered');
      expect(
        turn!.modelCalls.map((c: ModelCall) => [
          c.fallbackIndex,
          c.connectionId,
          c.outcome,
          c.error?.status ?? null,
          c.error?.code ?? null,
        ]),
      ).toEqual([
        [0, flakyId, 'error', 500, 'server_error'],
        [1, flakyId, 'error', null, 'TimeoutError'],
        [2, claudeId, 'ok', null, null],
      ]);

      const connection = await ws.api.get(`/v1/models/connections/${flakyId}`);
      expect(connection.body.data.connection.breaker).toMatchObject({ state: 'open', failures: 2, openUntil: expect.any(String) });

      // Open: the next turn goes to the fallback without calling the failing provider.
      const before = flaky.requests.length;
      const next = await ws.api.post('/v1/chat', { agentId: billing, client: { email: `n${m}@example.test` }, message: `otra ${m}` });
      expect(next.body.messages[0].content).toBe(`CLAUDE: otra ${m}`);
      const [skipped] = await endedTurns(ws, next.body.id, 2);
      expect(skipped!.modelCalls).toEqual([
        expect.objectContaining({
          connectionId: flakyId,
          outcome: 'error',
          error: expect.objectContaining({ code: 'circuit_open' }),
          durationMs: 0,
        }),
        expect.objectContaining({ connectionId: claudeId, outcome: 'ok' }),
      ]);
      expect(flaky.requests.length).toBe(before);
      // Nothing the customer said, nor any credential, in the records.
      expect(JSON.stringify([turn, skipped])).not.toContain('flaky-key');
      expect(JSON.stringify([turn, skipped])).not.toContain(SECRET);
    } finally {
      release();
    }
  });

  it("the model usage's tokens and cost are the sum of the turn log's recorded calls, by agent, model and the workspace's day", async () => {
    // UTC+14: from 10:00 UTC its day is the next UTC day, so a UTC day would be the wrong one for most of the day.
    const timeZone = 'Pacific/Kiritimati';
    const ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      (doc.workspace as { timezone?: string }).timezone = timeZone;
    });
    const sofia = ws.ids.agents.sofia.id;
    const billing = ws.ids.agents.billing.id;
    const claudeId = await connect(ws, {
      name: 'Claude',
      provider: 'anthropic',
      baseUrl: claude.url,
      credential: SECRET,
      models: [{ id: 'claude-test', inputUsdPerMillion: 3.5, outputUsdPerMillion: 17.25 }],
      default: true,
    });
    // Sofia on the workspace's default (Claude); Billing on the installation's model.
    expect((await ws.api.patch(`/v1/agents/${billing}/models`, { reply: { connectionId: null, model: 'fake-model' } })).status).toBe(200);
    const conversations: string[] = [];
    for (const [agentId, n] of [
      [sofia, 1],
      [sofia, 2],
      [billing, 3],
    ] as const) {
      const res = await ws.api.post('/v1/chat', { agentId, client: { email: `u${n}${marker()}@example.test` }, message: `pregunta ${n}` });
      expect(res.status).toBe(200);
      conversations.push(res.body.id as string);
    }
    const calls: ModelCall[] = [];
    for (const id of conversations) calls.push(...(await endedTurns(ws, id, 1)).flatMap((turn) => turn.modelCalls as ModelCall[]));

    const usage = await ws.api.get('/v1/usage/models');
    expect(usage.status).toBe(200);
    const figures = usage.body.workspaces[0].models;
    const sum = (of: ModelCall[], field: string) => of.reduce((total, call) => total + (call[field] ?? 0), 0);
    expect(figures.totals).toEqual({
      calls: calls.length,
      inputTokens: sum(calls, 'inputTokens'),
      outputTokens: sum(calls, 'outputTokens'),
      costUsd: expect.closeTo(sum(calls, 'costUsd'), 10),
      unpricedCalls: calls.filter((call) => call.costUsd === null).length,
    });
    expect(figures.totals.costUsd).toBeCloseTo((2 * (12 * 3.5 + 30 * 17.25) + (10 * 0.5 + 5 * 1.5)) / 1e6, 10);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    expect(usage.body.workspaces[0].models.range.endDate).toMatch(/\+14:00$/);
    expect(figures.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          date: today,
          agentId: sofia,
          connectionId: claudeId,
          model: 'claude-test',
          calls: 2,
          inputTokens: 24,
          outputTokens: 60,
        }),
        expect.objectContaining({
          date: today,
          agentId: billing,
          connectionId: null,
          model: 'fake-model',
          calls: 1,
          costUsd: expect.closeTo((10 * 0.5 + 5 * 1.5) / 1e6, 10),
          unpricedCalls: 0,
        }),
      ]),
    );
    const bad = await ws.api.get('/v1/usage/models?startDate=2026-11-10&endDate=2026-11-01');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ path: ['endDate'] })]);
  });
});
