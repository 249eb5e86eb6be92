import { Injectable, Logger } from '@nestjs/common';
import { internalOperations, type TurnHistoryItem, type TurnMediaRequest } from '@platica/contracts';
import { ChunkInbox, NatsHandle, RpcClient, serviceRequest } from '@platica/platform';
import { AgentsConfigService } from '../config/agents.config';
import { AttachmentReader } from './attachment-reader';
import { filesToRead, type ReadFiles } from './turn-prompt';

/**
 * The attachments of a turn the model is given whole (spec › Chat rule 5,
 * `enableFileAttachments`): files by URL through AttachmentReader; WhatsApp media through
 * messaging (`turnMedia`), which holds the channel's token, reads them from Graph within
 * PLATICA_ATTACHMENT_MAX_BYTES and sends the bytes in chunks to this turn's inbox. A file that
 * cannot be read is only named; a WhatsApp media's reason is told to the model in one sentence.
 */
@Injectable()
export class TurnFiles {
  private readonly logger = new Logger('turn-files');

  constructor(
    private readonly attachments: AttachmentReader,
    private readonly rpc: RpcClient,
    private readonly nats: NatsHandle,
    private readonly config: AgentsConfigService,
  ) {}

  async read(workspaceId: string, conversationRef: string, history: TurnHistoryItem[]): Promise<ReadFiles> {
    const read: ReadFiles = new Map();
    await Promise.all(
      filesToRead(history).map(async ({ key, url, mediaId }) => {
        try {
          read.set(key, url ? await this.attachments.read(url) : await this.media(workspaceId, conversationRef, mediaId!));
        } catch (error) {
          this.logger.warn({ msg: 'an attachment could not be read: the model is given its name only', key, error: String(error) });
          if (!url) read.set(key, { unreadable: 'it could not be fetched from WhatsApp' });
        }
      }),
    );
    return read;
  }

  private async media(workspaceId: string, conversationRef: string, mediaId: string): Promise<Uint8Array | { unreadable: string }> {
    const { PLATICA_ATTACHMENT_MAX_BYTES: maxBytes, PLATICA_ATTACHMENT_TIMEOUT_MS: timeoutMs } = this.config.values;
    const inbox = new ChunkInbox(this.nats.connection);
    try {
      const body: TurnMediaRequest = { workspaceId, conversationRef, mediaId, maxBytes, timeoutMs, chunksTo: inbox.subject };
      // Graph's answer, then the download: each within its own bound, plus NATS's way there and back.
      const media = await this.rpc.call(
        internalOperations.messaging.turnMedia,
        serviceRequest('agents', workspaceId, body),
        2 * timeoutMs + 5_000,
      );
      if ('unreadable' in media) return media;
      return await inbox.collect(media, timeoutMs);
    } finally {
      inbox.close();
    }
  }
}
