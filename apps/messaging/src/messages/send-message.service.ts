import { Injectable } from '@nestjs/common';
import { sendMessageRequestSchema, sendTemplateRequestSchema, type ClientUpsert, type RpcReply, type RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode, parseOrThrow } from '@platica/errors';
import { recordEvent, UnitOfWork, type Transaction } from '@platica/platform';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { checkCustomFields, ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { canSendDirectMessage } from '../conversations/conversation-summary';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import type { TemplateSend } from '../graph/graph-payloads';
import { TemplateRepository } from '../templates/template.repository';
import { buildTemplateSend } from '../templates/template-message';
import { checkTypeOnChannel, contactKeyOf, platformName, recipientOf } from './channel-rules';
import { GraphDelivery } from './graph-delivery';
import { normalizeContent, storedForm, type OutboundContent } from './message-content';
import { MessageRepository } from './message.repository';
import { ScheduledMessagesService, type ScheduledSend } from '../scheduled/scheduled-messages.service';
import { timingOf } from '../scheduled/schedule-timing';
import { turnRequested } from '../turns/turn-requested';

export interface SendAnswer {
  messageId: string;
  status: 'sent';
  timestamp: string;
}

/** Campaign attribution of sends that name none (spec: the campaign named `api`). */
export const DEFAULT_CAMPAIGN = 'api';

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
  ) {}

  async send(request: RpcRequest<unknown>): Promise<SendAnswer | RpcReply> {
    const body = parseOrThrow(sendMessageRequestSchema, request.body);
    const timing = timingOf(body);
    const workspaceId = requireWorkspace(request);
    const type = body.type ?? 'text';
    const channel = await this.channel(workspaceId, body.channelId);
    checkTypeOnChannel(channel.platform, type);
    const content = normalizeContent(type, body.content);
    const activeFields = await this.activeFields(workspaceId, body.client);
    const recipient = recipientOf(channel.platform, body.conversationId);
    if (timing) {
      const { delay: _delay, scheduleTime: _scheduleTime, ...now } = body;
      return this.scheduled.schedule(
        request,
        this.scheduledSend('service', channel, recipient, body, now, type, storedForm(content).content, null),
        timing,
      );
    }

    const conversation = await this.conversations.findByContact(channel.id, recipient);
    if (!conversation) {
      if (channel.platform === 'service') throw DomainError.notFound('Conversation', body.conversationId);
      throw new DomainError(
        ErrorCode.Unprocessable,
        channel.platform === 'whatsapp'
          ? 'The customer has not written to this channel: a template is needed to open the conversation'
          : `The customer has not written to this ${platformName(channel.platform)} channel: there is no conversation to send into`,
        { channelId: channel.id, conversationId: recipient, canSendDirectMessage: false },
      );
    }

    if (content.type === 'instruction') {
      // Instructions act on the agent, never reach the customer (spec). `resume` asks the agent
      // runtime for a turn, in the same transaction (a scheduled instruction replays this path).
      const message = await this.unitOfWork.run(async (transaction) => {
        await this.applyClient(transaction, conversation, body.client, activeFields);
        if (content.mode === 'resume') await this.conversations.markResumeRequested(transaction, conversation.id);
        const instruction = await this.messages.insertOutgoing(transaction, {
          conversation,
          role: 'system',
          ...storedForm(content),
          status: 'sent',
          externalId: null,
          ...this.actor(request),
          campaignId: body.campaignId ?? DEFAULT_CAMPAIGN,
          error: null,
        });
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

    await this.refuseBlocked(conversation.clientId);
    if (!canSendDirectMessage(channel.platform, conversation.lastUserMessageAt)) {
      throw new DomainError(
        ErrorCode.Unprocessable,
        channel.platform === 'whatsapp'
          ? "The WhatsApp service window is closed (more than 24 hours since the customer's last message): send a template"
          : `The ${platformName(channel.platform)} messaging window is closed (more than 24 hours since the customer's last message)`,
        { channelId: channel.id, conversationId: recipient, canSendDirectMessage: false },
      );
    }
    return this.deliverAndStore(request, channel, conversation, content, storedForm(content), body.client, activeFields, body.campaignId);
  }

  async sendTemplate(request: RpcRequest<unknown>): Promise<SendAnswer | RpcReply> {
    const body = parseOrThrow(sendTemplateRequestSchema, request.body);
    const timing = timingOf(body);
    const workspaceId = requireWorkspace(request);
    const channel = await this.channel(workspaceId, body.channelId);
    checkTypeOnChannel(channel.platform, 'template');
    const activeFields = await this.activeFields(workspaceId, body.client);
    const recipient = recipientOf(channel.platform, body.conversationId);

    const candidates = (await this.templates.findByName(workspaceId, body.template.name)).filter(
      (t) => body.template.language === undefined || t.language === body.template.language,
    );
    const template = candidates.find((t) => t.channelId === channel.id) ?? candidates[0];
    if (!template) {
      throw new DomainError(
        ErrorCode.Unprocessable,
        `No template "${body.template.name}"${body.template.language ? ` in ${body.template.language}` : ''} in this workspace`,
        {
          template: body.template.name,
        },
      );
    }
    if (template.status !== 'approved') {
      throw new DomainError(ErrorCode.Unprocessable, `The template "${template.name}" is ${template.status}, not approved`, {
        template: template.name,
        status: template.status,
      });
    }
    const { send, text } = buildTemplateSend(template, body.template);
    if (timing) {
      const { delay: _delay, scheduleTime: _scheduleTime, ...now } = body;
      return this.scheduled.schedule(
        request,
        this.scheduledSend('template', channel, recipient, body, now, null, text, template.name),
        timing,
      );
    }

    const existing = await this.clients.findByContactKey(workspaceId, contactKeyOf(channel.platform, recipient));
    if (existing) await this.refuseBlocked(existing.id);
    // A template opens the conversation: the client and the conversation are created when missing.
    const conversation = await this.unitOfWork.run(async (transaction) => {
      const { client } = await this.clients.upsert(
        transaction,
        workspaceId,
        { contactKey: contactKeyOf(channel.platform, recipient), phoneNumber: recipient },
        undefined,
        activeFields,
      );
      return this.conversations.ensure(transaction, channel, {
        conversationId: recipient,
        clientId: client.id,
        phoneNumber: recipient,
        contactName: client.name ?? null,
      });
    });
    const stored = {
      content: text,
      contentType: 'template',
      payload: { template: { id: template.id, name: template.name, language: template.language, components: send.components } },
      files: body.template.file ? [{ url: body.template.file, type: body.template.type ?? template.header?.type ?? 'file' }] : [],
      images: [],
    };
    return this.deliverAndStore(
      request,
      channel,
      conversation,
      { type: 'template', template: send },
      stored,
      body.client,
      activeFields,
      body.campaignId,
    );
  }

  /** What a scheduled send records: where it goes, a safe preview, and the body to replay without its timing. */
  private scheduledSend(
    kind: 'service' | 'template',
    channel: OpenChannel,
    recipient: string,
    body: { campaignId?: string; client?: ClientUpsert },
    now: Record<string, unknown>,
    messageType: string | null,
    preview: string,
    templateName: string | null,
  ): ScheduledSend {
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
      request: now,
    };
  }

  /** Sends through Graph, then stores the message `sent` (or `failed` and answers 502). */
  private async deliverAndStore(
    request: RpcRequest<unknown>,
    channel: OpenChannel,
    conversation: Conversation,
    content: OutboundContent | { type: 'template'; template: TemplateSend },
    stored: ReturnType<typeof storedForm>,
    clientData: ClientUpsert | undefined,
    activeFields: Set<string>,
    campaignId: string | undefined,
  ): Promise<SendAnswer> {
    const { externalId, failure } =
      channel.platform === 'service'
        ? { externalId: null, failure: null }
        : await this.delivery.send(channel, conversation.conversationId, content);
    const message = await this.unitOfWork.run(async (transaction) => {
      await this.applyClient(transaction, conversation, clientData, activeFields);
      return this.messages.insertOutgoing(transaction, {
        conversation,
        role: 'assistant',
        ...stored,
        status: failure ? 'failed' : 'sent',
        externalId,
        ...this.actor(request),
        campaignId: campaignId ?? DEFAULT_CAMPAIGN,
        error: failure ? failure.toDetails() : null,
      });
    });
    if (failure) {
      throw new DomainError(ErrorCode.UpstreamFailed, `Meta's Graph API refused the message: ${failure.message}`, {
        ...failure.toDetails(),
        messageId: message.id,
        messageStatus: 'failed',
      });
    }
    return { messageId: message.id, status: 'sent', timestamp: message.createdAt.toISOString() };
  }

  private async channel(workspaceId: string, ref: string): Promise<OpenChannel> {
    const channel = await this.channels.findForWorkspace(workspaceId, ref);
    if (!channel) throw DomainError.notFound('Channel', ref);
    return channel;
  }

  private async activeFields(workspaceId: string, client: ClientUpsert | undefined): Promise<Set<string>> {
    const active = (await this.customFields.activeKeys([workspaceId])).get(workspaceId) ?? new Set<string>();
    checkCustomFields(client?.customFields, active, ['client', 'customFields']);
    return active;
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

  private async refuseBlocked(clientId: string): Promise<void> {
    const client = await this.clients.findById(clientId);
    if (client?.status === 'blocked') {
      throw new DomainError(ErrorCode.Unprocessable, 'The client is blocked: messages are not sent to blocked contacts', { clientId });
    }
  }

  private actor(request: RpcRequest<unknown>): { actorType: string; actorId: string | null } {
    const { auth } = request;
    if (auth.credentialType === 'oauth_token') return { actorType: 'user', actorId: auth.userId };
    return { actorType: 'api', actorId: auth.principal };
  }
}

export function requireWorkspace(request: RpcRequest<unknown>): string {
  if (!request.workspaceId)
    throw DomainError.validation([{ path: ['workspace'], message: 'name one workspace with ?workspace=<id>' }], 'A workspace is required');
  return request.workspaceId;
}
