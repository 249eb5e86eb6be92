import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  HttpTarget,
  isGuardrailEvaluation,
  lastOf,
  MessagingWorkspace,
  newPhone,
  scriptedGuardrailVerdict,
  startTestStack,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type TestStack,
} from '@platica/testing';

const GUARDRAIL_MESSAGE = 'Ese mensaje no cumple nuestras reglas.';
/** The candidate's system prompt carries this: the fake model answers as the candidate then. */
const CANDIDATE = 'CANDIDATE-PROMPT';
/** A rubric the fake judge answers in words, never calling grade_reply. */
const NO_GRADE_RUBRIC = 'NO-GRADE: the judge will not grade.';
/** The stricter model a candidate may name: its guardrail evaluator flags `[[strict]]` too. */
const STRICT_MODEL = 'strict-model';

/**
 * Agent evaluations (docs/agents.md › Evaluations): a WhatsApp conversation recorded with the
 * active prompt (a greeting, an order looked up with a custom API tool, a question about
 * shipping, a rude message the guardrails let through), then replayed with a candidate that
 * greets differently, looks the shipping up with the tool and, on a stricter model, flags the
 * rude message. The evaluation reports exactly those three differences, and nothing leaves the
 * platform: no remote API call, no message sent or stored, no strike.
 */
describe('agent evaluations (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let target: HttpTarget;
  let ws: MessagingWorkspace;
  let sofia: string;
  let toolName: string;
  let conversationId: string;
  let clientId: string;
  let recordedTurnIds: string[];

  const systemOf = (request: ChatCompletionRequest) =>
    request.messages
      .filter((m) => m.role === 'system')
      .map(textOf)
      .join('\n');

  /** The agent: the active prompt echoes, and looks an order up on `[[order:N]]`; the candidate also greets and looks shipping up. */
  function model(request: ChatCompletionRequest): FakeAnswer {
    // The judge: a reply that greets back scores 5, any other 2.
    if (request.tools?.some((tool) => tool.function.name === 'grade_reply')) {
      // A judge that will not grade answers in words although a tool call is required.
      if (systemOf(request).includes(NO_GRADE_RUBRIC)) return { text: 'The reply seems fine to me.' };
      const greets = textOf(lastOf(request.messages, 'user')).includes('Candidate reply: ¡Hola!');
      return { toolCall: { name: 'grade_reply', arguments: { score: greets ? 5 : 2, reason: greets ? 'greets back' : 'no greeting' } } };
    }
    if (isGuardrailEvaluation(request)) {
      const said = textOf(lastOf(request.messages, 'user'));
      if (request.model === STRICT_MODEL && said.includes('[[strict]]')) {
        return {
          toolCall: {
            name: 'flag_guardrail_violation',
            arguments: { ruleIndex: 0, severity: 'low', categories: ['rude'], matchedTerms: [] },
          },
        };
      }
      return scriptedGuardrailVerdict(request, 'high');
    }
    const said = textOf(lastOf(request.messages, 'user'));
    const candidate = systemOf(request).includes(CANDIDATE);
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return { text: said.includes('[[order:') ? `Pedido: ${textOf(last)}` : `ECHO: ${said}` };
    const order = /\[\[order:(\d+)\]\]/.exec(said)?.[1];
    if (order) return { toolCall: { name: toolName, arguments: { order } } };
    if (candidate && said.includes('envío')) return { toolCall: { name: toolName, arguments: { order: 'envio' } } };
    if (candidate && said.includes('hola')) return { text: '¡Hola! ¿En qué puedo ayudarte hoy?' };
    return { text: `ECHO: ${said}` };
  }

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    target = await HttpTarget.start((r) => ({ body: { estado: `enviado ${r.path.split('/').pop()}` } }));
    // A stack of its own: it restarts the agents service.
    // agents in a process of its own: this file kills and restarts it.
    t = await startTestStack(
      { ...llm.env(), META_GRAPH_BASE_URL: graph.url, PLATICA_TURN_DEBOUNCE_MS: '200' },
      { ownProcesses: ['agents'] },
    );
    ws = await MessagingWorkspace.seed(t, withAgents);
    sofia = ws.ids.agents.sofia.id;
    const api = await ws.api.post('/v1/tools/apis', {
      name: `pedidos_${randomBytes(3).toString('hex')}`,
      description: 'Consulta el estado de un pedido.',
      request: { method: 'GET', url: `${target.url}/orders/{{order}}` },
      variables: [{ name: 'order', type: 'string', description: 'Número de pedido', required: true, mode: 'ai' }],
    });
    expect(api.status).toBe(201);
    expect((await ws.api.post(`/v1/tools/apis/${api.body.data.id}/enable`, {})).status).toBe(200);
    toolName = api.body.data.toolName;
    expect((await ws.api.post(`/v1/agents/${sofia}/tools`, { toolId: api.body.data.id })).status).toBe(201);
    const guardrails = await ws.api.patch(`/v1/agents/${sofia}/guardrails`, {
      enabled: true,
      rules: ['Be polite'],
      message: GUARDRAIL_MESSAGE,
      conversationStrikeThreshold: 5,
      clientStrikeThreshold: 5,
    });
    expect(guardrails.status).toBe(200);
    llm.answer = model;

    // The conversation, recorded with the active prompt.
    const phone = newPhone();
    const customerSays = ['hola', 'dónde está mi pedido [[order:123]]', 'cuándo llega el envío', 'eres lento [[strict]]'];
    for (const [index, text] of customerSays.entries()) {
      const written = await ws.customerWrites(phone, text);
      conversationId = written.conversation.id;
      clientId = written.conversation.clientId;
      await eventually(
        `reply ${index + 1}`,
        async () => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone)[index],
        30_000,
      );
    }
    recordedTurnIds = await eventually(
      'the four turns logged with their tool call',
      async () => {
        const turns = (await ws.api.get(`/v1/conversations/${conversationId}/turns`)).body.turns as {
          id: string;
          outcome: string | null;
          toolCalls: unknown[];
        }[];
        return turns.length === 4 && turns.every((turn) => turn.outcome === 'answered') && turns[1]!.toolCalls.length === 1
          ? turns.map((turn) => turn.id)
          : undefined;
      },
      30_000,
    );
    expect(target.requests).toHaveLength(1);
    // The turn log keeps the call's arguments and result for evaluations, and GET /turns shows them (docs/agents.md › Turn log).
    const [, orderTurn] = (await ws.api.get(`/v1/conversations/${conversationId}/turns`)).body.turns;
    expect(orderTurn.toolCalls[0]).toMatchObject({ arguments: { order: '123' }, result: expect.any(String) });
  }, 300_000);

  afterAll(async () => {
    await t?.stop();
    await target?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  /** What an evaluation must never change: remote calls, sends, stored messages, strikes, tool runs, turns. */
  async function sideEffects() {
    const [messages] = await t.query('select count(*)::int as n from messaging.message where conversation_ref = $1', [conversationId]);
    const [runs] = await t.query('select count(*)::int as n from tools.custom_api_run');
    const [turns] = await t.query('select count(*)::int as n from agents.turn_log');
    const client = (await ws.api.get(`/v1/clients/${clientId}`)).body.workspaces[0].clients[0];
    return {
      remoteCalls: target.requests.length,
      sends: graph.sends(ws.whatsapp.phoneNumberId).length,
      messages: messages!.n,
      toolRuns: runs!.n,
      turnLog: turns!.n,
      strikes: client.moderation.totalStrikes,
    };
  }

  async function evaluate(body: Record<string, unknown>) {
    const started = await ws.api.post(`/v1/agents/${sofia}/evaluations`, body);
    expect(started.status).toBe(202);
    const id = started.body.data.id as string;
    return eventually(
      'the evaluation to end',
      async () => {
        const read = await ws.api.get(`/v1/agents/${sofia}/evaluations/${id}?limit=10`);
        return read.body.status !== 'running' ? read.body : undefined;
      },
      60_000,
      200,
    );
  }

  let candidatePromptId: string;

  it('stores a prompt version without activating it, and refuses to activate it unevaluated when the agent requires it', async () => {
    const before = (await ws.api.get(`/v1/agents/${sofia}/prompt`)).body.activePromptId;
    const created = await ws.api.post(`/v1/agents/${sofia}/prompt`, { systemPrompt: `Eres Sofía. ${CANDIDATE}`, activate: false });
    expect(created.status).toBe(201);
    candidatePromptId = created.body.data.promptId;
    expect(created.body.data.activePromptId).toBe(before);
    expect((await ws.api.patch(`/v1/agents/${sofia}`, { requireEvaluation: true })).status).toBe(200);
    const refused = await ws.api.patch(`/v1/agents/${sofia}/prompt`, { promptId: candidatePromptId });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(409);
    expect(refused.body.details).toMatchObject({
      promptId: candidatePromptId,
      evaluation: { method: 'POST', path: `/v1/agents/${sofia}/evaluations`, body: { candidate: { promptId: candidatePromptId } } },
    });
    expect((await ws.api.post(`/v1/agents/${sofia}/prompt`, { systemPrompt: 'otra' })).status).toBe(409);
  });

  it('reports a changed reply, an added tool call and a flipped guardrail exactly, with nothing leaving the platform', async () => {
    const before = await sideEffects();
    const evaluation = await evaluate({
      candidate: { promptId: candidatePromptId, model: STRICT_MODEL },
      sample: { conversationIds: [conversationId] },
      checks: [{ kind: 'must_not_request_assistance' }, { kind: 'must_mention', text: 'hola', whenCustomerSays: 'hola' }],
    });
    expect(evaluation.status).toBe('completed');
    expect(evaluation.turns.items.map((turn: { status: string; detail: string | null }) => [turn.status, turn.detail])).toEqual(
      recordedTurnIds.map(() => ['replayed', null]),
    );
    expect(evaluation.progress).toMatchObject({ turns: 4, done: 4 });
    expect(evaluation.progress.tokens).toBeGreaterThan(0);
    expect(evaluation.summary).toMatchObject({
      turns: 4,
      replayed: 4,
      skipped: 0,
      repliesChanged: 1,
      toolCallsAdded: 1,
      toolCallsRemoved: 0,
      toolCallsChanged: 0,
      guardrailFlips: 1,
      assistanceFlips: 0,
      checksFailed: 0,
      passed: false,
    });
    const turns = evaluation.turns.items;
    expect(turns.map((turn: { turnId: string }) => turn.turnId)).toEqual(recordedTurnIds);
    const [greeting, order, shipping, rude] = turns;
    expect(greeting.comparison).toMatchObject({ replyChanged: true, toolCallsAdded: [], guardrailFlipped: false });
    expect(greeting.comparison.replyDiff).toEqual(['+ ¡Hola! ¿En qué puedo ayudarte hoy?', '- ECHO: hola']);
    expect(greeting.checks.map((c: { passed: boolean }) => c.passed)).toEqual([true, true]);
    // The same call as recorded: answered with the recorded result, so the same reply.
    expect(order.recorded.toolCalls).toEqual([{ name: toolName, arguments: { order: '123' } }]);
    expect(order.candidate.toolCalls).toEqual([{ name: toolName, arguments: { order: '123' } }]);
    expect(order.comparison).toMatchObject({ replyChanged: false, toolCallsAdded: [], toolCallsChanged: [] });
    expect(shipping.comparison).toMatchObject({ replyChanged: false, toolCallsAdded: [toolName], guardrailFlipped: false });
    expect(shipping.candidate.toolCalls).toEqual([{ name: toolName, arguments: { order: 'envio' } }]);
    expect(rude.recorded.guardrailViolation).toBe(false);
    expect(rude.candidate).toMatchObject({ guardrailViolation: true, reply: GUARDRAIL_MESSAGE, toolCalls: [] });
    expect(rude.comparison.guardrailFlipped).toBe(true);

    // The new call was a dry run, told to the model as such; the recorded one got its recorded result.
    const shippingRound = llm.requests.find(
      (r) => systemOf(r).includes(CANDIDATE) && r.messages.at(-1)?.role === 'tool' && textOf(lastOf(r.messages, 'user')).includes('envío'),
    );
    expect(textOf(shippingRound!.messages.at(-1))).toContain('not executed during evaluation');
    const orderRound = llm.requests.find(
      (r) =>
        systemOf(r).includes(CANDIDATE) &&
        r.messages.at(-1)?.role === 'tool' &&
        textOf(lastOf(r.messages, 'user')).includes('[[order:123]]'),
    );
    expect(textOf(orderRound!.messages.at(-1))).toContain('enviado 123');
    expect(await sideEffects()).toEqual(before);

    // It did not pass (a guardrail flipped): the version stays refused, naming this evaluation.
    const refused = await ws.api.patch(`/v1/agents/${sofia}/prompt`, { promptId: candidatePromptId });
    expect(refused.status).toBe(409);
    expect(refused.body.details.latestEvaluationId).toBe(evaluation.id);
  });

  it('a passing evaluation lets the version be activated; evaluations are listed newest first', async () => {
    const evaluation = await evaluate({ candidate: { promptId: candidatePromptId }, sample: { last: 5 } });
    expect(evaluation.summary).toMatchObject({ replayed: 4, guardrailFlips: 0, checksFailed: 0, passed: true });
    const activated = await ws.api.patch(`/v1/agents/${sofia}/prompt`, { promptId: candidatePromptId });
    expect(activated.status).toBe(200);
    expect(activated.body.data.activePromptId).toBe(candidatePromptId);
    const listed = await ws.api.get(`/v1/agents/${sofia}/evaluations`);
    expect(listed.status).toBe(200);
    expect(listed.body.evaluations[0].id).toBe(evaluation.id);
    expect(listed.body.evaluations).toHaveLength(2);
  });

  it('samples by date range: the turns started in [from, to)', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inRange = await evaluate({ candidate: { promptId: candidatePromptId }, sample: { from: hourAgo, to: new Date().toISOString() } });
    expect(inRange.progress.turns).toBe(4);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const empty = await evaluate({ candidate: { promptId: candidatePromptId }, sample: { from: future } });
    expect(empty).toMatchObject({ status: 'completed', progress: { turns: 0 }, summary: { turns: 0, passed: false } });
  });

  it('refuses a sample it cannot take and a prompt version the agent does not have, naming the fields', async () => {
    const both = await ws.api.post(`/v1/agents/${sofia}/evaluations`, {
      candidate: { systemPrompt: 'x' },
      sample: { last: 3, conversationIds: [conversationId] },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body.details)).toContain('conversationIds');
    const unknown = await ws.api.post(`/v1/agents/${sofia}/evaluations`, { candidate: { promptId: 'prm_nope' }, sample: { last: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].path).toEqual(['candidate', 'promptId']);
    expect((await ws.api.get(`/v1/agents/${sofia}/evaluations/evl_nope`)).status).toBe(404);
    // Unknown query parameters are refused by name, as on the other lists (a misspelt filter never passes unseen).
    for (const path of [
      `/v1/agents/${sofia}/evaluations?foo=1&limit=1`,
      `/v1/agents/${sofia}/evaluations/evl_nope?foo=1`,
      `/v1/conversations/${conversationId}/turns?foo=1`,
    ]) {
      const res = await ws.api.get(path);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ path: ['foo'], message: 'unknown field "foo"' }]);
    }
    // Only the models the installation offers (LLM_MODEL, LLM_ALLOWED_MODELS), for the candidate and the judge.
    const models = await ws.api.post(`/v1/agents/${sofia}/evaluations`, {
      candidate: { systemPrompt: 'x', model: 'o1-pro' },
      sample: { last: 1 },
      judge: { rubric: 'x', model: 'gpt-4.5-preview' },
    });
    expect(models.status).toBe(400);
    expect(models.body.details.map((d: { path: string[] }) => d.path.join('.'))).toEqual(['candidate.model', 'judge.model']);
  });

  it('bounds the evaluations running at once in a workspace: concurrent starts past it answer 429 naming the limit', async () => {
    llm.delayMs = 1_500;
    const started: string[] = [];
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          ws.api.post(`/v1/agents/${sofia}/evaluations`, {
            candidate: { systemPrompt: `Eres Sofía. ${CANDIDATE}` },
            sample: { conversationIds: [conversationId] },
          }),
        ),
      );
      started.push(...answers.filter((a) => a.status === 202).map((a) => a.body.data.id as string));
      expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429]);
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body).toMatchObject({ code: 429, details: { reason: 'workspace_limit_reached', limit: 3 } });
    } finally {
      for (const id of started) await ws.api.post(`/v1/agents/${sofia}/evaluations/${id}/cancel`, {});
      await eventually(
        'the evaluations to end',
        async () => {
          const reads = await Promise.all(started.map((id) => ws.api.get(`/v1/agents/${sofia}/evaluations/${id}`)));
          return reads.every((read) => read.body.status !== 'running');
        },
        30_000,
      );
      llm.delayMs = 0;
    }
  });

  it('a cancelled evaluation ends cancelled; one that ended cannot be cancelled', async () => {
    llm.delayMs = 1_500;
    try {
      const started = await ws.api.post(`/v1/agents/${sofia}/evaluations`, {
        candidate: { systemPrompt: `Eres Sofía. ${CANDIDATE}` },
        sample: { conversationIds: [conversationId] },
      });
      expect(started.status).toBe(202);
      const id = started.body.data.id;
      await eventually(
        'the first replay at the model',
        async () => llm.requests.length > 0 && llm.timings.some((r) => r.finishedAt === null),
        20_000,
      );
      expect((await ws.api.post(`/v1/agents/${sofia}/evaluations/${id}/cancel`, {})).status).toBe(202);
      const ended = await eventually(
        'the evaluation to end',
        async () => {
          const read = await ws.api.get(`/v1/agents/${sofia}/evaluations/${id}`);
          return read.body.status !== 'running' ? read.body : undefined;
        },
        30_000,
      );
      expect(ended.status).toBe('cancelled');
      expect(ended.summary.replayed).toBeLessThan(4);
      const again = await ws.api.post(`/v1/agents/${sofia}/evaluations/${id}/cancel`, {});
      expect(again.status).toBe(409);
    } finally {
      llm.delayMs = 0;
    }
  });

  it('grades each candidate reply with a judge model and a rubric, stored with the turn and averaged', async () => {
    const evaluation = await evaluate({
      candidate: { systemPrompt: `Eres Sofía. ${CANDIDATE}` },
      sample: { conversationIds: [conversationId] },
      judge: { rubric: 'The agent greets the customer back.' },
    });
    const judged = evaluation.turns.items.map((turn: { judge: { score: number; passed: boolean } }) => turn.judge);
    expect(judged.map((j: { score: number }) => j.score)).toEqual([5, 2, 2, 2]);
    expect(judged.map((j: { passed: boolean }) => j.passed)).toEqual([true, false, false, false]);
    expect(evaluation.summary).toMatchObject({ judgeAverage: 2.75, judgeFailed: 3 });
    const rubricSent = llm.requests.filter((r) => r.tools?.some((tool) => tool.function.name === 'grade_reply'));
    expect(rubricSent).toHaveLength(4);
    expect(systemOf(rubricSent[0]!)).toContain('The agent greets the customer back.');
  });

  it("counts the evaluation's model tokens in usage as evaluation tokens, apart from customers' figures", async () => {
    const usage = async () => (await ws.api.get('/v1/usage/actors')).body.workspaces[0].actors;
    // Evaluations earlier tests cancelled may still finish a replayed turn and report it (CI once
    // counted a second evaluation's four turns here): the figures are read once they stop moving.
    const before = await eventually(
      'the evaluation figures settled',
      async () => {
        const first = await usage();
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const second = await usage();
        return JSON.stringify(first.evaluations) === JSON.stringify(second.evaluations) ? second : undefined;
      },
      60_000,
    );
    const calls = llm.requests.length;
    const reported = llm.usage;
    llm.usage = { prompt_tokens: 100, completion_tokens: 7, total_tokens: 107 };
    let evaluation;
    try {
      evaluation = await evaluate({
        candidate: { systemPrompt: `Eres Sofía. ${CANDIDATE}` },
        sample: { conversationIds: [conversationId] },
        judge: { rubric: 'The agent greets the customer back.' },
      });
    } finally {
      llm.usage = reported;
    }
    expect(evaluation.status).toBe('completed');
    // Every call of the evaluation (candidate rounds, guardrail evaluator, judge) reported 100 in and 7 out;
    // the fake may have answered other calls in that time too (an earlier test's late turn), never fewer.
    const tokens = evaluation.progress.tokens as number;
    expect(tokens % 107).toBe(0);
    const evaluationCalls = tokens / 107;
    expect(evaluationCalls).toBeGreaterThanOrEqual(8);
    expect(evaluationCalls).toBeLessThanOrEqual(llm.requests.length - calls);
    const after = await usage();
    const delta = Object.fromEntries(
      Object.entries(after.evaluations as Record<string, number>).map(([key, value]) => [key, value - (before.evaluations[key] as number)]),
    );
    expect(delta).toEqual({
      evaluationCount: 1,
      turnCount: 4,
      inputTokens: 100 * evaluationCalls,
      outputTokens: 7 * evaluationCalls,
      totalTokens: 107 * evaluationCalls,
    });
    // Customers' figures are untouched: an evaluation sends no message.
    expect({ actorTypes: after.actorTypes, summary: after.summary }).toEqual({ actorTypes: before.actorTypes, summary: before.summary });
  });

  it('a judge that does not call grade_reply fails each turn it judged (judgeFailed), not the evaluation', async () => {
    const evaluation = await evaluate({
      candidate: { systemPrompt: `Eres Sofía. ${CANDIDATE}` },
      sample: { conversationIds: [conversationId] },
      judge: { rubric: NO_GRADE_RUBRIC },
    });
    expect(evaluation).toMatchObject({ status: 'completed', progress: { turns: 4 }, summary: { judgeFailed: 4 } });
    expect(evaluation.turns.items.map((turn: { judge: unknown }) => turn.judge)).toEqual(
      Array(4).fill(expect.objectContaining({ score: 1, passed: false, reason: 'the judge gave no grade' })),
    );
  });

  it('resumes an evaluation when the agents service is killed in the middle of it', async () => {
    const before = await sideEffects();
    const requestsBefore = llm.requests.length;
    llm.delayMs = 2_000;
    let id: string;
    try {
      const started = await ws.api.post(`/v1/agents/${sofia}/evaluations`, {
        candidate: { systemPrompt: `Eres Sofía. ${CANDIDATE}` },
        sample: { conversationIds: [conversationId] },
      });
      expect(started.status).toBe(202);
      id = started.body.data.id;
      await eventually('a replay at the model', async () => llm.requests.length > requestsBefore, 20_000);
      t.stack.services.get('agents')!.process.kill('SIGKILL');
      const [killedIn] = await t.query('select status from agents.evaluation where id = $1', [id]);
      const [replayedThen] = await t.query(
        "select count(*)::int as n from agents.evaluation_turn where evaluation_id = $1 and status <> 'pending'",
        [id],
      );
      expect(killedIn!.status).toBe('running');
      expect(replayedThen!.n).toBeLessThan(4);
    } finally {
      llm.delayMs = 0;
    }
    await t.stack.startService('agents');
    const ended = await eventually(
      'the evaluation to end after the restart',
      async () => {
        const read = await ws.api.get(`/v1/agents/${sofia}/evaluations/${id}`);
        return read.status === 200 && read.body.status !== 'running' ? read.body : undefined;
      },
      90_000,
      500,
    );
    expect(ended.status).toBe('completed');
    expect(ended.summary).toMatchObject({ turns: 4, replayed: 4, repliesChanged: 1, toolCallsAdded: 1, guardrailFlips: 0 });
    expect(await sideEffects()).toEqual(before);
  });
});
