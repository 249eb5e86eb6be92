import { isDeepStrictEqual } from 'node:util';
import { generateText, wrapLanguageModel, type LanguageModel, type ModelMessage } from 'ai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import {
  EVALUATION_LIMITS,
  internalOperations,
  TOOL_CALL_WAIT_MS,
  type EvaluationBehaviour,
  type RuntimeTool,
  type TurnContext,
  type TurnHistoryItem,
} from '@platica/contracts';
import { serviceRequest, type RpcClient } from '@platica/platform';
import type { ToolCallContext, ToolCallRequest, ToolCallResult, ToolRound } from '@platica/workflows/activities';
import type { Agent } from '../agents/agent.entity';
import { customerTextOfTurn, evaluateGuardrails, type EvaluatorVerdict } from '../guardrails/evaluator';
import { REQUEST_HUMAN_ASSISTANCE, waitMessageOf } from '../runtime/built-in-tools';
import { subagentToolCallOf } from '../runtime/delegation-state';
import { guardrailOutcome, lexiconViolation } from '../runtime/guardrail-outcome';
import { KNOWLEDGE_TOOL_KIND, knowledgeOfReply, unknownAnswerOf } from '../runtime/knowledge-answers';
import { modelCallPromptOf, toolCallContextOf, toolCallsOf, type PromptLimits } from '../runtime/model-call-prompt';
import { SUBAGENT_TOOL_ID } from '../runtime/subagent-tools';
import { messaging } from '../runtime/turn-deps';
import type { RecordedToolCall, RecordedTurn } from '../turn-log/turn-log.repository';

/** How much history a real turn is given (messaging's TURN_HISTORY): a replay sees the same. */
const TURN_HISTORY = 50;

/** What a replayed tool call that was not recorded tells the model (docs/agents.md › Evaluations). */
export const NOT_EXECUTED = 'not executed during evaluation: the tool was not called, and this is not its answer';

/** A recorded turn as the replay reads it: its history then, what the customer said, what the active version did. */
export interface TurnAsRecorded {
  /** The conversation as it was then, its history the one the turn was given (also what custom APIs' `context` variables read). */
  context: TurnContext;
  customerText: string;
  recorded: EvaluationBehaviour;
}

/** A conversation as its replays read it: its latest EVALUATION_LIMITS.historyMessages messages. */
export function conversationForReplay(rpc: RpcClient, workspaceId: string, conversationRef: string): Promise<TurnContext> {
  return messaging(rpc, internalOperations.messaging.turnContext, {
    workspaceId,
    conversationRef,
    historyLimit: EVALUATION_LIMITS.historyMessages,
  });
}

/**
 * A recorded turn read back from its conversation and the turn log's record of it: the history
 * it was given (historyOfTurn), what the customer said, what the active version did. A reason
 * instead when it cannot be replayed.
 */
export function turnAsRecorded(context: TurnContext, turnId: string, log: RecordedTurn | null): TurnAsRecorded | { skipped: string } {
  if (!log) return { skipped: 'the turn log has no record of this turn' };
  const replyAt = context.history.findIndex((item) => item.id === turnId);
  if (replyAt < 0) return { skipped: `the reply is not among the conversation's latest ${EVALUATION_LIMITS.historyMessages} messages` };
  const reply = context.history[replyAt]!;
  const history = historyOfTurn(context.history, replyAt).slice(-TURN_HISTORY);
  const customerText = customerTextOfTurn(history);
  if (!customerText) return { skipped: 'the customer said nothing in this turn (an instruction only)' };
  return {
    customerText,
    recorded: {
      reply: reply.content,
      toolCalls: log.toolCalls.map((call) => ({ name: call.name, arguments: call.input ?? null })),
      guardrailViolation: log.outcome === 'guardrail' || log.guardrail?.status === 'violation',
      assistanceRequested: log.outcome === 'assistance',
      delegations: log.delegations.map((d) => ({ kind: d.kind, subagent: d.subagentName })),
    },
    context: { ...context, history },
  };
}

/**
 * The history a recorded turn was given, from the conversation's messages (`replyAt`: its
 * reply's index): what came before the reply, less the customer's messages that arrived after
 * what the turn saw (its reply's `seenUpTo`), with the customer's messages no earlier reply saw
 * last. A message that arrived in the instant the previous reply was stored may sort before it;
 * the turn that answered it had it as the customer's latest.
 */
export function historyOfTurn(items: TurnHistoryItem[], replyAt: number): TurnHistoryItem[] {
  const before = items.slice(0, replyAt);
  const seenUpTo = items[replyAt]?.seenUpTo;
  const seenAt = seenUpTo ? before.findIndex((item) => item.id === seenUpTo) : -1;
  const given = seenAt >= 0 ? before.filter((item, index) => index <= seenAt || item.role !== 'user') : before;
  const previousReply = given.findLast((item) => item.role === 'assistant' && item.seenUpTo);
  const previousSeenAt = previousReply ? given.findIndex((item) => item.id === previousReply.seenUpTo) : -1;
  const unseen = given.filter((item, index) => index > previousSeenAt && item.role === 'user');
  return [...given.filter((item) => !unseen.includes(item)), ...unseen];
}

/** What the candidate is replayed with. */
export interface Candidate {
  /** The agent as it is now, its system prompt the candidate's. */
  agent: Agent;
  tools: RuntimeTool[];
  allowedTerms: Set<string>;
  model: LanguageModelV4;
  limits: PromptLimits;
}

/** Where a replay's tool calls go: the recorded result, a dry run, or "not executed"; never a real call. */
export interface ReplayTools {
  rpc: RpcClient;
  workspaceId: string;
  /** The names of sub-agents, by id (for their consultations and delegations). */
  subagentName(subagentId: string | undefined): Promise<string | null>;
}

/** The model tokens a replayed turn spent, as the provider reported them: `tokens` (their sum) is the evaluation's budget. */
export interface TokensUsed {
  tokens: number;
  inputTokens: number;
  outputTokens: number;
}

export const noTokensUsed = (): TokensUsed => ({ tokens: 0, inputTokens: 0, outputTokens: 0 });

/** A model that adds every call's tokens to `used` (the evaluation's budget, and usage's evaluation figures). */
export function countingModel(model: LanguageModelV4, used: TokensUsed): LanguageModel {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapGenerate: async ({ doGenerate }) => {
        const result = await doGenerate();
        const input = result.usage.inputTokens.total ?? 0;
        const output = result.usage.outputTokens.total ?? 0;
        used.inputTokens += input;
        used.outputTokens += output;
        used.tokens += input + output;
        return result;
      },
    },
  });
}

/**
 * The candidate's answer to one recorded turn, as the runtime would have given it then
 * (runtime/model-call.activities.ts): the lexicon first, the evaluator alongside the first model
 * call (a violation answers instead, the answer's calls dropped), the tool rounds up to their
 * bound, human assistance ending the turn, "answer only from knowledge" checked on the reply.
 * Nothing leaves the platform: tools are never called (a knowledge search, which writes nothing,
 * runs: the replay reads the bases as they are now), nothing is sent, stored in the conversation,
 * or counted as a strike.
 */
export async function replayCandidate(
  turn: TurnAsRecorded,
  recordedCalls: RecordedToolCall[],
  candidate: Candidate,
  tools: ReplayTools,
  used: TokensUsed,
  signals: { cancelled: AbortSignal; modelTimeoutMs: number },
): Promise<EvaluationBehaviour> {
  // Each model call is bounded like the runtime's (LLM_TIMEOUT_MS), and stops when the replay is cancelled.
  const abortSignal = () => AbortSignal.any([signals.cancelled, AbortSignal.timeout(signals.modelTimeoutMs)]);
  const { agent } = candidate;
  const model = countingModel(candidate.model, used);
  const behaviour: EvaluationBehaviour = {
    reply: null,
    toolCalls: [],
    guardrailViolation: false,
    assistanceRequested: false,
    delegations: [],
  };
  const guardrails = agent.guardrails;
  const said = guardrails.enabled ? turn.customerText : '';
  const violation = (found: Parameters<typeof guardrailOutcome>[2]) => {
    const decided = guardrailOutcome(guardrails, said, found);
    return decided.violation ? { ...behaviour, reply: decided.text, guardrailViolation: true } : null;
  };
  const lexicon = lexiconViolation(said, candidate.allowedTerms);
  if (lexicon) return violation(lexicon)!;
  let verdict: Promise<EvaluatorVerdict | null> | null =
    said && guardrails.rules.length ? evaluateGuardrails(model, guardrails.rules, said, abortSignal()) : Promise.resolve(null);
  const unusedRecorded = [...recordedCalls];
  // Searched again, never answered from the record: a knowledge change is evaluated before it goes live.
  const searches = new Set(candidate.tools.filter((tool) => tool.kind === KNOWLEDGE_TOOL_KIND).map((tool) => tool.toolId));
  const rounds: ToolRound[] = [];
  for (;;) {
    const prompt = modelCallPromptOf(
      {
        agent,
        speaker: agent,
        delegated: false,
        tools: candidate.tools,
        history: turn.context.history,
        notes: turn.context.notes,
        memory: null,
        readFiles: new Map(),
      },
      null,
      rounds,
      candidate.limits,
    );
    const [found, completion] = await Promise.all([
      verdict,
      generateText({
        model,
        messages: prompt.messages,
        allowSystemInMessages: true,
        ...(prompt.tools ?? {}),
        maxRetries: 0,
        abortSignal: abortSignal(),
      }),
    ]);
    if (verdict) {
      verdict = null;
      const flagged = found && violation({ source: 'llm_guardrail', ...found });
      if (flagged) return flagged;
    }
    if (completion.toolCalls.some((call) => call.toolName === REQUEST_HUMAN_ASSISTANCE)) {
      return { ...behaviour, reply: waitMessageOf(agent), assistanceRequested: true };
    }
    const calls = toolCallsOf(completion.toolCalls, prompt.byProviderName);
    if (!calls.length) {
      const reply = completion.text.trim();
      const knowledge = knowledgeOfReply(reply, prompt.passages, {
        knowledgeTools: prompt.knowledgeTools,
        answerOnlyFromKnowledge: agent.answerOnlyFromKnowledge,
      });
      if (!knowledge?.unknown) return { ...behaviour, reply };
      const unknown = unknownAnswerOf(agent, agent, false);
      return { ...behaviour, reply: unknown.text, assistanceRequested: unknown.assistanceReason !== null };
    }
    behaviour.toolCalls.push(...calls.map((call) => ({ name: call.name, arguments: call.input })));
    const context = toolCallContextOf(tools.workspaceId, turn.context, agent, agent.id);
    const results = await Promise.all(
      calls.map((call) => simulatedCall(call, searches.has(call.toolId) ? [] : unusedRecorded, context, tools, behaviour)),
    );
    rounds.push({
      messages: completion.response.messages.filter((message: ModelMessage) => message.role === 'assistant'),
      results,
    });
  }
}

/**
 * A tool call of the replay: the recorded turn's result when it made the same call (same tool,
 * same arguments, its result recorded; a knowledge search is given none); a sub-agent's
 * consultation or delegation noted, not made; any other call a dry run in the tools service (a
 * custom API's request assembled, not sent; a knowledge search run).
 */
async function simulatedCall(
  call: ToolCallRequest,
  unusedRecorded: RecordedToolCall[],
  context: ToolCallContext,
  tools: ReplayTools,
  behaviour: EvaluationBehaviour,
): Promise<ToolCallResult> {
  const result = (ok: boolean, output: unknown): ToolCallResult => ({
    toolCallId: call.toolCallId,
    providerName: call.providerName,
    ok,
    output,
  });
  const same = unusedRecorded.findIndex(
    (recorded) => recorded.name === call.name && recorded.output !== undefined && isDeepStrictEqual(recorded.input, call.input),
  );
  if (same >= 0) {
    const [recorded] = unusedRecorded.splice(same, 1);
    return result(recorded!.ok ?? recorded!.outcome === 'ok', recorded!.output);
  }
  if (call.toolId.startsWith(SUBAGENT_TOOL_ID)) {
    const { kind, subagentId } = subagentToolCallOf(call.toolId);
    if (kind === 'consult' || kind === 'delegate' || kind === 'complete') {
      behaviour.delegations.push({ kind, subagent: await tools.subagentName(subagentId) });
    }
    return result(true, { notExecuted: NOT_EXECUTED });
  }
  try {
    const answer = await tools.rpc.call(
      internalOperations.tools.runtimeExecute,
      serviceRequest('agents', tools.workspaceId, {
        workspaceId: tools.workspaceId,
        agentId: String(context.agentId),
        toolId: call.toolId,
        toolCallId: call.toolCallId,
        arguments: call.input,
        context,
        conversationRef: String(context.conversationRef),
        dryRun: true,
      }),
      TOOL_CALL_WAIT_MS,
    );
    return result(answer.ok, answer.output);
  } catch (error) {
    return result(false, { error: `${NOT_EXECUTED} (${error instanceof Error ? error.message : String(error)})` });
  }
}
