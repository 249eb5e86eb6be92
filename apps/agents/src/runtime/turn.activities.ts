import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { APICallError } from '@ai-sdk/provider';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { generateText, streamText, type ModelMessage } from 'ai';
import {
  Subjects,
  ToolSubjects,
  type ChatAccepted,
  type RuntimeAgentToolsRequest,
  type RuntimeExecuteRequest,
  type RuntimeExecuteResult,
  type RuntimeTool,
  type ChatAcceptRequest,
  type ChatRejectRequest,
  type GuardrailVerdict,
  type TurnContext,
  type TurnContextRequest,
  type TurnFailureRequest,
  type TurnReplyRequest,
  type TurnReplyResult,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { agentTurns, errorReply, RpcClient, serviceRequest } from '@platica/platform';
import {
  MODEL_REFUSED,
  type AcceptChatResult,
  type ConversationTurnActivities,
  type GeneratedReply,
  type ToolCallResult,
  type WorkingMessageSettings,
} from '@platica/workflows/activities';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import { customerTextOfTurn, evaluateGuardrails } from '../guardrails/evaluator';
import { lexiconMatches } from '../guardrails/lexicon';
import { answeredAlready } from './answered';
import { LanguageModelProvider } from './language-model';
import { systemPromptOf, turnMessages } from './turn-prompt';
import { completeDelegationTool, SUBAGENT_TOOL_ID, subagentTools } from './subagent-tools';
import type { Agent } from '../agents/agent.entity';
import type { Delegation } from '../subagents/delegation.entity';
import { DelegationRepository } from '../subagents/delegation.repository';
import type { SubagentConnection } from '../subagents/subagent-connection.entity';
import { humanAssistanceTool, REQUEST_HUMAN_ASSISTANCE } from './built-in-tools';
import { roundMessages, toolSetOf } from './turn-tools';

/**
 * The steps of conversationTurnWorkflow, run by the agents service's worker: messaging stores
 * and delivers, the agent's configuration is read here, the model is called through the AI SDK.
 */
@Injectable()
export class TurnActivitiesFactory {
  private readonly logger = new Logger('turns');

  constructor(
    private readonly rpc: RpcClient,
    private readonly agents: AgentRepository,
    private readonly model: LanguageModelProvider,
    private readonly config: AgentsConfigService,
    private readonly allowedTerms: AllowedTermRepository,
    private readonly delegations: DelegationRepository,
  ) {}

  activities(): ConversationTurnActivities {
    return {
      awaitQuiet: (input) => this.awaitQuiet(input),
      acceptChat: (request) => this.acceptChat(request),
      generateReply: async (input) => {
        const reply = await this.generateReply(input);
        if ('silent' in reply) agentTurns.inc({ outcome: 'silent' });
        return reply;
      },
      runToolCall: (input) => this.runToolCall(input),
      sendWorkingMessage: (input) => this.sendWorkingMessage(input),
      deliverReply: async (input) => {
        const result = await this.messaging<TurnReplyRequest, TurnReplyResult>(Subjects.messaging.turnReply, input);
        agentTurns.inc({ outcome: 'answered' });
        return result;
      },
      recordTurnFailure: async (input) => {
        agentTurns.inc({ outcome: 'failed' });
        this.logger.warn({ msg: 'a turn ended without a reply', conversationRef: input.conversationRef, error: input.error });
        await this.messaging<TurnFailureRequest, unknown>(Subjects.messaging.turnFailure, { ...input, agentId: null });
      },
    };
  }

  /**
   * A refusal (4xx) is the chat request's answer, not a failure to retry. A scheduled
   * request's caller is gone (it had its 202): its refusal is recorded on the thread, and its
   * agent is checked again, as an immediate request's is, since it may have been deactivated since.
   */
  private async acceptChat(request: ChatAcceptRequest): Promise<AcceptChatResult> {
    try {
      if (request.scheduled) await this.requireActiveAgent(request);
      const accepted = await this.messaging<ChatAcceptRequest, ChatAccepted>(Subjects.messaging.chatAccept, request);
      return { accepted: { ...accepted } };
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

  private async requireActiveAgent(request: ChatAcceptRequest): Promise<void> {
    if (request.agentId === null) return;
    const agent = await this.agents.find(request.workspaceId, request.agentId);
    if (!agent) throw DomainError.notFound('Agent', request.agentId);
    if (agent.status !== 'active') {
      throw new DomainError(ErrorCode.Unprocessable, `Agent ${request.agentId} is inactive: the scheduled turn did not run`, {
        agentId: request.agentId,
      });
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

  private async generateReply(input: Parameters<ConversationTurnActivities['generateReply']>[0]): Promise<GeneratedReply> {
    const { workspaceId, conversationRef, additionalInstructions } = input;
    const context = await this.context(workspaceId, conversationRef);
    const seenMessageIds = context.history.map((item) => item.id);
    const silent = (reason: string): GeneratedReply => ({ silent: reason, seenMessageIds });
    if (answeredAlready(context.history, input.triggeringMessageIds)) return silent('the agent already answered these messages');
    if (context.conversation.operation === 'assistance') return silent('a human is assisting this conversation');
    if (context.client.status === 'blocked') return silent('the client is blocked');
    if (context.conversation.status === 'spam') return silent('the conversation is marked spam');
    const agentId = context.conversation.agentId ?? context.channelDefaultAgentId;
    if (!agentId) return silent('no agent answers this conversation');
    // The agent's tools, its sub-agent connections and the conversation's delegation are asked
    // for alongside the agent: one round trip less per model call.
    const [agent, catalogTools, connections, delegation] = await Promise.all([
      this.agents.find(workspaceId, agentId),
      this.agentTools(workspaceId, agentId),
      this.delegations.activeConnections(workspaceId, agentId),
      this.delegations.find(workspaceId, context.conversation.id),
    ]);
    if (!agent) return silent(`agent ${agentId} does not exist`);
    if (agent.status !== 'active') return silent(`agent ${agentId} is inactive`);
    // Under an active delegation the sub-agent answers (with its own prompt and tools, and
    // complete_delegation); it is offered no sub-agents of its own, so delegations never loop.
    const delegated = await this.delegatedAgent(workspaceId, context.conversation.id, agentId, delegation, connections);
    const speaker = delegated?.agent ?? agent;
    const tools = delegated
      ? [...(await this.agentTools(workspaceId, speaker.id)), completeDelegationTool(delegated.completionCriteria)]
      : [...catalogTools, ...subagentTools(connections)];

    const values = this.config.values;
    const rounds = input.toolRounds ?? [];
    const { set, byProviderName } = toolSetOf(tools);
    // Built-in tools (ARCHITECTURE.md › Agent runtime): offered alongside the catalog's.
    if (agent.assistanceEnabled && !delegated) set[REQUEST_HUMAN_ASSISTANCE] = humanAssistanceTool(agent.assistanceTriggers);
    const offersTools = Object.keys(set).length > 0;
    const abortSignal = () => AbortSignal.any([Context.current().cancellationSignal, AbortSignal.timeout(values.LLM_TIMEOUT_MS)]);
    // Guardrails judge what the customer said, once per turn (on its first model call): the
    // lexicon before any model call, the evaluator alongside the agent's call.
    const guardrails = agent.guardrails;
    const said = guardrails.enabled && !rounds.length ? customerTextOfTurn(context.history) : '';
    const violation = (verdict: Omit<GuardrailVerdict, 'conversationStrikeThreshold' | 'clientStrikeThreshold'>): GeneratedReply => ({
      agentId,
      text: guardrails.message.trim() || DEFAULT_GUARDRAIL_MESSAGE,
      guardrail: {
        ...verdict,
        conversationStrikeThreshold: guardrails.conversationStrikeThreshold,
        clientStrikeThreshold: guardrails.clientStrikeThreshold,
      },
      seenMessageIds,
    });
    if (said) {
      const matchedTerms = lexiconMatches(said, new Set(await this.allowedTerms.list(workspaceId)));
      if (matchedTerms.length) {
        return violation({ source: 'lexicon', ruleIndex: null, severity: 'high', categories: ['abusive_language'], matchedTerms });
      }
    }
    const evaluation =
      said && guardrails.rules.length ? evaluateGuardrails(this.model.model, guardrails.rules, said, abortSignal()) : Promise.resolve(null);
    try {
      const call = {
        model: this.model.model,
        messages: [
          ...turnMessages(speaker, context.history, additionalInstructions, values.PLATICA_TURN_HISTORY_CHARS),
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
      if (verdict) return violation({ source: 'llm_guardrail', ...verdict });
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
            conversationId: context.conversation.id,
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
  private async runToolCall(input: Parameters<ConversationTurnActivities['runToolCall']>[0]): Promise<ToolCallResult> {
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
        }),
        TOOL_CALL_TIMEOUT_MS,
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
    const subagent = connection && delegation.principalAgentId === principalId ? await this.agents.find(workspaceId, delegation.subagentId) : null;
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
  private async runSubagentTool(input: Parameters<ConversationTurnActivities['runToolCall']>[0]): Promise<ToolCallResult> {
    const { call, workspaceId, context } = input;
    const result = (ok: boolean, output: unknown): ToolCallResult => ({ toolCallId: call.toolCallId, providerName: call.providerName, ok, output });
    const conversationRef = String(context.conversationId ?? '');
    const [, kind, subagentId] = call.toolId.split(':');
    try {
      if (kind === 'complete') {
        await this.delegations.end(workspaceId, conversationRef);
        return result(true, { completed: true, summary: String(call.input.summary ?? '') });
      }
      const subagent = subagentId ? await this.agents.find(workspaceId, subagentId) : null;
      if (!subagent || subagent.status !== 'active') return result(false, { error: 'the sub-agent is not available' });
      if (kind === 'delegate') {
        await this.delegations.start(workspaceId, conversationRef, input.agentId, subagent.id, String(call.input.reason ?? ''));
        return result(true, { delegated: true, to: subagent.name, note: `${subagent.name} answers the customer from now on.` });
      }
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
    if (settings.sticker.enabled && settings.sticker.url) await send(derivedMessageId(input.messageId, 'sticker'), 'working-sticker', settings.sticker.url);
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

/** A tool call may wait for its remote API (timeoutMs up to 60 s, plus a periodicAuth token). */
const TOOL_CALL_TIMEOUT_MS = 75_000;

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
