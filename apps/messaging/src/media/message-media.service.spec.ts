import { createHash } from 'node:crypto';
import type { MessageMediaRequest } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { NatsHandle } from '@platica/platform';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import { MessagingConfigService } from '../config/messaging.config';
import type { Message } from '../conversations/message.entity';
import { MediaUnreadable, WhatsAppMedia } from '../graph/whatsapp-media';
import { MessageRepository } from '../messages/message.repository';
import { MessageMediaService, storedMediaOf } from './message-media.service';

const GRAPH = 'http://127.0.0.1:4010/v21.0';

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

const document = {
  id: 'msg_1',
  workspaceId: 'ws_1',
  conversationRef: 'conv_1',
  channelId: 'ch_wa',
  payload: { media: { mediaId: 'media_1', mimeType: 'application/pdf', filename: 'factura.pdf' } },
  images: [],
  files: [{ mediaId: 'media_1', mimeType: 'application/pdf', filename: 'factura.pdf', type: 'file' }],
} as unknown as Message;

/** One stored message, WhatsApp media answering `download`, and a NATS connection whose publishes are recorded. */
function world(message: Message, download: () => Promise<{ mimeType: string; data: Uint8Array }>, channel: OpenChannel = whatsapp) {
  const reads: unknown[][] = [];
  const published: { subject: string; data: Uint8Array }[] = [];
  const connection = {
    info: { max_payload: 1024 * 1024 },
    publish: (subject: string, data: Uint8Array) => void published.push({ subject, data }),
    flush: async () => undefined,
  };
  const built = newTestService(
    MessageMediaService,
    fake(MessageRepository, {
      findInConversation: async (workspaceId, conversationRef, id) =>
        workspaceId === message.workspaceId && conversationRef === message.conversationRef && id === message.id ? message : null,
    }),
    fake(ChannelRepository, { findById: async (id) => (id === channel.id ? channel : null) }),
    fake(WhatsAppMedia, {
      read: async (...args) => {
        reads.push(['read', ...args]);
        return download();
      },
      readUrl: async (...args) => {
        reads.push(['readUrl', ...args]);
        return download();
      },
    }),
    fake(NatsHandle, { connection: connection as never }),
    fake(MessagingConfigService, { values: { META_GRAPH_BASE_URL: GRAPH } as MessagingConfigService['values'] }),
  );
  return { ...built, reads, published };
}

const request: MessageMediaRequest = {
  conversationRef: 'conv_1',
  messageId: 'msg_1',
  index: 0,
  maxBytes: 16_000_000,
  timeoutMs: 5_000,
  chunksTo: '_INBOX.media',
};

describe('MessageMediaService.read', () => {
  it("reads a WhatsApp media by the stored id with the channel's token and sends its bytes in chunks", async () => {
    const data = new TextEncoder().encode('%PDF-1.4');
    const { service, reads, published } = world(document, async () => ({ mimeType: 'application/pdf', data }));
    expect(await service.read('ws_1', request)).toEqual({
      mimeType: 'application/pdf',
      filename: 'factura.pdf',
      size: data.length,
      chunks: 1,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    expect(reads).toEqual([['read', { externalId: '111', accessToken: 'meta-token' }, 'media_1', { maxBytes: 16_000_000, timeoutMs: 5_000 }]]);
    expect(published.map((p) => [p.subject, Buffer.from(p.data).toString()])).toEqual([['_INBOX.media', '%PDF-1.4']]);
  });

  it("is 404 for another workspace's message, for a message of another conversation, and asks Meta nothing", async () => {
    const { service, reads } = world(document, async () => ({ mimeType: 'x', data: new Uint8Array() }));
    for (const [workspaceId, conversationRef] of [
      ['ws_2', 'conv_1'],
      ['ws_1', 'conv_2'],
    ]) {
      const error = await refusal(service.read(workspaceId!, { ...request, conversationRef: conversationRef! }));
      expect([error.code, error.message]).toEqual([ErrorCode.NotFound, 'Message not found']);
    }
    expect(reads).toEqual([]);
  });

  it('is 404 naming the index for a message without media there', async () => {
    const { service } = world({ ...document, payload: {}, files: [] } as unknown as Message, async () => ({ mimeType: 'x', data: new Uint8Array() }));
    expect((await refusal(service.read('ws_1', request))).message).toBe('The message has no media');
    const { service: withOne } = world(document, async () => ({ mimeType: 'x', data: new Uint8Array() }));
    const error = await refusal(withOne.read('ws_1', { ...request, index: 1 }));
    expect([error.code, error.message]).toEqual([ErrorCode.NotFound, 'The message has no media at index 1']);
  });

  it.each<[string, MediaUnreadable, ErrorCode, string]>([
    ['gone', new MediaUnreadable('the Graph API refused it (400: does not exist)', 'gone', 400), ErrorCode.Gone, 'can no longer be had'],
    ['too large', new MediaUnreadable('it is 20000000 bytes', 'too_large'), ErrorCode.Unprocessable, 'larger than the 16000000 bytes'],
    ['refused', new MediaUnreadable('the Graph API refused it (400: Media download error)', 'failed', 400), ErrorCode.UpstreamFailed, 'Meta refused the media (status 400)'],
    ['unreachable', new MediaUnreadable('the Graph API could not be reached (ECONNREFUSED 10.0.0.7:443)'), ErrorCode.UpstreamFailed, 'could not be reached'],
  ])('answers a media %s in the spec’s error, without Meta’s details, sending nothing', async (_case, unreadable, code, says) => {
    const { service, published } = world(document, async () => {
      throw unreadable;
    });
    const error = await refusal(service.read('ws_1', request));
    expect([error.code, error.message]).toEqual([code, expect.stringContaining(says)]);
    expect(JSON.stringify([error.message, error.details])).not.toMatch(/10\.0\.0\.7|Graph API|meta-token/);
    expect(published).toEqual([]);
  });

  it('is 422, with no download, when the channel has no WhatsApp credentials', async () => {
    const { service, reads } = world(document, async () => ({ mimeType: 'x', data: new Uint8Array() }), { ...whatsapp, secrets: null });
    expect((await refusal(service.read('ws_1', request))).code).toBe(ErrorCode.Unprocessable);
    expect(reads).toEqual([]);
  });

  it("fetches a Messenger attachment's URL without a token", async () => {
    const url = 'https://scontent.xx.fbcdn.net/v/photo.jpg?oh=1';
    const message = { ...document, payload: {}, images: [{ url }], files: [] } as unknown as Message;
    const { service, reads } = world(message, async () => ({ mimeType: 'image/jpeg', data: new Uint8Array([1]) }));
    expect(await service.read('ws_1', request)).toMatchObject({ mimeType: 'image/jpeg', filename: null, size: 1 });
    expect(reads).toEqual([['readUrl', url, { maxBytes: 16_000_000, timeoutMs: 5_000 }]]);
  });
});

describe('storedMediaOf', () => {
  it("lists WhatsApp's one media, else images then files, and only Meta's URLs", () => {
    expect(storedMediaOf(document, GRAPH)).toEqual([{ mediaId: 'media_1', mimeType: 'application/pdf', filename: 'factura.pdf' }]);
    const page = {
      payload: {},
      images: [{ url: 'https://scontent.xx.fbcdn.net/a.jpg' }, { url: 'http://169.254.169.254/latest/' }],
      files: [{ url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1', type: 'audio' }, { url: 'https://example.com/x.pdf' }],
    };
    expect(storedMediaOf(page, GRAPH).map((m) => m.url)).toEqual([
      'https://scontent.xx.fbcdn.net/a.jpg',
      'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1',
    ]);
  });
});
