import { ClientNats } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { RpcReply, RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode, errorCodeOf, isErrorBody } from '@platica/errors';
import { natsSubject } from './subjects';

/**
 * Request/reply to a service over NATS. A subject nobody subscribes to fails at once with
 * 503 (NATS "no responders"), a service that does not answer in time with 504.
 */
export class RpcClient {
  private readonly client: ClientNats;

  constructor(
    natsUrl: string,
    private readonly defaultTimeoutMs: number,
    name = 'platica-rpc-client',
  ) {
    this.client = new ClientNats({ servers: natsUrl, name, maxReconnectAttempts: -1 });
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async request<Body = unknown>(subject: string, envelope: RpcRequest, timeoutMs = this.defaultTimeoutMs): Promise<RpcReply<Body>> {
    try {
      const reply = await firstValueFrom(this.client.send<RpcReply<Body>>(natsSubject(subject), envelope).pipe(timeout(timeoutMs)));
      if (typeof reply?.status !== 'number') throw new Error(`malformed reply from ${subject}`);
      return reply;
    } catch (error) {
      if (isNoResponders(error)) {
        throw new DomainError(ErrorCode.Unavailable, 'The service is unavailable', { service: subject.split('.')[0] });
      }
      if (error instanceof TimeoutError) {
        throw new DomainError(ErrorCode.Timeout, 'The service did not answer in time', { service: subject.split('.')[0], timeoutMs });
      }
      throw error;
    }
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

/** Nest's ClientNats reports NATS "no responders" as an (unexported) EmptyResponseException. */
function isNoResponders(error: unknown): boolean {
  return (
    error instanceof Error && (error.constructor.name === 'EmptyResponseException' || error.message.includes('There are no subscribers'))
  );
}
