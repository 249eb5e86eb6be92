import type { Logger } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import {
  internalOperations,
  type ChatAcceptRequest,
  type InternalOperation,
  type OperationBody,
  type OperationReply,
  type TurnContext,
} from '@platica/contracts';
import { serviceRequest, type RpcClient } from '@platica/platform';
import type { ConversationTurnActivities, ToolCallContext } from '@platica/workflows/activities';
import type { AgentRepository } from '../agents/agent.repository';
import type { AgentsConfigService } from '../config/agents.config';
import type { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import type { ConversationMemoryRepository } from '../memory/conversation-memory.repository';
import type { ModelCallSlots } from '../fair-turns/model-call-slots.workflows';
import type { ModelBreakers } from '../models/model-breakers';
import type { ModelChains } from '../models/model-chains';
import type { DelegationRepository } from '../subagents/delegation.repository';
import type { TurnLogRepository, TurnRef } from '../turn-log/turn-log.repository';
import type { TurnFiles } from './turn-files';
import type { ChatAnswers } from './chat-answers';
import type { LanguageModelProvider } from '../models/language-model';

/** What the turn's activities are built from (composed in turn.activities.ts). */
export interface TurnDeps {
  rpc: RpcClient;
  agents: AgentRepository;
  model: LanguageModelProvider;
  /** The models each call uses, in order (the agent's settings, the workspace's default, the installation's). */
  chains: ModelChains;
  breakers: ModelBreakers;
  config: AgentsConfigService;
  allowedTerms: AllowedTermRepository;
  delegations: DelegationRepository;
  memories: ConversationMemoryRepository;
  turnLog: TurnLogRepository;
  files: TurnFiles;
  chatAnswers: ChatAnswers;
  /** The bound on model calls in flight, per workspace and in all. */
  slots: ModelCallSlots;
  logger: Logger;
}

export type GenerateReplyInput = Parameters<ConversationTurnActivities['generateReply']>[0];

/** A call to the messaging service, as the agents service. */
export function messaging<O extends InternalOperation>(
  rpc: RpcClient,
  operation: O,
  body: OperationBody<O> & { workspaceId: string },
): Promise<OperationReply<O>> {
  return rpc.call(operation, serviceRequest('agents', body.workspaceId, body));
}

/** The conversation as a turn reads it: its client, its agent and its history (holding `answering`, the customer messages the turn answers). */
export function turnContextOf(rpc: RpcClient, workspaceId: string, conversationRef: string, answering?: string[]): Promise<TurnContext> {
  return messaging(rpc, internalOperations.messaging.turnContext, {
    workspaceId,
    conversationRef,
    ...(answering?.length ? { answering } : {}),
  });
}

/** Writes to the turn log never fail a turn: a lost record is logged, the customer still gets the reply. */
export async function note(deps: Pick<TurnDeps, 'logger'>, ref: TurnRef | null, write: (ref: TurnRef) => Promise<void>): Promise<void> {
  if (!ref) return;
  try {
    await write(ref);
  } catch (error) {
    deps.logger.warn({ msg: 'a turn log record was not written', turnId: ref.turnId, error: String(error) });
  }
}

/**
 * A model call's abort signal: the activity's cancellation. Each try of the call has its own
 * LLM_TIMEOUT_MS (models/fallback-model.ts), so a model that timed out leaves time for the next.
 */
export function modelAbortSignal(_config: AgentsConfigService): AbortSignal {
  return Context.current().cancellationSignal;
}

/** A chat thread's key in this worker's memos: its workspace and public id (what a request names it by). */
export function threadKeyOf(request: Pick<ChatAcceptRequest, 'workspaceId' | 'conversationId'>): string {
  return `${request.workspaceId}:${request.conversationId}`;
}

/** The current activity's workflow run; none outside a workflow. */
export function currentRunId(): string | undefined {
  return Context.current().info.workflowExecution?.runId;
}

/** The current activity's attempt (1 the first; a retry calls the model again); 1 outside an activity. */
export function currentAttempt(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
}

/** A conversation's key in this worker's memos: the workflow run (the current activity's by default) and the conversation; none outside a workflow. */
export function runKeyOf(conversationRef: string, runId = currentRunId()): string | undefined {
  return runId && `${runId}:${conversationRef}`;
}

/**
 * The conversation's document id in a tool call's context. Contexts made before it carried
 * `conversationRef` (turns in flight across a deploy) had the document id in `conversationId`.
 */
export function conversationRefOf(context: ToolCallContext): string {
  return String(context.conversationRef ?? context.conversationId ?? '');
}

/** Where a turn's records go; none for a turn of an older history (no id). */
export function turnRefOf(turnId: string | undefined, at: { workspaceId: string; conversationRef: string }): TurnRef | null {
  return turnId && at.conversationRef ? { turnId, workspaceId: at.workspaceId, conversationRef: at.conversationRef } : null;
}

export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
