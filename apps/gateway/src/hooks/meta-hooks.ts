import { Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { connect, errors as natsErrors, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { META_SIGNATURE_HEADER, Subjects, type MetaVerification, type RpcReply, type RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { RpcClient, ServiceConfig, natsSubject, requestContext } from '@platica/platform';

/** Meta documents webhook payloads of up to 3 MB; a typical delivery is a few KB. */
const META_MAX_PAYLOAD_BYTES = 3 * 1024 * 1024;
/** Room for the NATS headers (signature, request id) around a forwarded delivery. */
const DELIVERY_HEADROOM_BYTES = 16 * 1024;

/**
 * The largest delivery `/hooks/meta` reads: Meta's maximum, unless one NATS message cannot
 * carry it (the server's max_payload, 1 MiB by default): then 413, and the operator raises
 * max_payload (README › Configuration) to take Meta's largest deliveries.
 */
export function metaHookBodyLimit(maxPayloadBytes: number): number {
  return Math.min(META_MAX_PAYLOAD_BYTES, maxPayloadBytes - DELIVERY_HEADROOM_BYTES);
}

const NO_AUTH: RpcRequest['auth'] = {
  principal: 'meta-webhook',
  credentialType: 'admin',
  workspaceIds: [],
  workspaces: [],
  scopes: [],
  userId: null,
  userEmail: null,
};

/**
 * Meta's webhook endpoint, `GET/POST /hooks/meta` (ARCHITECTURE.md › External providers).
 * The gateway holds no secrets: it forwards the exact bytes of the body (the HMAC covers
 * them) and `X-Hub-Signature-256` to messaging, which verifies, stores and answers. Meta
 * answers a 503/504 with redelivery, so nothing is lost while messaging is down.
 * Registered in its own Fastify scope so that only this route reads the body raw.
 */
@Injectable()
export class MetaHooks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('hooks');
  private registered = false;
  /** Deliveries go over a plain NATS request (bytes and a header, no envelope), on a connection without async stack traces. */
  private deliveries: Promise<NatsConnection> | null = null;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rpc: RpcClient,
    private readonly config: ServiceConfig,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await (await this.deliveries?.catch(() => null))?.drain();
  }

  onApplicationBootstrap(): void {
    // Nest runs bootstrap hooks for the microservice and again for the HTTP app: register once.
    if (this.registered) return;
    this.registered = true;
    this.deliveries = connect({
      servers: this.config.values.NATS_URL,
      name: `gateway-hooks@${hostname()}`,
      maxReconnectAttempts: -1,
      noAsyncTraces: true,
    });
    this.deliveries.catch((error: unknown) =>
      this.logger.error({ msg: 'NATS connection for Meta deliveries failed', error: String(error) }),
    );
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

  private async verify(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof query[key] === 'string' ? query[key] : null);
    const body: MetaVerification = { mode: text('hub.mode'), verifyToken: text('hub.verify_token'), challenge: text('hub.challenge') };
    await this.forward(request, reply, Subjects.messaging.inboundVerify, body, (answer) => {
      // Meta expects the challenge echoed as plain text.
      const challenge = (answer.body as { challenge?: string }).challenge ?? '';
      return reply.status(200).type('text/plain; charset=utf-8').send(challenge);
    });
  }

  private async receive(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature-256'];
    const requestId = randomUUID();
    void reply.header('x-request-id', requestId);
    try {
      const headers = natsHeaders();
      if (typeof signature === 'string') headers.set(META_SIGNATURE_HEADER, signature);
      headers.set('x-request-id', requestId);
      const nc = await this.deliveries!;
      const timeout = this.config.values.PLATICA_RPC_TIMEOUT_MS;
      const answer = await nc.request(natsSubject(Subjects.messaging.inboundMeta), raw, { timeout, headers }).catch((error: unknown) => {
        if (error instanceof natsErrors.TimeoutError) {
          throw new DomainError(ErrorCode.Timeout, 'The service did not answer in time', { service: 'messaging', timeout });
        }
        if (error instanceof natsErrors.RequestError && error.isNoResponders()) {
          throw new DomainError(ErrorCode.Unavailable, 'The service is unavailable', { service: 'messaging' });
        }
        throw error;
      });
      const { status, body } = answer.json<RpcReply>();
      await reply.status(status).send(body);
    } catch (error) {
      const domain =
        error instanceof DomainError ? error : new DomainError(ErrorCode.Internal, 'Internal server error', { errorId: randomUUID() });
      if (!(error instanceof DomainError)) this.logger.error({ msg: 'webhook forwarding failed', error: String(error), requestId });
      await reply.status(domain.status).send(domain.toBody());
    }
  }

  private async forward<Body>(
    request: FastifyRequest,
    reply: FastifyReply,
    subject: string,
    body: Body,
    onSuccess: (answer: { status: number; body: unknown }) => FastifyReply | Promise<void>,
  ): Promise<void> {
    const requestId = randomUUID();
    void reply.header('x-request-id', requestId);
    await requestContext.run({ requestId }, async () => {
      try {
        const answer = await this.rpc.request(subject, { auth: NO_AUTH, workspaceId: null, params: {}, query: {}, body, requestId });
        if (answer.status >= 200 && answer.status < 300) {
          await onSuccess(answer);
          return;
        }
        if (subject === Subjects.messaging.inboundVerify && answer.status === 403) {
          await reply.status(403).type('text/plain; charset=utf-8').send('Forbidden');
          return;
        }
        await reply.status(answer.status).send(answer.body);
      } catch (error) {
        const domain =
          error instanceof DomainError ? error : new DomainError(ErrorCode.Internal, 'Internal server error', { errorId: randomUUID() });
        if (!(error instanceof DomainError))
          this.logger.error({ msg: 'webhook forwarding failed', error: String(error), url: request.url });
        await reply.status(domain.status).send(domain.toBody());
      }
    });
  }
}

@Module({ providers: [MetaHooks] })
export class HooksModule {}
