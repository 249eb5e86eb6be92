import { Injectable } from '@nestjs/common';
import type { RpcReply } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { isUniqueViolation, requestScopedId, withStatus } from '@platica/platform';
import { GraphError } from '../graph/meta-graph.adapter';
import { ConversationRepository } from '../conversations/conversation.repository';
import { ScheduledMessageRepository } from '../scheduled/scheduled-message.repository';
import { MessageRepository } from './message.repository';

/** What a send answers: the message sent now, or accepted for later (202). */
export type KeyedAnswer = { messageId: string; status: 'sent'; timestamp: string } | RpcReply;

/**
 * Sends made with an `Idempotency-Key` (RpcRequest.requestRef): the message, or the scheduled
 * message, takes an id derived from the request's reference, so its primary key records the
 * request in the transaction that creates it, and a repeat (a retry the gateway let through:
 * its claim lapsed with a gateway killed or frozen holding it) answers what the first created,
 * sending nothing again (docs/sending-messages.md › Retrying safely).
 */
@Injectable()
export class KeyedSends {
  constructor(
    private readonly messages: MessageRepository,
    private readonly scheduled: ScheduledMessageRepository,
    private readonly conversations: ConversationRepository,
  ) {}

  /** The message id a keyed send stores under; undefined for a send without a key. */
  messageIdOf(requestRef: string | undefined): string | undefined {
    return requestRef === undefined ? undefined : requestScopedId('msg', requestRef, 'message');
  }

  /**
   * Runs the send, unless the request already created its message: then that message's answer.
   * Two attempts racing are told apart by the primary key: the second one answers the first's.
   */
  async once(workspaceId: string, messageId: string | undefined, send: () => Promise<KeyedAnswer>): Promise<KeyedAnswer> {
    if (messageId === undefined) return send();
    const earlier = await this.answerOf(workspaceId, messageId);
    if (earlier) return earlier;
    try {
      return await send();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await this.answerOf(workspaceId, messageId);
      if (!first) throw error;
      return first;
    }
  }

  /**
   * The answer of a request that created `messageId`, as it stands: a scheduled message's 202;
   * a message sent, or failed (502, as its first answer); a message still being delivered (409,
   * naming it: accepted, its outcome not known yet). Null when the request created nothing.
   */
  async answerOf(workspaceId: string, messageId: string): Promise<KeyedAnswer | null> {
    const pending = await this.scheduled.find(messageId);
    if (pending && pending.workspaceId === workspaceId) {
      return withStatus(202, {
        messageId: pending.id,
        kind: pending.kind,
        status: pending.delayMs !== null ? 'delayed' : 'scheduled',
        timestamp: pending.createdAt.toISOString(),
        executeAt: pending.executeAt.toISOString(),
        ...(pending.delayMs !== null ? { delayMs: pending.delayMs } : { scheduledTime: pending.scheduledTime }),
      });
    }
    const message = await this.messages.findById(messageId);
    if (!message || message.workspaceId !== workspaceId) return null;
    if (message.status === 'sending') {
      const conversation = await this.conversations.get(message.conversationRef);
      throw new DomainError(
        ErrorCode.Conflict,
        'A request with this Idempotency-Key is still in progress: its message is being delivered; retry after it answers',
        {
          reason: 'idempotency_key_in_progress',
          accepted: true,
          messageId: message.id,
          id: conversation.id,
          conversationId: conversation.conversationId,
        },
      );
    }
    if (message.status === 'failed') {
      const error = message.error ?? {};
      throw new DomainError(ErrorCode.UpstreamFailed, GraphError.fromDetails(error).describe(), {
        ...error,
        messageId: message.id,
        messageStatus: 'failed',
      });
    }
    return { messageId: message.id, status: 'sent', timestamp: message.createdAt.toISOString() };
  }
}
