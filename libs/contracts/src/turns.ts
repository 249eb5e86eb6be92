import type { ChatAttachment, ChatClient } from './chat';
import type { EventData } from './events';

/**
 * The internal contracts of agent turns (ARCHITECTURE.md › Agent runtime): what the agents
 * runtime and the chat service ask of messaging, which stores every conversation and message.
 * Writes carry ids chosen by the caller, so a retried activity never writes twice.
 */

/** Records a chat request on its thread: client, thread (new, reactivated, agent changed) and the user's message. */
export interface ChatAcceptRequest {
  workspaceId: string;
  /** The thread, `chat_<uuid>`. */
  conversationId: string;
  /** The canonical id a new thread gets (ignored when the thread exists). */
  documentId: string;
  /** The id of the user's message (idempotent: accepting it twice stores it once). */
  requestMessageId: string;
  /** The principal agent; required for a new thread, a change of principal on an existing one. */
  agentId: string | null;
  /** The client as sent; null when omitted on a later turn. */
  client: ChatClient | null;
  /** A client already resolved when the turn was scheduled (then `client` is null). */
  clientId: string | null;
  message: string | null;
  attachments: ChatAttachment[];
  /** Who asked: an API key's owner, a token's user (`actorId` of the stored message). */
  actorId: string | null;
  /** A scheduled turn: its 202 was answered long ago, so a refusal is recorded on the thread, where the caller reads it. */
  scheduled?: boolean;
  /** Answer the turn's context with the acceptance (the agents runtime, which reads it next). */
  withContext?: boolean;
}

/** A scheduled chat request refused when its turn came: stored on its thread as a failed message with the reason. */
export interface ChatRejectRequest {
  workspaceId: string;
  request: ChatAcceptRequest;
  error: { code: string; message: string };
}

/** messaging.chat.outcome: what became of a keyed chat request (its request message's id, derived from its reference). */
export interface ChatOutcomeRequest {
  workspaceId: string;
  requestMessageId: string;
}

/** A chat request already accepted: its thread, and the agent's replies to it so far (none while its turn runs). */
export interface ChatRequestOutcome {
  accepted: ChatAccepted;
  replies: { id: string; content: string; contentType: string }[];
  /** Why its turn ended without a reply (the turn's failed message), or null. */
  failure: { code: string; message: string } | null;
  /** When the last reply (or the failure) was stored; null without one. */
  completedAt: string | null;
}

export interface ChatAccepted {
  /** The canonical id (`GET /v1/chat/{id}`). */
  id: string;
  conversationId: string;
  clientId: string;
  agentId: string;
  requestMessageId: string;
  reactivated: boolean;
  agentChanged: boolean;
}

export interface ChatAcceptedWithContext extends ChatAccepted {
  context: TurnContext;
}

/**
 * What a scheduled chat turn needs at acceptance: the client resolved (created or updated:
 * rules 2-4) and the thread checked. Nothing else is written until the turn runs.
 */
export type ChatPrepareRequest = Omit<ChatAcceptRequest, 'requestMessageId' | 'message' | 'attachments' | 'clientId' | 'actorId'>;
export type ChatPrepared = Pick<ChatAccepted, 'id' | 'conversationId' | 'clientId' | 'agentId'>;

export interface TurnContextRequest {
  workspaceId: string;
  /** The canonical conversation id. */
  conversationRef: string;
  /** The customer messages the turn answers: the history reaches back to them however many messages came after. */
  answering?: string[];
  /** How many of the latest messages (a turn's 50 by default; an evaluation reads more, at most 500). */
  historyLimit?: number;
}

export interface TurnHistoryItem {
  id: string;
  /** `system` items are the business's instructions (`instruction` messages). */
  role: 'user' | 'assistant' | 'system';
  content: string;
  contentType: string;
  /** By `url` when sent or attached; by Meta's `mediaId` when received on WhatsApp (resolved with `turnMedia`). */
  images: TurnAttachment[];
  /** `type`: what a WhatsApp media is (`video`, `audio`, `file`). */
  files: (TurnAttachment & { filename?: string; type?: string })[];
  /** Failed replies stay in the detail but are not shown to the model. */
  status: string;
  createdAt: string;
  /** An agent's reply: the latest message its turn was given. */
  seenUpTo?: string;
}

export interface TurnAttachment {
  url?: string;
  mediaId?: string;
  mimeType?: string;
}

/**
 * A WhatsApp media of the conversation's channel, read through Graph with the channel's token
 * (which stays in messaging). Its bytes do not fit a NATS reply (10 MB against `max_payload`'s
 * 1 MiB): they are published in chunks to `chunksTo` (platform › chunked-bytes) before the reply.
 */
export interface TurnMediaRequest {
  workspaceId: string;
  conversationRef: string;
  mediaId: string;
  /** Larger media are refused before their download (Graph's `file_size`) and while it runs. */
  maxBytes: number;
  /** The download's bound once Graph has answered the media's URL. */
  timeoutMs: number;
  chunksTo: string;
}

/** The media sent in chunks, or why it was not (one sentence for the model: too large, Graph's refusal…). */
export type TurnMedia =
  | {
      mimeType: string;
      chunks: number;
      /** SHA-256 (hex) of the bytes sent, which the receiver checks. */
      sha256: string;
    }
  | { unreadable: string };

/** The client's conversation with `agentId` before this one (chat threads and channel conversations alike). */
export interface PreviousConversationRequest {
  workspaceId: string;
  conversationRef: string;
  agentId: string;
}

/** The previous conversation's latest messages (as a turn's history); `conversationRef` null when there is none. */
export interface PreviousConversation {
  conversationRef: string | null;
  history: TurnHistoryItem[];
}

/** What a turn is given: the conversation, its client and its recent history (chronological). */
export interface TurnContext {
  conversation: {
    id: string;
    conversationId: string;
    workspaceId: string;
    channelId: string;
    platform: string;
    source: string | null;
    agentId: string | null;
    operation: 'automatic' | 'assistance';
    status: string;
    clientId: string;
  };
  /** The channel's default agent, for conversations that have none of their own yet. */
  channelDefaultAgentId: string | null;
  client: { id: string; name: string | null; email: string | null; phoneNumber: string | null; status: 'active' | 'blocked' };
  history: TurnHistoryItem[];
  /**
   * The conversation's latest private notes, oldest first (docs/agents.md › Private notes): the
   * model reads them only when the agent's `readNotes` is on. Absent from older producers.
   */
  notes?: { text: string; createdAt: string }[];
  /**
   * The workspace is at its credit limit (docs/usage.md › Credit limit): the agent does not answer,
   * and hands the conversation to a person when its human assistance is on. Absent: not reached.
   */
  creditLimitReached?: boolean;
}

/** A conversation handed to a person without a message to the customer (an agent that may not answer: the credit limit). */
export interface TurnHandOverRequest {
  workspaceId: string;
  conversationRef: string;
  /** Why, for the logs (the event carries the conversation). */
  reason: string;
}

/** Stores (and, on Meta channels, delivers) an agent's reply. */
export interface TurnReplyRequest {
  workspaceId: string;
  conversationRef: string;
  /** Chosen by the turn: replying twice with one id stores and sends once. */
  messageId: string;
  agentId: string;
  content: string;
  /** The latest message the turn was given: a turn asked for again later knows what was answered. */
  seenUpTo: string | null;
  /**
   * What is sent: the agent's answer (default), or the working message while tools run, whose
   * actor is `system` (the platform's notice, not an answer) and which may be a sticker (its
   * URL in `content`).
   */
  kind?: 'answer' | 'working-text' | 'working-sticker';
  /** The reply is the guardrail's message: a strike is recorded with it (once, with the message). */
  guardrail?: GuardrailVerdict;
  /**
   * The reply is the agent's `waitMessage`: the model called `request_human_assistance`. With
   * it, the conversation's `operation` becomes `assistance` and `conversation.assistance.requested` is emitted.
   */
  assistance?: { reason: string };
}

/**
 * A guardrail violation (ARCHITECTURE.md › Agent runtime): found by the evaluator model call
 * (`llm_guardrail`), by the lexicon of abusive terms (`lexicon`) or by the moderation endpoint
 * (`openai`). The thresholds are the agent's, carried so messaging decides spam and blocking in
 * the transaction that counts.
 */
export interface GuardrailVerdict {
  source: 'llm_guardrail' | 'lexicon' | 'openai';
  /** The index of the broken rule in the agent's `rules` (null for the lexicon). */
  ruleIndex: number | null;
  severity: 'low' | 'medium' | 'high';
  categories: string[];
  matchedTerms: string[];
  conversationStrikeThreshold: number;
  clientStrikeThreshold: number;
  /**
   * A `high` violation on an agent whose human assistance is on: unless the strike makes the
   * conversation spam or blocks the client, the customer is handed to a person (`operation:
   * assistance`, `conversation.assistance.requested`) and `lastAction` is `assist`.
   */
  handOver?: boolean;
}

export interface TurnReplyResult {
  messageId: string;
  content: string;
  contentType: string;
  status: 'sent' | 'failed';
  /** Why delivery failed (closed window, blocked contact, the provider's error). */
  error: { code: string; message: string } | null;
}

/** Records a turn that ended without a reply (the model failed after its retries). */
export interface TurnFailureRequest {
  workspaceId: string;
  conversationRef: string;
  messageId: string;
  agentId: string | null;
  error: { code: string; message: string };
}

/** Data of the internal `agent.turn.requested` event: messaging asks the runtime for a turn. */
export type TurnRequestedData = EventData<'agent.turn.requested'>;
/** Channels named by id or by WhatsApp phone number (an agent's `channelId`, `phoneNumber`), in the request's workspace. */
export interface ChannelsDescribeRequest {
  refs: string[];
}

/** One entry per ref, in order: the workspace's channel, or null. */
export interface ChannelsDescribed {
  channels: ({ id: string; platform: string; phoneNumber: string | null } | null)[];
}

/** The workspace's channels whose default agent it is (agents, before deleting it). */
export interface ChannelsOfAgentRequest {
  agentId: string;
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
  /** A chat request, accepted (client, thread, the user's message) right before its turn. */
  chat?: ChatAcceptRequest;
  /** Reaches the model for this turn only. */
  additionalInstructions?: string;
}

/** A synchronous chat turn to start now (`agents.turns.chat-start`): its thread (`chat_…`) and its trigger. */
export interface ChatTurnStart {
  threadId: string;
  trigger: TurnTrigger;
  /**
   * A NATS subject the caller listens on: the turn's outcome is published there as soon as its
   * reply is stored, before the workflow completes (the workflow's result stays the answer of
   * record, for when that message never comes).
   */
  answerTo?: string;
  /**
   * ISO 8601: when the caller stops waiting for the start. Past it the agents service starts
   * nothing (a request it reads late, after a freeze or a backlog), since the caller then starts
   * the turn itself or has told its client the chat was not accepted.
   */
  startBy?: string;
}

/** The started turn workflow's run, whose outcome the chat service waits for. */
export interface ChatTurnStarted {
  runId: string;
}
