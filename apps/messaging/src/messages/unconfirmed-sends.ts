import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork, type Transaction } from '@platica/platform';
import { MessagingConfigService } from '../config/messaging.config';
import { ConversationRepository } from '../conversations/conversation.repository';
import { GraphError } from '../graph/meta-graph.adapter';
import type { MessageStatus } from '../conversations/message.entity';
import { MessageRepository } from './message.repository';

/** How often the sweep looks for sends left `sending`, at most (more often with a shorter UNCONFIRMED_SEND_AFTER_MS). */
const SWEEP_EVERY_MS = 30_000;
/** Sends settled by one sweep transaction (the rest wait for the next pass). */
const SWEEP_BATCH = 100;

/** A send Meta confirmed after the sweep gave up on it: what its `message.status.updated` reports. */
export interface ConfirmedSend {
  id: string;
  workspace_id: string;
  conversation_ref: string;
  channel_id: string;
  status: MessageStatus;
}

/** What `confirm` reads of Meta's status webhooks (inbound's InboundStatus). */
export interface SendStatus {
  channel: { id: string; workspaceId: string };
  externalId: string;
  status: string;
  /** What the send carried as `biz_opaque_callback_data`: an API send's message id, a scheduled send's id. */
  callbackData: string | null;
}

/**
 * API sends left `sending` (issue 51): an immediate send is stored `sending` before Graph is
 * called (send-message.service.ts › claimThenDeliver) and settled with Graph's answer. When
 * messaging dies in between, nothing in it will settle the row; then
 *  - Meta settles it: the send carries its message id as `biz_opaque_callback_data`, and the
 *    `sent` status Meta reports for a send it took names it (`confirm`, in the inbound batch);
 *  - failing that, the sweep marks it `failed` with reason `unconfirmed` once no Graph call could
 *    still be under way and Meta's status had time to come (UNCONFIRMED_SEND_AFTER_MS). It is
 *    never sent again: a send may not reach a customer twice, so an unknown outcome is reported
 *    as one, and a keyed retry answers it (502) instead of 409 for ever. A status arriving after
 *    the sweep still turns it `sent`.
 */
@Injectable()
export class UnconfirmedSends {
  private readonly logger = new Logger('messages');
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> = Promise.resolve();
  private readonly afterMs: number;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly messages: MessageRepository,
    private readonly conversations: ConversationRepository,
    config: MessagingConfigService,
  ) {
    // Never before a live process's Graph call to it could have ended.
    this.afterMs = Math.max(config.values.UNCONFIRMED_SEND_AFTER_MS, config.values.META_GRAPH_TIMEOUT_MS + 5_000);
  }

  start(): void {
    this.sweeper = setInterval(
      () => {
        this.sweeping = this.sweep().catch((error: unknown) =>
          this.logger.warn({ msg: 'the unconfirmed-sends sweep failed: tried again at its next pass', error: String(error) }),
        );
      },
      Math.min(SWEEP_EVERY_MS, this.afterMs / 4),
    );
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.sweeping;
  }

  /**
   * Meta's statuses that name an API send by its callback data, in the inbound batch's
   * transaction: a send still `sending` is settled `sent` under Meta's id (counted and
   * announced, as Graph's answer would have); one the sweep gave up on is `sent` after all
   * (answered, for its `message.status.updated`). Statuses naming anything else change nothing.
   */
  async confirm(transaction: Transaction, statuses: SendStatus[]): Promise<ConfirmedSend[]> {
    const named = new Map<string, SendStatus>();
    for (const status of statuses) if (status.callbackData !== null && status.status !== 'failed') named.set(status.callbackData, status);
    if (!named.size) return [];
    for (const claim of await this.messages.lockClaims(transaction, [...named.keys()])) {
      const status = named.get(claim.id)!;
      if (claim.workspaceId !== status.channel.workspaceId || claim.channelId !== status.channel.id) continue;
      const conversation = await this.conversations.get(claim.conversationRef, transaction);
      await this.messages.settle(transaction, claim, conversation, { status: 'sent', externalId: status.externalId, error: null });
    }
    return this.messages.confirmUnconfirmed(
      transaction,
      [...named].map(([id, s]) => ({ id, workspaceId: s.channel.workspaceId, channelId: s.channel.id, externalId: s.externalId })),
    );
  }

  /** Settles the API sends `sending` for longer than UNCONFIRMED_SEND_AFTER_MS as failed, unconfirmed; answers how many. */
  async sweep(): Promise<number> {
    let settled = 0;
    for (;;) {
      const batch = await this.unitOfWork.run(async (transaction) => {
        const claims = await this.messages.staleApiClaims(transaction, this.afterMs, SWEEP_BATCH);
        const unconfirmed = new GraphError(
          `messaging stopped while Meta's Graph API held the send, and Meta reported no status for it within ${Math.round(this.afterMs / 1000)} s`,
          null,
          null,
          null,
          'unconfirmed',
        ).toDetails();
        for (const claim of claims) {
          const conversation = await this.conversations.get(claim.conversationRef, transaction);
          await this.messages.settle(transaction, claim, conversation, { status: 'failed', externalId: null, error: unconfirmed });
          this.logger.warn({ msg: 'a send left sending was never confirmed by Meta: marked failed, not sent again', messageId: claim.id });
        }
        return claims.length;
      });
      settled += batch;
      if (batch < SWEEP_BATCH) return settled;
    }
  }
}
