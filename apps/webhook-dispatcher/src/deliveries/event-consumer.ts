import { Logger } from '@nestjs/common';
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventSubject, type DomainEvent } from '@platica/contracts';
import { durableNameOf, natsSubject, openDurableConsumer, type BackgroundPart } from '@platica/platform';
import type { DeliveryRepository } from './delivery.repository';
import type { DeliveryScheduler } from './delivery-scheduler';

/** The durable consumer's name: one per deployment (NATS prefix), shared by the dispatcher's replicas. */
export function consumerName(natsPrefix: string): string {
  return durableNameOf(natsPrefix, 'webhook_dispatcher');
}

const BATCH = 500;
const PARALLEL_BATCHES = 2;

/**
 * Reads every domain event from the events stream with a durable JetStream consumer and
 * records its deliveries. A batch of messages is acknowledged only after the transaction that
 * records it commits: a crash before the commit gets the messages again, and after it the
 * unique (webhook, event) key makes the repeat a no-op. At least once, never invented.
 */
export class EventConsumer implements BackgroundPart {
  private readonly logger = new Logger('webhook-events');
  private running = false;
  private messages: ConsumerMessages | null = null;
  private supervisor: Promise<void> | null = null;
  private readonly queue: JsMsg[] = [];
  /** Batches being recorded: a few at once, so one slow transaction does not hold up the stream. */
  private readonly processing = new Set<Promise<void>>();
  private lastError: string | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly repository: DeliveryRepository,
    private readonly scheduler: DeliveryScheduler,
    private readonly options: { streamName: string; natsPrefix: string },
  ) {}

  async start(): Promise<void> {
    this.running = true;
    await this.open();
    this.supervisor = this.supervise();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.messages?.close().catch(() => undefined);
    await this.supervisor;
    await Promise.allSettled([...this.processing]);
    // Taken from the stream but not recorded: handed back at once rather than after the ack wait.
    for (const message of this.queue.splice(0)) message.nak();
  }

  /** For readiness: consuming, and the last batch was recorded. */
  problem(): string | null {
    if (!this.running || !this.messages) return 'not consuming the events stream';
    return this.lastError;
  }

  private async open(): Promise<void> {
    this.messages = await openDurableConsumer(this.nc, {
      streamName: this.options.streamName,
      durableName: consumerName(this.options.natsPrefix),
      filterSubject: natsSubject(eventSubject('>')),
      maxAckPending: 20_000,
      maxMessages: BATCH * 2,
    });
  }

  /** Pumps messages into the queue; reopens the consumer if its iterator ends while running. */
  private async supervise(): Promise<void> {
    while (this.running) {
      try {
        for await (const message of this.messages!) {
          this.queue.push(message);
          this.kick();
        }
      } catch (error) {
        this.logger.warn({ msg: 'the events consumer stopped', error: error instanceof Error ? error.message : String(error) });
      }
      while (this.running) {
        try {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await this.open();
          break;
        } catch (error) {
          this.lastError = `cannot consume the events stream: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }
  }

  private kick(): void {
    while (this.queue.length && this.processing.size < PARALLEL_BATCHES) {
      const batch = this.queue.splice(0, BATCH);
      const done: Promise<void> = this.record(batch).finally(() => {
        this.processing.delete(done);
        if (this.queue.length && this.running) this.kick();
      });
      this.processing.add(done);
    }
  }

  /** Records one batch: whatever arrived while earlier batches were being written. */
  private async record(batch: JsMsg[]): Promise<void> {
    const events: DomainEvent[] = [];
    const accepted: JsMsg[] = [];
    for (const message of batch) {
      const event = parseEvent(message);
      if (event) {
        events.push(event);
        accepted.push(message);
      } else {
        this.logger.error({ msg: 'dropping a message that is not an event envelope', subject: message.subject, seq: message.seq });
        message.term('not an event envelope');
      }
    }
    const reserved: string[] = [];
    const admit = (webhookId: string) => this.scheduler.reserve(webhookId) && reserved.push(webhookId) > 0;
    try {
      const recorded = await this.repository.recordEvents(dedupe(events), { admit, leaseMs: this.scheduler.leaseMs });
      for (const message of accepted) message.ack();
      this.lastError = null;
      this.scheduler.unreserve(recorded.admittedButNotNew);
      // Deliveries recorded claimed are sent at once; any recorded unclaimed (no room here) are found by a claim.
      this.scheduler.adopt(recorded.claimed);
      if (recorded.created > recorded.claimed.length) this.scheduler.wake();
    } catch (error) {
      this.scheduler.unreserve(reserved);
      this.lastError = `recording events failed: ${error instanceof Error ? error.message : String(error)}`;
      this.logger.warn({ msg: 'recording events failed; the stream will redeliver them', count: accepted.length, error: this.lastError });
      for (const message of accepted) message.nak(1_000);
    }
  }
}

function parseEvent(message: JsMsg): DomainEvent | null {
  try {
    const value = message.json<Partial<DomainEvent>>();
    if (
      typeof value?.id === 'string' &&
      typeof value.type === 'string' &&
      typeof value.workspaceId === 'string' &&
      typeof value.occurredAt === 'string' &&
      !Number.isNaN(Date.parse(value.occurredAt)) &&
      typeof value.data === 'object' &&
      value.data !== null
    ) {
      return value as DomainEvent;
    }
  } catch {
    // not JSON
  }
  return null;
}

/**
 * A batch may hold the same event twice (a redelivery next to its original): record it once.
 * Sorted by id, so concurrent batches that share an event take their row locks in one order.
 */
function dedupe(events: DomainEvent[]): DomainEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => !seen.has(e.id) && seen.add(e.id)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
