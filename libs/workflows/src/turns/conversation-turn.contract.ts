import { defineSignal } from '@temporalio/workflow';
import type {
  ChatAccepted,
  ChatAcceptRequest,
  GuardrailVerdict,
  TurnTrigger,
  TurnFailureRequest,
  TurnReplyRequest,
  TurnReplyResult,
} from '@platica/contracts';

// What the chat service sends `agents.turns.chat-start` is part of that operation's contract.
export type { ChatTurnStart, ChatTurnStarted, TurnTrigger } from '@platica/contracts';

/**
 * Agent turns (ARCHITECTURE.md › Temporal, Agent runtime): one workflow per conversation at a
 * time, so turns of a conversation never overlap. Its id is derived from the conversation: a
 * synchronous chat turn starts it and is refused (409) while it runs; customer messages and
 * scheduled chat turns signal it, starting it when it is not running.
 */
export function turnWorkflowId(workspaceId: string, conversationKey: string): string {
  return `turn-${workspaceId}-${conversationKey}`;
}

export interface ConversationTurnInput {
  workspaceId: string;
  /** The canonical conversation id; null for a chat thread its first request will create. */
  conversationRef: string | null;
  /** How long customer messages are gathered before a turn (a burst is answered once). */
  debounceMs: number;
  /** A factor on the steps' retry backoffs (the agents service's PLATICA_TURN_RETRY_SCALE); absent: 1. */
  retryScale?: number;
  /**
   * The first turn's customer messages waited for their model call's slot as a deferred turn
   * (docs/agents.md › Fair turns across workspaces): their burst was gathered meanwhile, and the
   * slot is held for this run, so its first turn is not debounced.
   */
  gathered?: boolean;
  /** The trigger that started the workflow (absent when started by a signal). */
  first?: TurnTrigger;
  /** What the run before this one handed on when it continued as new (its history had grown long). */
  carried?: CarriedTurns;
}

/**
 * A long run of turns continues as a new run (a worker replays a run's whole history whenever it
 * loses it from its cache, as when a trigger arrives while the run completes). What the new run
 * needs of the old one: triggers not yet answered, outcomes a waiting chat request reads from
 * the chain's last run, and the messages recent turns saw.
 */
export interface CarriedTurns {
  pending: TurnTrigger[];
  outcomes: TurnOutcome[];
  seenMessageIds: string[];
}

/** What became of one trigger. */
export type TurnOutcome =
  | {
      requestId: string;
      status: 'completed';
      /** The chat thread as accepted, for chat triggers. */
      accepted: ChatAccepted | null;
      replies: TurnReplyResult[];
      completedAt: string;
    }
  /** The agent stays silent (no agent, agent inactive, human assistance, blocked client). */
  | { requestId: string; status: 'silent'; accepted: ChatAccepted | null; reason: string; completedAt: string }
  /** The chat request was refused before any write: the HTTP error to answer. */
  | { requestId: string; status: 'rejected'; error: RefusedRequest }
  /** The model failed after its retries; the failure is recorded on the conversation. */
  | { requestId: string; status: 'failed'; accepted: ChatAccepted | null; error: { code: string; message: string } };

/** A refused request's reply: its status, the spec's body and the error code's name (so it crosses intact). */
export type RefusedRequest = { status: number; body: unknown; error?: string };

export type AcceptChatResult = { accepted: ChatAccepted } | { rejected: RefusedRequest };

/** A tool the model asked to call: `name` is its catalog name, `providerName` what the model saw (shortened when too long). */
export interface ToolCallRequest {
  toolCallId: string;
  toolId: string;
  name: string;
  providerName: string;
  input: Record<string, unknown>;
}

/** What a tool call gave the model: the trimmed result, or what went wrong (a failure never ends the turn). */
export interface ToolCallResult {
  toolCallId: string;
  providerName: string;
  ok: boolean;
  output: unknown;
}

/** One round of tool calls: the model's messages asking for them (AI SDK `ModelMessage`s, opaque here) and their results. */
export interface ToolRound {
  messages: unknown[];
  results: ToolCallResult[];
}

/** The agent's `workingMessage` (spec › workingMessage), as the turn needs it. */
export interface WorkingMessageSettings {
  enabled: boolean;
  trigger: { type: 'toolCallCount' | 'toolName' | 'any'; minToolCalls?: number; toolNames?: string[]; match?: 'exact' | 'prefix' };
  message: { enabled: boolean; mode: 'fixed' | 'ai'; fixedText?: string; aiPrompt?: string };
  sticker: { enabled: boolean; url?: string | null };
}

/**
 * The conversation a tool call runs for: what `context` variables of a custom API read
 * (`conversationId` the thread id, as the conversation summary shows it), and `conversationRef`,
 * its document id, for the turn log and the run log.
 */
export type ToolCallContext = Record<string, unknown>;

/**
 * The model's reply, the tools it asks to call first, or why the agent stays silent;
 * `seenMessageIds`: the history the turn was given.
 */
export type GeneratedReply =
  /**
   * `guardrail`: the text is the guardrail's message, sent instead of a reply (a strike goes with it).
   * `assistance`: the text is the agent's wait message; a human takes the conversation over.
   */
  (
    | {
        agentId: string;
        text: string;
        guardrail?: GuardrailVerdict;
        assistance?: { reason: string };
        /** With `storeReply`: the reply as the model call stored it. */
        stored?: TurnReplyResult;
      }
    | { silent: string }
    | {
        agentId: string;
        toolCalls: ToolCallRequest[];
        /** The model's messages of this round, given back with the results in the next call. */
        messages: unknown[];
        context: ToolCallContext;
        workingMessage: WorkingMessageSettings | null;
      }
  ) & {
    seenMessageIds: string[];
    /** The results of the `toolCalls` the call was given to run first, in their order. */
    toolResults?: ToolCallResult[];
    /** With `toolRoundsHere`: the rounds of tool calls this call ran (its given `toolCalls` first). */
    toolRounds?: ToolRound[];
  };

/** The tool calls of the model's previous answer, for the next model call to run first. */
export interface PendingToolCalls {
  agentId: string;
  calls: ToolCallRequest[];
  /** The model's messages asking for them (its answer's `messages`). */
  messages: unknown[];
  context: ToolCallContext;
}

/** Implemented by the agents service's worker. */
export interface ConversationTurnActivities {
  /**
   * Returns once the conversation's customer has been quiet for `debounceMs` (measured from
   * their latest stored message), or `maxMs` after it was called: a burst is answered once.
   */
  awaitQuiet(input: { workspaceId: string; conversationRef: string; debounceMs: number; maxMs: number }): Promise<void>;
  acceptChat(request: ChatAcceptRequest): Promise<AcceptChatResult>;
  /**
   * The agent's reply from the stored history, or why it stays silent. `triggeringMessageIds`:
   * the stored messages that asked for this turn (none for a chat request, always answered);
   * when an earlier reply's turn was already given them all, the turn was asked for twice (an
   * event redelivered after its turn) and stays silent.
   */
  generateReply(input: {
    workspaceId: string;
    conversationRef: string;
    additionalInstructions: string | null;
    triggeringMessageIds: string[];
    /** The tool rounds of this turn so far (absent on its first model call). */
    toolRounds?: ToolRound[];
    /**
     * The calls the model asked for in its previous answer: run first, in parallel, then given
     * to the model as this turn's next round, and answered in `toolResults`. A retried call
     * runs them again only in a worker that lost their results.
     */
    toolCalls?: PendingToolCalls;
    /** The turn's id (its reply's message id): what the turn log files this call's record under. */
    turnId?: string;
    /**
     * The turn's first model call: prepare the agent's memory first (the summary of the
     * client's previous conversation with the agent, made once per conversation, and the
     * compaction of older messages into the running summary), from the context the call loads
     * anyway; a failure there costs the turn its summary, never its reply.
     */
    prepareMemory?: boolean;
    /**
     * Store the reply the turn ends with, as `deliverReply` would (a chat turn: nothing leaves
     * Plática, and storing is idempotent on the turn's id), and answer it in `stored`.
     */
    storeReply?: boolean;
    /**
     * Run the rounds of tool calls here, model call after model call, until the model answers;
     * hand back a tool-calls answer only when the agent's working message is due and not yet
     * sent (the workflow sends it). Absent: one model call.
     */
    toolRoundsHere?: { workingMessageSent: boolean };
    /**
     * The chat request this turn answers, whose acceptance (`acceptChat`, scheduled alongside)
     * the call waits for in the worker: it answers on the accepted thread (`conversationRef` is
     * then ignored), or stays silent when the request is refused.
     */
    acceptance?: ChatAcceptRequest;
  }): Promise<GeneratedReply | ModelCallQueued>;
  /** Sends the agent's working message (fixed text, or written by the model from `aiPrompt`). */
  sendWorkingMessage(input: {
    workspaceId: string;
    conversationRef: string;
    messageId: string;
    agentId: string;
    settings: WorkingMessageSettings;
    /** The turn's id, what the turn log files the model call writing it under (absent in runs begun before it was given). */
    turnId?: string;
  }): Promise<void>;
  /** Stores (and, on Meta channels, delivers) the reply; `seenUpTo`: the latest message the turn was given. */
  deliverReply(input: TurnReplyRequest): Promise<TurnReplyResult>;
  /** The agent is not known when the model call fails: recorded without one. */
  recordTurnFailure(input: Omit<TurnFailureRequest, 'agentId'>): Promise<void>;
}

export const turnRequestedSignal = defineSignal<[TurnTrigger]>('turnRequested');

/**
 * A model call whose workspace (or the whole deployment) has as many model calls in flight as
 * its bound allows: nothing was asked. The turn waits, holding no worker slot, until
 * `modelCallSlotSignal` says its place in the queue came (or a while passed), then calls again
 * (docs/agents.md › Fair turns across workspaces).
 */
export interface ModelCallQueued {
  queued: true;
}

/** Sent to a turn whose queued model call was given its slot. */
export const modelCallSlotSignal = defineSignal('modelCallSlotGranted');

/** What stores (and on Meta channels delivers) a turn's reply: its id is the turn's, `seenUpTo` the latest message it was given. */
export function replyRequestOf(
  turn: { workspaceId: string; conversationRef: string; turnId: string },
  reply: Extract<GeneratedReply, { text: string }>,
): TurnReplyRequest {
  return {
    workspaceId: turn.workspaceId,
    conversationRef: turn.conversationRef,
    messageId: turn.turnId,
    agentId: reply.agentId,
    content: reply.text,
    seenUpTo: reply.seenMessageIds.at(-1) ?? null,
    ...(reply.guardrail ? { guardrail: reply.guardrail } : {}),
    ...(reply.assistance ? { assistance: reply.assistance } : {}),
  };
}

/**
 * Whether the working message is due after these tool calls (catalog names, in call order):
 * `toolCallCount` after `minToolCalls` calls, `toolName` on a matching name (`exact` or
 * `prefix`), `any` on either.
 */
export function workingMessageDue(settings: WorkingMessageSettings, calledNames: string[]): boolean {
  if (!settings.enabled) return false;
  const { type, minToolCalls = 1, toolNames = [], match = 'exact' } = settings.trigger;
  const byCount = calledNames.length >= minToolCalls;
  const byName = calledNames.some((name) => toolNames.some((wanted) => (match === 'prefix' ? name.startsWith(wanted) : name === wanted)));
  if (type === 'toolCallCount') return byCount;
  if (type === 'toolName') return byName;
  return byCount || byName;
}

/** Error types the activities throw that end a turn at once (no retry). */
export const MODEL_REFUSED = 'ModelRequestRefused';
/** The model failed its last attempt (the activity counts them: an outage of anything else does not). */
export const MODEL_FAILED = 'model_error';
/** A turn's dependencies stayed unavailable past its horizon: the turn failed without a reply. */
export const DEPENDENCY_UNAVAILABLE = 'dependency_unavailable';
/** A turn's model call waited for its slot past the turn's horizon (its workspace's backlog): the turn failed without a reply. */
export const MODEL_CALLS_BACKLOGGED = 'model_calls_backlogged';

/** A chat turn waiting for its time; `conversationKey` is the thread id (`chat_…`). */
export interface ScheduledChatTurnInput {
  workspaceId: string;
  conversationKey: string;
  conversationRef: string | null;
  executeAt: string;
  trigger: TurnTrigger;
}

/** Implemented by the chat service's worker. */
export interface ScheduledChatTurnActivities {
  requestTurn(input: ScheduledChatTurnInput): Promise<void>;
}

export function scheduledChatTurnWorkflowId(taskId: string): string {
  return `scheduled-chat-${taskId}`;
}
