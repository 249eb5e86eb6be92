import { connect, errors, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import type { Operation, OperationBody, OperationReply, RpcReply, RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { dependencyUnavailable, errorOfReply } from '../errors/error-reply';
import { traceRpcRequest } from '../observability/tracing';
import { ConnectionLostError, ReplyInbox } from './reply-inbox';
import { natsSubject } from './subjects';

/**
 * How every NATS connection of a service comes back after an outage: it never gives up and
 * tries again every quarter second. nats.js waits 2 s between attempts by default, during
 * which the gateway kept refusing requests after NATS was back (issue 35); an attempt against
 * a server that is still down costs one refused TCP connection.
 */
export const NATS_RECONNECT = { maxReconnectAttempts: -1, reconnectTimeWait: 250 } as const;

/**
 * Request/reply to a service over NATS, in the wire format of Nest's NATS transport (the
 * services' handlers): `{pattern, data, id}` out, `{response | err, isDisposed, id}` back.
 * Replies come to one shared inbox (ReplyInbox), where Nest's ClientNats subscribes a new
 * inbox for every request. A subject nobody subscribes to fails at once
 * with 503 (NATS "no responders"); a service that does not answer in time with 504; while the
 * connection to NATS is down, every request fails at once with 503 naming NATS, and a request
 * waiting when it dropped with 504 `nats_disconnected` (its reply may be lost with the connection).
 */
export class RpcClient {
  private connection: NatsConnection | null = null;
  private inbox: ReplyInbox | null = null;
  private connected = false;
  /** The server's `max_payload`, kept: nats.js forgets the server's INFO while it reconnects. */
  private maxPayload: number | undefined;

  constructor(
    private readonly natsUrl: string,
    private readonly defaultTimeoutMs: number,
    private readonly name = 'platica-rpc-client',
  ) {}

  async connect(): Promise<void> {
    // noAsyncTraces: nats.js would otherwise build an Error (a stack trace) for every request.
    const connection = await connect({ servers: this.natsUrl, name: this.name, noAsyncTraces: true, ...NATS_RECONNECT });
    this.connection = connection;
    this.inbox = new ReplyInbox(connection);
    this.connected = true;
    this.maxPayload = connection.info?.max_payload;
    void this.followStatus(connection);
  }

  /** Whether requests can be sent now: a request made while NATS is unreachable is refused, not buffered. */
  private async followStatus(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') {
        this.connected = false;
        this.inbox?.abandonWaiting();
      }
      if (status.type === 'reconnect') {
        this.connected = true;
        this.maxPayload = connection.info?.max_payload ?? this.maxPayload;
      }
    }
  }

  /** The largest message the NATS server accepts (its `max_payload`, 1 MiB by default). */
  get maxPayloadBytes(): number {
    if (this.maxPayload === undefined) throw new Error('RpcClient is not connected');
    return this.maxPayload;
  }

  async close(): Promise<void> {
    await this.connection?.drain();
    this.inbox?.close();
    this.connection = null;
    this.inbox = null;
    this.connected = false;
  }

  async request<Body = unknown>(subject: string, envelope: RpcRequest, timeoutMs = this.defaultTimeoutMs): Promise<RpcReply<Body>> {
    const natsName = natsSubject(subject);
    const packet = await this.exchange<{ response?: RpcReply<Body>; err?: unknown }>(
      subject,
      JSON.stringify({ pattern: natsName, data: envelope, id: randomUUID() }),
      timeoutMs,
    );
    if (packet.err !== undefined || typeof packet.response?.status !== 'number') {
      // A Nest-level failure outside our handlers' contract (e.g. no handler for the pattern).
      throw new DomainError(ErrorCode.UpstreamFailed, `${serviceOf(subject)} could not handle the request`, {
        service: serviceOf(subject),
      });
    }
    return packet.response;
  }

  /** A request whose payload is raw bytes (with NATS headers) and whose reply is an `RpcReply`, e.g. a Meta delivery. */
  async requestBytes<Body = unknown>(
    subject: string,
    payload: Uint8Array,
    headers: MsgHdrs,
    timeoutMs = this.defaultTimeoutMs,
  ): Promise<RpcReply<Body>> {
    return this.exchange<RpcReply<Body>>(subject, payload, timeoutMs, headers);
  }

  /** One NATS request: NATS unreachable or no responder is 503 at once, no answer in time 504. */
  private async exchange<Reply>(subject: string, payload: string | Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Reply> {
    const inbox = this.inbox;
    if (!inbox) throw new Error('RpcClient is not connected');
    if (!this.connected) throw dependencyUnavailable('nats');
    const service = serviceOf(subject);
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    // NATS refuses a message over max_payload: say so in the caller's terms rather than fail with a 500.
    if (bytes.length > this.maxPayloadBytes) {
      throw new DomainError(ErrorCode.PayloadTooLarge, 'The request is too large to forward', {
        limitBytes: this.maxPayloadBytes,
        bytes: bytes.length,
      });
    }
    try {
      const message = await traceRpcRequest(subject, (traceHeaders) =>
        inbox.request(natsSubject(subject), bytes, { timeoutMs, headers: withHeaders(headers, traceHeaders) }),
      );
      return message.json<Reply>();
    } catch (error) {
      if (error instanceof errors.RequestError && error.isNoResponders()) {
        throw new DomainError(ErrorCode.Unavailable, 'The service is unavailable', { service });
      }
      if (error instanceof errors.TimeoutError) {
        throw new DomainError(ErrorCode.Timeout, 'The service did not answer in time', { service, timeoutMs });
      }
      // A 504, not a 503: the service had the request and may have done it (issue 51 item 2).
      if (error instanceof ConnectionLostError) {
        throw new DomainError(
          ErrorCode.Timeout,
          'The connection to NATS was lost while the service worked on the request: it may have been done',
          {
            service,
            reason: 'nats_disconnected',
          },
        );
      }
      throw error;
    }
  }

  /**
   * Like `request`, for calls between services: the operation types the envelope's body and
   * the answer, and a non-2xx reply becomes the DomainError it carries.
   */
  async call<O extends Operation>(operation: O, envelope: RpcRequest<OperationBody<O>>, timeoutMs?: number): Promise<OperationReply<O>> {
    const reply = await this.request(operation.subject, envelope, timeoutMs);
    // Trusted: the answering handler's reply is its operation's success body.
    if (reply.status >= 200 && reply.status < 300) return reply.body as OperationReply<O>;
    throw errorOfReply(operation.subject, reply);
  }
}

/** The caller's headers with the trace context's added (either may be absent). */
function withHeaders(headers: MsgHdrs | undefined, trace: MsgHdrs | undefined): MsgHdrs | undefined {
  if (!trace) return headers;
  if (!headers) return trace;
  for (const key of trace.keys()) headers.set(key, trace.get(key));
  return headers;
}

function serviceOf(subject: string): string {
  return subject.split('.')[0] ?? subject;
}

/** The envelope of a call one service makes on its own behalf, scoped to one workspace. */
export function serviceRequest<Body>(service: string, workspaceId: string, body: Body, requestId = randomUUID()): RpcRequest<Body> {
  return {
    auth: {
      principal: `service:${service}`,
      credentialType: 'service',
      workspaceIds: [workspaceId],
      workspaces: [{ id: workspaceId, name: '' }],
      scopes: ['platica:read', 'platica:write'],
      userId: null,
      userEmail: null,
    },
    workspaceId,
    params: {},
    query: {},
    body,
    requestId,
  };
}
