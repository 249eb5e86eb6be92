import { Logger } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { eventSubject, parseDomainEvent, type EventType, type TypedDomainEvent } from '@platica/contracts';
import { natsSubject } from '../nats/subjects';
import type { BackgroundPart } from '../service/run-service';
import { ensureEventsStream } from './outbox-relay';

export interface EventSubscriptionOptions<T extends EventType> {
  /** The durable consumer's name, shared by the service's replicas (the NATS prefix is added). */
  durableName: string;
  /** One type: the NATS servers this runs on (2.9) filter a consumer on one subject. */
  type: T;
  streamName: string;
  natsPrefix: string;
  /** Events handled at once. */
  concurrency: number;
}

/** A durable consumer's name in a deployment: its NATS prefix, then the name (shared by the service's replicas). */
export function durableNameOf(natsPrefix: string, name: string): string {
  const tag = natsPrefix.replace(/\.$/, '');
  return tag ? `${tag}_${name}` : name;
}

/**
 * Creates (or updates) a durable, explicitly acknowledged consumer of the events stream that
 * starts from the stream's first event, and starts consuming it. Redelivery after 30 s unacked.
 */
export async function openDurableConsumer(
  nc: NatsConnection,
  options: { streamName: string; durableName: string; filterSubject: string; maxAckPending: number; maxMessages: number },
): Promise<ConsumerMessages> {
  await ensureEventsStream(nc, options.streamName);
  const jsm = await jetstreamManager(nc);
  const settings = { ack_wait: nanos(30_000), max_ack_pending: options.maxAckPending, filter_subject: options.filterSubject };
  try {
    await jsm.consumers.info(options.streamName, options.durableName);
    await jsm.consumers.update(options.streamName, options.durableName, settings);
  } catch {
    await jsm.consumers.add(options.streamName, {
      ...settings,
      durable_name: options.durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_deliver: -1,
    });
  }
  const consumer = await jetstream(nc).consumers.get(options.streamName, options.durableName);
  return consumer.consume({ max_messages: options.maxMessages });
}

/**
 * The event a stream message carries, its data parsed by its type's schema; else why it
 * carries none a consumer can use (the consumer terminates it: redelivery cannot fix it).
 */
export function parseEventEnvelope(message: JsMsg): ReturnType<typeof parseDomainEvent> {
  let value: unknown;
  try {
    value = message.json<unknown>();
  } catch {
    return { problem: 'not an event envelope: not JSON' };
  }
  return parseDomainEvent(value);
}

export type DurableConsumerOptions = Parameters<typeof openDurableConsumer>[1];

/**
 * A durable consumer of the events stream run as a background part: consumes from start to
 * stop, reopening the consumer (every second until it can) if its iterator ends while
 * running, and reports for readiness. Subclasses say what to do with each message.
 */
export abstract class DurableConsumer implements BackgroundPart {
  protected readonly logger: Logger;
  protected running = false;
  /** Why the consumer cannot be (re)opened; cleared once it is. */
  private consumeError: string | null = null;
  private messages: ConsumerMessages | null = null;
  private supervisor: Promise<void> | null = null;

  protected constructor(
    private readonly nc: NatsConnection,
    private readonly consumer: DurableConsumerOptions,
    loggerName: string,
  ) {
    this.logger = new Logger(loggerName);
  }

  /** Takes one message off the stream; the next is taken when the returned promise settles. */
  protected abstract receive(message: JsMsg): Promise<void> | void;

  /** After the last message was taken: finish or hand back what is in hand. */
  protected abstract drain(): Promise<void>;

  async start(): Promise<void> {
    this.running = true;
    this.messages = await openDurableConsumer(this.nc, this.consumer);
    this.supervisor = this.supervise();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.messages?.close().catch(() => undefined);
    await this.supervisor;
    await this.drain();
  }

  /**
   * For readiness: whether the stream is being consumed. A message whose handling failed is
   * not a problem of this consumer (it is redelivered, and what failed, a database or Temporal,
   * has a readiness check of its own): a passing failure must not hold the service unready.
   */
  problem(): string | null {
    if (!this.running || !this.messages) return 'not consuming the events stream';
    return this.consumeError;
  }

  private async supervise(): Promise<void> {
    while (this.running) {
      try {
        for await (const message of this.messages!) await this.receive(message);
      } catch (error) {
        this.logger.warn({ msg: 'the events consumer stopped', error: error instanceof Error ? error.message : String(error) });
      }
      while (this.running) {
        try {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          this.messages = await openDurableConsumer(this.nc, this.consumer);
          this.consumeError = null;
          break;
        } catch (error) {
          this.consumeError = `cannot consume the events stream: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }
  }
}

/**
 * A durable JetStream consumer of one event type: each event is acknowledged once its
 * handler has finished, and redelivered (after a second) when the handler throws, so an
 * event is handled at least once. Handlers must be idempotent on the event's id or effect.
 */
export class EventSubscription<T extends EventType> extends DurableConsumer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    nc: NatsConnection,
    private readonly options: EventSubscriptionOptions<T>,
    private readonly handle: (event: TypedDomainEvent<T>) => Promise<void>,
  ) {
    super(
      nc,
      {
        streamName: options.streamName,
        durableName: durableNameOf(options.natsPrefix, options.durableName),
        filterSubject: natsSubject(eventSubject(options.type)),
        maxAckPending: options.concurrency * 4,
        maxMessages: options.concurrency * 2,
      },
      `events:${options.durableName}`,
    );
  }

  protected async receive(message: JsMsg): Promise<void> {
    while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight);
    const done: Promise<void> = this.process(message).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  protected async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async process(message: JsMsg): Promise<void> {
    const parsed = parseEventEnvelope(message);
    if ('problem' in parsed || parsed.event.type !== this.options.type) {
      const problem = 'problem' in parsed ? parsed.problem : `${parsed.event.type}, not ${this.options.type}`;
      this.logger.error({ msg: 'dropping a message that is not a valid event', subject: message.subject, seq: message.seq, problem });
      message.term(problem);
      return;
    }
    const event = parsed.event as TypedDomainEvent<T>;
    try {
      await this.handle(event);
      message.ack();
    } catch (error) {
      this.logger.warn({
        msg: 'handling an event failed; it will be redelivered',
        eventId: event.id,
        type: event.type,
        error: error instanceof Error ? error.message : String(error),
      });
      message.nak(1_000);
    }
  }
}
