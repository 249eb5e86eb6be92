import { Injectable } from '@nestjs/common';
import type {
  ChatAccepted,
  ChatAcceptRequest,
  ChatClient,
  ChatPrepared,
  ChatPrepareRequest,
  ChatRejectRequest,
  ChatOutcomeRequest,
  ChatRequestOutcome,
  ClientUpsert,
} from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { recordEvent, UnitOfWork, type Transaction } from '@platica/platform';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import type { Client } from '../clients/client.entity';
import { checkCustomFields, ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { conversationStatusUpdated } from '../conversations/domain-events';
import { CustomFieldRepository } from '../custom-fields/custom-field.repository';
import type { Message } from '../conversations/message.entity';
import { MessageRepository } from '../messages/message.repository';
import { CreditService } from '../usage/credit.service';
import { chatMessageContent } from './chat-message';

/** An accepted request, with the thread, channel and client its transaction read (a repeat reads the thread only). */
export interface AcceptedThread {
  accepted: ChatAccepted;
  read: { thread: Conversation; channel?: OpenChannel; client?: Client };
}

/** What accepting and preparing share: the internal channel, the thread (when it exists) and the resolved client. */
interface ResolvedThread {
  channel: OpenChannel;
  thread: Conversation | null;
  client: Client;
}

/**
 * Chat threads as the chat service writes them (spec › Chat with an agent): the client resolved
 * (rules 2-4), the thread created, reactivated (rule 6) or given another principal agent, and the
 * user's message stored. Each call is one transaction: a refused request writes nothing.
 */
@Injectable()
export class ChatThreadsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly channels: ChannelRepository,
    private readonly clients: ClientRepository,
    private readonly conversations: ConversationRepository,
    private readonly customFields: CustomFieldRepository,
    private readonly messages: MessageRepository,
    private readonly credit: CreditService,
  ) {}

  /** A workspace at its credit limit gets no chat turn (402; a scheduled one is refused when it comes). */
  async accept(request: ChatAcceptRequest): Promise<AcceptedThread> {
    await this.credit.requireCredit(request.workspaceId);
    const activeFields = await this.activeFields(request.workspaceId, request.client);
    return this.unitOfWork.run(async (transaction) => {
      await this.messages.lockId(transaction, request.requestMessageId);
      const stored = await this.messages.findById(request.requestMessageId, transaction);
      if (stored) return this.alreadyAccepted(transaction, request, stored);

      const { channel, thread: found, client } = await this.resolve(transaction, request, activeFields);
      let reactivated = false;
      let agentChanged = false;
      let thread: Conversation;
      if (!found) {
        thread = await this.conversations.createChatThread(transaction, channel, {
          id: request.documentId,
          conversationId: request.conversationId,
          clientId: client.id,
          agentId: request.agentId!,
          contactName: displayName(client),
          phoneNumber: client.phoneNumber ?? null,
        });
      } else {
        thread = found;
        const previousStatus = thread.status;
        reactivated = previousStatus === 'finished' || previousStatus === 'expired';
        agentChanged = request.agentId !== null && request.agentId !== thread.agentId;
        if (reactivated || agentChanged) {
          await this.conversations.update(transaction, thread, {
            ...(reactivated ? { status: 'active' as const } : {}),
            ...(agentChanged ? { agentId: request.agentId } : {}),
          });
        }
        if (reactivated) {
          await recordEvent(transaction, 'messaging', conversationStatusUpdated(thread, previousStatus));
        }
      }
      await this.messages.insert(transaction, {
        id: request.requestMessageId,
        conversation: thread,
        role: 'user',
        direction: 'incoming',
        ...chatMessageContent(request.message, request.attachments),
        status: 'received',
        externalId: null,
        actorType: 'customer',
        actorId: request.actorId,
        campaignId: null,
        error: null,
      });
      return { accepted: accepted(thread, request.requestMessageId, reactivated, agentChanged), read: { thread, channel, client } };
    });
  }

  /** A scheduled turn's acceptance: the client resolved and the thread checked; nothing else is written until it runs. */
  async prepare(request: ChatPrepareRequest): Promise<ChatPrepared> {
    await this.credit.requireCredit(request.workspaceId);
    const activeFields = await this.activeFields(request.workspaceId, request.client);
    return this.unitOfWork.run(async (transaction) => {
      const { thread, client } = await this.resolve(transaction, { ...request, clientId: null }, activeFields);
      return {
        id: thread?.id ?? request.documentId,
        conversationId: request.conversationId,
        clientId: client.id,
        agentId: request.agentId ?? thread?.agentId ?? '',
      };
    });
  }

  /**
   * A scheduled turn refused when it came (its agent deactivated, its thread changed): the
   * user's message is stored `failed` with the reason, on its thread (created if it is the
   * first turn), so `GET /v1/chat/{id}` shows what became of it. Idempotent on the message id.
   */
  async reject({ request, error }: ChatRejectRequest): Promise<{ id: string | null }> {
    return this.unitOfWork.run(async (transaction) => {
      await this.messages.lockId(transaction, request.requestMessageId);
      const stored = await this.messages.findById(request.requestMessageId, transaction);
      if (stored) return { id: stored.conversationRef };
      const channel = await this.channels.findInternalChannel(request.workspaceId);
      let thread = channel ? await this.conversations.findChatThread(transaction, channel.id, request.conversationId) : null;
      if (!thread) {
        const client = request.clientId ? await this.clients.findInWorkspace(request.workspaceId, request.clientId, transaction) : null;
        // Without its client or agent there is no thread to show it on (the refusal is logged by the caller).
        if (!channel || !client || !request.agentId) return { id: null };
        thread = await this.conversations.createChatThread(transaction, channel, {
          id: request.documentId,
          conversationId: request.conversationId,
          clientId: client.id,
          agentId: request.agentId,
          contactName: displayName(client),
          phoneNumber: client.phoneNumber ?? null,
        });
      }
      await this.messages.insert(transaction, {
        id: request.requestMessageId,
        conversation: thread,
        role: 'user',
        direction: 'incoming',
        ...chatMessageContent(request.message, request.attachments),
        status: 'failed',
        externalId: null,
        actorType: 'customer',
        actorId: request.actorId,
        campaignId: null,
        error: { code: error.code, message: error.message },
      });
      return { id: thread.id };
    });
  }

  /**
   * What became of a chat request whose message id was chosen from its reference (a keyed
   * request, retried past the gateway's record of the key): null when it was never accepted.
   */
  async outcomeOf(request: ChatOutcomeRequest): Promise<{ outcome: ChatRequestOutcome | null }> {
    const stored = await this.messages.findById(request.requestMessageId);
    if (!stored || stored.workspaceId !== request.workspaceId || stored.role !== 'user') return { outcome: null };
    const thread = await this.conversations.get(stored.conversationRef);
    const answers = await this.messages.repliesTo(stored);
    // A turn that ended without a reply stored a failed message with its reason (the runtime's recordTurnFailure).
    const replies = answers.filter((reply) => reply.status !== 'failed');
    const failed = replies.length ? undefined : answers.find((reply) => reply.status === 'failed');
    return {
      outcome: {
        accepted: accepted(thread, stored.id, false, false),
        replies: replies.map(({ id, content, contentType }) => ({ id, content, contentType })),
        failure: failed ? failureOf(failed.error) : null,
        completedAt: (replies.at(-1) ?? failed)?.createdAt.toISOString() ?? null,
      },
    };
  }

  /** The request's message is stored: the thread as it is now, nothing written. */
  private async alreadyAccepted(transaction: Transaction, request: ChatAcceptRequest, stored: Message): Promise<AcceptedThread> {
    if (stored.workspaceId !== request.workspaceId || stored.role !== 'user') {
      throw new DomainError(ErrorCode.Conflict, 'The request message id is already used by another message', {
        requestMessageId: request.requestMessageId,
      });
    }
    const thread = await this.conversations.get(stored.conversationRef, transaction);
    return { accepted: accepted(thread, stored.id, false, false), read: { thread } };
  }

  private async resolve(
    transaction: Transaction,
    request: Pick<ChatAcceptRequest, 'workspaceId' | 'conversationId' | 'agentId' | 'client' | 'clientId'>,
    activeFields: Set<string>,
  ): Promise<ResolvedThread> {
    const channel = await this.channels.findInternalChannel(request.workspaceId);
    if (!channel) {
      throw new DomainError(ErrorCode.Unprocessable, 'The workspace has no internal channel: chats are stored on it', {
        workspaceId: request.workspaceId,
      });
    }
    const thread = await this.conversations.findChatThread(transaction, channel.id, request.conversationId);
    if (!thread && request.agentId === null) throw DomainError.notFound('Chat', request.conversationId);
    const client = thread
      ? await this.threadClient(transaction, thread, request.client, request.clientId, activeFields)
      : await this.newThreadClient(transaction, request.workspaceId, request.client, request.clientId, activeFields);
    // A blocked client (by hand, or by the guardrails' strikes) gets no agent turn: refused before anything is written.
    if (client.status === 'blocked') {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.ClientBlocked,
        'The client is blocked: agents do not chat with blocked contacts',
        {
          clientId: client.id,
        },
      );
    }
    return { channel, thread, client };
  }

  /** Rule 3: later turns may update the thread's client, never replace it. */
  private async threadClient(
    transaction: Transaction,
    thread: Conversation,
    data: ChatClient | null,
    clientId: string | null,
    activeFields: Set<string>,
  ): Promise<Client> {
    const replaced = [
      ...(data?.id !== undefined && data.id !== thread.clientId ? [{ path: ['client', 'id'], value: data.id }] : []),
      ...(clientId !== null && clientId !== thread.clientId ? [{ path: ['clientId'], value: clientId }] : []),
    ];
    if (replaced.length) {
      throw new DomainError(
        ErrorCode.Conflict,
        "The chat's client cannot be replaced: omit client.id or send the thread's own",
        replaced.map(({ path, value }) => ({
          path,
          message: `the thread's client is ${thread.clientId}, not ${value}`,
          value,
          clientId: thread.clientId,
        })),
      );
    }
    const client = await this.clients.get(thread.clientId, transaction);
    if (data) await this.applyClient(transaction, client, data, activeFields);
    return client;
  }

  /** Rule 2: a new thread's client is looked up by id, email and phone number, reused or created. */
  private async newThreadClient(
    transaction: Transaction,
    workspaceId: string,
    data: ChatClient | null,
    clientId: string | null,
    activeFields: Set<string>,
  ): Promise<Client> {
    if (clientId !== null) {
      // Resolved when the turn was scheduled.
      const client = await this.clients.findInWorkspace(workspaceId, clientId, transaction);
      if (!client) throw DomainError.notFound('Client', clientId);
      return client;
    }
    if (!data) throw DomainError.validation([{ path: ['client'], message: 'required when starting a chat' }]);
    const phoneNumber = data.phoneNumber?.replace(/^\+/, '');
    if (data.id === undefined && data.email === undefined && phoneNumber === undefined) {
      throw DomainError.validation([{ path: ['client'], message: 'when starting a chat, client needs its id, email or phoneNumber' }]);
    }
    const matches = await this.clients.matchIdentifiers(transaction, workspaceId, { id: data.id, email: data.email, phoneNumber });
    if (data.id !== undefined && !matches.find((m) => m.field === 'id')?.client) {
      throw new DomainError(ErrorCode.NotFound, 'Client not found', [
        { path: ['client', 'id'], message: `no client of the workspace has the id ${data.id}` },
      ]);
    }
    const matched = new Set(matches.flatMap((m) => (m.client ? [m.client.id] : [])));
    if (matched.size > 1) {
      throw new DomainError(
        ErrorCode.Conflict,
        "The client's identifiers point to different clients",
        matches.map((m) => ({
          path: ['client', m.field],
          message: m.client ? `matches client ${m.client.id}` : 'matches no client',
          value: m.value,
          clientId: m.client?.id ?? null,
        })),
      );
    }
    const match = matches.find((m) => m.client)?.client;
    if (match) {
      await this.applyClient(transaction, match, data, activeFields);
      return match;
    }
    const contactKey = phoneNumber ?? `email:${data.email!.toLowerCase()}`;
    const { client } = await this.clients.upsert(
      transaction,
      workspaceId,
      { contactKey, phoneNumber: phoneNumber ?? null },
      upsertOf(data),
      activeFields,
    );
    return client;
  }

  /** The request's fields update the client (custom fields merged key by key; a missing phone number filled). */
  private async applyClient(transaction: Transaction, client: Client, data: ChatClient, activeFields: Set<string>): Promise<void> {
    await this.clients.applyData(transaction, client, upsertOf(data), activeFields);
    const phoneNumber = data.phoneNumber?.replace(/^\+/, '');
    if (phoneNumber) await this.clients.fillPhoneNumber(transaction, client, phoneNumber);
  }

  /** Rule 4, checked before anything is written; a request without client data (a thread's next turn) writes no client fields. */
  private async activeFields(workspaceId: string, client: ChatClient | null): Promise<Set<string>> {
    if (!client) return new Set();
    const active = (await this.customFields.activeKeys([workspaceId])).get(workspaceId) ?? new Set<string>();
    checkCustomFields(client?.customFields, active, ['client', 'customFields']);
    return active;
  }
}

function accepted(thread: Conversation, requestMessageId: string, reactivated: boolean, agentChanged: boolean): ChatAccepted {
  return {
    id: thread.id,
    conversationId: thread.conversationId,
    clientId: thread.clientId,
    agentId: thread.agentId ?? '',
    requestMessageId,
    reactivated,
    agentChanged,
  };
}

/** The client fields the upsert takes (`id` and `phoneNumber` identify; they are not profile data). */
function upsertOf(client: ChatClient): ClientUpsert {
  const { id: _id, phoneNumber: _phoneNumber, ...profile } = client;
  return profile;
}

function displayName(client: Client): string | null {
  return client.name ?? ([client.firstname, client.lastname].filter(Boolean).join(' ') || null);
}

/** A failed turn's stored reason, as the turn's outcome gave it. */
function failureOf(error: Record<string, unknown> | null): { code: string; message: string } {
  const text = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise);
  return { code: text(error?.code, 'turn_failed'), message: text(error?.message, 'the turn ended without a reply') };
}
