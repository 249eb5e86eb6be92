// Over 400 lines: the service-message and template send paths share one lookup cache, the conversation
// opening and the delivery-then-store of a send; apart, each would pass those through the other.
import { Injectable, Logger } from '@nestjs/common';
import {
  internalOperations,
  messagingOperations,
  type ClientUpsert,
  type OperationRequest,
  type PublicOperation,
  type RpcReply,
  type RpcRequest,
} from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import {
  messageSends,
  recordEvent,
  requireWorkspaceUsers,
  RpcClient,
  serviceRequest,
  UnitOfWork,
  writeScope,
  type Transaction,
} from '@platica/platform';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { checkCustomFields, ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { canSendDirectMessage } from '../conversations/conversation-summary';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import type { TemplateSend } from '../graph/graph-payloads';
import { TemplateRepository } from '../templates/template.repository';
import { buildTemplateSend, requireApproved } from '../templates/template-message';
import { checkTypeOnChannel, contactKeyOf, platformName, recipientOf } from './channel-rules';
import type { WriteLane } from './batch-transaction.repository';
import { GraphDelivery } from './graph-delivery';
import { normalizeContent, storedForm, type OutboundContent } from '../graph/message-content';
import { MessageRepository, type NewOutgoingMessage } from './message.repository';
import { ScheduledMessagesService, type ScheduledSend } from '../scheduled/scheduled-messages.service';
import { requestMoment, timingOf } from '../scheduled/schedule-timing';
import { actorOf, type SendActor, type SendCommand, type SendOptions } from './send-command';
import { turnRequested } from '../conversations/domain-events';
import { CreditService } from '../usage/credit.service';
import { Takeovers } from '../conversations/takeovers';
import { MessagingConfigService } from '../config/messaging.config';
import { KeyedSends } from './keyed-sends';

export interface SendAnswer {
  messageId: string;
  status: 'sent';
  timestamp: string;
}

/** Campaign attribution of sends that name none (spec: the campaign named `api`). */
export const DEFAULT_CAMPAIGN = 'api';

/** How long before its route's time limit an API send answers at the latest (the reply's trip back to the gateway). */
const ANSWER_MARGIN_MS = 1_000;

/**
 * The work's answer, or past `deadline` (epoch ms) the error `late` makes: the work goes on, and
 * what it ends with is only logged (its outcome is on record: the stored message).
 */
async function answerWithin<T>(work: Promise<T>, deadline: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}

/**
 * Sends: `POST /v1/messages` and `POST /v1/messages/template`. A send with `delay` or
 * `scheduleTime` is validated like an immediate one, then handed to the scheduler (202);
 * what can only be judged at send time (the conversation, the window, a blocked contact)
 * is judged when it runs (spec › Channel rule 5).
 */
@Injectable()
export class SendMessageService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly channels: ChannelRepository,
    private readonly clients: ClientRepository,
    private readonly conversations: ConversationRepository,
    private readonly customFields: CustomFieldRepository,
    private readonly templates: TemplateRepository,
    private readonly messages: MessageRepository,
    private readonly delivery: GraphDelivery,
    private readonly scheduled: ScheduledMessagesService,
    private readonly rpc: RpcClient,
    private readonly credit: CreditService,
    private readonly takeovers: Takeovers,
    private readonly keyed: KeyedSends,
    private readonly config: MessagingConfigService,
  ) {}

  private readonly logger = new Logger('messages');

  async send(request: OperationRequest<typeof messagingOperations.send>): Promise<SendAnswer | RpcReply> {
    const answerBy = this.answerBy(messagingOperations.send);
    const { delay, scheduleTime, ...body } = request.body;
    const workspaceId = writeScope(request).id;
    const messageId = this.keyed.messageIdOf(request.requestRef);
    // The timing is checked after a keyed repeat is looked up (a retry of a request taken earlier
    // answers what it created), and as of the request's first attempt.
    return this.keyed.once(workspaceId, messageId, async () => {
      const timing = timingOf({ delay, scheduleTime }, requestMoment(request));
      await this.requireReferences(request, workspaceId, body);
      const command = { kind: 'service' as const, workspaceId, actor: actorOf(request.auth), body };
      const answer = await this.sendMessage(
        command,
        timing ? { later: { timing, auth: request.auth }, messageId } : { messageId, claimFirst: { answerBy } },
      );
      if (!timing) this.credit.observe(workspaceId);
      return answer;
    });
  }

  async sendTemplate(request: OperationRequest<typeof messagingOperations.sendTemplate>): Promise<SendAnswer | RpcReply> {
    const answerBy = this.answerBy(messagingOperations.sendTemplate);
    const { delay, scheduleTime, ...body } = request.body;
    const workspaceId = writeScope(request).id;
    const messageId = this.keyed.messageIdOf(request.requestRef);
    // The timing is checked after a keyed repeat is looked up (a retry of a request taken earlier
    // answers what it created), and as of the request's first attempt.
    return this.keyed.once(workspaceId, messageId, async () => {
      const timing = timingOf({ delay, scheduleTime }, requestMoment(request));
      await this.requireReferences(request, workspaceId, body);
      const command = { kind: 'template' as const, workspaceId, actor: actorOf(request.auth), body };
      const answer = await this.sendTemplateMessage(
        command,
        timing ? { later: { timing, auth: request.auth }, messageId } : { messageId, claimFirst: { answerBy } },
      );
      if (!timing) this.credit.observe(workspaceId);
      return answer;
    });
  }

  /**
   * When an API send answers at the latest: before its route's time limit at the gateway (a
   * margin for the trip back), so that a send still at Graph is answered 504 naming its message.
   */
  private answerBy(operation: PublicOperation): number {
    const limit = operation.timeoutMs ?? this.config.values.PLATICA_RPC_TIMEOUT_MS;
    return Date.now() + limit - Math.min(ANSWER_MARGIN_MS, limit / 4);
  }

  /**
   * A validated free-form send: checked, then sent, or with `options.later` accepted for its
   * time (202). A scheduled send runs its stored command through here at its time. A workspace
   * at its credit limit is refused (402) either way, and at a scheduled send's time.
   */
  async sendMessage(command: Extract<SendCommand, { kind: 'service' }>, options: SendOptions = {}): Promise<SendAnswer | RpcReply> {
    const { workspaceId, body, actor } = command;
    await this.credit.requireCredit(workspaceId);
    const type = body.type ?? 'text';
    const channel = await this.channel(workspaceId, body.channelId);
    checkTypeOnChannel(channel.platform, type);
    const content = normalizeContent(type, body.content);
    // Only client data is checked against (and written with) the active custom fields.
    const activeFields = body.client ? await this.activeFields(workspaceId, body.client, options) : new Set<string>();
    const recipient = recipientOf(channel.platform, body.conversationId);
    if (options.later) {
      return this.scheduled.schedule(
        workspaceId,
        options.later.auth,
        this.scheduledSend(command, channel, recipient, type, storedForm(content).content, null),
        options.later.timing,
        options.messageId,
      );
    }

    const found = await this.conversations.findByContactForSend(channel.id, recipient);
    if (!found) {
      if (channel.platform === 'service') throw DomainError.notFound('Conversation', body.conversationId);
      throw new DomainError(
        ErrorCode.Unprocessable,
        channel.platform === 'whatsapp'
          ? 'The customer has not written to this channel: a template is needed to open the conversation'
          : `The customer has not written to this ${platformName(channel.platform)} channel: there is no conversation to send into`,
        { channelId: channel.id, conversationId: recipient, canSendDirectMessage: false },
      );
    }
    const { conversation } = found;

    if (content.type === 'instruction') {
      // Instructions act on the agent, never reach the customer (spec). `resume` asks the agent
      // runtime for a turn, in the same transaction (a scheduled instruction replays this path).
      const message = await this.write(options, 'store', async (transaction) => {
        await this.applyClient(transaction, conversation, body.client, activeFields);
        if (content.mode === 'resume') await this.conversations.markResumeRequested(transaction, conversation.id);
        const instruction = await this.messages.insertOutgoing(transaction, {
          id: options.messageId,
          conversation,
          role: 'system',
          ...storedForm(content),
          status: 'sent',
          externalId: null,
          ...actor,
          campaignId: body.campaignId ?? DEFAULT_CAMPAIGN,
          error: null,
        });
        await options.alongside?.(transaction, { message: instruction, error: null });
        if (content.mode === 'resume') {
          await recordEvent(
            transaction,
            'messaging',
            turnRequested(conversation.workspaceId, { conversationRef: conversation.id, reason: 'resume', messageIds: [instruction.id] }),
          );
        }
        return instruction;
      });
      return { messageId: message.id, status: 'sent', timestamp: message.createdAt.toISOString() };
    }
    if (content.type === 'email') throw new DomainError(ErrorCode.Unprocessable, 'email messages need an email channel', '');

    // Already accepted by Graph in an interrupted attempt: what remains is to store it.
    if (!options.delivered && found.clientBlocked) throw clientBlocked(conversation.clientId);
    if (!options.delivered && !canSendDirectMessage(channel.platform, conversation.lastUserMessageAt)) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.WindowClosed,
        channel.platform === 'whatsapp'
          ? "The WhatsApp service window is closed (more than 24 hours since the customer's last message): send a template"
          : `The ${platformName(channel.platform)} messaging window is closed (more than 24 hours since the customer's last message)`,
        { channelId: channel.id, conversationId: recipient, canSendDirectMessage: false },
      );
    }
    if (!options.delivered) await this.takeOverForPerson(actor, conversation);
    return this.deliverAndStore(actor, channel, conversation, content, storedForm(content), body, activeFields, options);
  }

  /**
   * A validated template send: like sendMessage (402 at the credit limit: a campaign's message
   * is then marked failed), and it opens the conversation when there is none.
   */
  async sendTemplateMessage(
    command: Extract<SendCommand, { kind: 'template' }>,
    options: SendOptions = {},
  ): Promise<SendAnswer | RpcReply> {
    const { workspaceId, body, actor } = command;
    await this.credit.requireCredit(workspaceId);
    const channel = await this.channel(workspaceId, body.channelId);
    checkTypeOnChannel(channel.platform, 'template');
    const activeFields = await this.activeFields(workspaceId, body.client, options);
    const recipient = recipientOf(channel.platform, body.conversationId);

    const named = await this.lookup(options, `template|${workspaceId}|${body.template.name}`, () =>
      this.templates.findByName(workspaceId, body.template.name),
    );
    const candidates = named.filter((t) => body.template.language === undefined || t.language === body.template.language);
    const template = candidates.find((t) => t.channelId === channel.id) ?? candidates[0];
    if (!template) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.TemplateNotFound,
        `No template "${body.template.name}"${body.template.language ? ` in ${body.template.language}` : ''} in this workspace`,
        {
          template: body.template.name,
        },
      );
    }
    requireApproved(template);
    const { send, text } = buildTemplateSend(template, body.template);
    if (options.later) {
      return this.scheduled.schedule(
        workspaceId,
        options.later.auth,
        this.scheduledSend(command, channel, recipient, null, text, template.name),
        options.later.timing,
        options.messageId,
      );
    }

    const conversation =
      options.opened?.get(recipient) ?? (await this.openConversation(workspaceId, channel, recipient, activeFields, options));
    const stored = {
      content: text,
      contentType: 'template',
      payload: { template: { id: template.id, name: template.name, language: template.language, components: send.components } },
      files: body.template.file ? [{ url: body.template.file, type: body.template.type ?? template.header?.type ?? 'file' }] : [],
      images: [],
    };
    if (!options.delivered) await this.takeOverForPerson(actor, conversation);
    return this.deliverAndStore(actor, channel, conversation, { type: 'template', template: send }, stored, body, activeFields, options);
  }

  /**
   * A person's message (an OAuth user's: the console, or an app acting as them) takes the
   * conversation over before it goes out, so the agent never answers beside them; refused (409
   * `conversation_taken`, nothing sent) when another person has it (docs/sending-messages.md ›
   * Who answers). API keys and campaigns send without taking anything over.
   */
  private async takeOverForPerson(actor: SendActor, conversation: Conversation): Promise<void> {
    const actorId = actor.actorId;
    if (actor.actorType !== 'user' || !actorId) return;
    if (conversation.operation === 'assistance' && conversation.operationChangedBy === actorId) return;
    await this.unitOfWork.run(async (transaction) => {
      const locked = await this.conversations.findForUpdate(transaction, [conversation.workspaceId], conversation.id);
      if (locked) await this.takeovers.apply(transaction, locked, { operation: 'assistance', actorId });
    });
  }

  /**
   * The client and conversation of a template send, created when missing (a template opens the
   * conversation). A blocked client is refused before anything is written.
   */
  private async openConversation(
    workspaceId: string,
    channel: OpenChannel,
    recipient: string,
    activeFields: Set<string>,
    options: SendOptions,
  ): Promise<Conversation> {
    const contactKey = contactKeyOf(channel.platform, recipient);
    const existing = await this.clients.findByContactKey(workspaceId, contactKey);
    if (existing?.status === 'blocked' && !options.delivered) throw clientBlocked(existing.id);
    return this.write(options, 'open', async (transaction) => {
      const { client } = await this.clients.upsert(
        transaction,
        workspaceId,
        { contactKey, phoneNumber: recipient },
        undefined,
        activeFields,
      );
      return this.conversations.ensure(transaction, channel, {
        conversationId: recipient,
        clientId: client.id,
        phoneNumber: recipient,
        contactName: client.name ?? null,
        agentId: options.agentForNew === undefined ? channel.defaultAgentId : options.agentForNew,
      });
    });
  }

  /**
   * Opens ahead, for a batch of template sends to one channel (a campaign's deliver request),
   * the clients and conversations they need: the statements of one send's for the whole batch,
   * instead of a transaction per send. A blocked client gets none (its send refuses it). Pass
   * the answer as each send's `opened`.
   */
  async openConversations(
    workspaceId: string,
    channelRef: string,
    conversationIds: string[],
    options: Pick<SendOptions, 'agentForNew' | 'lookups' | 'transaction'>,
  ): Promise<Map<string, Conversation>> {
    const channel = await this.channel(workspaceId, channelRef);
    checkTypeOnChannel(channel.platform, 'template');
    const activeFields = await this.activeFields(workspaceId, undefined, options);
    const recipients = [...new Set(conversationIds.map((id) => recipientOf(channel.platform, id)))];
    return this.write(options, 'open', async (transaction) => {
      const clients = await this.clients.openMany(
        transaction,
        workspaceId,
        recipients.map((recipient) => ({ contactKey: contactKeyOf(channel.platform, recipient), phoneNumber: recipient })),
        activeFields,
      );
      const contacts = recipients.flatMap((recipient) => {
        const { client } = clients.get(contactKeyOf(channel.platform, recipient))!;
        if (client.status === 'blocked') return [];
        const agentId = options.agentForNew === undefined ? channel.defaultAgentId : options.agentForNew;
        return [{ conversationId: recipient, clientId: client.id, phoneNumber: recipient, contactName: client.name ?? null, agentId }];
      });
      const conversations = await this.conversations.ensureMany(transaction, channel, contacts);
      return new Map(conversations.map((conversation) => [conversation.conversationId, conversation]));
    });
  }

  /** A stored message's outcome by its id (a campaign attempt that finds its message already stored). */
  async storedOutcome(messageId: string): Promise<'sent' | 'failed' | null> {
    const message = await this.messages.findById(messageId);
    if (!message) return null;
    return message.status === 'failed' ? 'failed' : 'sent';
  }

  /** What a scheduled send records: where it goes, a safe preview, and the command to run at its time. */
  private scheduledSend(
    command: SendCommand,
    channel: OpenChannel,
    recipient: string,
    messageType: string | null,
    preview: string,
    templateName: string | null,
  ): ScheduledSend {
    const { kind, body } = command;
    return {
      kind,
      channelId: channel.id,
      conversationId: recipient,
      campaignId: body.campaignId ?? DEFAULT_CAMPAIGN,
      messageType,
      templateName,
      preview: preview.slice(0, 200),
      phoneNumber: channel.platform === 'whatsapp' ? recipient : null,
      name: body.client?.name ?? null,
      request: body,
    };
  }

  /** Sends through Graph, then stores the message `sent` (or `failed` and answers 502). */
  private async deliverAndStore(
    actor: SendActor,
    channel: OpenChannel,
    conversation: Conversation,
    content: OutboundContent | { type: 'template'; template: TemplateSend },
    stored: ReturnType<typeof storedForm>,
    { client: clientData, campaignId }: { client?: ClientUpsert; campaignId?: string },
    activeFields: Set<string>,
    options: SendOptions,
  ): Promise<SendAnswer> {
    if (options.claimFirst && !options.delivered && channel.platform !== 'service') {
      return this.claimThenDeliver(actor, channel, conversation, content, stored, { client: clientData, campaignId }, activeFields, {
        ...options,
        claimFirst: options.claimFirst,
      });
    }
    if (!options.delivered && channel.platform !== 'service') await options.beforeDelivery?.();
    const { externalId, failure } = options.delivered
      ? { externalId: options.delivered.externalId, failure: null }
      : channel.platform === 'service'
        ? { externalId: null, failure: null }
        : await this.delivery.send(channel, conversation.conversationId, content, options.callbackData);
    if (externalId !== null && !options.delivered) await options.onDelivered?.(externalId);
    messageSends.inc({ platform: channel.platform, outcome: failure ? 'failed' : 'sent' });
    const refusal = failure ? failure.describe() : null;
    const outgoing: NewOutgoingMessage = {
      id: options.messageId,
      conversation,
      role: 'assistant',
      ...stored,
      status: failure ? 'failed' : 'sent',
      externalId,
      ...actor,
      campaignId: campaignId ?? DEFAULT_CAMPAIGN,
      error: failure ? failure.toDetails() : null,
    };
    // Without client data or a caller's write alongside, the message's insert is the only statement.
    const insertOnly = !clientData && !options.alongside;
    const message =
      insertOnly && options.store
        ? await options.store(outgoing)
        : await this.write(
            options,
            'store',
            async (transaction) => {
              await this.applyClient(transaction, conversation, clientData, activeFields);
              const inserted = await this.messages.insertOutgoing(transaction, outgoing);
              await options.alongside?.(transaction, { message: inserted, error: refusal });
              return inserted;
            },
            { oneStatement: insertOnly },
          );
    if (failure) {
      throw new DomainError(ErrorCode.UpstreamFailed, refusal!, {
        ...failure.toDetails(),
        messageId: message.id,
        messageStatus: 'failed',
      });
    }
    return { messageId: message.id, status: 'sent', timestamp: message.createdAt.toISOString() };
  }

  /**
   * An API send on a Meta channel: its message is stored `sending` (not shown, not counted) before
   * Graph is called, then settled `sent` or `failed` with Graph's answer. So the request is on
   * record while Graph holds it: a retry of it finds the message instead of sending again, and
   * past `answerBy` the request answers 504 naming the message (accepted: the delivery goes on).
   */
  private async claimThenDeliver(
    actor: SendActor,
    channel: OpenChannel,
    conversation: Conversation,
    content: OutboundContent | { type: 'template'; template: TemplateSend },
    stored: ReturnType<typeof storedForm>,
    { client: clientData, campaignId }: { client?: ClientUpsert; campaignId?: string },
    activeFields: Set<string>,
    options: SendOptions & Required<Pick<SendOptions, 'claimFirst'>>,
  ): Promise<SendAnswer> {
    const claimed = await this.unitOfWork.run((transaction) =>
      this.messages.claim(transaction, {
        id: options.messageId,
        conversation,
        role: 'assistant',
        ...stored,
        status: 'sending',
        externalId: null,
        ...actor,
        campaignId: campaignId ?? DEFAULT_CAMPAIGN,
        error: null,
      }),
    );
    const delivered = (async (): Promise<SendAnswer> => {
      // Meta's statuses name the send by its message id: they settle it if this process dies first (unconfirmed-sends.ts).
      const { externalId, failure } = await this.delivery.send(channel, conversation.conversationId, content, claimed.id);
      messageSends.inc({ platform: channel.platform, outcome: failure ? 'failed' : 'sent' });
      const message = await this.unitOfWork.run(async (transaction) => {
        await this.applyClient(transaction, conversation, clientData, activeFields);
        const [claim] = await this.messages.lockClaims(transaction, [claimed.id]);
        // Meta's status came first and settled it.
        if (!claim) return this.messages.get(claimed.id, transaction);
        return this.messages.settle(transaction, claim, conversation, {
          status: failure ? 'failed' : 'sent',
          externalId,
          error: failure ? failure.toDetails() : null,
        });
      });
      if (failure) {
        throw new DomainError(ErrorCode.UpstreamFailed, failure.describe(), {
          ...failure.toDetails(),
          messageId: message.id,
          messageStatus: 'failed',
        });
      }
      return { messageId: message.id, status: 'sent', timestamp: message.createdAt.toISOString() };
    })();
    return answerWithin(delivered, options.claimFirst.answerBy, () => {
      this.logger.warn({ msg: 'a send outlasted its time limit: answered 504, its delivery goes on', messageId: claimed.id });
      return new DomainError(ErrorCode.Timeout, 'Meta did not answer in time: the message was accepted and its delivery goes on', {
        accepted: true,
        messageId: claimed.id,
        id: conversation.id,
        conversationId: conversation.conversationId,
      });
    });
  }

  /** The transaction that stores a send: the caller's (a batch's), or one of its own unless the work is `oneStatement`. */
  private write<T>(
    options: Pick<SendOptions, 'transaction'>,
    lane: WriteLane,
    work: (transaction: Transaction) => Promise<T>,
    { oneStatement = false } = {},
  ): Promise<T> {
    if (options.transaction) return options.transaction(lane, work);
    return oneStatement ? this.unitOfWork.statement(work) : this.unitOfWork.run(work);
  }

  private async channel(workspaceId: string, ref: string): Promise<OpenChannel> {
    const channel = await this.channels.findForWorkspace(workspaceId, ref);
    if (!channel) throw DomainError.notFound('Channel', ref);
    return channel;
  }

  /** What a send names outside messaging must be the workspace's: its campaign (campaigns service), the client's owners (gateway). */
  private async requireReferences(
    request: Pick<RpcRequest, 'auth' | 'workspaceId' | 'requestId'>,
    workspaceId: string,
    body: { campaignId?: string; client?: ClientUpsert },
  ) {
    if (body.client?.owners) await requireWorkspaceUsers(this.rpc, request as RpcRequest, body.client.owners, ['client', 'owners']);
    const campaignId = body.campaignId;
    if (campaignId === undefined || campaignId === DEFAULT_CAMPAIGN) return;
    try {
      await this.rpc.call(internalOperations.campaigns.describe, serviceRequest('messaging', workspaceId, { campaignId }));
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.NotFound) {
        throw DomainError.validation([{ path: ['campaignId'], message: `no campaign of the workspace has the id ${campaignId}` }]);
      }
      throw error;
    }
  }

  private async activeFields(
    workspaceId: string,
    client: ClientUpsert | undefined,
    options: Pick<SendOptions, 'lookups'>,
  ): Promise<Set<string>> {
    const keys = await this.lookup(options, `fields|${workspaceId}`, () => this.customFields.activeKeys([workspaceId]));
    const active = keys.get(workspaceId) ?? new Set<string>();
    checkCustomFields(client?.customFields, active, ['client', 'customFields']);
    return active;
  }

  /** A lookup the batch's other sends share when the caller gives `lookups`; made now otherwise. */
  private lookup<T>(options: Pick<SendOptions, 'lookups'>, key: string, load: () => Promise<T>): Promise<T> {
    return options.lookups ? options.lookups.once(key, load) : load();
  }

  private async applyClient(
    transaction: Transaction,
    conversation: Conversation,
    data: ClientUpsert | undefined,
    activeFields: Set<string>,
  ): Promise<void> {
    if (!data) return;
    const client = await this.clients.get(conversation.clientId, transaction);
    await this.clients.applyData(transaction, client, data, activeFields);
  }
}

function clientBlocked(clientId: string): DomainError {
  return DomainError.refused(
    ErrorCode.Unprocessable,
    DomainReason.ClientBlocked,
    'The client is blocked: messages are not sent to blocked contacts',
    {
      clientId,
    },
  );
}
