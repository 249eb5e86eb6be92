import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { context as otelContext } from '@opentelemetry/api';
import { finalize, Observable, tap } from 'rxjs';
import type { RpcReply } from '@platica/contracts';
import { rpcHandlerDuration, rpcHandlersInFlight } from '../observability/metrics';
import { endRpcServerSpan, rpcParentContext, startRpcServerSpan } from '../observability/tracing';
import { unprefixedSubject } from './subjects';

/**
 * Around every NATS handler, outside the reply interceptor (so it sees the final status):
 * the handler's duration by subject and status, and its server span, continuing the
 * caller's trace from the request's NATS headers. Kept apart from the reply logic.
 */
/** Handlers whose reply has not gone yet: shutdown waits for them before closing the connection. */
let inFlight = 0;
let idleWaiters: (() => void)[] = [];

/** Resolves once no handler is running (or after `timeoutMs`); true when it got there in time. */
export function rpcHandlersIdle(timeoutMs: number): Promise<boolean> {
  if (inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    idleWaiters.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** How many requests are being handled now. */
export function rpcHandlersRunning(): number {
  return inFlight;
}

function handlerFinished(): void {
  inFlight -= 1;
  rpcHandlersInFlight.set(inFlight);
  if (inFlight > 0) return;
  const waiters = idleWaiters;
  idleWaiters = [];
  waiters.forEach((wake) => wake());
}

@Injectable()
export class RpcObservabilityInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<RpcReply> {
    inFlight += 1;
    rpcHandlersInFlight.set(inFlight);
    const nats = context.switchToRpc().getContext<NatsContext>();
    const subject = unprefixedSubject(nats.getSubject());
    const traced = startRpcServerSpan(subject, rpcParentContext(nats.getHeaders()));
    const started = process.hrtime.bigint();
    const observe = (status: number) => {
      rpcHandlerDuration.observe({ subject, status: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
      endRpcServerSpan(traced, status);
    };
    const replies = (): Observable<RpcReply> =>
      next.handle().pipe(
        tap({
          next: (reply) => observe(reply.status),
          error: () => observe(500),
        }),
        // After the reply was handed to the transport (its subscriber runs before finalize).
        finalize(handlerFinished),
      );
    if (!traced) return replies();
    // Subscribed inside the span's context, so that the interceptors after this one and the
    // handler (which run when subscribed, in promise continuations) inherit it.
    return new Observable<RpcReply>((subscriber) => otelContext.with(traced.context, () => replies().subscribe(subscriber)));
  }
}
