import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { rpcHandlersIdle, rpcHandlersRunning } from './rpc-observability.interceptor';

/**
 * Nest's NATS transport, closed without losing a request: it unsubscribes first (the
 * service's other replicas, in the same queue group, take the next requests), waits until
 * every request already taken has been answered, flushes the replies, then closes. Nest's
 * own graceful shutdown waits a fixed grace period instead, cutting a longer handler (a chat
 * turn) off before its reply.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly shutdownLogger = new Logger('nats-handlers');

  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly handlerGraceMs: number,
  ) {
    super({ ...options, gracefulShutdown: false });
  }

  /**
   * Our handlers' patterns are plain subjects, found as they are. Nest first tries every
   * incoming subject as JSON, which throws (an Error with its stack trace) on each request
   * before it falls back to the same lookup; any other pattern still goes that way.
   */
  override getHandlerByPattern(pattern: string): ReturnType<ServerNats['getHandlerByPattern']> {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  override async close(): Promise<void> {
    const connection = this['natsClient'] as NatsConnection | null;
    if (connection && !connection.isClosed()) {
      // Private in Nest's class: the subscriptions it made for the handlers' subjects. Drained,
      // not unsubscribed: a request the server routed here before it saw the UNSUB is still
      // handled (unsubscribe would drop it, and its caller would wait for its timeout).
      await Promise.all((this['subscriptions'] as Subscription[]).map((subscription) => subscription.drain().catch(() => undefined)));
      this.shutdownLogger.log({ msg: `no longer taking requests; waiting for ${rpcHandlersRunning()} in flight` });
      if (!(await rpcHandlersIdle(this.handlerGraceMs))) {
        this.shutdownLogger.warn({ msg: `requests still running after ${this.handlerGraceMs} ms; closing anyway` });
      }
      await connection.flush().catch(() => undefined);
    }
    await super.close();
  }
}
