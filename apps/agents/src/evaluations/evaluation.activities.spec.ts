import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { MockActivityEnvironment } from '@temporalio/testing';
import { MockLanguageModelV4 } from 'ai/test';
import { EVALUATION_LIMITS, internalOperations, type TurnContext, type TurnHistoryItem } from '@platica/contracts';
import { fake, newTestService } from '@platica/testing/test-service';
import type { AgentEvaluationActivities } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import { ModelChains } from '../models/model-chains';
import { DelegationRepository } from '../subagents/delegation.repository';
import { TurnLogRepository, type RecordedTurn } from '../turn-log/turn-log.repository';
import { EvaluationActivitiesFactory } from './evaluation.activities';
import type { Evaluation, EvaluationTurnResult } from './evaluation.entity';
import { EvaluationRepository } from './evaluation.repository';

const CONTEXT = internalOperations.messaging.turnContext.subject;
const USAGE = internalOperations.messaging.usageEvaluation.subject;
const AGENT_TOOLS = internalOperations.tools.runtimeAgentTools.subject;

function item(id: string, role: TurnHistoryItem['role'], content: string, fields: Partial<TurnHistoryItem> = {}): TurnHistoryItem {
  return {
    id,
    role,
    content,
    contentType: 'text',
    images: [],
    files: [],
    status: 'sent',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

const evaluation = {
  id: 'eval_1',
  workspaceId: 'ws_1',
  agentId: 'agt_1',
  systemPrompt: 'Eres Sofía, versión B.',
  model: null,
  sample: { kind: 'latest' },
  checks: [],
  judge: null,
  maxTurns: 20,
  maxTokens: 5_000,
} as unknown as Evaluation;

const agent = {
  id: 'agt_1',
  workspaceId: 'ws_1',
  name: 'Sofía',
  status: 'active',
  systemPrompt: 'Eres Sofía, versión A.',
  supportInformation: {},
  enableFileAttachments: false,
  assistanceEnabled: false,
  assistanceTriggers: '',
  recallLastConversation: false,
  disableContextSummarization: true,
  guardrails: { enabled: false, rules: [], message: '', conversationStrikeThreshold: 3, clientStrikeThreshold: 5 },
} as unknown as Agent;

function turnRow(turnId: string, fields: Partial<EvaluationTurnResult> = {}): EvaluationTurnResult {
  return {
    evaluationId: 'eval_1',
    turnId,
    conversationRef: 'conv_1',
    status: 'pending',
    tokens: 0,
    checks: [],
    ...fields,
  } as EvaluationTurnResult;
}

const conversation = {
  conversation: { id: 'conv_1', clientId: 'cli_1', platform: 'chat' },
  client: { id: 'cli_1', phoneNumber: null },
  history: [item('m1', 'user', '¿Dónde está mi pedido?'), item('msg_reply', 'assistant', 'Llega mañana.', { seenUpTo: 'm1' })],
} as unknown as TurnContext;

const recordedLog = { outcome: 'answered', guardrail: null, toolCalls: [], delegations: [] } as unknown as RecordedTurn;

/**
 * The evaluation activities over evaluations in memory (`stored` turns, none sampled yet by
 * default), the agent (or none), messaging's conversation, a turn log holding `log`, and a
 * candidate model answering "Llega el martes.".
 */
function world(
  options: { stored?: EvaluationTurnResult[]; sampled?: EvaluationTurnResult[]; agent?: Agent | null; log?: RecordedTurn | null } = {},
) {
  let rows = [...(options.stored ?? [])];
  const sampledWith: unknown[] = [];
  const storedTurns: EvaluationTurnResult[] = [];
  const finished: unknown[] = [];
  const prompts: string[] = [];
  const model = new MockLanguageModelV4({
    modelId: 'candidate',
    doGenerate: async (call: LanguageModelV4CallOptions) => {
      prompts.push(JSON.stringify(call.prompt));
      return {
        content: [{ type: 'text', text: 'Llega el martes.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 30, noCache: 30, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 12, text: 12, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  const built = newTestService(
    EvaluationActivitiesFactory,
    fake(EvaluationRepository, {
      find: async () => evaluation,
      turns: async () => rows,
      turn: async (_evaluationId: string, turnId: string) => rows.find((r) => r.turnId === turnId)!,
      recordedTurns: async (...args: unknown[]) => {
        sampledWith.push(args);
        return (options.sampled ?? []) as never;
      },
      addTurns: async (_evaluationId: string, turns: unknown[]) => {
        rows = [...rows, ...(turns as EvaluationTurnResult[])];
      },
      storeTurn: async (result: EvaluationTurnResult) => void storedTurns.push({ ...result }),
      finish: async (...args: unknown[]) => void finished.push(args),
    }),
    fake(AgentRepository, { find: async () => (options.agent === undefined ? agent : options.agent) }),
    fake(AllowedTermRepository, { list: async () => [] }),
    fake(DelegationRepository, { activeConnections: async () => [] }),
    fake(TurnLogRepository, { find: async () => (options.log === undefined ? recordedLog : options.log) }),
    fake(ModelChains, { named: async () => ({ model }) as never }),
    fake(AgentsConfigService, {
      values: {
        LLM_TIMEOUT_MS: 60_000,
        PLATICA_TURN_HISTORY_CHARS: 60_000,
        PLATICA_TURN_MAX_TOOL_ROUNDS: 5,
        PLATICA_ALLOW_PRIVATE_NETWORKS: false,
      } as AgentsConfigService['values'],
    }),
  );
  built.rpc
    .answer(CONTEXT, () => conversation)
    .answer(AGENT_TOOLS, () => [])
    .answer(USAGE, () => ({ recorded: true as const }));
  const activities: AgentEvaluationActivities = built.service.activities();
  const environment = new MockActivityEnvironment();
  const replay = (turnId: string) =>
    environment.run(activities.replayEvaluationTurn, { workspaceId: 'ws_1', evaluationId: 'eval_1', turnId });
  return { activities, replay, rpc: built.rpc, sampledWith, storedTurns, finished, prompts, rows: () => rows };
}

describe('EvaluationActivitiesFactory.sampleEvaluation', () => {
  it("samples the agent's recorded turns once, within the evaluation's bounds, and answers those still pending", async () => {
    const w = world({ sampled: [turnRow('t1'), turnRow('t2')] });
    const sample = await w.activities.sampleEvaluation({ workspaceId: 'ws_1', evaluationId: 'eval_1' });
    expect(w.sampledWith).toEqual([
      ['ws_1', 'agt_1', { kind: 'latest' }, { maxConversations: EVALUATION_LIMITS.maxConversations, maxTurns: 20 }],
    ]);
    expect(sample).toEqual({ turnIds: ['t1', 't2'], tokensUsed: 0, maxTokens: 5_000, concurrency: EVALUATION_LIMITS.concurrency });
  });

  it('resumes a sampled evaluation without sampling again: the turns left, and the tokens already spent', async () => {
    const w = world({ stored: [turnRow('t1', { status: 'replayed', tokens: 120 }), turnRow('t2'), turnRow('t3', { status: 'skipped' })] });
    const sample = await w.activities.sampleEvaluation({ workspaceId: 'ws_1', evaluationId: 'eval_1' });
    expect(w.sampledWith).toEqual([]);
    expect(sample).toMatchObject({ turnIds: ['t2'], tokensUsed: 120 });
  });
});

describe('EvaluationActivitiesFactory.replayEvaluationTurn', () => {
  it('replays the turn with the candidate prompt, compares it with what was recorded, and stores it with the tokens spent', async () => {
    const w = world({ stored: [turnRow('msg_reply')] });
    expect(await w.replay('msg_reply')).toEqual({ tokens: 42 });
    expect(w.prompts[0]).toContain('Eres Sofía, versión B.');
    expect(w.prompts[0]).not.toContain('versión A');
    expect(w.storedTurns).toEqual([
      expect.objectContaining({
        turnId: 'msg_reply',
        status: 'replayed',
        customerText: '¿Dónde está mi pedido?',
        recorded: expect.objectContaining({ reply: 'Llega mañana.' }),
        candidate: expect.objectContaining({ reply: 'Llega el martes.' }),
        comparison: expect.objectContaining({ replyChanged: true }),
        judge: null,
        tokens: 42,
      }),
    ]);
    // Counted in messaging's usage as evaluation tokens, input and output apart.
    expect(w.rpc.bodiesTo(USAGE)).toEqual([
      { workspaceId: 'ws_1', evaluationId: 'eval_1', turnId: 'msg_reply', inputTokens: 30, outputTokens: 12 },
    ]);
  });

  it('loads the agent, its tools and the conversation once for the turns of an evaluation', async () => {
    const w = world({ stored: [turnRow('msg_reply'), turnRow('msg_reply_2')] });
    await Promise.all([w.replay('msg_reply'), w.replay('msg_reply_2')]);
    expect(w.rpc.bodiesTo(AGENT_TOOLS)).toHaveLength(1);
    expect(w.rpc.bodiesTo(CONTEXT)).toEqual([
      { workspaceId: 'ws_1', conversationRef: 'conv_1', historyLimit: EVALUATION_LIMITS.historyMessages },
    ]);
  });

  it('skips, saying why and spending nothing, a turn of an agent that no longer exists, one the turn log lost, or one no longer in the conversation', async () => {
    const gone = world({ stored: [turnRow('msg_reply')], agent: null });
    const unlogged = world({ stored: [turnRow('msg_reply')], log: null });
    const scrolledAway = world({ stored: [turnRow('msg_old')] });
    for (const [w, turnId] of [
      [gone, 'msg_reply'],
      [unlogged, 'msg_reply'],
      [scrolledAway, 'msg_old'],
    ] as const) {
      expect(await w.replay(turnId)).toEqual({ tokens: 0 });
      expect(w.prompts).toEqual([]);
      expect(w.rpc.bodiesTo(USAGE)).toEqual([]);
    }
    expect([gone, unlogged, scrolledAway].map((w) => [w.storedTurns[0]!.status, w.storedTurns[0]!.detail])).toEqual([
      ['skipped', 'the agent no longer exists'],
      ['skipped', 'the turn log has no record of this turn'],
      ['skipped', expect.stringContaining("is not among the conversation's latest")],
    ]);
  });
});

describe('EvaluationActivitiesFactory.finishEvaluation', () => {
  it("stores the evaluation's status, its summary of the turns and the error it failed with", async () => {
    const w = world({ stored: [turnRow('t1', { status: 'skipped' }), turnRow('t2', { status: 'skipped' })] });
    await w.activities.finishEvaluation({ workspaceId: 'ws_1', evaluationId: 'eval_1', status: 'failed', error: 'out of tokens' });
    expect(w.finished).toEqual([
      ['ws_1', 'eval_1', 'failed', expect.objectContaining({ turns: 2, replayed: 0, skipped: 2, passed: false }), 'out of tokens'],
    ]);
  });
});
