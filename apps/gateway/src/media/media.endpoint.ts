import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  internalOperations,
  messageMediaOperation,
  messageMediaQuerySchema,
  type AuthContext,
  type MessageMedia,
  type MessageMediaRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode, parseOrThrow } from '@platica/errors';
import { ChunkInbox, NatsHandle, RpcClient, requestContext } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { sendError } from '../http/http-errors';
import { RoutePipeline } from '../routes/route-pipeline';
import { MediaCache } from './media-cache';

/** A media as the route answers it: messaging's description and the bytes. */
export type ServedMedia = Omit<MessageMedia, 'chunks' | 'sha256'> & { data: Uint8Array };

/** Types a browser shows without running anything: answered `inline`; every other one is a download. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

/**
 * `GET /v1/conversations/{id}/messages/{messageId}/media` (docs/receiving-from-meta.md ›
 * Customer media). Authenticated, rate-limited and scoped like any route (RoutePipeline's
 * `admit` and `authorize`), then answered from this replica's bounded cache or asked of
 * messaging, which checks the message is the workspace's, reads the media from Graph with the
 * channel's token and sends its bytes in chunks over NATS (platform › chunked-bytes): media up
 * to Meta's limits do not fit one NATS message, and the token and Meta's URL stay in messaging.
 */
@Injectable()
export class MediaEndpoint {
  private readonly cache: MediaCache<ServedMedia>;
  /** Requests for the same media while it is being fetched share the fetch. */
  private readonly inflight = new Map<string, Promise<ServedMedia>>();

  constructor(
    private readonly pipeline: RoutePipeline,
    private readonly rpc: RpcClient,
    private readonly nats: NatsHandle,
    private readonly config: GatewayConfigService,
  ) {
    const { PLATICA_MEDIA_CACHE_MAX_BYTES: maxBytes, PLATICA_MEDIA_CACHE_TTL_SECONDS: ttlSeconds } = config.values;
    this.cache = new MediaCache({ maxBytes, ttlMs: ttlSeconds * 1_000 });
  }

  register(fastify: FastifyInstance): void {
    fastify.get(messageMediaOperation.path.replace(/\{(\w+)\}/g, ':$1'), (request, reply) => this.serve(request, reply));
  }

  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const requestId = randomUUID();
    void reply.header('x-request-id', requestId);
    let headers: Record<string, string> = {};
    await requestContext.run({ requestId }, async () => {
      try {
        const admitted = await this.pipeline.admit(request);
        headers = admitted.headers;
        if (admitted.refusal) throw admitted.refusal;
        // Served here, not by a service: nothing else validates this query.
        const query = parseOrThrow(messageMediaQuerySchema, request.query ?? {}, 'Invalid media request');
        const workspaceId = this.pipeline.authorize(messageMediaOperation, admitted.credential, query.workspace)!;
        const { id, messageId } = request.params as { id: string; messageId: string };
        const media = await this.mediaOf({ workspaceId, conversationRef: id, messageId, index: query.index ?? 0 }, admitted.credential.auth, requestId);
        await reply
          .status(200)
          .headers({ ...headers, ...mediaHeaders(media, messageId, this.config.values.PLATICA_MEDIA_CACHE_TTL_SECONDS) })
          .send(Buffer.from(media.data.buffer, media.data.byteOffset, media.data.byteLength));
      } catch (error) {
        await sendError(reply, error, { ...headers, ...this.pipeline.challengeFor(error) });
      }
    });
  }

  /** The cache holds what messaging answered for this workspace, conversation and message: a hit was checked by messaging once. */
  private async mediaOf(
    target: { workspaceId: string; conversationRef: string; messageId: string; index: number },
    auth: AuthContext,
    requestId: string,
  ): Promise<ServedMedia> {
    const key = JSON.stringify([target.workspaceId, target.conversationRef, target.messageId, target.index]);
    const cached = this.cache.get(key);
    if (cached) return cached;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.fetch(target, auth, requestId)
        .then((media) => {
          this.cache.set(key, media);
          return media;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async fetch(
    target: { workspaceId: string; conversationRef: string; messageId: string; index: number },
    auth: AuthContext,
    requestId: string,
  ): Promise<ServedMedia> {
    const { PLATICA_MEDIA_MAX_BYTES: maxBytes, PLATICA_MEDIA_TIMEOUT_MS: timeoutMs } = this.config.values;
    const inbox = new ChunkInbox(this.nats.connection);
    try {
      const body: MessageMediaRequest = {
        conversationRef: target.conversationRef,
        messageId: target.messageId,
        index: target.index,
        maxBytes,
        timeoutMs,
        chunksTo: inbox.subject,
      };
      // Graph's answer, then the download: each within its own bound, plus NATS's way there and back.
      const answer = await this.rpc.call(
        internalOperations.messaging.messageMedia,
        { auth, workspaceId: target.workspaceId, params: {}, query: {}, body, requestId },
        2 * timeoutMs + 5_000,
      );
      const data = await inbox.collect(answer, timeoutMs).catch((error: unknown) => {
        // A chunk lost on the way (core NATS does not resend): the next request fetches it again.
        throw new DomainError(ErrorCode.Timeout, 'The media did not arrive whole in time; try again', {
          messageId: target.messageId,
          reason: error instanceof Error ? error.message : String(error),
        });
      });
      return { mimeType: answer.mimeType, filename: answer.filename, size: data.length, data };
    } finally {
      inbox.close();
    }
  }
}

/**
 * The answer's headers: its type and length; `private` (a shared cache must not keep one
 * workspace's media); `inline` only for images, audio and video a browser shows without running
 * anything, every other type (documents, HTML, SVG…) a download under its file name; no sniffing,
 * and a sandbox should the answer be opened as a page.
 */
export function mediaHeaders(media: ServedMedia, messageId: string, ttlSeconds: number): Record<string, string> {
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(media.mimeType) ? media.mimeType.toLowerCase() : 'application/octet-stream';
  return {
    'content-type': type,
    'content-length': String(media.data.length),
    'cache-control': ttlSeconds > 0 ? `private, max-age=${ttlSeconds}` : 'private, no-cache',
    'content-disposition': INLINE.test(type) ? 'inline' : attachment(media.filename ?? `media-${messageId}`),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
}

/** RFC 6266: an ASCII `filename` for old clients, the UTF-8 name in `filename*`. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
