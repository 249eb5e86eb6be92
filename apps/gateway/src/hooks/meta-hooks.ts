import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { META_SIGNATURE_HEADER, Subjects, internalOperations, type MetaVerification } from '@platica/contracts';
import { RpcClient, errorReply, requestContext } from '@platica/platform';
import { OauthCallbackHook } from './oauth-callback';
import { hookAuth } from './hook-auth';

/** Meta documents webhook payloads of up to 3 MB; a typical delivery is a few KB. */
const META_MAX_PAYLOAD_BYTES = 3 * 1024 * 1024;
/** Room for the NATS headers (signature, request id) around a forwarded delivery. */
const DELIVERY_HEADROOM_BYTES = 16 * 1024;

/**
 * The largest delivery `/hooks/meta` reads: Meta's maximum, unless one NATS message cannot
 * carry it (the server's max_payload, 1 MiB by default): then 413, and the operator raises
 * max_payload (docs/receiving-from-meta.md) to take Meta's largest deliveries.
 */
export function metaHookBodyLimit(maxPayloadBytes: number): number {
  return Math.min(META_MAX_PAYLOAD_BYTES, maxPayloadBytes - DELIVERY_HEADROOM_BYTES);
}

const NO_AUTH = hookAuth('meta-webhook');

/**
 * Meta's webhook endpoint, `GET/POST /hooks/meta` (ARCHITECTURE.md › External providers).
 * The gateway holds no secrets: it forwards the exact bytes of the body (the HMAC covers
 * them) and `X-Hub-Signature-256` to messaging, which verifies, stores and answers. Meta
 * answers a 503/504 with redelivery, so nothing is lost while messaging is down.
 * Registered in its own Fastify scope so that only this route reads the body raw.
 */
@Injectable()
export class MetaHooks implements OnApplicationBootstrap {
  private registered = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rpc: RpcClient,
  ) {}

  onApplicationBootstrap(): void {
    // Nest runs bootstrap hooks for the microservice and again for the HTTP app: register once.
    if (this.registered) return;
    this.registered = true;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: metaHookBodyLimit(this.rpc.maxPayloadBytes) },
        (_request, body, done) => done(null, body),
      );
      scope.get('/hooks/meta', (request, reply) => this.verify(request, reply));
      scope.post('/hooks/meta', (request, reply) => this.receive(request, reply));
    });
  }

  private verify(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof query[key] === 'string' ? query[key] : null);
    const body: MetaVerification = { mode: text('hub.mode'), verifyToken: text('hub.verify_token'), challenge: text('hub.challenge') };
    return this.answer(request, reply, async (requestId) => {
      const answer = await this.rpc.request(internalOperations.messaging.inboundVerify.subject, {
        auth: NO_AUTH,
        workspaceId: null,
        params: {},
        query: {},
        body,
        requestId,
      });
      // Meta expects the challenge echoed as plain text, and a bare 403 for a wrong token.
      if (answer.status === 200)
        return reply
          .status(200)
          .type('text/plain; charset=utf-8')
          .send((answer.body as { challenge?: string }).challenge ?? '');
      if (answer.status === 403) return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden');
      return reply.status(answer.status).send(answer.body);
    });
  }

  private receive(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.answer(request, reply, async (requestId) => {
      const headers = natsHeaders();
      const signature = request.headers['x-hub-signature-256'];
      if (typeof signature === 'string') headers.set(META_SIGNATURE_HEADER, signature);
      headers.set('x-request-id', requestId);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await this.rpc.requestBytes(Subjects.messaging.inboundMeta, raw, headers);
      return reply.status(answer.status).send(answer.body);
    });
  }

  private async answer(request: FastifyRequest, reply: FastifyReply, forward: (requestId: string) => Promise<unknown>): Promise<void> {
    const requestId = randomUUID();
    void reply.header('x-request-id', requestId);
    await requestContext.run({ requestId }, async () => {
      try {
        await forward(requestId);
      } catch (error) {
        const { status, body } = errorReply(error, { url: request.url, requestId });
        await reply.status(status).send(body);
      }
    });
  }
}

@Module({ providers: [MetaHooks, OauthCallbackHook] })
export class HooksModule {}
