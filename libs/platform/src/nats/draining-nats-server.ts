import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Logger } from '@nestjs/common';
import { rpcHandlersIdle } from './rpc-observability.interceptor';

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

  override async close(): Promise<void> {
    const connection = this['natsClient'] as NatsConnection | null;
    if (connection && !connection.isClosed()) {
      // Private in Nest's class; the subscriptions it made for the handlers' subjects.
      for (const subscription of this['subscriptions'] as Subscription[]) subscription.unsubscribe();
      await connection.flush().catch(() => undefined);
      if (!(await rpcHandlersIdle(this.handlerGraceMs))) {
        this.shutdownLogger.warn({ msg: `requests still running after ${this.handlerGraceMs} ms; closing anyway` });
      }
      await connection.flush().catch(() => undefined);
    }
    await super.close();
  }
}
