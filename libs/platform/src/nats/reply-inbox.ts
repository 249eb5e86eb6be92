import { createInbox, errors, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';

/** The connection to NATS dropped while a request waited: its reply, if one comes, may be lost with it. */
export class ConnectionLostError extends Error {
  constructor() {
    super('the connection to NATS was lost while the request waited for its reply');
  }
}

interface Waiting {
  subject: string;
  resolve: (message: Msg) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Request/reply over one subscription to a wildcard inbox, as nats.js's multiplexed
 * `request` does, with the same errors (`TimeoutError`; a `RequestError` caused by
 * `NoRespondersError`), minus a cost paid on every request: nats.js cancels each request it
 * has answered by building an Error, stack trace included, that nobody sees (about 5% of the
 * gateway's CPU under load).
 */
export class ReplyInbox {
  private readonly prefix: string;
  private readonly subscription: Subscription;
  private readonly waiting = new Map<string, Waiting>();
  private lastToken = 0;

  constructor(private readonly connection: NatsConnection) {
    this.prefix = `${createInbox()}.`;
    this.subscription = connection.subscribe(`${this.prefix}*`, {
      callback: (error, message) => {
        if (error) this.rejectAll(error);
        else this.answer(message);
      },
    });
  }

  request(subject: string, payload: Uint8Array, options: { timeoutMs: number; headers?: MsgHdrs }): Promise<Msg> {
    const token = (++this.lastToken).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new errors.TimeoutError());
      }, options.timeoutMs);
      this.waiting.set(token, { subject, resolve, reject, timer });
      try {
        this.connection.publish(subject, payload, { reply: this.prefix + token, headers: options.headers });
      } catch (error) {
        this.settle(token)?.reject(error as Error);
      }
    });
  }

  /**
   * The connection dropped: every request waiting fails at once (ConnectionLostError) instead of
   * waiting out its timeout for a reply that NATS, which keeps no messages, may have dropped.
   */
  abandonWaiting(): void {
    this.rejectAll(new ConnectionLostError());
  }

  /** Stops listening; requests still waiting fail at once. */
  close(): void {
    this.rejectAll(new errors.RequestError('connection closed'));
    this.subscription.unsubscribe();
  }

  private answer(message: Msg): void {
    const waiting = this.settle(message.subject.slice(this.prefix.length));
    if (!waiting) return; // answered after its timeout
    // The server's own answer when nobody subscribes to the subject: a 503 status, no data.
    if (message.data.length === 0 && message.headers?.code === 503) {
      waiting.reject(new errors.RequestError('no responders', { cause: new errors.NoRespondersError(waiting.subject) }));
    } else {
      waiting.resolve(message);
    }
  }

  private settle(token: string): Waiting | undefined {
    const waiting = this.waiting.get(token);
    if (!waiting) return undefined;
    this.waiting.delete(token);
    clearTimeout(waiting.timer);
    return waiting;
  }

  private rejectAll(error: Error): void {
    for (const token of [...this.waiting.keys()]) this.settle(token)?.reject(error);
  }
}
