import { APICallError } from '@ai-sdk/provider';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { generateText, streamText, type ModelMessage } from 'ai';
import { agentTurns } from '@platica/platform';
import {
  MODEL_REFUSED,
  replyRequestOf,
  type ConversationTurnActivities,
  type GeneratedReply,
  type ToolRound,
} from '@platica/workflows/activities';
import type { AcceptanceActivities } from './acceptance.activities';
import { REQUEST_HUMAN_ASSISTANCE, waitMessageOf } from './built-in-tools';
import { knowledgeOfReply, unknownAnswerOf } from './knowledge-answers';
import type { DeliveryActivities } from './delivery.activities';
import type { GuardrailChecks } from './guardrails.activities';
import { modelCallPromptOf, toolCallContextOf, toolCallsOf } from './model-call-prompt';
import { turnModel } from './model-call-records';
import type { ToolCallActivities } from './tool-calls.activities';
import { asObject, currentRunId, modelAbortSignal, note, turnRefOf, type GenerateReplyInput, type TurnDeps } from './turn-deps';
import { afterAnswer, roundsToBegin, workingMessageOf } from './tool-rounds';
import type { TurnMemos } from './turn-memos';
import { ModelFailures } from './turn-failures';
import type { TurnSetting, TurnSettingLoader } from './turn-setting';

/**
 * The generateReply activity: the model's answer from the stored history, the tool rounds it
 * asks for, and (with `storeReply`) the reply stored.
 */
export function createModelCallActivities(
  deps: TurnDeps,
  memos: TurnMemos,
  parts: {
    acceptance: AcceptanceActivities;
    setting: TurnSettingLoader;
    tools: ToolCallActivities;
    guardrails: GuardrailChecks;
    delivery: DeliveryActivities;
  },
): Pick<ConversationTurnActivities, 'generateReply'> {
  const { acceptance, setting: settings, tools, guardrails, delivery } = parts;
  /** The model's own failures per model call, for the worker's life (turn-failures.ts). */
  const modelFailures = new ModelFailures();

  /**
   * The model call and, with `storeReply`, the reply it ends with stored. An attempt retried
   * after a failed store stores the reply the model already wrote: it is not asked again.
   */
  async function modelCall(input: GenerateReplyInput): Promise<GeneratedReply> {
    const run = Context.current().info.workflowExecution;
    const key = input.storeReply && run ? `${run.runId}:${input.turnId}:${input.toolRounds?.length ?? 0}` : undefined;
    const reply = memos.unstoredReplies.get(key) ?? (await generateReply(input));
    if (!input.storeReply || !input.turnId || !('text' in reply)) return reply;
    memos.unstoredReplies.set(key, reply);
    const stored = await delivery.deliverReply(replyRequestOf({ ...input, turnId: input.turnId }, reply));
    memos.unstoredReplies.forget(key);
    deps.chatAnswers.answer(run, stored);
    return { ...reply, stored };
  }

  /**
   * With `toolRoundsHere`, the model call and the tool rounds it asks for, in this one activity:
   * no workflow task between a model answer and its tool calls, nor between their results and
   * the next model call. A retried attempt resumes after the last round the failed one finished
   * (kept in this worker), so it neither asks the model again for calls already run nor runs them twice.
   */
  async function generateReply(input: GenerateReplyInput): Promise<GeneratedReply> {
    if (!input.toolRoundsHere) return nextAnswer(input);
    const { workingMessageSent } = input.toolRoundsHere;
    const runId = currentRunId();
    const progressKey = runId && `${runId}:${input.turnId}:${input.toolRounds?.length ?? 0}`;
    let progress = memos.roundsRun.get(progressKey) ?? roundsToBegin(input.toolCalls);
    for (;;) {
      const { toolResults, ...reply } = await nextAnswer({
        ...input,
        toolRounds: [...(input.toolRounds ?? []), ...progress.ran],
        toolCalls: progress.pending,
      });
      const next = afterAnswer(progress, reply, toolResults, workingMessageSent);
      if (next.handBack) {
        memos.roundsRun.forget(progressKey);
        return next.ran.length ? { ...reply, toolRounds: next.ran } : reply;
      }
      progress = next.progress;
      memos.roundsRun.set(progressKey, progress);
    }
  }

  /** The given tool calls (the model's previous answer's), then the model's next answer. */
  async function nextAnswer(input: GenerateReplyInput): Promise<GeneratedReply> {
    const runId = currentRunId();
    const pending = input.toolCalls;
    const resultsKey = pending && runId && `${runId}:${pending.calls.map((call) => call.toolCallId).join(',')}`;
    const toolResults = pending ? await tools.runPendingToolCalls(resultsKey, input, pending) : undefined;
    const rounds = [...(input.toolRounds ?? []), ...(pending && toolResults ? [{ messages: pending.messages, results: toolResults }] : [])];
    // A tool round continues the turn its first round loaded (a delegation starting or ending
    // in the calls just run made it load again).
    const setting =
      (rounds.length ? memos.settings.get(runId) : undefined) ??
      (await settings.turnSetting(input, input.prepareMemory === true && !rounds.length));
    let reply: GeneratedReply;
    if ('silent' in setting) reply = setting;
    else {
      reply = await answer(input, setting, rounds);
      await setting.logStarted;
      // Kept for the tool rounds to come; dropped with the turn's answer.
      if ('toolCalls' in reply) memos.settings.set(runId, setting);
    }
    if (!('toolCalls' in reply)) memos.settings.forget(runId);
    // Answered: the results reach the workflow's history with this reply, and are not needed here again.
    memos.toolResults.forget(resultsKey);
    return toolResults ? { ...reply, toolResults } : reply;
  }

  async function answer(input: GenerateReplyInput, setting: TurnSetting, rounds: ToolRound[]): Promise<GeneratedReply> {
    const { workspaceId, additionalInstructions } = input;
    const { context, seenMessageIds, agentId, agent, speaker, delegated, tools: offered, memory } = setting;
    const values = deps.config.values;
    const checks = guardrails.forModelCall(input, setting, rounds);
    const lexiconViolation = await checks.lexicon();
    if (lexiconViolation) return lexiconViolation;
    // Read once per turn: its tool rounds reuse them.
    setting.readFiles ??= speaker.enableFileAttachments
      ? await deps.files.read(workspaceId, context.conversation.id, context.history)
      : new Map();
    const evaluation = checks.evaluate();
    try {
      const prompt = modelCallPromptOf(
        { agent, speaker, delegated, tools: offered, history: context.history, notes: context.notes, memory, readFiles: setting.readFiles },
        additionalInstructions,
        rounds,
        {
          historyChars: values.PLATICA_TURN_HISTORY_CHARS,
          maxToolRounds: values.PLATICA_TURN_MAX_TOOL_ROUNDS,
          allowPrivateNetworks: values.PLATICA_ALLOW_PRIVATE_NETWORKS,
        },
      );
      const call = {
        model: turnModel(
          deps,
          turnRefOf(input.turnId, input),
          { purpose: 'reply', round: rounds.length, id: rounds.length },
          // A sub-agent answering under a delegation answers with its own models.
          { workspaceId, agentId: speaker.id, models: speaker.models ?? null, slot: 'reply' },
        ),
        messages: prompt.messages,
        // The business's instructions sit in the history where they were given, as system messages.
        allowSystemInMessages: true,
        ...(prompt.tools ?? {}),
        // Temporal retries the activity; the SDK's own retries would multiply them.
        maxRetries: 0,
        abortSignal: modelAbortSignal(deps.config),
      };
      const [verdict, completion] = await Promise.all([
        evaluation,
        deps.model.streams ? streamedCompletion(call) : generatedCompletion(call),
      ]);
      // A violation answers instead of the agent: its reply and tool calls are dropped.
      const evaluatorViolation = await checks.conclude(verdict);
      if (evaluatorViolation) return evaluatorViolation;
      // A human takes over: the wait message goes out, other tool calls of this answer are dropped.
      const assistance = completion.toolCalls.find((toolCall) => toolCall.toolName === REQUEST_HUMAN_ASSISTANCE);
      if (assistance) {
        const reason = String(asObject(assistance.input).reason ?? '').slice(0, 1000);
        return { agentId, text: waitMessageOf(agent), assistance: { reason }, seenMessageIds };
      }
      const toolCalls = toolCallsOf(completion.toolCalls, prompt.byProviderName);
      if (toolCalls.length) {
        return {
          agentId: speaker.id,
          toolCalls,
          messages: completion.messages.filter((message) => message.role === 'assistant'),
          context: toolCallContextOf(workspaceId, context, speaker, agentId),
          workingMessage: workingMessageOf(agent.workingMessage),
          seenMessageIds,
        };
      }
      const text = completion.text.trim();
      if (!text) throw new Error('the model answered with no text');
      // Which passages the reply cited, and "I don't know" when it must answer from them and cites none.
      const knowledge = knowledgeOfReply(text, prompt.passages, {
        knowledgeTools: prompt.knowledgeTools,
        answerOnlyFromKnowledge: speaker.answerOnlyFromKnowledge,
      });
      if (knowledge) await note(deps, turnRefOf(input.turnId, input), (ref) => deps.turnLog.knowledge(ref, knowledge));
      if (knowledge?.unknown) {
        const unknown = unknownAnswerOf(agent, speaker, delegated);
        return unknown.assistanceReason
          ? { agentId, text: unknown.text, assistance: { reason: unknown.assistanceReason }, seenMessageIds }
          : { agentId: speaker.id, text: unknown.text, seenMessageIds };
      }
      return { agentId: speaker.id, text, seenMessageIds };
    } catch (error) {
      // A request the provider refuses (bad key, bad request) fails the same way on every attempt.
      if (APICallError.isInstance(error) && !error.isRetryable) {
        throw ApplicationFailure.nonRetryable(`the model provider refused the request: ${error.message}`, MODEL_REFUSED);
      }
      throw modelFailures.failed(currentRunId() && `${currentRunId()}:${input.turnId}:${rounds.length}`, error);
    }
  }

  return {
    generateReply: async ({ acceptance: chatRequest, ...input }) => {
      // Scheduled alongside the acceptance (acceptChat): its answer, shared in this worker, names the thread.
      if (chatRequest) {
        const result = await acceptance.acceptanceOf(chatRequest);
        if ('rejected' in result) return { silent: 'the chat request was refused', seenMessageIds: [] };
        input.conversationRef = result.accepted.id;
      }
      // The call's slot among its workspace's model calls in flight (fair-turns/): over the bound,
      // the turn waits for it outside the worker and calls again. A chat turn's call (its reply
      // stored here for the API client waiting on it) waits ahead of its workspace's customers' turns.
      const holder = slotHolderOf(input);
      const request = holder && { ...holder, workspaceId: input.workspaceId, answerAwaited: input.storeReply === true };
      if (request && !(await deps.slots.take(request))) return { queued: true };
      try {
        const reply = await modelCall(input);
        if ('silent' in reply) agentTurns.inc({ outcome: 'silent' });
        return reply;
      } finally {
        if (holder) deps.slots.releaseAfter(holder.holder);
      }
    },
  };
}

/** The model call's slot holder: its workflow, run, turn and round (an attempt retried is the same call); none outside a workflow. */
function slotHolderOf(input: GenerateReplyInput): { holder: string; workflowId: string } | null {
  const run = Context.current().info.workflowExecution;
  if (!run) return null;
  return { holder: `${run.workflowId}/${run.runId}/${input.turnId ?? ''}/${input.toolRounds?.length ?? 0}`, workflowId: run.workflowId };
}

type Completion = { text: string; toolCalls: { toolCallId: string; toolName: string; input: unknown }[]; messages: ModelMessage[] };

async function generatedCompletion(call: Parameters<typeof generateText>[0]): Promise<Completion> {
  const result = await generateText(call);
  return { text: result.text, toolCalls: result.toolCalls, messages: result.response.messages };
}

/**
 * A streamed completion, read whole (the customer gets the reply as one message either way).
 * A failure is the provider's error, not the SDK's "no output generated" that follows it.
 */
async function streamedCompletion(call: Parameters<typeof streamText>[0]): Promise<Completion> {
  let failure: unknown;
  const result = streamText({ ...call, onError: ({ error }) => void (failure ??= error) });
  try {
    const [text, toolCalls, response] = await Promise.all([result.text, result.toolCalls, result.response]);
    return { text, toolCalls, messages: response.messages };
  } catch (error) {
    throw failure ?? error;
  }
}
