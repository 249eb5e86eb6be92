import type { AuthContext } from '@platica/contracts';
import type { ServiceSendBody, TemplateSendBody, Timing } from '../scheduled/schedule-timing';
import type { Message } from '../conversations/message.entity';
import type { Conversation } from '../conversations/conversation.entity';
import type { WriteLane } from './batch-transaction.repository';
import type { MessageRepository, NewOutgoingMessage } from './message.repository';
import type { SendLookups } from './send-lookups';

/** The transaction a message is stored in (the repositories' handle on it; ORM types stay in repositories). */
export type StoreTransaction = Parameters<MessageRepository['insertOutgoing']>[0];

/** Who a send is attributed to on the stored message. */
export interface SendActor {
  actorType: 'api' | 'user' | 'campaign';
  actorId: string | null;
}

/**
 * A validated send, typed: `POST /v1/messages` and `POST /v1/messages/template` build one from
 * the request, and a scheduled send runs the one it stored, so both go through the same checks.
 */
export type SendCommand =
  | { kind: 'service'; workspaceId: string; actor: SendActor; body: ServiceSendBody }
  | { kind: 'template'; workspaceId: string; actor: SendActor; body: TemplateSendBody };

/** What the stored message became: `sent`, or `failed` with the public reason. */
export interface SendOutcome {
  message: Message;
  error: string | null;
}

export interface SendOptions {
  /**
   * An API send (`POST /v1/messages`, `/template`): its message is stored `sending` under
   * `messageId` before Graph is called, and past `answerBy` (epoch ms) the request answers 504
   * naming it while the delivery goes on (SendMessageService.claimThenDeliver).
   */
  claimFirst?: { answerBy: number };
  /** Accept the send for later (202) after the checks a send can pass now, instead of sending it. */
  later?: { timing: Timing; auth: AuthContext };
  /**
   * The stored message's id, chosen by the caller: a scheduled send stores its message under its own
   * id, a keyed API send (and the scheduled message it creates) under its request's (KeyedSends).
   */
  messageId?: string;
  /**
   * Runs the send's transactions: the client and conversation a template send opens, and the
   * stored message (default: one of their own each). Bulk senders (the scheduler, campaign
   * runs) pass one that commits the writes of concurrent sends together.
   */
  transaction?: <T>(lane: WriteLane, work: (em: StoreTransaction) => Promise<T>) => Promise<T>;
  /** Written in the transaction that stores the message: a scheduled send records its outcome with it. */
  alongside?: (em: StoreTransaction, outcome: SendOutcome) => Promise<void>;
  /**
   * Called the moment Meta's Graph API accepted the send, before the message is stored: a
   * scheduled send writes Meta's id down, so a crash before the store does not send it again.
   */
  onDelivered?: (externalId: string) => Promise<void>;
  /** Echoed in WhatsApp's status webhooks for this send (`biz_opaque_callback_data`). */
  callbackData?: string;
  /** Graph already accepted this send (an interrupted earlier attempt): store it, without checking or sending again. */
  delivered?: { externalId: string };
  /**
   * The agent of a conversation a template send creates (a campaign's rules 1-2): an id or
   * null (unassigned). Default: the channel's default agent. An existing conversation keeps its agent.
   */
  agentForNew?: string | null;
  /**
   * Runs right before the Graph call, after every check: a campaign send records its attempt
   * here (a throw stops the send), so only a crash during the call itself leaves it unknown.
   */
  beforeDelivery?: () => Promise<void>;
  /** Lookups shared by the sends of one batch (template, custom fields): made once for it. */
  lookups?: SendLookups;
  /**
   * Stores the message in place of the send's own transaction: a campaign batch stores the
   * messages of sends that end together in one set of statements. Not taken by a send that
   * writes client data or `alongside` with its message.
   */
  store?: (message: NewOutgoingMessage) => Promise<Message>;
  /** Conversations a batch opened ahead (`SendMessageService.openConversations`), by recipient: a template send found here opens none. */
  opened?: Map<string, Conversation>;
}

/** Re-exported for the send paths: the rule lives with conversations, whose takeovers record it too. */
export { actorOf } from '../conversations/actor';
