import { ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
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
  /**
   * Requests taken from a subscription whose handler has not started yet: Nest deserializes
   * them and runs guards first, a few promise continuations during which the handlers' own
   * count (`rpcHandlersRunning`) does not include them yet.
   */
  private starting = 0;
  private startedAll?: () => void;

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

  override async handleMessage(channel: string, message: Msg): Promise<unknown> {
    this.starting += 1;
    try {
      // Settles once the handler's reply stream is subscribed, when its interceptor has counted it.
      return await super.handleMessage(channel, message);
    } finally {
      this.starting -= 1;
      if (this.starting === 0) this.startedAll?.();
    }
  }

  /** Resolves once every request taken so far has reached its handler. */
  private allStarted(): Promise<void> {
    if (this.starting === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.startedAll = () => {
        this.startedAll = undefined;
        resolve();
      };
    });
  }

  override async close(): Promise<void> {
    const connection = this['natsClient'] as NatsConnection | null;
    if (connection && !connection.isClosed()) {
      // Private in Nest's class: the subscriptions it made for the handlers' subjects. Drained,
      // not unsubscribed: a request the server routed here before it saw the UNSUB is still
      // handled (unsubscribe would drop it, and its caller would wait for its timeout).
      await Promise.all((this['subscriptions'] as Subscription[]).map((subscription) => subscription.drain().catch(() => undefined)));
      // A request delivered just before the drain's confirmation (often in the same read) may
      // not have reached its handler yet: counted only then, it would be cut off unanswered.
      await this.allStarted();
      this.shutdownLogger.log({ msg: `no longer taking requests; waiting for ${rpcHandlersRunning()} in flight` });
      if (!(await rpcHandlersIdle(this.handlerGraceMs))) {
        this.shutdownLogger.warn({ msg: `requests still running after ${this.handlerGraceMs} ms; closing anyway` });
      }
      await connection.flush().catch(() => undefined);
    }
    await super.close();
  }
}
