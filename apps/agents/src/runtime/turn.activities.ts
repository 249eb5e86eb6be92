import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { APICallError } from '@ai-sdk/provider';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { generateText, streamText, type ModelMessage } from 'ai';
import {
  Subjects,
  ToolSubjects,
  TOOL_CALL_WAIT_MS,
  type ChatAcceptedWithContext,
  type RuntimeAgentToolsRequest,
  type RuntimeExecuteRequest,
  type RuntimeExecuteResult,
  type RuntimeTool,
  type ChatAcceptRequest,
  type ChatRejectRequest,
  type GuardrailVerdict,
  type PreviousConversation,
  type PreviousConversationRequest,
  type TurnLogGuardrail,
  type TurnContext,
  type TurnContextRequest,
  type TurnFailureRequest,
  type TurnReplyRequest,
  type TurnReplyResult,
} from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { agentTurns, errorReply, httpUrlProblem, RpcClient, serviceRequest } from '@platica/platform';
import {
  MODEL_REFUSED,
  replyRequestOf,
  workingMessageDue,
  type AcceptChatResult,
  type ConversationTurnActivities,
  type GeneratedReply,
  type PendingToolCalls,
  type ToolCallContext,
  type ToolCallRequest,
  type ToolCallResult,
  type ToolRound,
  type WorkingMessageSettings,
} from '@platica/workflows/activities';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import { customerTextOfTurn, evaluateGuardrails } from '../guardrails/evaluator';
import { lexiconMatches } from '../guardrails/lexicon';
import { answeredAlready } from './answered';
import { LanguageModelProvider } from './language-model';
import { after, systemPromptOf, turnMessages, type ReadFiles, type TurnMemory } from './turn-prompt';
import { TurnFiles } from './turn-files';
import { ChatAnswers } from './chat-answers';
import { completeDelegationTool, SUBAGENT_TOOL_ID, subagentTools } from './subagent-tools';
import type { Agent } from '../agents/agent.entity';
import type { Delegation } from '../subagents/delegation.entity';
import { DelegationRepository } from '../subagents/delegation.repository';
import type { SubagentConnection } from '../subagents/subagent-connection.entity';
import { humanAssistanceTool, REQUEST_HUMAN_ASSISTANCE } from './built-in-tools';
import { roundMessages, toolSetOf } from './turn-tools';
import { OncePerKey, TurnMemo } from './turn-memo';
import { ConversationMemoryRepository } from '../memory/conversation-memory.repository';
import type { ConversationMemory } from '../memory/conversation-memory.entity';
import { summarize } from '../memory/summarizer';
import { TurnLogRepository, type TurnRef } from '../turn-log/turn-log.repository';

/**
 * The steps of conversationTurnWorkflow, run by the agents service's worker: messaging stores
 * and delivers, the agent's configuration is read here, the model is called through the AI SDK.
 */
@Injectable()
export class TurnActivitiesFactory {
  private readonly logger = new Logger('turns');
  /** By workflow run and request message: a chat acceptance begun (by the step, or early by acceptEarly). */
  private readonly acceptances = new OncePerKey<AcceptChatResult>(60_000);
  /** By workflow run and conversation: what a chat acceptance answered and began loading, for the turn's first model call. */
  private readonly acceptedTurns = new TurnMemo<AcceptedTurn>(60_000);
  /** By request message: the agent's loads begun while the request's workflow starts, taken by its acceptance. */
  private readonly agentLoadsAhead = new TurnMemo<AgentLoads>(60_000);
  /** By workspace and thread: its agent and conversation at its latest acceptance here, whose loads its next request begins ahead. */
  private readonly threads = new TurnMemo<{ agentId: string; conversationRef: string }>();
  /** By workflow run: what the turn's first model call loaded. */
  private readonly settings = new TurnMemo<TurnSetting>();
  /** By workflow run, turn and the rounds it was given: a reply written but not stored yet (its store failed). */
  private readonly unstoredReplies = new TurnMemo<GeneratedReply>();
  /** By workflow run and tool call ids: the results of a round's calls. */
  private readonly toolResults = new TurnMemo<ToolCallResult[]>();
  /** By workflow run, turn and the rounds it was given: the rounds a model call activity has run so far. */
  private readonly roundsRun = new TurnMemo<RoundsInProgress>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly agents: AgentRepository,
    private readonly model: LanguageModelProvider,
    private readonly config: AgentsConfigService,
    private readonly allowedTerms: AllowedTermRepository,
    private readonly delegations: DelegationRepository,
    private readonly memories: ConversationMemoryRepository,
    private readonly turnLog: TurnLogRepository,
    private readonly files: TurnFiles,
    private readonly chatAnswers: ChatAnswers,
  ) {}

  activities(): ConversationTurnActivities {
    return {
      awaitQuiet: (input) => this.awaitQuiet(input),
      acceptChat: (request) => this.acceptOnce(Context.current().info.workflowExecution?.runId, request),
      generateReply: async ({ acceptance, ...input }) => {
        // Scheduled alongside the acceptance (acceptChat): its answer, shared in this worker, names the thread.
        if (acceptance) {
          const result = await this.acceptanceOf(acceptance);
          if ('rejected' in result) return { silent: 'the chat request was refused', seenMessageIds: [] };
          input.conversationRef = result.accepted.id;
        }
        const reply = await this.modelCall(input);
        if ('silent' in reply) agentTurns.inc({ outcome: 'silent' });
        return reply;
      },
      sendWorkingMessage: (input) => this.sendWorkingMessage(input),
      deliverReply: (input) => this.deliverReply(input),
      recordTurnFailure: async (input) => {
        agentTurns.inc({ outcome: 'failed' });
        this.logger.warn({ msg: 'a turn ended without a reply', conversationRef: input.conversationRef, error: input.error });
        await this.messaging<TurnFailureRequest, unknown>(Subjects.messaging.turnFailure, { ...input, agentId: null });
        await this.note(turnRefOf(input.messageId, input), (ref) =>
          this.turnLog.end(ref, 'failed', `${input.error.code}: ${input.error.message}`),
        );
      },
    };
  }

  private async deliverReply(input: TurnReplyRequest): Promise<TurnReplyResult> {
    const outcome = input.guardrail ? 'guardrail' : input.assistance ? 'assistance' : 'answered';
    // The turn's end is logged while the reply is delivered, not after: the turn's workflow
    // completes as soon as the reply is out (a customer writing again meanwhile signals a
    // completing workflow, which costs the next turn a workflow task retry). A delivery that
    // fails is retried; a turn that ends failed is logged so by recordTurnFailure.
    const [result] = await Promise.all([
      this.messaging<TurnReplyRequest, TurnReplyResult>(Subjects.messaging.turnReply, input),
      this.note(turnRefOf(input.messageId, input), (ref) => this.turnLog.end(ref, outcome, input.assistance?.reason ?? null)),
    ]);
    agentTurns.inc({ outcome: 'answered' });
    return result;
  }

  /**
   * The model call and, with `storeReply`, the reply it ends with stored. An attempt retried
   * after a failed store stores the reply the model already wrote: it is not asked again.
   */
  private async modelCall(input: GenerateReplyInput): Promise<GeneratedReply> {
    const run = Context.current().info.workflowExecution;
    const key = input.storeReply && run ? `${run.runId}:${input.turnId}:${input.toolRounds?.length ?? 0}` : undefined;
    const reply = this.unstoredReplies.get(key) ?? (await this.generateReply(input));
    if (!input.storeReply || !input.turnId || !('text' in reply)) return reply;
    this.unstoredReplies.set(key, reply);
    const stored = await this.deliverReply(replyRequestOf({ ...input, turnId: input.turnId }, reply));
    this.unstoredReplies.forget(key);
    this.chatAnswers.answer(run, stored);
    return { ...reply, stored };
  }

  /**
   * Begins the acceptance of a chat request whose run this process has just started eagerly:
   * the run's first workflow task is on its way to this worker, and its first step, the
   * acceptance, need not wait for it (the step takes this one's result). The run holds the
   * thread's lock already, so nothing is written for a request refused as busy.
   */
  acceptEarly(runId: string, request: ChatAcceptRequest): void {
    void this.acceptOnce(runId, request);
  }

  /**
   * Begins loading the agent's part of a chat request's setting (the agent, its tools, its
   * sub-agent connections, the allowed terms) while its workflow starts: the agent named by the
   * request, else the one that answered the thread here last. The acceptance checks the agent
   * with it, the model call reads it, each only when the accepted thread's agent is that one.
   */
  loadAhead(request: ChatAcceptRequest): void {
    const loads = this.agentLoadsFor(request);
    if (loads) this.agentLoadsAhead.set(request.requestMessageId, loads);
  }

  /** The request never reached its acceptance (its thread was busy): what was loaded ahead goes. */
  forgetAhead(request: ChatAcceptRequest): void {
    this.agentLoadsAhead.forget(request.requestMessageId);
  }

  private agentLoadsFor(request: ChatAcceptRequest): AgentLoads | undefined {
    const agentId = request.agentId ?? this.threads.get(threadKeyOf(request))?.agentId;
    return agentId ? this.agentLoads(request.workspaceId, agentId) : undefined;
  }

  /**
   * The acceptance's answer, for the model call scheduled alongside it: a failed attempt is
   * waited out (the step retries on its own schedule), so a slow recovery of messaging delays
   * the turn rather than failing it. The call's own timeout, or the run's end, stops the wait.
   */
  private async acceptanceOf(request: ChatAcceptRequest): Promise<AcceptChatResult> {
    const runId = Context.current().info.workflowExecution?.runId;
    for (;;) {
      try {
        return await this.acceptOnce(runId, request);
      } catch {
        await sleep(ACCEPTANCE_RETRY_MS, undefined, { signal: Context.current().cancellationSignal });
      }
    }
  }

  /** One acceptance per run and request in this worker; a failed one is tried afresh by the step's retry. */
  private acceptOnce(runId: string | undefined, request: ChatAcceptRequest): Promise<AcceptChatResult> {
    return this.acceptances.run(runId && `${runId}:${request.requestMessageId}`, () => this.acceptChat(request, runId));
  }

  /**
   * A refusal (4xx) is the chat request's answer, not a failure to retry. The agent is checked
   * here, in the worker's own database, before anything is written (a scheduled request's was
   * checked when it was accepted too, and may have been deactivated since). A scheduled
   * request's caller is gone (it had its 202): its refusal is recorded on the thread.
   */
  private async acceptChat(request: ChatAcceptRequest, runId: string | undefined): Promise<AcceptChatResult> {
    // Loaded while the thread is accepted, not after: the tools service's answer is the longest.
    // The run holds the thread's lock by now: its delegation and memory are read alongside too
    // (the thread's as this worker last saw it, else a new thread's).
    const ahead = this.agentLoadsAhead.get(request.requestMessageId) ?? this.agentLoadsFor(request);
    this.agentLoadsAhead.forget(request.requestMessageId);
    const conversationAhead = this.conversationLoads(
      request.workspaceId,
      this.threads.get(threadKeyOf(request))?.conversationRef ?? request.documentId,
    );
    try {
      await this.requireActiveAgent(request, ahead);
      const { context, ...accepted } = await this.messaging<ChatAcceptRequest, ChatAcceptedWithContext>(Subjects.messaging.chatAccept, {
        ...request,
        withContext: true,
      });
      // The turn's model call reads this context next: it need not load it again, nor what it
      // reads besides (begun above, or now for another agent or thread than foreseen).
      const agentId = context.conversation.agentId ?? context.channelDefaultAgentId;
      if (agentId) this.threads.set(threadKeyOf(request), { agentId, conversationRef: context.conversation.id });
      const loads = agentId
        ? this.settingLoads(request.workspaceId, agentId, context.conversation.id, { agent: ahead, conversation: conversationAhead }).catch(
            () => undefined,
          )
        : undefined;
      this.acceptedTurns.set(runKeyOf(accepted.id, runId), { context, loads });
      this.chatAnswers.accept(runId, accepted);
      return { accepted };
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      if (request.scheduled) {
        this.logger.warn({
          msg: 'a scheduled chat turn was refused when it came',
          requestMessageId: request.requestMessageId,
          error: error.message,
        });
        await this.messaging<ChatRejectRequest, unknown>(Subjects.messaging.chatReject, {
          workspaceId: request.workspaceId,
          request,
          error: { code: error.code, message: error.message },
        });
      }
      return { rejected: errorReply(error) };
    }
  }

  private async requireActiveAgent(request: ChatAcceptRequest, ahead: AgentLoads | undefined): Promise<void> {
    if (request.agentId === null) return;
    const agent = await (ahead?.agentId === request.agentId ? ahead.agent : this.agents.find(request.workspaceId, request.agentId));
    if (!agent) throw DomainError.notFound('Agent', request.agentId);
    if (agent.status !== 'active') {
      throw DomainError.agentInactive(
        request.agentId,
        request.scheduled ? 'the scheduled turn did not run' : 'activate it to chat with it',
      );
    }
  }

  /** Sleeps in the worker until the customer's latest stored message is `debounceMs` old (or `maxMs` passed). */
  private async awaitQuiet(input: { workspaceId: string; conversationRef: string; debounceMs: number; maxMs: number }): Promise<void> {
    const deadline = Date.now() + input.maxMs;
    for (;;) {
      const { history } = await this.context(input.workspaceId, input.conversationRef);
      const latest = Math.max(0, ...history.filter((item) => item.role === 'user').map((item) => Date.parse(item.createdAt)));
      const until = Math.min(latest + input.debounceMs, deadline);
      const now = Date.now();
      if (until <= now) return;
      await sleep(until - now, undefined, { signal: Context.current().cancellationSignal });
    }
  }

  /**
   * With `toolRoundsHere`, the model call and the tool rounds it asks for, in this one activity:
   * no workflow task between a model answer and its tool calls, nor between their results and
   * the next model call. A retried attempt resumes after the last round the failed one finished
   * (kept in this worker), so it neither asks the model again for calls already run nor runs them twice.
   */
  private async generateReply(input: GenerateReplyInput): Promise<GeneratedReply> {
    if (!input.toolRoundsHere) return this.nextAnswer(input);
    const { workingMessageSent } = input.toolRoundsHere;
    const runId = Context.current().info.workflowExecution?.runId;
    const progressKey = runId && `${runId}:${input.turnId}:${input.toolRounds?.length ?? 0}`;
    let progress: RoundsInProgress = this.roundsRun.get(progressKey) ?? {
      ran: [],
      pending: input.toolCalls,
      calledNames: input.toolCalls?.calls.map((call) => call.name) ?? [],
    };
    for (;;) {
      const { toolResults, ...reply } = await this.nextAnswer({
        ...input,
        toolRounds: [...(input.toolRounds ?? []), ...progress.ran],
        toolCalls: progress.pending,
      });
      const ran =
        progress.pending && toolResults ? [...progress.ran, { messages: progress.pending.messages, results: toolResults }] : progress.ran;
      const calledNames = 'toolCalls' in reply ? [...progress.calledNames, ...reply.toolCalls.map((call) => call.name)] : [];
      const handBack =
        !('toolCalls' in reply) ||
        (!workingMessageSent && reply.workingMessage !== null && workingMessageDue(reply.workingMessage, calledNames));
      if (handBack) {
        this.roundsRun.forget(progressKey);
        return ran.length ? { ...reply, toolRounds: ran } : reply;
      }
      const pending = { agentId: reply.agentId, calls: reply.toolCalls, messages: reply.messages, context: reply.context };
      progress = { ran, pending, calledNames };
      this.roundsRun.set(progressKey, progress);
    }
  }

  /** The given tool calls (the model's previous answer's), then the model's next answer. */
  private async nextAnswer(input: GenerateReplyInput): Promise<GeneratedReply> {
    const runId = Context.current().info.workflowExecution?.runId;
    const pending = input.toolCalls;
    const resultsKey = pending && runId && `${runId}:${pending.calls.map((call) => call.toolCallId).join(',')}`;
    const toolResults = pending ? await this.runPendingToolCalls(resultsKey, input, pending) : undefined;
    const rounds = [...(input.toolRounds ?? []), ...(pending && toolResults ? [{ messages: pending.messages, results: toolResults }] : [])];
    // A tool round continues the turn its first round loaded (a delegation starting or ending
    // in the calls just run made it load again).
    const setting =
      (rounds.length ? this.settings.get(runId) : undefined) ??
      (await this.turnSetting(input, input.prepareMemory === true && !rounds.length));
    let reply: GeneratedReply;
    if ('silent' in setting) reply = setting;
    else {
      reply = await this.answer(input, setting, rounds);
      await setting.logStarted;
      // Kept for the tool rounds to come; dropped with the turn's answer.
      if ('toolCalls' in reply) this.settings.set(runId, setting);
    }
    if (!('toolCalls' in reply)) this.settings.forget(runId);
    // Answered: the results reach the workflow's history with this reply, and are not needed here again.
    this.toolResults.forget(resultsKey);
    return toolResults ? { ...reply, toolResults } : reply;
  }

  /** The calls of the model's previous answer, in parallel; a retried model call reuses their results. */
  private async runPendingToolCalls(
    key: string | undefined,
    input: GenerateReplyInput,
    pending: PendingToolCalls,
  ): Promise<ToolCallResult[]> {
    const { workspaceId } = input;
    const ran = this.toolResults.get(key);
    if (ran) return ran;
    const results = await Promise.all(
      pending.calls.map((call) =>
        this.runToolCall({ workspaceId, agentId: pending.agentId, call, context: pending.context, turnId: input.turnId }),
      ),
    );
    this.toolResults.set(key, results);
    return results;
  }

  /** What a turn's model calls need, or why the agent stays silent; `withMemory`: the agent's memory is prepared first. */
  private async turnSetting(
    input: GenerateReplyInput,
    withMemory: boolean,
  ): Promise<TurnSetting | Extract<GeneratedReply, { silent: string }>> {
    const { workspaceId, conversationRef } = input;
    // One context load per chat turn: the acceptance's, when it ran in this worker just before.
    const acceptedKey = runKeyOf(conversationRef);
    const accepted = this.acceptedTurns.get(acceptedKey);
    this.acceptedTurns.forget(acceptedKey);
    const context = accepted?.context ?? (await this.context(workspaceId, conversationRef));
    const seenMessageIds = context.history.map((item) => item.id);
    const ref = turnRefOf(input.turnId, input);
    const silent = async (reason: string) => {
      await this.note(ref, async (r) => {
        await this.turnLog.start(r, { agentId: context.conversation.agentId ?? context.channelDefaultAgentId });
        await this.turnLog.end(r, 'silent', reason);
      });
      return { silent: reason, seenMessageIds };
    };
    if (answeredAlready(context.history, input.triggeringMessageIds)) return silent('the agent already answered these messages');
    if (context.conversation.operation === 'assistance') return silent('a human is assisting this conversation');
    if (context.client.status === 'blocked') return silent('the client is blocked');
    if (context.conversation.status === 'spam') return silent('the conversation is marked spam');
    const agentId = context.conversation.agentId ?? context.channelDefaultAgentId;
    if (!agentId) return silent('no agent answers this conversation');
    const { agent, catalogTools, connections, delegation, loadedMemory, allowedTerms } =
      (await accepted?.loads) ?? (await this.settingLoads(workspaceId, agentId, context.conversation.id));
    if (!agent) return silent(`agent ${agentId} does not exist`);
    if (agent.status !== 'active') return silent(`agent ${agentId} is inactive`);
    // The turn's first model call prepares the agent's memory from what it just loaded.
    const memory = withMemory ? await this.rememberQuietly(ref, context, agent, loadedMemory) : loadedMemory;
    // Under an active delegation the sub-agent answers (with its own prompt and tools, and
    // complete_delegation); it is offered no sub-agents of its own, so delegations never loop.
    const delegated = await this.delegatedAgent(workspaceId, context.conversation.id, agentId, delegation, connections);
    const speaker = delegated?.agent ?? agent;
    // Written while the model answers (note() never throws); the turn's later records wait for it.
    const logStarted = this.note(ref, (r) => this.turnLog.start(r, { agentId, speakerAgentId: speaker.id }));
    const tools = delegated
      ? [...(await this.agentTools(workspaceId, delegated.agent.id)), completeDelegationTool(delegated.completionCriteria)]
      : [...catalogTools, ...subagentTools(connections)];
    return {
      context,
      seenMessageIds,
      agentId,
      agent,
      speaker,
      delegated: delegated !== null,
      tools,
      memory,
      allowedTerms: new Set(allowedTerms),
      readFiles: null,
      logStarted,
    };
  }

  private async answer(input: GenerateReplyInput, setting: TurnSetting, rounds: ToolRound[]): Promise<GeneratedReply> {
    const { workspaceId, additionalInstructions } = input;
    const { context, seenMessageIds, agentId, agent, speaker, delegated, tools, memory } = setting;
    const ref = turnRefOf(input.turnId, input);
    const values = this.config.values;
    const { set, byProviderName } = toolSetOf(tools);
    // Built-in tools (ARCHITECTURE.md › Agent runtime): offered alongside the catalog's.
    if (agent.assistanceEnabled && !delegated) set[REQUEST_HUMAN_ASSISTANCE] = humanAssistanceTool(agent.assistanceTriggers);
    const offersTools = Object.keys(set).length > 0;
    const abortSignal = () => AbortSignal.any([Context.current().cancellationSignal, AbortSignal.timeout(values.LLM_TIMEOUT_MS)]);
    // Guardrails judge what the customer said, once per turn (on its first model call): the
    // lexicon before any model call, the evaluator alongside the agent's call.
    const guardrails = agent.guardrails;
    const said = guardrails.enabled && !rounds.length ? customerTextOfTurn(context.history) : '';
    // The turn log records the verdict of the turn's first model call, "no violation" included.
    const logVerdict = (verdict: TurnLogGuardrail) =>
      rounds.length ? Promise.resolve() : setting.logStarted.then(() => this.note(ref, (r) => this.turnLog.guardrail(r, verdict)));
    const noViolation = { source: null, ruleIndex: null, severity: null, categories: [], matchedTerms: [] };
    const violation = async (
      verdict: Omit<GuardrailVerdict, 'conversationStrikeThreshold' | 'clientStrikeThreshold'>,
    ): Promise<GeneratedReply> => {
      await logVerdict({ status: 'violation', ...verdict });
      return {
        agentId,
        text: guardrails.message.trim() || DEFAULT_GUARDRAIL_MESSAGE,
        guardrail: {
          ...verdict,
          conversationStrikeThreshold: guardrails.conversationStrikeThreshold,
          clientStrikeThreshold: guardrails.clientStrikeThreshold,
        },
        seenMessageIds,
      };
    };
    if (said) {
      const matchedTerms = lexiconMatches(said, setting.allowedTerms);
      if (matchedTerms.length) {
        return violation({ source: 'lexicon', ruleIndex: null, severity: 'high', categories: ['abusive_language'], matchedTerms });
      }
    }
    // Read once per turn: its tool rounds reuse them.
    setting.readFiles ??= speaker.enableFileAttachments
      ? await this.files.read(workspaceId, context.conversation.id, context.history)
      : new Map();
    const evaluation =
      said && guardrails.rules.length ? evaluateGuardrails(this.model.model, guardrails.rules, said, abortSignal()) : Promise.resolve(null);
    try {
      const call = {
        model: this.model.model,
        messages: [
          ...turnMessages(
            speaker,
            context.history,
            additionalInstructions,
            values.PLATICA_TURN_HISTORY_CHARS,
            memoryOf(agent, memory),
            setting.readFiles,
            (url) => httpUrlProblem(url, { allowPrivateNetworks: values.PLATICA_ALLOW_PRIVATE_NETWORKS }),
          ),
          ...roundMessages(rounds),
        ],
        // The business's instructions sit in the history where they were given, as system messages.
        allowSystemInMessages: true,
        ...(offersTools
          ? { tools: set, toolChoice: rounds.length >= values.PLATICA_TURN_MAX_TOOL_ROUNDS ? ('none' as const) : ('auto' as const) }
          : {}),
        // Temporal retries the activity; the SDK's own retries would multiply them.
        maxRetries: 0,
        abortSignal: abortSignal(),
      };
      const [verdict, answer] = await Promise.all([evaluation, this.model.streams ? streamedCompletion(call) : generatedCompletion(call)]);
      // A violation answers instead of the agent: its reply and tool calls are dropped.
      if (verdict) return await violation({ source: 'llm_guardrail', ...verdict });
      // Written alongside the rest of the turn: the reply need not wait for it (note() never throws).
      void logVerdict(
        guardrails.enabled ? { status: said ? 'no_violation' : 'skipped', ...noViolation } : { status: 'disabled', ...noViolation },
      );
      // A human takes over: the wait message goes out, other tool calls of this answer are dropped.
      const assistance = answer.toolCalls.find((toolCall) => toolCall.toolName === REQUEST_HUMAN_ASSISTANCE);
      if (assistance) {
        const reason = String(asObject(assistance.input).reason ?? '').slice(0, 1000);
        return { agentId, text: agent.waitMessage.trim() || DEFAULT_WAIT_MESSAGE, assistance: { reason }, seenMessageIds };
      }
      const toolCalls = answer.toolCalls.flatMap((toolCall) => {
        const entry = byProviderName.get(toolCall.toolName);
        return entry
          ? [
              {
                toolCallId: toolCall.toolCallId,
                toolId: entry.toolId,
                name: entry.name,
                providerName: toolCall.toolName,
                input: asObject(toolCall.input),
              },
            ]
          : [];
      });
      if (toolCalls.length) {
        const workingMessage = agent.workingMessage as WorkingMessageSettings | undefined;
        return {
          agentId: speaker.id,
          toolCalls,
          messages: answer.messages.filter((message) => message.role === 'assistant'),
          context: {
            workspaceId,
            // The document id, for the turn log and the run log; `conversationId` is the thread
            // id the integrator knows (the conversation summary's), what context variables read.
            conversationRef: context.conversation.id,
            conversationId: context.conversation.conversationId,
            channelId: context.conversation.channelId,
            phoneNumber:
              context.client.phoneNumber ?? (context.conversation.platform === 'whatsapp' ? context.conversation.conversationId : null),
            agentId: speaker.id,
            agentName: speaker.name,
            principalAgentId: agentId,
            messages: context.history
              .filter((item) => item.role !== 'system')
              .slice(-50)
              .map((item) => ({ role: item.role, content: item.content })),
          },
          workingMessage: workingMessage?.enabled ? workingMessage : null,
          seenMessageIds,
        };
      }
      const text = answer.text.trim();
      if (!text) throw new Error('the model answered with no text');
      return { agentId: speaker.id, text, seenMessageIds };
    } catch (error) {
      // A request the provider refuses (bad key, bad request) fails the same way on every attempt.
      if (APICallError.isInstance(error) && !error.isRetryable) {
        throw ApplicationFailure.nonRetryable(`the model provider refused the request: ${error.message}`, MODEL_REFUSED);
      }
      throw error;
    }
  }

  /**
   * What a turn's first model call reads besides its context: the agent's part and the
   * conversation's (each begun ahead when `ahead` holds that agent's, that conversation's).
   */
  private async settingLoads(
    workspaceId: string,
    agentId: string,
    conversationRef: string,
    ahead: { agent?: AgentLoads; conversation?: ConversationLoads } = {},
  ) {
    const agentPart = ahead.agent?.agentId === agentId ? ahead.agent : this.agentLoads(workspaceId, agentId);
    const conversationPart =
      ahead.conversation?.conversationRef === conversationRef ? ahead.conversation : this.conversationLoads(workspaceId, conversationRef);
    const [{ agent, catalogTools, connections, allowedTerms }, { delegation, loadedMemory }] = await Promise.all([
      agentPart.all,
      conversationPart.all,
    ]);
    return { agent, catalogTools, connections, delegation, loadedMemory, allowedTerms };
  }

  /** The agent, its tools, its sub-agent connections and the workspace's allowed terms, asked for at once; the agent alone too. */
  private agentLoads(workspaceId: string, agentId: string): AgentLoads {
    const agent = this.agents.find(workspaceId, agentId);
    const all = Promise.all([
      agent,
      this.agentTools(workspaceId, agentId),
      this.delegations.activeConnections(workspaceId, agentId),
      this.allowedTerms.list(workspaceId),
    ]).then(([agent, catalogTools, connections, allowedTerms]) => ({ agent, catalogTools, connections, allowedTerms }));
    // Loads begun ahead may go unread (the thread's agent was another, its workflow busy).
    all.catch(() => undefined);
    return { agentId, agent, all };
  }

  /** The conversation's delegation and the agent's memory of it. */
  private conversationLoads(workspaceId: string, conversationRef: string): ConversationLoads {
    const all = Promise.all([this.delegations.find(workspaceId, conversationRef), this.memories.find(workspaceId, conversationRef)]).then(
      ([delegation, loadedMemory]) => ({ delegation, loadedMemory }),
    );
    // Loads begun ahead may go unread (the thread was another).
    all.catch(() => undefined);
    return { conversationRef, all };
  }

  /** The tools the agent's active connections offer (none when the tools service cannot say: the agent still answers). */
  private async agentTools(workspaceId: string, agentId: string): Promise<RuntimeTool[]> {
    try {
      return await this.rpc.call<RuntimeTool[]>(
        ToolSubjects.runtimeAgentTools,
        serviceRequest<RuntimeAgentToolsRequest>('agents', workspaceId, { workspaceId, agentId }),
      );
    } catch (error) {
      this.logger.warn({
        msg: "the tools service did not list the agent's tools: the turn goes on without them",
        agentId,
        error: String(error),
      });
      return [];
    }
  }

  /** Runs one call in the tools service; whatever goes wrong becomes the model's to read. */
  private async runToolCall(input: ToolCallInput): Promise<ToolCallResult> {
    const startedAt = Date.now();
    const result = await this.callTool(input);
    const ref = turnRefOf(input.turnId, { workspaceId: input.workspaceId, conversationRef: conversationRefOf(input.context) });
    const failure = result.ok ? null : errorTextOf(result.output);
    // The model need not wait for the record (note() never throws): it is written alongside.
    void this.note(ref, (r) =>
      this.turnLog.toolCall(r, {
        toolCallId: input.call.toolCallId,
        name: input.call.name,
        outcome: result.ok ? 'ok' : 'error',
        durationMs: Date.now() - startedAt,
        error: failure,
        at: new Date(startedAt).toISOString(),
      }),
    );
    return result;
  }

  private async callTool(input: ToolCallInput): Promise<ToolCallResult> {
    const { call } = input;
    if (call.toolId.startsWith(SUBAGENT_TOOL_ID)) return this.runSubagentTool(input);
    try {
      const result = await this.rpc.call<RuntimeExecuteResult>(
        ToolSubjects.runtimeExecute,
        serviceRequest<RuntimeExecuteRequest>('agents', input.workspaceId, {
          workspaceId: input.workspaceId,
          agentId: input.agentId,
          toolId: call.toolId,
          toolCallId: call.toolCallId,
          arguments: call.input,
          context: input.context,
          conversationRef: conversationRefOf(input.context),
        }),
        TOOL_CALL_WAIT_MS,
      );
      return { toolCallId: call.toolCallId, providerName: call.providerName, ok: result.ok, output: result.output };
    } catch (error) {
      return {
        toolCallId: call.toolCallId,
        providerName: call.providerName,
        ok: false,
        output: { error: error instanceof Error ? error.message : String(error) },
      };
    }
  }

  /**
   * The conversation's delegation, when it still holds: made under this principal, to an agent
   * still connected to it as an active `delegate`, and active itself. Otherwise it is reset
   * (the principal changed, spec › Chat rule 8; or the connection went) and the principal answers.
   */
  private async delegatedAgent(
    workspaceId: string,
    conversationRef: string,
    principalId: string,
    delegation: Delegation | null,
    connections: SubagentConnection[],
  ): Promise<{ agent: Agent; completionCriteria: string } | null> {
    if (!delegation) return null;
    const connection = connections.find((c) => c.subagentId === delegation.subagentId && c.task === 'delegate');
    const subagent =
      connection && delegation.principalAgentId === principalId ? await this.agents.find(workspaceId, delegation.subagentId) : null;
    if (!connection || !subagent || subagent.status !== 'active') {
      await this.delegations.end(workspaceId, conversationRef);
      return null;
    }
    return { agent: subagent, completionCriteria: connection.completionCriteria };
  }

  /**
   * consult_<slug>: the sub-agent answers the question with its own prompt (no tools: it
   * cannot consult further); delegate_to_<slug>: the conversation's delegation starts, the
   * sub-agent answers from the next model call on; complete_delegation: it ends, the principal
   * resumes. Each runs once, as the turn's tool-call activity.
   */
  private async runSubagentTool(input: ToolCallInput): Promise<ToolCallResult> {
    const { call, workspaceId, context } = input;
    const result = (ok: boolean, output: unknown): ToolCallResult => ({
      toolCallId: call.toolCallId,
      providerName: call.providerName,
      ok,
      output,
    });
    const conversationRef = conversationRefOf(context);
    const [, kind, subagentId] = call.toolId.split(':');
    const ref = turnRefOf(input.turnId, { workspaceId, conversationRef });
    const logDelegation = (delegationKind: 'consult' | 'delegate' | 'complete', subagent: Agent | null, note: string) =>
      this.note(ref, (r) =>
        this.turnLog.delegation(r, {
          kind: delegationKind,
          subagentId: subagent?.id ?? subagentId ?? null,
          subagentName: subagent?.name ?? null,
          note: note.slice(0, 1000),
          at: new Date().toISOString(),
        }),
      );
    try {
      // Who answers changes from the next model call on: the turn's setting is loaded again.
      if (kind === 'complete' || kind === 'delegate') this.settings.forget(Context.current().info.workflowExecution?.runId);
      if (kind === 'complete') {
        const active = await this.delegations.find(workspaceId, conversationRef);
        await this.delegations.end(workspaceId, conversationRef);
        const summary = String(call.input.summary ?? '');
        await logDelegation('complete', active ? await this.agents.find(workspaceId, active.subagentId) : null, summary);
        return result(true, { completed: true, summary });
      }
      const subagent = subagentId ? await this.agents.find(workspaceId, subagentId) : null;
      if (!subagent || subagent.status !== 'active') return result(false, { error: 'the sub-agent is not available' });
      if (kind === 'delegate') {
        const reason = String(call.input.reason ?? '');
        await this.delegations.start(workspaceId, conversationRef, input.agentId, subagent.id, reason);
        await logDelegation('delegate', subagent, reason);
        return result(true, { delegated: true, to: subagent.name, note: `${subagent.name} answers the customer from now on.` });
      }
      await logDelegation('consult', subagent, String(call.input.question ?? ''));
      const answer = await generateText({
        model: this.model.model,
        system: systemPromptOf(subagent),
        prompt: String(call.input.question ?? ''),
        maxRetries: 0,
        abortSignal: AbortSignal.any([Context.current().cancellationSignal, AbortSignal.timeout(this.config.values.LLM_TIMEOUT_MS)]),
      });
      return result(true, { answer: answer.text.trim(), from: subagent.name });
    } catch (error) {
      return result(false, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /**
   * The working message: its fixed text, or a short text the model writes from `aiPrompt`, and
   * its sticker; each delivered like a reply, as the `system` actor. The sticker's id is derived
   * from the message's, so a retried activity sends neither twice.
   */
  private async sendWorkingMessage(input: Parameters<ConversationTurnActivities['sendWorkingMessage']>[0]): Promise<void> {
    const { settings } = input;
    const text = settings.message.enabled ? await this.workingText(input) : '';
    const send = (messageId: string, kind: TurnReplyRequest['kind'], content: string) =>
      this.messaging<TurnReplyRequest, TurnReplyResult>(Subjects.messaging.turnReply, {
        workspaceId: input.workspaceId,
        conversationRef: input.conversationRef,
        messageId,
        agentId: input.agentId,
        content,
        seenUpTo: null,
        kind,
      });
    if (text) await send(input.messageId, 'working-text', text);
    if (settings.sticker.enabled && settings.sticker.url)
      await send(derivedMessageId(input.messageId, 'sticker'), 'working-sticker', settings.sticker.url);
  }

  private async workingText(input: Parameters<ConversationTurnActivities['sendWorkingMessage']>[0]): Promise<string> {
    const { message } = input.settings;
    if (message.mode === 'fixed') return message.fixedText ?? '';
    const context = await this.context(input.workspaceId, input.conversationRef);
    const lastCustomer = [...context.history].reverse().find((item) => item.role === 'user')?.content ?? '';
    const answer = await generateText({
      model: this.model.model,
      system: `Write one short message telling the customer you are working on their request. ${message.aiPrompt ?? ''}`.trim(),
      prompt: lastCustomer || 'The customer is waiting.',
      maxRetries: 0,
      abortSignal: AbortSignal.any([Context.current().cancellationSignal, AbortSignal.timeout(this.config.values.LLM_TIMEOUT_MS)]),
    });
    return answer.text.trim();
  }

  /**
   * The agent's memory, in the turn's first model call (README › Memory): a failure costs the
   * turn its summary, never its reply. Recall: on the conversation's first turn with
   * `recallLastConversation`, the client's previous conversation with the agent is summarised
   * once (its running summary and latest messages) and kept with this one. Context
   * summarisation: once more than PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES messages follow the
   * running summary, all but the latest PLATICA_CONTEXT_RECENT_MESSAGES are folded into it.
   */
  private async rememberQuietly(
    ref: TurnRef | null,
    context: TurnContext,
    agent: Agent,
    memory: ConversationMemory | null,
  ): Promise<ConversationMemory | null> {
    try {
      const { made } = await this.remember(ref, context, agent, memory);
      return made.length ? await this.memories.find(agent.workspaceId, context.conversation.id) : memory;
    } catch (error) {
      this.logger.warn({
        msg: "the agent's memory was not prepared: the turn goes on without it",
        turnId: ref?.turnId,
        error: String(error),
      });
      return memory;
    }
  }

  /** What the memory step makes, for a turn its agent answers (`memory`: the conversation's, as loaded). */
  private async remember(
    ref: TurnRef | null,
    context: TurnContext,
    agent: Agent,
    memory: ConversationMemory | null,
  ): Promise<{ made: ('recall' | 'context')[] }> {
    const workspaceId = agent.workspaceId;
    const conversation = context.conversation;
    const made: ('recall' | 'context')[] = [];
    const wantsRecall = agent.recallLastConversation;
    const summarises = !agent.disableContextSummarization;
    if (!wantsRecall && !summarises) return { made };
    const abortSignal = () =>
      AbortSignal.any([Context.current().cancellationSignal, AbortSignal.timeout(this.config.values.LLM_TIMEOUT_MS)]);
    const logSummary = (kind: 'recall' | 'context', summarized: string, messageCount: number, summary: string) =>
      this.note(ref, async (r) => {
        await this.turnLog.start(r, { agentId: agent.id });
        await this.turnLog.summary(r, { kind, conversationId: summarized, messageCount, summary, at: new Date().toISOString() });
      });

    if (wantsRecall && !memory?.recallChecked) {
      const previous = await this.messaging<PreviousConversationRequest, PreviousConversation>(Subjects.messaging.turnPrevious, {
        workspaceId,
        conversationRef: conversation.id,
        agentId: agent.id,
      });
      const said = previous.history.filter((item) => item.status !== 'failed' && (item.content || item.images.length || item.files.length));
      if (previous.conversationRef && said.length) {
        const earlier = await this.memories.find(workspaceId, previous.conversationRef);
        const summary = await summarize(this.model.model, said, earlier?.contextSummary ?? null, abortSignal());
        await this.memories.saveRecall(workspaceId, conversation.id, { conversationRef: previous.conversationRef, summary });
        await logSummary('recall', previous.conversationRef, said.length, summary);
        made.push('recall');
      } else {
        await this.memories.saveRecall(workspaceId, conversation.id, null);
      }
    }

    if (summarises) {
      const { PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES: bound, PLATICA_CONTEXT_RECENT_MESSAGES: recent } = this.config.values;
      const upTo = summarizedUpToOf(memory);
      const pending = after(context.history, upTo).filter((item) => item.status !== 'failed');
      if (pending.length > bound) {
        const folded = pending.slice(0, pending.length - Math.min(recent, bound - 1));
        const last = folded.at(-1)!;
        const summary = await summarize(this.model.model, folded, memory?.contextSummary ?? null, abortSignal());
        await this.memories.saveContextSummary(
          workspaceId,
          conversation.id,
          summary,
          { id: last.id, createdAt: new Date(last.createdAt) },
          folded.length,
        );
        await logSummary('context', conversation.id, folded.length, summary);
        made.push('context');
      }
    }
    return { made };
  }

  /** Writes to the turn log never fail a turn: a lost record is logged, the customer still gets the reply. */
  private async note(ref: TurnRef | null, write: (ref: TurnRef) => Promise<void>): Promise<void> {
    if (!ref) return;
    try {
      await write(ref);
    } catch (error) {
      this.logger.warn({ msg: 'a turn log record was not written', turnId: ref.turnId, error: String(error) });
    }
  }

  private context(workspaceId: string, conversationRef: string): Promise<TurnContext> {
    return this.messaging<TurnContextRequest, TurnContext>(Subjects.messaging.turnContext, { workspaceId, conversationRef });
  }

  private messaging<Body, Answer>(subject: string, body: Body & { workspaceId: string }): Promise<Answer> {
    return this.rpc.call<Answer>(subject, serviceRequest('agents', body.workspaceId, body));
  }
}

/** A second message id of one send, stable across retries (`msg_` and 32 hex digits, like the workflow's). */
function derivedMessageId(messageId: string, purpose: string): string {
  return `msg_${createHash('sha256').update(`${messageId}:${purpose}`).digest('hex').slice(0, 32)}`;
}

/** Sent when a human is asked for and the agent has no `waitMessage`. */
export const DEFAULT_WAIT_MESSAGE = 'A member of our team will continue this conversation shortly.';

/** Sent on a violation when the agent's guardrails have no `message` of their own. */
export const DEFAULT_GUARDRAIL_MESSAGE = 'Sorry, I cannot help with that.';

/** How often a model call waiting for its acceptance asks again after a failed attempt. */
const ACCEPTANCE_RETRY_MS = 500;

type GenerateReplyInput = Parameters<ConversationTurnActivities['generateReply']>[0];

/** One tool call of a model's answer, run in the tools service (or by a sub-agent). */
interface ToolCallInput {
  workspaceId: string;
  agentId: string;
  call: ToolCallRequest;
  context: ToolCallContext;
  /** The turn's id, for the turn log. */
  turnId?: string;
}

/** A model call activity's tool rounds so far, the calls of the model's latest answer (to run next), and every tool name called. */
interface RoundsInProgress {
  ran: ToolRound[];
  pending: PendingToolCalls | undefined;
  calledNames: string[];
}

/** A chat acceptance's answer, and the loads of the turn's setting it began (undefined when they failed: the model call asks again). */
interface AcceptedTurn {
  context: TurnContext;
  loads: Promise<SettingLoads | undefined> | undefined;
}

type SettingLoads = Awaited<ReturnType<TurnActivitiesFactory['settingLoads']>>;

/** The conversation's part of a turn's setting, loading. */
interface ConversationLoads {
  conversationRef: string;
  all: Promise<{ delegation: Delegation | null; loadedMemory: ConversationMemory | null }>;
}

/** The agent's part of a turn's setting, loading: the agent alone (checked before an acceptance), and all of it. */
interface AgentLoads {
  agentId: string;
  agent: Promise<Agent | null>;
  all: Promise<{ agent: Agent | null; catalogTools: RuntimeTool[]; connections: SubagentConnection[]; allowedTerms: string[] }>;
}

/** What a turn loads on its first model call and keeps for its tool rounds. */
interface TurnSetting {
  context: TurnContext;
  seenMessageIds: string[];
  /** The conversation's agent (the principal). */
  agentId: string;
  agent: Agent;
  /** Who answers: the agent, or the sub-agent it delegated the conversation to. */
  speaker: Agent;
  delegated: boolean;
  tools: RuntimeTool[];
  memory: ConversationMemory | null;
  /** The workspace's whitelist: terms the guardrails' lexicon lets through. */
  allowedTerms: Set<string>;
  /** The turn log's first record: written while the model answers, before any other record of the turn. */
  logStarted: Promise<void>;
  /** The turn's files the model takes whole: read by its first model call. */
  readFiles: ReadFiles | null;
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

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A chat thread's key in this worker's memos: its workspace and public id (what a request names it by). */
function threadKeyOf(request: Pick<ChatAcceptRequest, 'workspaceId' | 'conversationId'>): string {
  return `${request.workspaceId}:${request.conversationId}`;
}

/** A conversation's key in this worker's memos: the workflow run (the current activity's by default) and the conversation; none outside a workflow. */
function runKeyOf(conversationRef: string, runId = Context.current().info.workflowExecution?.runId): string | undefined {
  return runId && `${runId}:${conversationRef}`;
}

/** Where a turn's records go; none for a turn of an older history (no id). */
/**
 * The conversation's document id in a tool call's context. Contexts made before it carried
 * `conversationRef` (turns in flight across a deploy) had the document id in `conversationId`.
 */
function conversationRefOf(context: ToolCallContext): string {
  return String(context.conversationRef ?? context.conversationId ?? '');
}

function turnRefOf(turnId: string | undefined, at: { workspaceId: string; conversationRef: string }): TurnRef | null {
  return turnId && at.conversationRef ? { turnId, workspaceId: at.workspaceId, conversationRef: at.conversationRef } : null;
}

function summarizedUpToOf(memory: ConversationMemory | null): { id: string; createdAt: string } | null {
  return memory?.summarizedUpTo && memory.summarizedUpToAt
    ? { id: memory.summarizedUpTo, createdAt: memory.summarizedUpToAt.toISOString() }
    : null;
}

/** What of its memory the agent's settings let into the prompt. */
function memoryOf(agent: Agent, memory: ConversationMemory | null): TurnMemory {
  if (!memory) return {};
  const summarises = !agent.disableContextSummarization;
  return {
    recallSummary: agent.recallLastConversation ? memory.recallSummary : null,
    contextSummary: summarises ? memory.contextSummary : null,
    summarizedUpTo: summarises ? summarizedUpToOf(memory) : null,
  };
}

function errorTextOf(output: unknown): string {
  const error = asObject(output).error;
  return (typeof error === 'string' ? error : JSON.stringify(output ?? null)).slice(0, 500);
}
