import { Injectable, Logger } from '@nestjs/common';
import type { MessageMedia, MessageMediaRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { NatsHandle, sendChunks } from '@platica/platform';
import { ChannelRepository } from '../channels/channel.repository';
import { MessagingConfigService } from '../config/messaging.config';
import type { Message } from '../conversations/message.entity';
import { mediaUrlProblem } from '../graph/meta-media-origin';
import { MediaUnreadable, WhatsAppMedia } from '../graph/whatsapp-media';
import { MessageRepository } from '../messages/message.repository';

/** A media as stored with its message: a WhatsApp media id, or a Messenger / Instagram attachment's URL. */
export interface StoredMedia {
  mediaId?: string;
  url?: string;
  mimeType?: string;
  filename?: string;
}

/**
 * A stored message's media for the gateway's media route (docs/receiving-from-meta.md ›
 * Customer media). Looked up by message, in the caller's workspace (never by a free media id),
 * read here, where the channel's token is, and sent on in chunks over NATS (platform ›
 * chunked-bytes): the token and Meta's URLs never leave messaging.
 */
@Injectable()
export class MessageMediaService {
  private readonly logger = new Logger(MessageMediaService.name);

  constructor(
    private readonly messages: MessageRepository,
    private readonly channels: ChannelRepository,
    private readonly media: WhatsAppMedia,
    private readonly nats: NatsHandle,
    private readonly config: MessagingConfigService,
  ) {}

  async read(workspaceId: string, request: MessageMediaRequest): Promise<MessageMedia> {
    const message = await this.messages.findInConversation(workspaceId, request.conversationRef, request.messageId);
    if (!message) throw DomainError.notFound('Message', request.messageId);
    const stored = storedMediaOf(message, this.config.values.META_GRAPH_BASE_URL)[request.index];
    if (!stored) {
      throw new DomainError(ErrorCode.NotFound, request.index === 0 ? 'The message has no media' : `The message has no media at index ${request.index}`, {
        messageId: message.id,
        index: request.index,
      });
    }
    const limits = { maxBytes: request.maxBytes, timeoutMs: request.timeoutMs };
    try {
      const { mimeType, data } = stored.mediaId
        ? await this.media.read(await this.whatsAppChannel(message), stored.mediaId, limits)
        : await this.media.readUrl(stored.url!, limits);
      const sent = await sendChunks(this.nats.connection, request.chunksTo, data);
      return { mimeType, filename: stored.filename ?? null, size: data.length, ...sent };
    } catch (error) {
      if (!(error instanceof MediaUnreadable)) throw error;
      this.logger.warn({ msg: 'a message media could not be had', messageId: message.id, kind: error.kind, reason: error.message });
      throw publicError(error, { messageId: message.id, index: request.index, limitBytes: request.maxBytes });
    }
  }

  private async whatsAppChannel(message: Message): Promise<{ externalId: string; accessToken: string }> {
    const channel = await this.channels.findById(message.channelId);
    if (channel?.platform !== 'whatsapp' || !channel.secrets || !channel.externalId) {
      throw new DomainError(ErrorCode.Unprocessable, "The message's channel has no WhatsApp credentials to fetch its media with", {
        messageId: message.id,
      });
    }
    return { externalId: channel.externalId, accessToken: channel.secrets.accessToken };
  }
}

/**
 * The media a message holds, in order: WhatsApp's one media (`payload.media`), else the
 * message's images then files; a URL only when it is Meta's (meta-media-origin.ts), so an
 * outgoing message's link to anywhere else is never fetched.
 */
export function storedMediaOf(message: Pick<Message, 'payload' | 'images' | 'files'>, graphBaseUrl: string): StoredMedia[] {
  const single = message.payload?.media as Record<string, unknown> | undefined;
  const candidates = typeof single?.mediaId === 'string' ? [single] : [...(message.images ?? []), ...(message.files ?? [])];
  return candidates.flatMap((entry): StoredMedia[] => {
    const text = (key: string) => (typeof entry[key] === 'string' && entry[key] !== '' ? (entry[key] as string) : undefined);
    const media = { mediaId: text('mediaId'), url: text('url'), mimeType: text('mimeType'), filename: text('filename') };
    if (media.mediaId) return [{ ...media, url: undefined }];
    if (media.url && mediaUrlProblem(media.url, graphBaseUrl) === null) return [media];
    return [];
  });
}

/** The spec's error for a media that could not be had; Meta's URL and the reason's details stay in the log. */
function publicError(error: MediaUnreadable, details: { messageId: string; index: number; limitBytes: number }): DomainError {
  const { messageId, index, limitBytes } = details;
  switch (error.kind) {
    case 'gone':
      return new DomainError(
        ErrorCode.Gone,
        'The media can no longer be had: Meta no longer keeps it (WhatsApp keeps a customer’s media for 30 days)',
        { messageId, index, provider: 'meta' },
      );
    case 'too_large':
      return new DomainError(ErrorCode.Unprocessable, `The media is larger than the ${limitBytes} bytes this installation serves`, {
        messageId,
        index,
        limitBytes,
      });
    case 'failed':
      return new DomainError(
        ErrorCode.UpstreamFailed,
        error.status === undefined
          ? 'Meta could not be reached for the media; try again later'
          : `Meta refused the media (status ${error.status})`,
        { messageId, index, provider: 'meta', ...(error.status === undefined ? {} : { status: error.status }) },
      );
  }
}
