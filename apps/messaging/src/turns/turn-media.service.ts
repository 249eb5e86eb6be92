import { Injectable } from '@nestjs/common';
import type { TurnMedia, TurnMediaRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { NatsHandle, sendChunks } from '@platica/platform';
import { ChannelRepository } from '../channels/channel.repository';
import { ConversationRepository } from '../conversations/conversation.repository';
import { MediaUnreadable, WhatsAppMedia } from '../graph/whatsapp-media';

/**
 * A WhatsApp media of a conversation for the agent runtime. Read here, where the channel's token
 * is, and sent on in chunks over NATS (platform › chunked-bytes): the token never leaves
 * messaging, a 10 MB file fits NATS's 1 MiB messages, and nothing is stored on the way.
 */
@Injectable()
export class TurnMediaService {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly channels: ChannelRepository,
    private readonly media: WhatsAppMedia,
    private readonly nats: NatsHandle,
  ) {}

  async read(request: TurnMediaRequest): Promise<TurnMedia> {
    const conversation = await this.conversations.findInWorkspace(request.workspaceId, request.conversationRef);
    if (!conversation) throw DomainError.notFound('Conversation', request.conversationRef);
    const channel = await this.channels.findById(conversation.channelId);
    if (channel?.platform !== 'whatsapp' || !channel.secrets || !channel.externalId) {
      return { unreadable: 'the conversation is not on a WhatsApp channel with Meta credentials' };
    }
    try {
      const { mimeType, data } = await this.media.read(
        { externalId: channel.externalId, accessToken: channel.secrets.accessToken },
        request.mediaId,
        request,
      );
      return { mimeType, ...(await sendChunks(this.nats.connection, request.chunksTo, data)) };
    } catch (error) {
      if (error instanceof MediaUnreadable) return { unreadable: error.message };
      throw error;
    }
  }
}
