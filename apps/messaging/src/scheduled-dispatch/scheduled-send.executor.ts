import { Injectable, Logger } from '@nestjs/common';
import { DomainError, ErrorCode } from '@platica/errors';
import { actorOf, type SendOptions } from '../messages/send-command';
import { MessagingConfigService } from '../config/messaging.config';
import { SendMessageService } from '../messages/send-message.service';
import { BatchTransaction } from '../messages/batch-transaction.repository';
import { CoalescedWrites } from '@platica/platform';
import { UnrecordedOutcomes } from '../messages/unrecorded-outcomes';
import { InboundEventRepository } from '../inbound/inbound-event.repository';
import { ScheduledMessageRepository, type ClaimedSend } from '../scheduled/scheduled-message.repository';

/** Claims of one message after which it ends `failed` instead of being tried again (each was interrupted). */
const MAX_ATTEMPTS = 5;
/** How soon a send waiting on a customer's unprocessed delivery looks again (the inbound sweep's pace). */
const INBOUND_RECHECK_MS = 2_000;

/**
 * Runs a claimed scheduled send: its stored command goes through the same send path as an
 * immediate one, so the window, a blocked contact and the channel's rules are checked at
 * this moment (spec › Channel rule 5). The message is stored under the scheduled message's
 * id, in the transaction that records the outcome: a send is stored once, even when retried.
 * Graph's acceptance is written down the moment it answers, so a retried claim whose send
 * Graph already took only stores it. A crash inside that instant (Graph took the send, its id
 * not yet written) is covered by Meta's status webhook, which carries the send's id back as
 * `biz_opaque_callback_data` and writes Meta's id down (inbound): an interrupted send is first
 * given SCHEDULED_CONFIRMATION_GRACE_MS for it, and sent again only when none came.
 */
@Injectable()
export class ScheduledSendExecutor {
  private readonly logger = new Logger('scheduled-messages');
  /** Graph acceptances arriving together are written together. */
  private readonly deliveries = new CoalescedWrites<{ id: string; externalId: string }>(async (batch) => {
    await this.repository.recordDeliveries(batch);
    return batch.map(() => undefined);
  });

  /** Graph's acceptances not yet stored with their message: a later claim here stores them without sending again. */
  private readonly accepted = new UnrecordedOutcomes<string>();

  private readonly confirmationGraceMs: number;

  constructor(
    private readonly repository: ScheduledMessageRepository,
    private readonly sender: SendMessageService,
    /** Sends that end together are stored in one transaction. */
    private readonly stores: BatchTransaction,
    private readonly inbound: InboundEventRepository,
    config: MessagingConfigService,
  ) {
    this.confirmationGraceMs = config.values.SCHEDULED_CONFIRMATION_GRACE_MS;
  }

  async run(send: ClaimedSend): Promise<void> {
    if (send.attempts > MAX_ATTEMPTS) {
      await this.repository.markFailed(send.id, `The send was interrupted ${MAX_ATTEMPTS} times: not tried again`);
      return;
    }
    const acceptedAs = send.deliveredExternalId ?? this.accepted.get(send.id);
    if (send.attempts === 2 && !acceptedAs && this.confirmationGraceMs > 0) {
      // The first attempt was interrupted and may have reached Graph: wait for Meta's status webhook.
      await this.repository.awaitConfirmation(send.id, new Date(Date.now() + this.confirmationGraceMs));
      return;
    }
    const context = { workspaceId: send.workspaceId, actor: actorOf(send.actor) };
    const options: SendOptions = {
      messageId: send.id,
      transaction: (lane, work) => this.stores.run(lane, work),
      alongside: (transaction, outcome) =>
        this.repository.settle(transaction, send.id, { messageId: outcome.message.id, error: outcome.error }),
      onDelivered: (externalId) => {
        this.accepted.set(send.id, externalId);
        return this.deliveries.add({ id: send.id, externalId });
      },
      callbackData: send.id,
      delivered: acceptedAs ? { externalId: acceptedAs } : undefined,
    };
    try {
      if (send.kind === 'template') {
        await this.sender.sendTemplateMessage(
          { kind: 'template', ...context, body: send.request as Extract<typeof send.request, { template: unknown }> },
          options,
        );
      } else {
        await this.sender.sendMessage(
          { kind: 'service', ...context, body: send.request as Exclude<typeof send.request, { template: unknown }> },
          options,
        );
      }
      this.accepted.delete(send.id);
    } catch (error) {
      // A rule that fails now (window closed, contact blocked, channel gone) or Meta refusing
      // the message ends it `failed` (a refusal was already recorded with its stored message).
      if (error instanceof DomainError && (error.status < 500 || error.code === ErrorCode.UpstreamFailed)) {
        if (await this.mayStillOpen(error)) {
          await this.repository.deferClaim(send.id, new Date(Date.now() + INBOUND_RECHECK_MS));
          this.logger.log({ msg: "scheduled message waits for the customer's unprocessed delivery", messageId: send.id });
          return;
        }
        this.accepted.delete(send.id);
        await this.repository.markFailed(send.id, error.message);
        this.logger.warn({ msg: 'scheduled message failed', messageId: send.id, error: error.message });
        return;
      }
      // Anything else (the database, a bug): the claim expires and the send is tried again.
      this.logger.error({
        msg: 'scheduled send interrupted: tried again when its claim expires',
        messageId: send.id,
        error: String(error),
      });
    }
  }

  /**
   * A refusal for want of a conversation or an open window is not final while a delivery from
   * that customer to that channel is stored but not yet processed (the processing lags behind,
   * after an outage or a replica's crash): it may open the window. The send waits for it, so
   * `failed` is written only when the answer is certain (issue 51 item 4).
   */
  private async mayStillOpen(refusal: DomainError): Promise<boolean> {
    const details = refusal.details;
    if (typeof details !== 'object' || details === null || Array.isArray(details)) return false;
    const { channelId, conversationId, canSendDirectMessage } = details as Record<string, unknown>;
    if (canSendDirectMessage !== false || typeof channelId !== 'string' || typeof conversationId !== 'string') return false;
    return this.inbound.awaitsProcessing(channelId, conversationId);
  }
}
