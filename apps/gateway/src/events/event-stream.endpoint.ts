import { Injectable, Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import { EVENT_TYPES, eventStreamOperation, eventSubject, eventsStreamQuerySchema } from '@platica/contracts';
import { DomainError, ErrorCode, parseOrThrow } from '@platica/errors';
import { NatsHandle, Readiness, dependencyUnavailable, hashCredential, natsSubject, requestContext } from '@platica/platform';
import { bearerToken } from '../auth/authenticator';
import { GatewayConfigService } from '../config/gateway-config.service';
import { CredentialRevocations } from '../credentials/credential-revocations';
import { sendError } from '../http/http-errors';
import { relayPresence } from '../presence/presence';
import { RoutePipeline } from '../routes/route-pipeline';

/** Where a stream starts: after the event a client names, else with the next event published. */
type StartPosition = { deliver_policy: DeliverPolicy; opt_start_seq?: number };

/**
 * `GET /v1/events` (docs/events.md): the caller's workspace's events as server-sent events.
 * Each connection reads the events stream through its own ordered JetStream consumer
 * (ephemeral, no acknowledgements, gone with the connection), from after `Last-Event-ID` or
 * from now; an event's `id:` is its stream sequence, so a client resumes without gaps or
 * duplicates within the stream's retention. The stream carries every workspace's events:
 * those of other workspaces, internal types and types not asked for are dropped here. A
 * credential holds at most PLATICA_EVENT_STREAMS_PER_CREDENTIAL streams per replica.
 */
@Injectable()
export class EventStreamEndpoint {
  private readonly logger = new Logger(EventStreamEndpoint.name);
  /** Open streams by rate-limit subject (the key or token id). */
  private readonly openByCredential = new Map<string, number>();
  /** Each open stream's close, with what ends it when revoked: its credential's hash, and any tag its opener gave it. */
  private readonly open = new Map<() => void, string[]>();

  constructor(
    private readonly pipeline: RoutePipeline,
    private readonly nats: NatsHandle,
    private readonly config: GatewayConfigService,
    readiness: Readiness,
    private readonly revocations: CredentialRevocations,
  ) {
    // A revoked key or token loses its streams at once, here and on every replica ('all' is a cache flush, not a revocation).
    revocations.onRevoked((hashes) => {
      if (hashes === 'all') return;
      for (const [close, endedBy] of [...this.open]) if (endedBy.some((hash) => hashes.includes(hash))) close();
    });
    // A stream never ends on its own: the replica ends them when it drains, and clients reconnect elsewhere.
    readiness.onDraining(() => {
      for (const close of [...this.open.keys()]) close();
    });
  }

  register(fastify: FastifyInstance): void {
    registerStreamRoute(fastify, eventStreamOperation.path, (request, reply) => this.serve(request, reply));
  }

  /**
   * Ends every stream opened with `tag` (see serve), here and on every replica: through the
   * revocation channel, which every replica's streams already listen to.
   */
  async endTagged(tag: string): Promise<void> {
    await this.revocations.publish([tag]);
  }

  /**
   * Serves one stream to the request's bearer credential; the console's backend calls it too,
   * with the session's token and a tag naming the session, so signing out ends the session's
   * streams (endTagged) even when its tokens could not be revoked.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, tag?: string): Promise<void> {
    const requestId = randomUUID();
    void reply.header('x-request-id', requestId);
    let headers: Record<string, string> = {};
    let release: (() => void) | undefined;
    await requestContext.run({ requestId }, async () => {
      try {
        const admitted = await this.pipeline.admit(request);
        headers = admitted.headers;
        if (admitted.refusal) throw admitted.refusal;
        // Served here, not by a service: nothing else validates this query.
        const query = parseOrThrow(eventsStreamQuerySchema, request.query ?? {}, 'Invalid event stream request');
        const workspaceId = this.pipeline.authorize(eventStreamOperation, admitted.credential, query.workspace)!;
        const types = new Set<string>(query.types ? query.types.split(',').map((type) => type.trim()) : EVENT_TYPES);
        const lastEventId = lastEventIdOf(request.headers['last-event-id'], query.lastEventId);
        release = this.reserve(admitted.credential.rateLimitSubject);
        const { start, note } = await this.startAfter(lastEventId).catch(natsUnavailable);
        const messages = await this.consume(types, start).catch(natsUnavailable);
        reply.hijack();
        const credential = {
          endedBy: [hashCredential(bearerToken(request.headers.authorization) ?? ''), ...(tag ? [tag] : [])],
          expiresAt: admitted.credential.expiresAt,
        };
        this.stream(reply.raw, { ...headers, 'x-request-id': requestId }, messages, { workspaceId, types, note, credential }, release);
        release = undefined;
      } catch (error) {
        release?.();
        await sendError(reply, error, { ...headers, ...this.pipeline.challengeFor(error) });
      }
    });
  }

  /** Counts a stream against its credential's limit on this replica; the function frees it. */
  private reserve(subject: string): () => void {
    const limit = this.config.values.PLATICA_EVENT_STREAMS_PER_CREDENTIAL;
    const count = this.openByCredential.get(subject) ?? 0;
    if (count >= limit) {
      throw new DomainError(ErrorCode.RateLimited, `At most ${limit} event streams may be open at once with one credential`, {
        limit,
      });
    }
    this.openByCredential.set(subject, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.openByCredential.get(subject) ?? 1) - 1;
      if (left > 0) this.openByCredential.set(subject, left);
      else this.openByCredential.delete(subject);
    };
  }

  /**
   * After the event `lastEventId`; one the stream no longer keeps resumes from its oldest event,
   * with a comment saying so (not an error: EventSource would stop reconnecting on one).
   */
  private async startAfter(lastEventId: number | null): Promise<{ start: StartPosition; note?: string }> {
    if (lastEventId === null) return { start: { deliver_policy: DeliverPolicy.New } };
    const jsm = await jetstreamManager(this.nats.connection);
    const { state } = await jsm.streams.info(this.config.values.PLATICA_EVENTS_STREAM);
    if (lastEventId + 1 < state.first_seq) {
      return {
        start: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: state.first_seq },
        note: `events after ${lastEventId} are past the stream's retention: resuming from the oldest kept, ${state.first_seq}`,
      };
    }
    // An id past the end (the stream was recreated) resumes with the next event published.
    return { start: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: Math.min(lastEventId + 1, state.last_seq + 1) } };
  }

  private async consume(types: Set<string>, start: StartPosition): Promise<ConsumerMessages> {
    // The NATS servers this runs on (2.9) filter a consumer on one subject: one type, or all of them.
    const [only] = types.size === 1 ? [...types] : [];
    const consumer = await jetstream(this.nats.connection).consumers.get(this.config.values.PLATICA_EVENTS_STREAM, {
      filter_subjects: natsSubject(eventSubject(only ?? '>')),
      ...start,
    });
    return consumer.consume();
  }

  private stream(
    response: ServerResponse,
    headers: Record<string, string>,
    messages: ConsumerMessages,
    scope: { workspaceId: string; types: Set<string>; note?: string; credential: { endedBy: string[]; expiresAt?: number } },
    release: () => void,
  ): void {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    // `: connected`: the consumer exists, so every event published from now on is sent.
    response.write(`retry: 3000\n: connected\n${scope.note ? `: ${scope.note}\n` : ''}\n`);
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), this.config.values.PLATICA_EVENT_STREAM_HEARTBEAT_MS);
    let closed = false;
    let stopPresence = () => {};
    const close = () => {
      if (closed) return;
      closed = true;
      stopPresence();
      clearInterval(heartbeat);
      clearTimeout(expiry);
      this.open.delete(close);
      release();
      void messages.close().catch(() => undefined);
      response.end();
    };
    // An expiring credential (an access token) ends its stream when it expires; the client reconnects with a fresh one.
    const { expiresAt } = scope.credential;
    const expiry = expiresAt === undefined ? undefined : setTimeout(close, Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now())));
    this.open.set(close, scope.credential.endedBy);
    response.on('close', close);
    // A write racing the client's hang-up (a presence or heartbeat as the socket goes) fails on the
    // response: that is the stream's end, not an error for the process (unheard, it would stop it).
    response.on('error', close);
    // A client that hung up while the stream was being set up has fired its `close` already.
    if (response.destroyed || !response.socket || response.socket.destroyed) close();
    // Presence (docs/events.md › Presence) only when asked for: it comes from core NATS, beside the stored events.
    if (scope.types.has('presence.updated') && !closed) {
      stopPresence = relayPresence(this.nats.connection, scope.workspaceId, (frame) => {
        // Core NATS may hand over a presence already on its way when the stream ended.
        if (!closed) response.write(frame);
      });
    }

    void (async () => {
      for await (const message of messages) {
        if (closed) break;
        const event = envelopeOf(message.string());
        if (!event || event.workspaceId !== scope.workspaceId || !scope.types.has(event.type)) continue;
        const frame = `id: ${message.seq}\nevent: ${event.type}\ndata: ${event.json}\n\n`;
        // A slow client holds its own consumer back (flow control), never another's.
        if (!response.write(frame)) await drainedOrClosed(response);
      }
    })()
      .catch((error: unknown) =>
        this.logger.warn({ msg: 'event stream ended', error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(close);
  }
}

/**
 * GET only: Fastify would otherwise answer HEAD with the GET's handler (exposeHeadRoute), which
 * opens a stream (a JetStream consumer and one of the credential's stream slots) for an answer
 * with no body. HEAD is answered 405, naming GET, without authenticating or opening anything.
 */
export function registerStreamRoute(
  fastify: FastifyInstance,
  path: string,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  fastify.get(path, { exposeHeadRoute: false }, handler);
  fastify.head(path, (_request, reply) =>
    sendError(reply, new DomainError(ErrorCode.MethodNotAllowed, 'The event stream is read with GET', { allow: 'GET' }), {
      allow: 'GET',
      'cache-control': 'no-store',
    }),
  );
}

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Resolves when a slow client has taken what was written, or has gone; no listener is left behind. */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.once('drain', done).once('close', done);
  });
}

/** JetStream could not be asked (NATS down, the stream missing): a 503 the client retries, not a 500. */
function natsUnavailable(error: unknown): never {
  throw Object.assign(dependencyUnavailable('nats'), { cause: error });
}

/** `Last-Event-ID` (what EventSource sends on reconnecting), else the `lastEventId` query parameter. */
function lastEventIdOf(header: string | string[] | undefined, query: string | undefined): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim() || query;
  if (value === undefined || value === '') return null;
  if (!/^\d{1,15}$/.test(value)) {
    throw DomainError.validation([{ path: ['Last-Event-ID'], message: "an event's id from this stream" }]);
  }
  return Number(value);
}

/** The envelope as published (what webhooks carry), on one line; null for what is not one. */
function envelopeOf(text: string): { type: string; workspaceId: string; json: string } | null {
  try {
    const value = JSON.parse(text) as { type?: unknown; workspaceId?: unknown };
    if (typeof value.type !== 'string' || typeof value.workspaceId !== 'string') return null;
    return { type: value.type, workspaceId: value.workspaceId, json: JSON.stringify(value) };
  } catch {
    return null;
  }
}
