import { Injectable } from '@nestjs/common';
import { internalOperations, type OperationRequest, type RpcRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { readScope } from '@platica/platform';
import { CHAT_SOURCE, ConversationRepository } from '../conversations/conversation.repository';
import { conversationSummary, messageRecord } from '../conversations/conversation-summary';

/** `GET /v1/chat` and `GET /v1/chat/{id}`, forwarded by the chat service with the gateway's request. */
@Injectable()
export class ChatReadsService {
  constructor(private readonly conversations: ConversationRepository) {}

  /** Chats (`source: api_chat`) of the readable workspaces, whoever created them, latest activity first. */
  async list(request: OperationRequest<typeof internalOperations.messaging.chatList>) {
    const { query } = request;
    const workspaceIds = readScope(request).map((w) => w.id);
    if (!workspaceIds.length) return { chats: [], pagination: { limit: query.limit, offset: query.offset, hasMore: false } };
    const page = await this.conversations.page(
      { workspaceIds, source: CHAT_SOURCE, clientId: query.clientId, agentId: query.agentId },
      { sortBy: 'lastUpdate', sortDirection: 'desc', limit: query.limit, offset: query.offset },
    );
    const now = Date.now();
    return {
      chats: page.items.map((c) => conversationSummary(c, now)),
      pagination: { limit: query.limit, offset: query.offset, hasMore: page.hasMore },
    };
  }

  /** One chat: its summary and its messages (chat shape, chronological, instructions excluded). */
  async get(request: RpcRequest) {
    const id = request.params.id ?? '';
    const conversation = await this.conversations.findById(
      readScope(request).map((w) => w.id),
      id,
    );
    if (!conversation || conversation.source !== CHAT_SOURCE) throw DomainError.notFound('Chat', id);
    const messages = await this.conversations.messagesOf(conversation.id);
    return { ...conversationSummary(conversation), messages: messages.map((m) => messageRecord(m, conversation.platform, false)) };
  }
}
