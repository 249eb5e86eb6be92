import { connect, errors, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import type { RpcReply, RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode, errorCodeOf, isErrorBody } from '@platica/errors';
import { natsSubject } from './subjects';

/**
 * Request/reply to a service over NATS, in the wire format of Nest's NATS transport (the
 * services' handlers): `{pattern, data, id}` out, `{response | err, isDisposed, id}` back.
 * It uses nats.js's multiplexed request (one shared inbox), where Nest's ClientNats
 * subscribes a new inbox for every request. A subject nobody subscribes to fails at once
 * with 503 (NATS "no responders"); a service that does not answer in time with 504.
 */
export class RpcClient {
  private connection: NatsConnection | null = null;

  constructor(
    private readonly natsUrl: string,
    private readonly defaultTimeoutMs: number,
    private readonly name = 'platica-rpc-client',
  ) {}

  async connect(): Promise<void> {
    // noAsyncTraces: nats.js would otherwise build an Error (a stack trace) for every request.
    this.connection = await connect({ servers: this.natsUrl, name: this.name, maxReconnectAttempts: -1, noAsyncTraces: true });
  }

  /** The largest message the NATS server accepts (its `max_payload`, 1 MiB by default). */
  get maxPayloadBytes(): number {
    const max = this.connection?.info?.max_payload;
    if (max === undefined) throw new Error('RpcClient is not connected');
    return max;
  }

  async close(): Promise<void> {
    await this.connection?.drain();
    this.connection = null;
  }

  async request<Body = unknown>(subject: string, envelope: RpcRequest, timeoutMs = this.defaultTimeoutMs): Promise<RpcReply<Body>> {
    if (!this.connection) throw new Error('RpcClient is not connected');
    const service = subject.split('.')[0];
    const natsName = natsSubject(subject);
    let packet: { response?: RpcReply<Body>; err?: unknown };
    const payload = Buffer.from(JSON.stringify({ pattern: natsName, data: envelope, id: randomUUID() }));
    // NATS refuses a message over max_payload: say so in the caller's terms rather than fail with a 500.
    if (payload.length > this.maxPayloadBytes) {
      throw new DomainError(ErrorCode.PayloadTooLarge, 'The request is too large to forward', {
        limitBytes: this.maxPayloadBytes,
        bytes: payload.length,
      });
    }
    try {
      const message = await this.connection.request(natsName, payload, { timeout: timeoutMs });
      packet = message.json();
    } catch (error) {
      if (error instanceof errors.RequestError && error.isNoResponders()) {
        throw new DomainError(ErrorCode.Unavailable, 'The service is unavailable', { service });
      }
      if (error instanceof errors.TimeoutError) {
        throw new DomainError(ErrorCode.Timeout, 'The service did not answer in time', { service, timeoutMs });
      }
      throw error;
    }
    if (packet.err !== undefined || typeof packet.response?.status !== 'number') {
      // A Nest-level failure outside our handlers' contract (e.g. no handler for the pattern).
      throw new DomainError(ErrorCode.UpstreamFailed, `${service} could not handle the request`, { service });
    }
    return packet.response;
  }

  /** Like `request`, for calls between services: a non-2xx reply becomes the DomainError it carries. */
  async call<Body = unknown>(subject: string, envelope: RpcRequest, timeoutMs?: number): Promise<Body> {
    const reply = await this.request<Body>(subject, envelope, timeoutMs);
    if (reply.status >= 200 && reply.status < 300) return reply.body;
    const body = reply.body as unknown;
    if (isErrorBody(body)) throw new DomainError(errorCodeOf(reply.status), body.error, body.details);
    throw new DomainError(ErrorCode.UpstreamFailed, `${subject} answered ${reply.status}`, '');
  }
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
