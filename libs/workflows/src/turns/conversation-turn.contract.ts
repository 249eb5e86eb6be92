import { defineSignal } from '@temporalio/workflow';

/**
 * Agent turns (ARCHITECTURE.md › Temporal, Agent runtime): one workflow per conversation at a
 * time, so turns of a conversation never overlap. Its id is derived from the conversation: a
 * synchronous chat turn starts it and is refused (409) while it runs; customer messages and
 * scheduled chat turns signal it, starting it when it is not running.
 */
export function turnWorkflowId(workspaceId: string, conversationKey: string): string {
  return `turn-${workspaceId}-${conversationKey}`;
}

/** What asks for a turn. */
export interface TurnTrigger {
  kind: 'chat' | 'customer_message' | 'resume';
  /** Answers are matched to triggers by it: a chat's request message id, else the triggering message's. */
  requestId: string;
  /**
   * The stored messages that asked for the turn (customer messages, a `resume` instruction). A
   * turn answers from the stored history, so a trigger whose messages an earlier turn already
   * saw asks for nothing more.
   */
  messageIds?: string[];
  /** A chat request, accepted (client, thread, the user's message) right before its turn. Opaque here: `ChatAcceptRequest`. */
  chat?: { requestMessageId: string };
  /** Reaches the model for this turn only. */
  additionalInstructions?: string;
}

export interface ConversationTurnInput {
  workspaceId: string;
  /** The canonical conversation id; null for a chat thread its first request will create. */
  conversationRef: string | null;
  /** How long customer messages are gathered before a turn (a burst is answered once). */
  debounceMs: number;
  /** The trigger that started the workflow (absent when started by a signal). */
  first?: TurnTrigger;
}

/** A reply as stored (and, on Meta channels, delivered); `error` says why delivery failed. */
export interface TurnReply {
  messageId: string;
  content: string;
  contentType: string;
  status: 'sent' | 'failed';
  error: { code: string; message: string } | null;
}

/** What became of one trigger. */
export type TurnOutcome =
  | {
      requestId: string;
      status: 'completed';
      /** The chat thread as accepted (`ChatAccepted`), for chat triggers. */
      accepted: Record<string, unknown> | null;
      replies: TurnReply[];
      completedAt: string;
    }
  /** The agent stays silent (no agent, agent inactive, human assistance, blocked client). */
  | { requestId: string; status: 'silent'; accepted: Record<string, unknown> | null; reason: string; completedAt: string }
  /** The chat request was refused before any write: the HTTP error to answer. */
  | { requestId: string; status: 'rejected'; error: RefusedRequest }
  /** The model failed after its retries; the failure is recorded on the conversation. */
  | { requestId: string; status: 'failed'; accepted: Record<string, unknown> | null; error: { code: string; message: string } };

/** A refused request's reply: its status, the spec's body and the error code's name (so it crosses intact). */
export type RefusedRequest = { status: number; body: unknown; error?: string };

export type AcceptChatResult = { accepted: Record<string, unknown> & { id: string } } | { rejected: RefusedRequest };

/** The model's reply, or why the agent stays silent; `seenMessageIds`: the history the turn was given. */
export type GeneratedReply = ({ agentId: string; text: string } | { silent: string }) & { seenMessageIds: string[] };

/** Implemented by the agents service's worker. */
export interface ConversationTurnActivities {
  /**
   * Returns once the conversation's customer has been quiet for `debounceMs` (measured from
   * their latest stored message), or `maxMs` after it was called: a burst is answered once.
   */
  awaitQuiet(input: { workspaceId: string; conversationRef: string; debounceMs: number; maxMs: number }): Promise<void>;
  acceptChat(request: { requestMessageId: string }): Promise<AcceptChatResult>;
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
  }): Promise<GeneratedReply>;
  deliverReply(input: {
    workspaceId: string;
    conversationRef: string;
    messageId: string;
    agentId: string;
    content: string;
    /** The latest message the turn was given (see `generateReply`). */
    seenUpTo: string | null;
  }): Promise<TurnReply>;
  recordTurnFailure(input: {
    workspaceId: string;
    conversationRef: string;
    messageId: string;
    error: { code: string; message: string };
  }): Promise<void>;
}

export const turnRequestedSignal = defineSignal<[TurnTrigger]>('turnRequested');

/** Error types the activities throw that end a turn at once (no retry). */
export const MODEL_REFUSED = 'ModelRequestRefused';

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
