import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventSubject, type DomainEvent } from '@platica/contracts';
import { DurableConsumer, durableNameOf, natsSubject, parseEventEnvelope } from '@platica/platform';
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
export class EventConsumer extends DurableConsumer {
  private readonly queue: JsMsg[] = [];
  /** Batches being recorded: a few at once, so one slow transaction does not hold up the stream. */
  private readonly processing = new Set<Promise<void>>();
  private kicking: NodeJS.Immediate | null = null;

  constructor(
    nc: NatsConnection,
    private readonly repository: DeliveryRepository,
    private readonly scheduler: DeliveryScheduler,
    options: { streamName: string; natsPrefix: string },
  ) {
    super(
      nc,
      {
        streamName: options.streamName,
        durableName: consumerName(options.natsPrefix),
        filterSubject: natsSubject(eventSubject('>')),
        maxAckPending: 20_000,
        maxMessages: BATCH * 2,
      },
      'webhook-events',
    );
  }

  /**
   * Pumps messages into the queue, recorded batch by batch. The first batch starts once the
   * messages that arrived together are all queued (the events of one outbox pass come in one
   * read): one transaction and one webhook lookup for them, not one for the first and one for the rest.
   */
  protected receive(message: JsMsg): void {
    this.queue.push(message);
    this.kicking ??= setImmediate(() => {
      this.kicking = null;
      this.kick();
    });
  }

  protected async drain(): Promise<void> {
    if (this.kicking) clearImmediate(this.kicking);
    // A consumer started again schedules its batches anew.
    this.kicking = null;
    await Promise.allSettled([...this.processing]);
    // Taken from the stream but not recorded: handed back at once rather than after the ack wait.
    for (const message of this.queue.splice(0)) message.nak();
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
      const parsed = parseEventEnvelope(message);
      if ('event' in parsed) {
        // Delivered exactly as published: checked by its schema, never re-serialized from it.
        events.push(parsed.published);
        accepted.push(message);
      } else {
        // Redelivery cannot make it valid, and no webhook should receive it.
        this.logger.error({
          msg: 'dropping a message that is not a valid event',
          subject: message.subject,
          seq: message.seq,
          problem: parsed.problem,
        });
        message.term(parsed.problem);
      }
    }
    const reserved: string[] = [];
    const admit = (webhookId: string) => this.scheduler.reserve(webhookId) && reserved.push(webhookId) > 0;
    try {
      const recorded = await this.repository.recordEvents(dedupe(events), { admit, leaseMs: this.scheduler.leaseMs });
      for (const message of accepted) message.ack();
      this.scheduler.unreserve(recorded.admittedButNotNew);
      // Deliveries recorded claimed are sent at once; any recorded unclaimed (no room here) are found by a claim.
      this.scheduler.adopt(recorded.claimed);
      if (recorded.created > recorded.claimed.length) this.scheduler.wake();
    } catch (error) {
      this.scheduler.unreserve(reserved);
      this.logger.warn({
        msg: 'recording events failed; the stream will redeliver them',
        count: accepted.length,
        error: error instanceof Error ? error.message : String(error),
      });
      for (const message of accepted) message.nak(1_000);
    }
  }
}

/**
 * A batch may hold the same event twice (a redelivery next to its original): record it once.
 * Sorted by id, so concurrent batches that share an event take their row locks in one order.
 */
function dedupe(events: DomainEvent[]): DomainEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => !seen.has(e.id) && seen.add(e.id)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
