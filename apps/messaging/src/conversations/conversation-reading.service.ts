import { Injectable } from '@nestjs/common';
import { messagingOperations, type OperationRequest, type RpcRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { readScope, recordEvent, RpcClient, UnitOfWork, writeScope } from '@platica/platform';
import { filtersFingerprint, PageTokens } from '../paging/page-token';
import { ConversationRepository } from './conversation.repository';
import { ConversationReadingRepository } from './conversation-reading.repository';
import { messageRecord } from './conversation-summary';
import { conversationRead } from './domain-events';
import { workspacePeople } from './workspace-people';

const DEFAULT_MESSAGES = 50;

/**
 * `GET /v1/conversations/{id}/messages`, `POST /v1/conversations/{id}/read`,
 * `GET /v1/conversations/counts` (docs/sending-messages.md › Reading a conversation, Unread, Counts).
 */
@Injectable()
export class ConversationReading {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly reading: ConversationReadingRepository,
    private readonly pageTokens: PageTokens,
    private readonly rpc: RpcClient,
  ) {}

  /** The conversation's messages from the newest, a page at a time; a page token is bound to the conversation and `limit`. */
  async messages(request: OperationRequest<typeof messagingOperations.conversationsMessages>) {
    const id = request.params.id ?? '';
    const conversation = await this.conversations.findById(
      readScope(request).map((w) => w.id),
      id,
    );
    if (!conversation) throw DomainError.notFound('Conversation', id);
    const limit = request.query.limit ?? DEFAULT_MESSAGES;
    const fingerprint = filtersFingerprint({ conversation: conversation.id, limit });
    const before =
      request.query.pageToken !== undefined ? this.pageTokens.decode('messages', request.query.pageToken, fingerprint) : undefined;
    const page = await this.reading.messagesPage(conversation.id, limit, before);
    const emails = page.items.some((m) => m.actorType === 'user') ? await this.emails(conversation.workspaceId) : new Map<string, string>();
    return {
      conversationId: conversation.id,
      messages: page.items.map((m) => messageRecord(m, conversation.platform, true, emails)),
      nextPageToken: page.last ? this.pageTokens.encode('messages', fingerprint, page.last) : null,
    };
  }

  /** The signed-in person read the conversation: their marker moves to its latest customer message, and their other tabs hear it. */
  async read(request: OperationRequest<typeof messagingOperations.conversationsRead>) {
    const userId = personOf(request.auth);
    const id = request.params.id ?? '';
    return this.unitOfWork.run(async (transaction) => {
      const conversation = await this.conversations.findInWorkspace(writeScope(request).id, id, transaction);
      if (!conversation) throw DomainError.notFound('Conversation', id);
      const readAt = (await this.reading.markRead(transaction, conversation, userId)).toISOString();
      await recordEvent(
        transaction,
        'messaging',
        conversationRead(conversation.workspaceId, { conversationId: conversation.id, userId, readAt }),
      );
      return { conversationId: conversation.id, userId, readAt, unreadCount: 0 };
    });
  }

  /** The sidebar's counts for each readable workspace. */
  async counts(request: OperationRequest<typeof messagingOperations.conversationsCounts>) {
    const workspaces = readScope(request);
    const userId = request.auth.credentialType === 'oauth_token' ? (request.auth.userId ?? null) : null;
    const counts = await this.reading.counts(
      workspaces.map((w) => w.id),
      userId,
    );
    const none = {
      states: { ai: 0, waiting: 0, human: 0, closed: 0 },
      views: { mine: userId ? 0 : null, unassigned: 0, all: 0 },
      unread: userId ? 0 : null,
    };
    return { workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, counts: counts.get(w.id) ?? none })) };
  }

  /** The workspace's users' emails by id, to name the people who wrote; ids only when the gateway does not answer. */
  private async emails(workspaceId: string): Promise<Map<string, string>> {
    try {
      return new Map((await workspacePeople(this.rpc, workspaceId)).map((u) => [u.id, u.email]));
    } catch {
      return new Map();
    }
  }
}

/** The signed-in person a read marker is theirs: an API key has none. */
function personOf(auth: RpcRequest['auth']): string {
  if (auth.credentialType !== 'oauth_token' || !auth.userId) {
    throw DomainError.validation([{ path: ['credential'], message: 'a read marker is a signed-in person’s: an API key has none' }]);
  }
  return auth.userId;
}
