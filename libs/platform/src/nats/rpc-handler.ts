import {
  applyDecorators,
  Controller,
  Injectable,
  Logger,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { Observable, catchError, map, of } from 'rxjs';
import type { RpcReply, RpcRequest } from '@platica/contracts';
import { DomainError } from '@platica/errors';
import { requestContext } from '../logging/request-context';
import { RpcObservabilityInterceptor } from './rpc-observability.interceptor';
import { natsSubject } from './subjects';

/** Marks a method as the handler of one contract subject (request/reply over NATS). */
export function RpcHandler(subject: string): MethodDecorator {
  return MessagePattern(natsSubject(subject));
}

/**
 * The one place where a service turns a handler's outcome into the reply of the contract:
 * a plain value is a 200, an `RpcReply` is sent as is, a DomainError becomes its status and
 * the spec's error body, and anything else a 500 with a logged error id.
 */
@Injectable()
export class RpcReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('rpc');

  intercept(context: ExecutionContext, next: CallHandler): Observable<RpcReply> {
    const envelope = context.switchToRpc().getData<Partial<RpcRequest>>();
    const requestId = typeof envelope?.requestId === 'string' ? envelope.requestId : randomUUID();
    return new Observable<RpcReply>((subscriber) =>
      requestContext.run({ requestId }, () =>
        next
          .handle()
          .pipe(
            map((value: unknown) => (isRpcReply(value) ? value : { status: 200, body: value ?? null })),
            catchError((error: unknown) => of(this.replyForError(error))),
          )
          .subscribe(subscriber),
      ),
    );
  }

  private replyForError(error: unknown): RpcReply {
    if (error instanceof DomainError) return { status: error.status, body: error.toBody() };
    const errorId = randomUUID();
    this.logger.error(
      { msg: 'unhandled error in RPC handler', errorId, error: String(error) },
      error instanceof Error ? error.stack : undefined,
    );
    return {
      status: 500,
      body: { code: 500, error: 'Internal server error', details: { errorId } },
    };
  }
}

/** A controller of NATS handlers whose results and errors follow the contract. */
export function RpcController(): ClassDecorator {
  // The observability interceptor first, so it wraps the reply interceptor and sees the final status.
  return applyDecorators(Controller(), UseInterceptors(RpcObservabilityInterceptor, RpcReplyInterceptor));
}

const REPLY_MARK = Symbol.for('platica.rpcReply');

function isRpcReply(value: unknown): value is RpcReply {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REPLY_MARK] === true;
}

/** An explicit reply with a status other than 200 (e.g. 201, 202). */
export function withStatus<Body>(status: number, body: Body): RpcReply<Body> {
  const value = { status, body };
  Object.defineProperty(value, REPLY_MARK, { value: true, enumerable: false });
  return value;
}
