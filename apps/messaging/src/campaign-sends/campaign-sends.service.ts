import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  internalOperations,
  type CampaignDeliverAnswer,
  type CampaignDeliverRequest,
  type CampaignDeliveryOutcome,
  type CampaignPrepareAnswer,
  type CampaignRecipientRef,
  type CampaignTemplateSend,
  type OperationRequest,
  type TemplateDescribeAnswer,
} from '@platica/contracts';
import { DomainError, ErrorCode, type FieldIssue } from '@platica/errors';
import { ChannelRepository } from '../channels/channel.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { BatchTransaction } from '../messages/batch-transaction.repository';
import { checkTypeOnChannel, contactKeyOf } from '../messages/channel-rules';
import { CoalescedWrites, unavailableDependency, writeScope } from '@platica/platform';
import type { SendOptions } from '../messages/send-command';
import type { TemplateSendBody } from '../scheduled/schedule-timing';
import type { Message } from '../conversations/message.entity';
import { MessageRepository, type NewOutgoingMessage } from '../messages/message.repository';
import { SendLookups } from '../messages/send-lookups';
import { SendMessageService } from '../messages/send-message.service';
import { UnrecordedOutcomes } from '../messages/unrecorded-outcomes';
import { ScheduledMessageRepository } from '../scheduled/scheduled-message.repository';
import { buildTemplateSend, requireApproved, variableCount } from '../templates/template-message';
import { TemplateRepository } from '../templates/template.repository';
import { CreditService } from '../usage/credit.service';
import { AttemptSlots } from './attempt-slots';
import { CampaignDeliveryRepository } from './campaign-delivery.repository';

/** Sends of one deliver request running at once (the campaigns worker keeps several requests in flight). */
const CONCURRENCY = 25;
/** Attempts between their record and Graph's answer at once, in this process: the most a kill can leave unknown. */
const ATTEMPTS_IN_FLIGHT = 32;

/**
 * Messaging's side of campaign runs: a send checked against the channel and its template
 * before a run is stored, a dated run's messages shown as scheduled ones, and the run's
 * messages sent through the same path as `POST /v1/messages/template`, each recorded before
 * its Graph call so that no recipient gets a run's message twice.
 */
@Injectable()
export class CampaignSendsService {
  private readonly logger = new Logger('campaign-sends');
  /** Messages this process is sending now: a second request for one is answered `retry`. */
  private readonly inFlight = new Set<string>();
  private readonly attemptSlots = new AttemptSlots(ATTEMPTS_IN_FLIGHT);
  /**
   * Attempts of this process whose record's write failed with its outcome unknown (the database
   * went away before answering): whether the record exists is unknown, but no Graph call followed.
   */
  private readonly unsentAttempts = new UnrecordedOutcomes<true>();
  /** The attempt records of concurrent sends, written together: true for each attempt that is the first. */
  private readonly attempts = new CoalescedWrites<{ messageId: string; runId: string; attemptId: string }, boolean>(async (batch) => {
    const first = await this.deliveries.begin(batch);
    // One message listed twice in a write: only its first listing may send.
    return batch.map(({ messageId }) => first.delete(messageId));
  });
  /** Graph's acceptances of concurrent sends, written together. */
  private readonly acceptances = new CoalescedWrites<{ messageId: string; externalId: string }>(async (batch) => {
    await this.deliveries.delivered(batch);
    return batch.map(() => undefined);
  });

  /** The messages of sends that end together, stored together. */
  private readonly storedMessages = new CoalescedWrites<NewOutgoingMessage, Message>((messages) =>
    this.stores.run('store', (transaction) => this.messages.insertOutgoingMany(transaction, messages)),
  );

  constructor(
    private readonly channels: ChannelRepository,
    private readonly templates: TemplateRepository,
    private readonly deliveries: CampaignDeliveryRepository,
    private readonly scheduled: ScheduledMessageRepository,
    private readonly sender: SendMessageService,
    /** The sends' client, conversation and message writes, committed together. */
    private readonly stores: BatchTransaction,
    private readonly messages: MessageRepository,
    private readonly credit: CreditService,
  ) {}

  async describeTemplate(
    request: OperationRequest<typeof internalOperations.messaging.templatesDescribe>,
  ): Promise<TemplateDescribeAnswer> {
    const found = await this.templates.findByName(writeScope(request).id, request.body.name);
    if (!found.length) throw DomainError.notFound('Template', request.body.name);
    return { name: request.body.name, languages: found.map((t) => t.language) };
  }

  /** The send checked as every recipient's message will be (400 on a mismatch), and the blocked part of the audience. */
  async prepare(request: OperationRequest<typeof internalOperations.messaging.campaignsPrepare>): Promise<CampaignPrepareAnswer> {
    const workspaceId = writeScope(request).id;
    // A workspace at its credit limit sends no campaign (402); a run under way has each further message refused (failed).
    await this.credit.requireCredit(workspaceId);
    const { channelId, template: send, audience } = request.body;
    const channel = await this.channels.findForWorkspace(workspaceId, channelId);
    if (!channel) throw DomainError.notFound('Channel', channelId);
    checkTypeOnChannel(channel.platform, 'template');

    const candidates = (await this.templates.findByName(workspaceId, send.name)).filter(
      (t) => send.language === undefined || t.language === send.language,
    );
    const template = candidates.find((t) => t.channelId === channel.id) ?? candidates[0];
    if (!template) {
      throw DomainError.validation(
        [
          {
            path: ['template', 'name'],
            message: `no template "${send.name}"${send.language ? ` in ${send.language}` : ''} in this workspace`,
          },
        ],
        'The template does not exist',
      );
    }
    requireApproved(template);
    buildTemplateSend(template, send);
    const expected = variableCount(template);
    const issues: FieldIssue[] = audience.flatMap((recipient, i) =>
      recipient.params && recipient.params.length !== expected
        ? [
            {
              path: ['audience', i, 'params'],
              message: `the recipient's params count ${recipient.params.length}; the template has ${expected} variable(s)`,
            },
          ]
        : [],
    );
    if (issues.length) throw DomainError.validation(issues, "Recipients' own params do not match the template");

    const keys = new Map(audience.map((r) => [contactKeyOf(channel.platform, normalPhone(r.phoneNumber)), r.phoneNumber]));
    const blocked = await this.deliveries.blocked(workspaceId, [...keys.keys()]);
    return {
      channelId: channel.id,
      legacyChannelRef: channel.id !== channelId,
      templateName: template.name,
      templateLanguage: template.language,
      blocked: blocked.map((key) => keys.get(key)!),
    };
  }

  async schedule(request: OperationRequest<typeof internalOperations.messaging.campaignsSchedule>): Promise<{ scheduled: number }> {
    const body = request.body;
    const bodies = body.items.map(({ recipient }) => sendBody(body, recipient));
    await this.deliveries.schedule(writeScope(request).id, body, bodies, request.auth);
    return { scheduled: body.items.length };
  }

  async deliver(request: OperationRequest<typeof internalOperations.messaging.campaignsDeliver>): Promise<CampaignDeliverAnswer> {
    const items = request.body.items;
    const results: CampaignDeliverAnswer['results'] = new Array(items.length);
    const lookups = new SendLookups();
    const batch: Batch = { lookups, opened: await this.openAhead(writeScope(request).id, request.body, lookups) };
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await this.deliverOne(writeScope(request).id, request.body, items[index]!, batch);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
    this.credit.observe(writeScope(request).id);
    return { results };
  }

  /**
   * The clients and conversations of an immediate batch, opened together before its sends (a
   * dated run's messages may have been cancelled: each of those opens its own when it goes).
   * When that fails, each send opens its own and meets the same error where it belongs.
   */
  private async openAhead(
    workspaceId: string,
    run: CampaignDeliverRequest,
    lookups: SendLookups,
  ): Promise<Map<string, Conversation> | undefined> {
    if (run.scheduled) return undefined;
    const agentForNew = run.agentForNew === 'channel-default' ? undefined : run.agentForNew;
    try {
      return await this.sender.openConversations(
        workspaceId,
        run.channelId,
        run.items.map((item) => normalPhone(item.recipient.phoneNumber)),
        { agentForNew, lookups, transaction: (lane, work) => this.stores.run(lane, work) },
      );
    } catch (error) {
      this.logger.warn({ msg: 'campaign batch: conversations not opened ahead; each send opens its own', error: String(error) });
      return undefined;
    }
  }

  private async deliverOne(
    workspaceId: string,
    run: CampaignDeliverRequest,
    item: { messageId: string; recipient: CampaignRecipientRef; retry: boolean },
    batch: Batch,
  ): Promise<CampaignDeliverAnswer['results'][number]> {
    const { messageId } = item;
    const answer = (outcome: CampaignDeliveryOutcome, error: string | null = null, graphRefused = false) => ({
      messageId,
      outcome,
      error,
      graphRefused,
    });

    if (run.scheduled) {
      const { claimed, status } = await this.deliveries.claimScheduled(messageId);
      if (!claimed && status === 'cancelled') return answer('cancelled', 'The scheduled message was cancelled');
      if (!claimed && status === 'sent') return answer('sent');
      if (!claimed && status === 'failed') return answer('failed', 'The scheduled message failed');
    }

    let delivered: SendOptions['delivered'];
    /** An attempt of this process that recorded this message but never called Graph: this one sends under its record. */
    let unsentRecord: string | null = null;
    if (this.inFlight.has(messageId)) return answer('retry');
    if (item.retry) {
      // Handed over before without an answer: what was recorded decides; Graph is never called twice.
      const stored = await this.sender.storedOutcome(messageId);
      if (stored) return stored === 'sent' ? answer('sent') : answer('failed', 'Meta refused the message', true);
      const record = await this.deliveries.find(messageId);
      if (record?.status === 'failed') return answer('failed', record.error);
      if (record?.status === 'delivered' && record.externalId) delivered = { externalId: record.externalId };
      else if (record?.attemptId && this.unsentAttempts.get(record.attemptId)) unsentRecord = record.attemptId;
      else if (record) return this.unknown(run, messageId, answer);
      // No record: the earlier attempt never reached the Graph call; it is sent now.
    }

    let release = () => {};
    const attemptId = randomUUID();
    const options: SendOptions = {
      messageId,
      delivered,
      agentForNew: run.agentForNew === 'channel-default' ? undefined : run.agentForNew,
      // Recorded right before the Graph call, after every check: only a crash during the call leaves it unknown.
      beforeDelivery: async () => {
        release = await this.attemptSlots.take();
        let recorded: boolean;
        try {
          recorded = unsentRecord
            ? await this.deliveries.takeOver(messageId, unsentRecord, attemptId)
            : await this.attempts.add({ messageId, runId: run.runId, attemptId });
        } catch (error) {
          this.unsentAttempts.set(attemptId, true);
          throw error;
        }
        if (!recorded) throw new AttemptUnderWay();
        if (unsentRecord) this.unsentAttempts.delete(unsentRecord);
      },
      onDelivered: async (externalId) => {
        await this.acceptances.add({ messageId, externalId });
        release();
      },
      transaction: (lane, work) => this.stores.run(lane, work),
      lookups: batch.lookups,
      opened: batch.opened,
      store: (message) => this.storedMessages.add(message),
      ...(run.scheduled
        ? {
            alongside: (transaction, outcome) =>
              this.scheduled.settle(transaction, messageId, { messageId: outcome.message.id, error: outcome.error }),
          }
        : {}),
    };
    this.inFlight.add(messageId);
    try {
      await this.sender.sendTemplateMessage(
        { kind: 'template', workspaceId, actor: { actorType: 'campaign', actorId: run.campaignId }, body: sendBody(run, item.recipient) },
        options,
      );
      return answer('sent');
    } catch (error) {
      if (error instanceof AttemptUnderWay) return answer('retry');
      if (error instanceof DomainError && error.code === ErrorCode.UpstreamFailed) {
        await this.deliveries.failed(messageId, error.message);
        return answer('failed', error.message, true);
      }
      if (error instanceof DomainError && error.status < 500) {
        // Refused by a rule before any Graph call (blocked, channel gone…).
        if (run.scheduled) await this.deliveries.failScheduled(messageId, error.message);
        return answer('failed', error.message);
      }
      this.logger.error({ msg: 'campaign send interrupted', messageId, error: String(error) });
      // The database or NATS is down: whether the attempt was recorded is read when the message
      // is asked about again (`retry`), once it is back; not guessed now.
      if (unavailableDependency(error)) return answer('retry');
      const record = await this.deliveries.find(messageId).catch(() => undefined);
      if (record === undefined) return answer('retry');
      if (record === null) return answer('failed', 'The send failed before reaching Meta');
      if (record?.status === 'delivered') return answer('retry');
      if (record.attemptId && this.unsentAttempts.get(record.attemptId)) return answer('retry');
      return this.unknown(run, messageId, answer);
    } finally {
      release();
      this.inFlight.delete(messageId);
    }
  }

  /** An attempt cut between its record and Graph's answer: counted unknown, never sent again. */
  private async unknown<T>(run: CampaignDeliverRequest, messageId: string, answer: (outcome: 'unknown', error: string) => T): Promise<T> {
    const error = 'An interrupted attempt may or may not have reached Meta: not sent again';
    if (run.scheduled) await this.deliveries.failScheduled(messageId, error);
    return answer('unknown', error);
  }
}

/** What the sends of one deliver request share. */
interface Batch {
  lookups: SendLookups;
  opened: Map<string, Conversation> | undefined;
}

/** Another attempt recorded this message first (a concurrent handler or replica). */
class AttemptUnderWay extends Error {}

function normalPhone(phone: string): string {
  return phone.replace(/^\+/, '');
}

/** A recipient's message as a `POST /v1/messages/template` body: their own params override the send's. */
function sendBody(
  run: { channelId: string; campaignId: string; template: CampaignTemplateSend & { name: string } },
  recipient: CampaignRecipientRef,
): TemplateSendBody {
  const { params, ...template } = run.template;
  const own = recipient.params ?? params;
  return {
    channelId: run.channelId,
    conversationId: normalPhone(recipient.phoneNumber),
    template: { ...template, ...(own ? { params: own } : {}) },
    campaignId: run.campaignId,
  };
}
