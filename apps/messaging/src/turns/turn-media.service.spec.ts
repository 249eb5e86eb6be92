import { createHash } from 'node:crypto';
import type { TurnMediaRequest } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { NatsHandle } from '@platica/platform';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { MediaUnreadable, WhatsAppMedia } from '../graph/whatsapp-media';
import { TurnMediaService } from './turn-media.service';

const whatsapp: OpenChannel = {
  id: 'ch_wa',
  workspaceId: 'ws_1',
  platform: 'whatsapp',
  name: 'Ventas',
  naturalKey: '+5215550100',
  externalId: '111',
  phoneNumber: '+5215550100',
  defaultAgentId: null,
  secrets: { accessToken: 'meta-token', appSecret: 's', verifyToken: 'v' } as OpenChannel['secrets'],
};

/** A conversation on `channel`, WhatsApp media answering `download`, and a NATS connection whose publishes are recorded. */
function world(channel: OpenChannel | null, download: () => Promise<{ mimeType: string; data: Uint8Array }>) {
  const reads: unknown[][] = [];
  const published: { subject: string; data: Uint8Array; chunk: string }[] = [];
  const connection = {
    info: { max_payload: 1024 * 1024 },
    publish: (subject: string, data: Uint8Array, options: { headers: { get: (k: string) => string } }) =>
      void published.push({ subject, data, chunk: options.headers.get('Platica-Chunk') }),
    flush: async () => undefined,
  };
  const built = newTestService(
    TurnMediaService,
    fake(ConversationRepository, {
      findInWorkspace: async (workspaceId, id) =>
        workspaceId === 'ws_1' && id === 'conv_1' ? ({ id, workspaceId, channelId: 'ch_wa' } as Conversation) : null,
    }),
    fake(ChannelRepository, { findById: async (id) => (channel && id === channel.id ? channel : null) }),
    fake(WhatsAppMedia, {
      read: async (...args) => {
        reads.push(args);
        return download();
      },
    }),
    fake(NatsHandle, { connection: connection as never }),
  );
  return { ...built, reads, published };
}

const request: TurnMediaRequest = {
  workspaceId: 'ws_1',
  conversationRef: 'conv_1',
  mediaId: 'media_1',
  maxBytes: 10_000_000,
  timeoutMs: 5_000,
  chunksTo: '_INBOX.turn',
};

describe('TurnMediaService.read', () => {
  it("reads the media with the channel's token and sends its bytes to the turn's inbox, answering type, chunks and hash", async () => {
    const data = new TextEncoder().encode('a picture');
    const { service, reads, published } = world(whatsapp, async () => ({ mimeType: 'image/jpeg', data }));
    const answer = await service.read(request);
    expect(answer).toEqual({ mimeType: 'image/jpeg', chunks: 1, sha256: createHash('sha256').update(data).digest('hex') });
    expect(reads).toEqual([[{ externalId: '111', accessToken: 'meta-token' }, 'media_1', request]]);
    expect(published.map((p) => [p.subject, p.chunk, Buffer.from(p.data).toString()])).toEqual([['_INBOX.turn', '0', 'a picture']]);
  });

  it('answers why the media is unreadable when Meta will not give it, sending nothing', async () => {
    const { service, published } = world(whatsapp, async () => {
      throw new MediaUnreadable('the media is larger than 10000000 bytes');
    });
    expect(await service.read(request)).toEqual({ unreadable: 'the media is larger than 10000000 bytes' });
    expect(published).toEqual([]);
  });

  it('lets any other failure of the download through', async () => {
    const { service } = world(whatsapp, async () => {
      throw new Error('socket hang up');
    });
    await expect(service.read(request)).rejects.toThrow('socket hang up');
  });

  it.each<[string, OpenChannel | null]>([
    ['gone', null],
    ['not WhatsApp', { ...whatsapp, platform: 'facebook' }],
    ['without Meta credentials', { ...whatsapp, secrets: null }],
  ])('answers unreadable, without a download, when the channel is %s', async (_case, channel) => {
    const { service, reads } = world(channel, async () => ({ mimeType: 'x', data: new Uint8Array() }));
    expect(await service.read(request)).toEqual({ unreadable: 'the conversation is not on a WhatsApp channel with Meta credentials' });
    expect(reads).toEqual([]);
  });

  it("answers 404 for another workspace's conversation", async () => {
    const { service, reads } = world(whatsapp, async () => ({ mimeType: 'x', data: new Uint8Array() }));
    const error = await refusal(service.read({ ...request, workspaceId: 'ws_2' }));
    expect([error.code, error.details]).toEqual([ErrorCode.NotFound, expect.objectContaining({ id: 'conv_1' })]);
    expect(reads).toEqual([]);
  });
});
