import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { APICallError } from '@ai-sdk/provider';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { generateText, streamText } from 'ai';
import {
  Subjects,
  type ChatAccepted,
  type ChatAcceptRequest,
  type TurnContext,
  type TurnContextRequest,
  type TurnFailureRequest,
  type TurnReplyRequest,
  type TurnReplyResult,
} from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { RpcClient, errorReply, serviceRequest } from '@platica/platform';
import { MODEL_REFUSED, type AcceptChatResult, type ConversationTurnActivities, type GeneratedReply } from '@platica/workflows/activities';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { answeredAlready } from './answered';
import { LanguageModelProvider } from './language-model';
import { turnMessages } from './turn-prompt';

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
  ) {}

  activities(): ConversationTurnActivities {
    return {
      awaitQuiet: (input) => this.awaitQuiet(input),
      acceptChat: (request) => this.acceptChat(request as ChatAcceptRequest),
      generateReply: (input) => this.generateReply(input),
      deliverReply: (input) => this.messaging<TurnReplyRequest, TurnReplyResult>(Subjects.messaging.turnReply, input),
      recordTurnFailure: async (input) => {
        this.logger.warn({ msg: 'a turn ended without a reply', conversationRef: input.conversationRef, error: input.error });
        await this.messaging<TurnFailureRequest, unknown>(Subjects.messaging.turnFailure, { ...input, agentId: null });
      },
    };
  }

  /** A refusal (4xx) is the chat request's answer, not a failure to retry. */
  private async acceptChat(request: ChatAcceptRequest): Promise<AcceptChatResult> {
    try {
      const accepted = await this.messaging<ChatAcceptRequest, ChatAccepted>(Subjects.messaging.chatAccept, request);
      return { accepted: { ...accepted } };
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) return { rejected: errorReply(error) };
      throw error;
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
    const agentId = context.conversation.agentId ?? context.channelDefaultAgentId;
    if (!agentId) return silent('no agent answers this conversation');
    const agent = await this.agents.find(workspaceId, agentId);
    if (!agent) return silent(`agent ${agentId} does not exist`);
    if (agent.status !== 'active') return silent(`agent ${agentId} is inactive`);

    const values = this.config.values;
    try {
      const call = {
        model: this.model.model,
        messages: turnMessages(agent, context.history, additionalInstructions, values.PLATICA_TURN_HISTORY_CHARS),
        // The business's instructions sit in the history where they were given, as system messages.
        allowSystemInMessages: true,
        // Temporal retries the activity; the SDK's own retries would multiply them.
        maxRetries: 0,
        abortSignal: AbortSignal.any([Context.current().cancellationSignal, AbortSignal.timeout(values.LLM_TIMEOUT_MS)]),
      };
      const text = (this.model.streams ? await streamedText(call) : (await generateText(call)).text).trim();
      if (!text) throw new Error('the model answered with no text');
      return { agentId, text, seenMessageIds };
    } catch (error) {
      // A request the provider refuses (bad key, bad request) fails the same way on every attempt.
      if (APICallError.isInstance(error) && !error.isRetryable) {
        throw ApplicationFailure.nonRetryable(`the model provider refused the request: ${error.message}`, MODEL_REFUSED);
      }
      throw error;
    }
  }

  private context(workspaceId: string, conversationRef: string): Promise<TurnContext> {
    return this.messaging<TurnContextRequest, TurnContext>(Subjects.messaging.turnContext, { workspaceId, conversationRef });
  }

  private messaging<Body, Answer>(subject: string, body: Body & { workspaceId: string }): Promise<Answer> {
    return this.rpc.call<Answer>(subject, serviceRequest('agents', body.workspaceId, body));
  }
}

/**
 * A streamed completion, read whole (the customer gets the reply as one message either way).
 * A failure is the provider's error, not the SDK's "no output generated" that follows it.
 */
async function streamedText(call: Parameters<typeof streamText>[0]): Promise<string> {
  let failure: unknown;
  const result = streamText({ ...call, onError: ({ error }) => void (failure ??= error) });
  try {
    return await result.text;
  } catch (error) {
    throw failure ?? error;
  }
}
