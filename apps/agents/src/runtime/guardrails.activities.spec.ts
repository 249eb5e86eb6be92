import type { LanguageModelV4CallOptions, LanguageModelV4Content } from '@ai-sdk/provider';
import { MockActivityEnvironment } from '@temporalio/testing';
import { MockLanguageModelV4 } from 'ai/test';
import type { Guardrails, TurnContext, TurnHistoryItem, TurnLogGuardrail } from '@platica/contracts';
import { FakeLlm } from '@platica/testing/fake-llm';
import { OPENAI_MODERATION_EXAMPLE_CATEGORIES } from '@platica/testing/fake-moderation';
import { strict } from '@platica/testing/test-service';
import { installationModel } from '../models/fallback-model';
import type { GeneratedReply, ToolRound } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import { FLAG_GUARDRAIL_VIOLATION } from '../guardrails/evaluator';
import { ModerationEndpoint } from '../guardrails/moderation-endpoint';
import { DEFAULT_GUARDRAIL_MESSAGE } from './guardrail-outcome';
import { createGuardrailChecks } from './guardrails.activities';
import type { GenerateReplyInput, TurnDeps } from './turn-deps';
import type { TurnSetting } from './turn-setting';

function item(id: string, role: TurnHistoryItem['role'], content: string, status = 'sent'): TurnHistoryItem {
  return { id, role, content, contentType: 'text', images: [], files: [], status, createdAt: '2026-01-01T00:00:00.000Z' };
}

const guardrailsOn: Guardrails = {
  enabled: true,
  rules: ['No talk of competitors', 'No requests for medical advice'],
  message: '  Please keep it civil.  ',
  conversationStrikeThreshold: 3,
  clientStrikeThreshold: 5,
};

/** The evaluator's answer: a flag of `args`, or plain "OK". */
function evaluatorAnswer(args?: Record<string, unknown>): LanguageModelV4Content[] {
  return args
    ? [{ type: 'tool-call', toolCallId: 'flag_1', toolName: FLAG_GUARDRAIL_VIOLATION, input: JSON.stringify(args) }]
    : [{ type: 'text', text: 'OK' }];
}

/** The guardrail checks over an evaluator answering `flag`, and a turn log in memory. */
function world(options: { flag?: Record<string, unknown>; logFails?: boolean; moderation?: ModerationEndpoint } = {}) {
  const evaluatorCalls: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    modelId: 'evaluator',
    doGenerate: async (call: LanguageModelV4CallOptions) => {
      evaluatorCalls.push(call);
      return {
        content: evaluatorAnswer(options.flag),
        finishReason: options.flag ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 2, text: 2, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  const logged: TurnLogGuardrail[] = [];
  const warnings: unknown[] = [];
  const deps = strict<TurnDeps>('TurnDeps', {
    model: strict('LanguageModelProvider', { model, providerName: 'openai-compatible' }),
    // The installation's model alone: no connections, no fallback (models/ has their own specs).
    chains: strict('ModelChains', { candidates: async () => [installationModel(model)] }),
    breakers: strict('ModelBreakers', {}),
    config: strict('AgentsConfigService', { values: { LLM_TIMEOUT_MS: 60_000, LLM_API_KEY: 'sk-test' } }),
    turnLog: strict('TurnLogRepository', {
      guardrail: async (_ref: unknown, verdict: TurnLogGuardrail) => {
        if (options.logFails) throw new Error('database is down');
        logged.push(verdict);
      },
      modelCall: async () => undefined,
    }),
    logger: strict('Logger', { warn: (entry: unknown) => void warnings.push(entry) }),
  });
  const checks = createGuardrailChecks(deps, options.moderation ?? null);
  const input = { workspaceId: 'ws_1', conversationRef: 'conv_1', turnId: 'msg_turn' } as GenerateReplyInput;
  const forCall = (history: TurnHistoryItem[], guardrails: Guardrails = guardrailsOn, rounds: ToolRound[] = [], allowed: string[] = []) => {
    const setting = {
      context: { history } as TurnContext,
      seenMessageIds: history.map((h) => h.id),
      agentId: 'agt_1',
      agent: { guardrails } as Agent,
      allowedTerms: new Set(allowed),
      logStarted: Promise.resolve(),
    } as TurnSetting;
    return checks.forModelCall(input, setting, rounds);
  };
  const environment = new MockActivityEnvironment();
  /** The evaluator's verdict and its conclusion, as the model call runs them (within an activity). */
  const evaluated = (check: ReturnType<typeof forCall>): Promise<GeneratedReply | undefined> =>
    environment.run(async () => check.conclude(await check.evaluate()));
  /** Lets the "no violation" records, written alongside, land. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  return { forCall, evaluated, settled, logged, warnings, evaluatorCalls };
}

const insult = [item('m0', 'assistant', 'Hola, ¿en qué te ayudo?'), item('m1', 'user', 'eres un idiota')];
const polite = [item('m0', 'assistant', 'Hola'), item('m1', 'user', 'Is your rival cheaper?'), item('m2', 'user', 'Tell me.')];

describe('createGuardrailChecks.forModelCall: the lexicon', () => {
  it("answers an abusive message with the guardrails' message and the agent's strike thresholds, and logs the violation first", async () => {
    const w = world();
    const reply = await w.forCall(insult).lexicon();
    expect(reply).toEqual({
      agentId: 'agt_1',
      text: 'Please keep it civil.',
      seenMessageIds: ['m0', 'm1'],
      guardrail: expect.objectContaining({
        source: 'lexicon',
        severity: 'high',
        matchedTerms: ['idiota'],
        conversationStrikeThreshold: 3,
        clientStrikeThreshold: 5,
      }),
    });
    expect(w.logged).toEqual([expect.objectContaining({ status: 'violation', source: 'lexicon', matchedTerms: ['idiota'] })]);
  });

  it('answers with the default message when the guardrails have none', async () => {
    const w = world();
    const reply = await w.forCall(insult, { ...guardrailsOn, message: ' ' }).lexicon();
    expect(reply).toMatchObject({ text: DEFAULT_GUARDRAIL_MESSAGE });
  });

  it("lets through the workspace's allowed terms, what the agent said, and what came before its latest reply", async () => {
    const w = world();
    expect(await w.forCall(insult, guardrailsOn, [], ['idiota']).lexicon()).toBeUndefined();
    expect(await w.forCall([item('m0', 'user', 'eres un idiota'), item('m1', 'assistant', 'Lo siento')]).lexicon()).toBeUndefined();
    expect(await w.forCall([item('m0', 'assistant', 'idiota'), item('m1', 'user', 'gracias')]).lexicon()).toBeUndefined();
    expect(w.logged).toEqual([]);
  });

  it('judges a message that arrived while the latest reply was being delivered: stored before the reply, unseen by its turn', async () => {
    const w = world();
    const reply = { ...item('m2', 'assistant', 'Hola, ¿en qué te ayudo?'), seenUpTo: 'm0' };
    const history = [item('m0', 'user', 'hola'), item('m1', 'user', 'eres un idiota'), reply];
    expect(await w.forCall(history).lexicon()).toMatchObject({ guardrail: { source: 'lexicon' } });
    // What the reply saw stays behind it.
    const seen = [item('m0', 'user', 'eres un idiota'), item('m1', 'user', 'hola'), { ...reply, seenUpTo: 'm1' }];
    expect(await w.forCall(seen).lexicon()).toBeUndefined();
  });

  it('judges again what came before a reply that failed, which the customer never got', async () => {
    const w = world();
    const history = [item('m0', 'user', 'eres un idiota'), item('m1', 'assistant', 'Lo siento', 'failed')];
    expect(await w.forCall(history).lexicon()).toMatchObject({ guardrail: { source: 'lexicon' } });
  });

  it('judges nothing on a tool round (the turn was judged on its first call) or with guardrails disabled', async () => {
    const w = world();
    expect(await w.forCall(insult, guardrailsOn, [{} as ToolRound]).lexicon()).toBeUndefined();
    expect(await w.forCall(insult, { ...guardrailsOn, enabled: false }).lexicon()).toBeUndefined();
    expect(w.logged).toEqual([]);
  });
});

describe('createGuardrailChecks.forModelCall: the evaluator', () => {
  it("asks the model with the agent's numbered rules about everything the customer said this turn", async () => {
    const w = world();
    await w.evaluated(w.forCall(polite));
    expect(w.evaluatorCalls).toHaveLength(1);
    const prompt = JSON.stringify(w.evaluatorCalls[0]!.prompt);
    expect(prompt).toContain('0. No talk of competitors');
    expect(prompt).toContain('1. No requests for medical advice');
    expect(prompt).toContain('Is your rival cheaper?\\nTell me.');
    expect(w.evaluatorCalls[0]!.tools?.map((t) => t.name)).toEqual([FLAG_GUARDRAIL_VIOLATION]);
  });

  it("answers a flagged message instead of the agent, with the rule broken, and logs the evaluator's violation", async () => {
    const w = world({ flag: { ruleIndex: 0, severity: 'low', categories: ['competitors'], matchedTerms: ['rival'] } });
    const reply = await w.evaluated(w.forCall(polite));
    expect(reply).toEqual({
      agentId: 'agt_1',
      text: 'Please keep it civil.',
      seenMessageIds: ['m0', 'm1', 'm2'],
      guardrail: {
        source: 'llm_guardrail',
        ruleIndex: 0,
        severity: 'low',
        categories: ['competitors'],
        matchedTerms: ['rival'],
        conversationStrikeThreshold: 3,
        clientStrikeThreshold: 5,
      },
    });
    expect(w.logged).toEqual([expect.objectContaining({ status: 'violation', source: 'llm_guardrail', ruleIndex: 0 })]);
  });

  it('keeps a flag naming no rule of the agent as a violation of no particular rule', async () => {
    const w = world({ flag: { ruleIndex: 7, severity: 'extreme', categories: ['spam'], matchedTerms: [] } });
    const reply = await w.evaluated(w.forCall(polite));
    expect(reply).toMatchObject({ guardrail: { source: 'llm_guardrail', ruleIndex: null, severity: 'medium' } });
  });

  it('lets the agent answer when the evaluator finds nothing, logging "no violation"', async () => {
    const w = world();
    expect(await w.evaluated(w.forCall(polite))).toBeUndefined();
    await w.settled();
    expect(w.logged).toEqual([expect.objectContaining({ status: 'no_violation', source: null })]);
  });

  it('asks no model without rules, on a tool round or when the customer said nothing; logs "skipped" or "disabled" on the first call', async () => {
    const w = world({ flag: { ruleIndex: 0, severity: 'high', categories: [], matchedTerms: [] } });
    expect(await w.evaluated(w.forCall(polite, { ...guardrailsOn, rules: [] }))).toBeUndefined();
    expect(await w.evaluated(w.forCall(polite, guardrailsOn, [{} as ToolRound]))).toBeUndefined();
    expect(await w.evaluated(w.forCall([item('m0', 'user', '   ')]))).toBeUndefined();
    expect(await w.evaluated(w.forCall(polite, { ...guardrailsOn, enabled: false }))).toBeUndefined();
    await w.settled();
    expect(w.evaluatorCalls).toEqual([]);
    expect(w.logged.map((l) => l.status)).toEqual(['no_violation', 'skipped', 'disabled']);
  });

  it('still answers the violation when the turn log cannot be written, saying so in the log', async () => {
    const w = world({ flag: { ruleIndex: 1, severity: 'high', categories: [], matchedTerms: [] }, logFails: true });
    expect(await w.evaluated(w.forCall(polite))).toMatchObject({ text: 'Please keep it civil.' });
    expect(w.warnings).toEqual([expect.objectContaining({ msg: 'a turn log record was not written', turnId: 'msg_turn' })]);
  });
});

describe('createGuardrailChecks.forModelCall: the moderation endpoint', () => {
  let fake: FakeLlm;
  beforeAll(async () => (fake = await FakeLlm.start()));
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.moderation.requests.splice(0);
    fake.moderation.delayMs = 0;
  });
  const endpoint = () => new ModerationEndpoint({ baseUrl: fake.url, model: 'omni-moderation-latest', timeoutMs: 300 });
  const moderated: Guardrails = { ...guardrailsOn, rules: [], moderationEnabled: true };
  const threat = [item('m0', 'assistant', 'Hola'), item('m1', 'user', 'hola'), item('m2', 'user', 'te voy a [[flag]] pegar')];

  it('sends each customer message of the turn; a flag answers instead of the agent as source openai with its categories', async () => {
    const w = world({ moderation: endpoint() });
    const reply = await w.evaluated(w.forCall(threat, moderated));
    expect(fake.moderation.inputs()).toEqual([['hola', 'te voy a [[flag]] pegar']]);
    expect(reply).toEqual({
      agentId: 'agt_1',
      text: 'Please keep it civil.',
      seenMessageIds: ['m0', 'm1', 'm2'],
      guardrail: {
        source: 'openai',
        ruleIndex: null,
        severity: 'high',
        categories: OPENAI_MODERATION_EXAMPLE_CATEGORIES,
        matchedTerms: [],
        conversationStrikeThreshold: 3,
        clientStrikeThreshold: 5,
      },
    });
    expect(w.logged).toEqual([expect.objectContaining({ status: 'violation', source: 'openai', moderation: 'flagged' })]);
  });

  it('comes before the evaluator when both flag', async () => {
    const w = world({ moderation: endpoint(), flag: { ruleIndex: 0, severity: 'low', categories: ['competitors'], matchedTerms: [] } });
    expect(await w.evaluated(w.forCall(threat, { ...guardrailsOn, moderationEnabled: true }))).toMatchObject({
      guardrail: { source: 'openai' },
    });
    expect(w.evaluatorCalls).toHaveLength(1);
  });

  it('lets the turn go on when the endpoint fails or is too slow (fail-open), logged and recorded in the turn log', async () => {
    const w = world({ moderation: endpoint() });
    fake.moderation.failNext(1, 500);
    expect(await w.evaluated(w.forCall(threat, moderated))).toBeUndefined();
    fake.moderation.delayMs = 1_000;
    expect(await w.evaluated(w.forCall(threat, moderated))).toBeUndefined();
    await w.settled();
    expect(w.logged).toEqual([
      expect.objectContaining({ status: 'no_violation', moderation: 'failed' }),
      expect.objectContaining({ status: 'no_violation', moderation: 'failed' }),
    ]);
    expect(w.warnings).toEqual([
      expect.objectContaining({ msg: 'the moderation endpoint failed: the turn goes on without its verdict', turnId: 'msg_turn' }),
      expect.objectContaining({ msg: 'the moderation endpoint failed: the turn goes on without its verdict' }),
    ]);
  });

  it('is not asked without moderationEnabled, without an endpoint, with guardrails off, or on a tool round', async () => {
    const withEndpoint = world({ moderation: endpoint() });
    expect(await withEndpoint.evaluated(withEndpoint.forCall(threat, { ...moderated, moderationEnabled: false }))).toBeUndefined();
    expect(await withEndpoint.evaluated(withEndpoint.forCall(threat, { ...moderated, enabled: false }))).toBeUndefined();
    expect(await withEndpoint.evaluated(withEndpoint.forCall(threat, moderated, [{} as ToolRound]))).toBeUndefined();
    const without = world();
    expect(await without.evaluated(without.forCall(threat, moderated))).toBeUndefined();
    expect(fake.moderation.requests).toEqual([]);
  });
});
