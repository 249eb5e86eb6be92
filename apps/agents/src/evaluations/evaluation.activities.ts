import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import {
  EVALUATION_LIMITS,
  internalOperations,
  type RuntimeAgentToolsRequest,
  type RuntimeTool,
  type TurnContext,
} from '@platica/contracts';
import { RpcClient, serviceRequest } from '@platica/platform';
import type { AgentEvaluationActivities } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import { ModelChains } from '../models/model-chains';
import { subagentTools } from '../runtime/subagent-tools';
import { OncePerKey } from '../runtime/turn-memo';
import { DelegationRepository } from '../subagents/delegation.repository';
import { TurnLogRepository } from '../turn-log/turn-log.repository';
import { EvaluationRepository } from './evaluation.repository';
import { judgeReply } from './judge';
import { compareTurn, gradeChecks, summarise } from './turn-comparison';
import type { Evaluation } from './evaluation.entity';
import { conversationForReplay, countingModel, noTokensUsed, replayCandidate, turnAsRecorded } from './turn-replay';

/**
 * The steps of agentEvaluationWorkflow (docs/agents.md › Evaluations), run by the agents
 * service's worker: the sample read from the turn log, each turn replayed with the candidate
 * (turn-replay.ts) and compared, the summary at the end.
 */
@Injectable()
export class EvaluationActivitiesFactory {
  private readonly logger = new Logger('evaluations');
  private readonly settings = new OncePerKey<ReplaySetting | null>(SETTING_TTL_MS);
  private readonly conversations = new OncePerKey<TurnContext>(SETTING_TTL_MS);

  constructor(
    private readonly evaluations: EvaluationRepository,
    private readonly agents: AgentRepository,
    private readonly allowedTerms: AllowedTermRepository,
    private readonly delegations: DelegationRepository,
    private readonly turnLog: TurnLogRepository,
    private readonly chains: ModelChains,
    private readonly config: AgentsConfigService,
    private readonly rpc: RpcClient,
  ) {}

  activities(): AgentEvaluationActivities {
    return {
      sampleEvaluation: async ({ workspaceId, evaluationId }) => {
        const evaluation = await this.evaluations.find(workspaceId, evaluationId);
        let turns = await this.evaluations.turns(evaluationId);
        if (!turns.length) {
          const sampled = await this.evaluations.recordedTurns(workspaceId, evaluation.agentId, evaluation.sample, {
            maxConversations: EVALUATION_LIMITS.maxConversations,
            maxTurns: evaluation.maxTurns,
          });
          await this.evaluations.addTurns(evaluationId, sampled);
          turns = await this.evaluations.turns(evaluationId);
        }
        return {
          turnIds: turns.filter((turn) => turn.status === 'pending').map((turn) => turn.turnId),
          tokensUsed: turns.reduce((sum, turn) => sum + turn.tokens, 0),
          maxTokens: evaluation.maxTokens,
          concurrency: EVALUATION_LIMITS.concurrency,
        };
      },

      replayEvaluationTurn: async (input) => {
        // Alive while it replays (the workflow's heartbeat timeout is 10 s), and told of a cancellation.
        const activity = Context.current();
        const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
        try {
          return await this.replayTurn(input, activity.cancellationSignal);
        } finally {
          clearInterval(beat);
        }
      },

      finishEvaluation: async ({ workspaceId, evaluationId, status, error }) => {
        const turns = await this.evaluations.turns(evaluationId);
        await this.evaluations.finish(workspaceId, evaluationId, status, summarise(turns), error ?? null);
        this.logger.log({ msg: 'evaluation finished', evaluationId, status });
      },
    };
  }

  /** One recorded turn replayed with the candidate, compared, graded, and stored. */
  private async replayTurn(
    { workspaceId, evaluationId, turnId }: Parameters<AgentEvaluationActivities['replayEvaluationTurn']>[0],
    abortSignal: AbortSignal,
  ): Promise<{ tokens: number }> {
    const turn = await this.evaluations.turn(evaluationId, turnId);
    const [setting, context, log] = await Promise.all([
      this.settings.run(evaluationId, () => this.replaySetting(workspaceId, evaluationId)),
      this.conversations.run(`${evaluationId}:${turn.conversationRef}`, () =>
        conversationForReplay(this.rpc, workspaceId, turn.conversationRef),
      ),
      this.turnLog.find(workspaceId, turnId),
    ]);
    const read = setting ? turnAsRecorded(context, turnId, log) : { skipped: 'the agent no longer exists' };
    if ('skipped' in read || !setting) {
      await this.evaluations.storeTurn(Object.assign(turn, { status: 'skipped', detail: 'skipped' in read ? read.skipped : null }));
      return { tokens: 0 };
    }
    const { evaluation, agent, tools, allowedTerms } = setting;
    const values = this.config.values;
    const used = noTokensUsed();
    const candidate = await replayCandidate(
      read,
      log?.toolCalls ?? [],
      {
        agent,
        tools,
        allowedTerms,
        model: (await this.chains.named(workspaceId, evaluation.model)).model,
        limits: {
          historyChars: values.PLATICA_TURN_HISTORY_CHARS,
          maxToolRounds: values.PLATICA_TURN_MAX_TOOL_ROUNDS,
          allowPrivateNetworks: values.PLATICA_ALLOW_PRIVATE_NETWORKS,
        },
      },
      {
        rpc: this.rpc,
        workspaceId,
        subagentName: async (id) => (id ? ((await this.agents.find(workspaceId, id))?.name ?? null) : null),
      },
      used,
      { cancelled: abortSignal, modelTimeoutMs: values.LLM_TIMEOUT_MS },
    );
    const judge = evaluation.judge
      ? await judgeReply(
          countingModel((await this.chains.named(workspaceId, evaluation.judge.model ?? evaluation.model)).model, used),
          evaluation.judge.rubric,
          { customerText: read.customerText, recordedReply: read.recorded.reply, candidateReply: candidate.reply },
          AbortSignal.any([abortSignal, AbortSignal.timeout(values.LLM_TIMEOUT_MS)]),
        )
      : null;
    // Usage's evaluation figures (messaging's), before the turn is stored: a replayed turn is always counted;
    // a retried replay reports again and replaces its count.
    await this.rpc.call(
      internalOperations.messaging.usageEvaluation,
      serviceRequest('agents', workspaceId, {
        workspaceId,
        evaluationId,
        turnId,
        inputTokens: used.inputTokens,
        outputTokens: used.outputTokens,
      }),
    );
    await this.evaluations.storeTurn(
      Object.assign(turn, {
        status: 'replayed',
        detail: null,
        customerText: read.customerText,
        recorded: read.recorded,
        candidate,
        comparison: compareTurn(read.recorded, candidate),
        checks: gradeChecks(evaluation.checks, { turnId, customerText: read.customerText }, candidate),
        judge,
        tokens: used.tokens,
      }),
    );
    return { tokens: used.tokens };
  }

  /** The evaluation, the agent with the candidate's prompt, its tools and sub-agents, the allowed terms; null without the agent. */
  private async replaySetting(workspaceId: string, evaluationId: string): Promise<ReplaySetting | null> {
    const evaluation = await this.evaluations.find(workspaceId, evaluationId);
    const [agent, catalogTools, connections, allowedTerms] = await Promise.all([
      this.agents.find(workspaceId, evaluation.agentId),
      this.rpc.call(
        internalOperations.tools.runtimeAgentTools,
        serviceRequest<RuntimeAgentToolsRequest>('agents', workspaceId, { workspaceId, agentId: evaluation.agentId }),
      ),
      this.delegations.activeConnections(workspaceId, evaluation.agentId),
      this.allowedTerms.list(workspaceId),
    ]);
    if (!agent) return null;
    return {
      evaluation,
      agent: Object.assign(Object.create(Object.getPrototypeOf(agent) as object) as Agent, agent, {
        systemPrompt: evaluation.systemPrompt,
      }),
      tools: [...catalogTools, ...subagentTools(connections)],
      allowedTerms: new Set(allowedTerms),
    };
  }
}

/** What every turn of an evaluation is replayed with, loaded once per worker for a while. */
interface ReplaySetting {
  evaluation: Evaluation;
  /** The agent as it is now, with the candidate's system prompt (a copy: never flushed). */
  agent: Agent;
  tools: RuntimeTool[];
  allowedTerms: Set<string>;
}

/**
 * How long a worker keeps an evaluation's setting and its conversations: its turns reuse them
 * (a replay reads them as they were when the evaluation began, give or take this).
 */
const SETTING_TTL_MS = 60_000;

/** How often a replaying turn heartbeats. */
const HEARTBEAT_MS = 2_000;
