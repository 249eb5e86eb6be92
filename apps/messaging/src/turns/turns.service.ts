import { Injectable } from '@nestjs/common';
import type {
  GuardrailVerdict,
  PreviousConversation,
  PreviousConversationRequest,
  TurnContext,
  TurnContextRequest,
  TurnFailureRequest,
  TurnHandOverRequest,
  TurnReplyRequest,
  TurnReplyResult,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { recordEvent, UnitOfWork, type Transaction } from '@platica/platform';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import type { Client } from '../clients/client.entity';
import { ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { canSendDirectMessage } from '../conversations/conversation-summary';
import { conversationAssistanceRequested } from '../conversations/domain-events';
import { Strikes } from '../moderation/strikes';
import { platformName } from '../messages/channel-rules';
import { GraphDelivery } from '../messages/graph-delivery';
import { type OutboundContent, storedForm } from '../graph/message-content';
import type { Message } from '../conversations/message.entity';
import { MessageRepository } from '../messages/message.repository';
import { UnrecordedOutcomes } from '../messages/unrecorded-outcomes';
import { CreditService } from '../usage/credit.service';
import { historyItemOf, resultOf } from './turn.presenter';

/** Longer than a Graph call may take (META_GRAPH_TIMEOUT_MS at most 60 s): a claim this old was abandoned. */
const STALE_CLAIM_MS = 90_000;
/** The error of an agent reply a person's takeover overtook (never sent: one owner of the customer at a time). */
const TAKEN_OVER = { code: 'taken_over', message: 'A person took the conversation over before this reply went out: it was not sent' };
/** How much history a turn is given (the latest messages, chronological). */
export const TURN_HISTORY = 50;
/**
 * How far a turn's history may reach back to hold the customer messages it answers, when more
 * than TURN_HISTORY messages (the business's sends, a campaign) came after them while the turn
 * waited (an outage, a long burst).
 */
export const TURN_HISTORY_REACH = 250;
/** The latest private notes a turn is given (its agent's `readNotes` decides whether the model reads them). */
const TURN_NOTES = 20;
/** The most history a caller may ask for (an agent evaluation replaying a conversation's earlier turns). */
const EVALUATION_HISTORY = 500;

/**
 * What the agent runtime asks of messaging during a turn: the context to answer from, and the
 * storage (and, on Meta channels, delivery) of its reply or of its failure. Writes are
 * idempotent on the message id the turn chose, so a retried activity never sends twice.
 */
@Injectable()
export class TurnsService {
  /** Replies Graph answered whose outcome could not be stored (docs/workflows.md › Retries and outages). */
  private readonly unsettledReplies = new UnrecordedOutcomes<{ externalId: string | null; error: Record<string, unknown> | null }>();
  /** The strike path shared with a person's flag (moderation/strikes.ts). */
  private readonly strikes: Strikes;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly channels: ChannelRepository,
    private readonly clients: ClientRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly delivery: GraphDelivery,
    private readonly credit: CreditService,
    private readonly assignments: Assignments,
    private readonly notes: ConversationNoteRepository,
  ) {
    this.strikes = new Strikes(clients, conversations, messages);
  }

  /** The client's previous conversation with the agent and its latest messages (to recall it). */
  async previous(request: PreviousConversationRequest): Promise<PreviousConversation> {
    const conversation = await this.conversationOf(request);
    const previousRef = await this.conversations.previousWithAgent(conversation, request.agentId);
    if (!previousRef) return { conversationRef: null, history: [] };
    const history = await this.conversations.historyOf(previousRef, TURN_HISTORY);
    return { conversationRef: previousRef, history: history.map(historyItemOf) };
  }

  async context(request: TurnContextRequest): Promise<TurnContext> {
    return this.contextOf(
      await this.conversationOf(request),
      {},
      {
        answering: request.answering,
        historyLimit: Math.min(request.historyLimit ?? TURN_HISTORY, EVALUATION_HISTORY),
      },
    );
  }

  /**
   * The conversation's turn context; its channel and client are read unless the caller holds
   * them already. Its history, the latest `historyLimit` messages, holds `answering`, the
   * customer messages the turn answers.
   */
  async contextOf(
    conversation: Conversation,
    known: { channel?: OpenChannel; client?: Client } = {},
    { answering = [], historyLimit = TURN_HISTORY }: { answering?: string[]; historyLimit?: number } = {},
  ): Promise<TurnContext> {
    const [channel, client, history, creditLimitReached, notes] = await Promise.all([
      known.channel ?? this.channels.findById(conversation.channelId),
      known.client ?? this.clients.get(conversation.clientId),
      this.historyAnswering(conversation.id, answering, historyLimit),
      this.credit.isReached(conversation.workspaceId),
      this.notes.latestOf(conversation.id, TURN_NOTES),
    ]);
    return {
      conversation: {
        id: conversation.id,
        conversationId: conversation.conversationId,
        workspaceId: conversation.workspaceId,
        channelId: conversation.channelId,
        platform: conversation.platform,
        source: conversation.source ?? null,
        agentId: conversation.agentId ?? null,
        operation: conversation.operation,
        status: conversation.status,
        clientId: conversation.clientId,
      },
      channelDefaultAgentId: channel?.defaultAgentId ?? null,
      client: {
        id: client.id,
        name: client.name ?? null,
        email: client.email ?? null,
        phoneNumber: client.phoneNumber ?? null,
        status: client.status,
      },
      history: history.map(historyItemOf),
      notes: notes.map((note) => ({ text: note.text, createdAt: note.createdAt.toISOString() })),
      ...(creditLimitReached ? { creditLimitReached } : {}),
    };
  }

  /** A person takes over, nothing sent to the customer (the workspace is at its credit limit); once. */
  async handOver(request: TurnHandOverRequest): Promise<{ handedOver: boolean }> {
    return this.unitOfWork.run(async (tx) => {
      const conversation = await this.conversationOf(request, tx);
      if (conversation.operation === 'assistance') return { handedOver: false };
      await this.requestAssistance(tx, conversation);
      return { handedOver: true };
    });
  }

  /** The latest `limit` messages, or, when some message the turn answers is older, every message from it on (to TURN_HISTORY_REACH). */
  private async historyAnswering(conversationRef: string, answering: string[], limit: number) {
    const latest = await this.conversations.historyOf(conversationRef, limit);
    const held = new Set(latest.map((m) => m.id));
    if (latest.length < limit || answering.every((id) => held.has(id))) return latest;
    const reaching = await this.conversations.historyFrom(conversationRef, answering, TURN_HISTORY_REACH);
    // None of them is this conversation's (none from which to reach back).
    return reaching.length ? reaching : latest;
  }

  /** The reply stored (and delivered); the credit limit may be reached with it (its event is recorded then). */
  async reply(request: TurnReplyRequest): Promise<TurnReplyResult> {
    const result = await this.storeReply(request);
    this.credit.observe(request.workspaceId);
    return result;
  }

  /**
   * Stores the agent's reply: on the internal channel as sent; on Meta channels delivered
   * through Graph, or stored `failed` (blocked client, closed window, the provider's refusal).
   * Idempotent on the message id. Graph is called outside any transaction (a slow Meta must
   * not hold the connections the inbound path needs): the reply is first claimed (stored
   * `sending`), so a concurrent attempt waits for the outcome instead of sending again; a
   * claim older than a Graph call can last (an attempt that died) is taken over.
   */
  private async storeReply(request: TurnReplyRequest): Promise<TurnReplyResult> {
    const conversation = await this.conversationOf(request);
    // A person took the conversation over while the agent was answering: its reply is kept, marked, never sent.
    const takenOver = conversation.operation === 'assistance' && !request.guardrail && !request.assistance;
    const content = replyContent(request);
    const form = storedForm(content);
    const reply = {
      id: request.messageId,
      conversation,
      role: 'assistant' as const,
      ...form,
      payload: {
        ...form.payload,
        ...(request.seenUpTo ? { seenUpTo: request.seenUpTo } : {}),
        ...(request.guardrail ? { guardrail: request.guardrail } : {}),
        // Each wait message is one assistance request (counted for usage).
        ...(request.assistance ? { assistance: request.assistance } : {}),
      },
      externalId: null,
      // The working, guardrail and wait messages are the platform's, not the agent's (ARCHITECTURE.md › Usage figures).
      actorType: (request.kind && request.kind !== 'answer') || request.guardrail || request.assistance ? 'system' : 'ai',
      actorId: request.agentId,
      campaignId: null,
      error: takenOver ? TAKEN_OVER : null,
    };
    if (conversation.platform === 'service') {
      // Nothing leaves Plática: stored sent. A plain reply is one statement, without a
      // transaction or the id's lock; when its id is taken (a retry), what is stored answers.
      if (!request.guardrail && !request.assistance) {
        const inserted = await this.unitOfWork.statement((tx) =>
          this.messages.insertOutgoingUnlessTaken(tx, { ...reply, status: takenOver ? 'failed' : 'sent' }),
        );
        if (inserted) return resultOf(inserted);
      }
      return this.unitOfWork.run(async (tx) => {
        await this.messages.lockId(tx, request.messageId);
        const stored = await this.storedMessage(tx, request);
        if (stored) return this.sameReply(stored, reply);
        const message = await this.messages.insertOutgoing(tx, { ...reply, status: takenOver ? 'failed' : 'sent' });
        if (request.guardrail) await this.recordStrike(tx, conversation, request.guardrail);
        if (request.assistance) await this.requestAssistance(tx, conversation);
        return resultOf(message);
      });
    }
    // Graph answered an earlier attempt here whose outcome the database did not take: stored now, not sent again.
    const delivered = this.unsettledReplies.get(request.messageId);
    const claim = await this.unitOfWork.run(async (tx): Promise<{ answer: TurnReplyResult } | { claimed: true }> => {
      await this.messages.lockId(tx, request.messageId);
      const stored = await this.storedMessage(tx, request);
      if (stored && stored.status !== 'sending') return { answer: this.sameReply(stored, reply) };
      if (stored && delivered) return { claimed: true };
      if (stored && Date.now() - stored.updatedAt.getTime() < STALE_CLAIM_MS) {
        throw new DomainError(ErrorCode.Conflict, 'The reply is being delivered: retry shortly', { messageId: request.messageId });
      }
      if (stored) {
        await this.messages.renewClaim(tx, stored);
      } else {
        await this.messages.claim(tx, { ...reply, status: 'sending' });
        // With the claim, once: the strike may block the client, whose guardrail message still goes out.
        if (request.guardrail) await this.recordStrike(tx, conversation, request.guardrail);
        if (request.assistance) await this.requestAssistance(tx, conversation);
      }
      return { claimed: true };
    });
    if ('answer' in claim) {
      this.unsettledReplies.delete(request.messageId);
      return claim.answer;
    }
    const delivery =
      delivered ??
      (takenOver
        ? { externalId: null, error: TAKEN_OVER }
        : await this.deliver(conversation, content, request.messageId, request.guardrail !== undefined));
    try {
      const settled = await this.unitOfWork.run(async (tx) => {
        const [claimed] = await this.messages.lockClaims(tx, [request.messageId]);
        // Meta's status for the send (its callback data names the reply) settled it first: a stale claim's
        // takeover on another replica finds it so, and sends nothing again (messages/unconfirmed-sends.ts).
        if (!claimed) return resultOf(await this.messages.get(request.messageId, tx));
        return resultOf(await this.messages.settle(tx, claimed, conversation, { status: delivery.error ? 'failed' : 'sent', ...delivery }));
      });
      this.unsettledReplies.delete(request.messageId);
      return settled;
    } catch (error) {
      this.unsettledReplies.set(request.messageId, delivery);
      throw error;
    }
  }

  /** Sends a reply on a Meta channel (its id as the callback data Meta's statuses echo), or says why it cannot go out. */
  private async deliver(
    conversation: Conversation,
    content: OutboundContent,
    messageId: string,
    guardrailMessage = false,
  ): Promise<{ externalId: string | null; error: Record<string, unknown> | null }> {
    const [channel, client] = await Promise.all([this.channels.findById(conversation.channelId), this.clients.get(conversation.clientId)]);
    if (!channel) throw DomainError.notFound('Channel', conversation.channelId);
    // The guardrail's message is the notice of the strike that may just have blocked the client.
    if (client.status === 'blocked' && !guardrailMessage) {
      return {
        externalId: null,
        error: { code: 'client_blocked', message: 'The client is blocked: messages are not sent to blocked contacts' },
      };
    }
    if (!canSendDirectMessage(channel.platform, conversation.lastUserMessageAt)) {
      const message = `The ${platformName(channel.platform)} messaging window is closed (more than 24 hours since the customer's last message)`;
      return { externalId: null, error: { code: 'window_closed', message } };
    }
    const outcome = await this.delivery.send(channel, conversation.conversationId, content, messageId);
    return { externalId: outcome.externalId, error: outcome.failure?.toDetails() ?? null };
  }

  /** A guardrail strike (moderation/strikes.ts), and the hand-over it may call for. */
  private async recordStrike(tx: Transaction, conversation: Conversation, verdict: GuardrailVerdict): Promise<void> {
    const { handOver } = await this.strikes.record(tx, conversation, verdict);
    if (handOver && conversation.operation !== 'assistance') await this.requestAssistance(tx, conversation);
  }

  /** `request_human_assistance` (ARCHITECTURE.md › Agent runtime): the agent is silent until a human sets `operation: automatic`. */
  private async requestAssistance(tx: Transaction, conversation: Conversation): Promise<void> {
    const current = await this.conversationOf({ workspaceId: conversation.workspaceId, conversationRef: conversation.id }, tx);
    // A person has it already: it stays theirs. Otherwise it waits for one from now (docs/sending-messages.md › Who answers).
    if (current.operation === 'assistance' && current.operationChangedBy) return;
    await this.conversations.update(tx, current, { operation: 'assistance', operationChangedBy: null, operationChangedAt: new Date() });
    await recordEvent(tx, 'messaging', conversationAssistanceRequested(current));
    // A round-robin workspace assigns it to the next available person (docs/sending-messages.md › Assignment).
    await this.assignments.assignByRotation(tx, current);
  }

  /** A retry carries the same reply; other content under this id is a second reply reusing it. */
  private sameReply(stored: Message, reply: { id: string; content: string; contentType: string }): TurnReplyResult {
    if (stored.role !== 'assistant' || stored.content !== reply.content || stored.contentType !== reply.contentType) {
      throw messageIdTaken(reply.id);
    }
    return resultOf(stored);
  }

  /** Records a turn that ended without a reply: a failed assistant message with the error, shown in the detail, never delivered. */
  async failure(request: TurnFailureRequest): Promise<TurnReplyResult> {
    return this.unitOfWork.run(async (tx) => {
      await this.messages.lockId(tx, request.messageId);
      const stored = await this.storedMessage(tx, request);
      if (stored) return resultOf(stored);
      const conversation = await this.conversationOf(request, tx);
      const message = await this.messages.insertOutgoing(tx, {
        id: request.messageId,
        conversation,
        role: 'assistant',
        content: '',
        contentType: 'text',
        payload: {},
        files: [],
        images: [],
        status: 'failed',
        externalId: null,
        actorType: 'ai',
        actorId: request.agentId,
        campaignId: null,
        error: { code: request.error.code, message: request.error.message },
      });
      return resultOf(message);
    });
  }

  private async conversationOf(request: { workspaceId: string; conversationRef: string }, tx?: Transaction): Promise<Conversation> {
    const conversation = await this.conversations.findInWorkspace(request.workspaceId, request.conversationRef, tx);
    if (!conversation) throw DomainError.notFound('Conversation', request.conversationRef);
    return conversation;
  }

  /** The message a previous attempt stored under this id (it must be this conversation's). */
  private async storedMessage(
    tx: Transaction,
    request: { workspaceId: string; conversationRef: string; messageId: string },
  ): Promise<Message | null> {
    const stored = await this.messages.findById(request.messageId, tx);
    if (stored && (stored.workspaceId !== request.workspaceId || stored.conversationRef !== request.conversationRef)) {
      throw messageIdTaken(request.messageId);
    }
    return stored;
  }
}

/** The content a turn sends: its text, or the working message's sticker (by URL). */
function replyContent(request: TurnReplyRequest): OutboundContent {
  return request.kind === 'working-sticker' ? { type: 'sticker', url: request.content } : { type: 'text', text: request.content };
}

function messageIdTaken(messageId: string): DomainError {
  return new DomainError(ErrorCode.Conflict, 'The message id is already used by another message', { messageId });
}
import { Assignments } from '../conversations/assignments';
import { ConversationNoteRepository } from '../notes/conversation-note.repository';
