import { Logger } from '@nestjs/common';
import type { Agent } from 'undici';
import { webhookAttempts, type BackgroundPart } from '@platica/platform';
import type { WebhookSecrets } from '../webhooks/webhook-secrets';
import { decideOutcome, type DeliveryOutcome } from './delivery-outcome';
import type { ClaimedDelivery, DeliveryRepository } from './delivery.repository';
import { OutcomeWriter } from './outcome-writer';
import { signingKey } from '../webhooks/signature';
import { sendAttempt, type AttemptResult, type AttemptTarget } from './webhook-sender';

export interface SchedulerOptions {
  concurrency: number;
  perWebhook: number;
  timeoutMs: number;
  retryScale: number;
  pollIntervalMs: number;
}

/**
 * Sends deliveries from the database: claims due rows (FOR UPDATE SKIP LOCKED, with a lease),
 * sends each, and records the outcome. At most `concurrency` attempts run at once here, and at
 * most `perWebhook` to one webhook: a slow or dead receiver holds only its own slots, never
 * the others'. Claims run ahead of sending (up to twice the limits, queued per webhook), so a
 * busy receiver's next deliveries are already at hand when a slot frees, without a claim per
 * attempt. Woken when the consumer records new deliveries, when a retry falls due, and every
 * `pollIntervalMs` (other replicas' retries, expired leases).
 */
export class DeliveryScheduler implements BackgroundPart {
  private readonly logger = new Logger('webhook-scheduler');
  private readonly writer: OutcomeWriter;
  private readonly inFlightPerWebhook = new Map<string, number>();
  /** Claimed here, queued or in flight, per webhook. */
  private readonly heldPerWebhook = new Map<string, number>();
  /** Claimed and waiting for a slot, per webhook (insertion order: oldest queue first). */
  private readonly queues = new Map<string, ClaimedDelivery[]>();
  private held = 0;
  private readonly attempts = new Set<Promise<void>>();
  private readonly targets = new Map<string, { version: string; key: Buffer; headers: Record<string, string> }>();
  private inFlight = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private woken = false;
  private wakeSleeper: (() => void) | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryTimerAt = Infinity;
  /** Due rows were left in the database for lack of room here overall: claim again once half the room is free. */
  private backlog = false;
  /** Webhooks whose due rows were left in the database because they were full here: claim again once their queue drains. */
  private readonly fullWebhooks = new Set<string>();
  private lastLoopAt = Date.now();
  /**
   * Webhooks whose receiver answered 410, with when their disable was written (null until then):
   * nothing more is attempted for them here, though deliveries read before the disable committed
   * may still arrive. One read that began after the disable was written and found the webhook
   * active means it was switched on again.
   */
  private readonly gone = new Map<string, number | null>();

  constructor(
    private readonly repository: DeliveryRepository,
    private readonly secrets: WebhookSecrets,
    private readonly dispatcher: Agent,
    private readonly options: SchedulerOptions,
  ) {
    this.writer = new OutcomeWriter(repository, (outcomes) => this.written(outcomes));
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** Stops claiming, lets attempts in flight finish (each is bounded by the timeout) and writes their outcomes. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.loop;
    // Claimed but not started: released, so another replica (or the next start) sends them at once.
    const queued = [...this.queues.values()].flat();
    this.queues.clear();
    await this.repository.release(queued.map((d) => d.id)).catch((error: unknown) => {
      this.logger.warn({ msg: 'releasing queued deliveries failed; their leases will expire', error: String(error) });
    });
    await Promise.allSettled([...this.attempts]);
    await this.writer.drain();
    await this.dispatcher.close().catch(() => undefined);
  }

  /** Something may be due now (new deliveries, a manual retry). */
  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /**
   * Reserves room for a fresh delivery to `webhookId` that the consumer records already claimed
   * by this process; false when this process holds enough for that webhook or overall (the row
   * is then recorded unclaimed and found by a claim).
   */
  reserve(webhookId: string): boolean {
    if (!this.running) return false;
    if (this.held >= this.options.concurrency * 2) {
      this.backlog = true;
      return false;
    }
    if ((this.heldPerWebhook.get(webhookId) ?? 0) >= this.options.perWebhook * 2) {
      this.fullWebhooks.add(webhookId);
      return false;
    }
    this.held++;
    this.heldPerWebhook.set(webhookId, (this.heldPerWebhook.get(webhookId) ?? 0) + 1);
    return true;
  }

  /** Gives back reservations that did not become deliveries (a failed or repeated recording). */
  unreserve(webhookIds: string[]): void {
    for (const id of webhookIds) {
      this.held--;
      const held = (this.heldPerWebhook.get(id) ?? 1) - 1;
      if (held > 0) this.heldPerWebhook.set(id, held);
      else this.heldPerWebhook.delete(id);
    }
  }

  /** Takes the consumer's freshly recorded, already claimed deliveries (their room was reserved). */
  adopt(deliveries: ClaimedDelivery[]): void {
    for (const delivery of this.withoutGone(deliveries)) {
      const queue = this.queues.get(delivery.webhookId);
      if (queue) queue.push(delivery);
      else this.queues.set(delivery.webhookId, [delivery]);
    }
    if (this.running) this.dispatch();
  }

  /** How long a claim lasts: an attempt, and about one more while queued for a slot. */
  get leaseMs(): number {
    return 2 * this.options.timeoutMs + 5_000;
  }

  /** For readiness: the claim loop is turning. */
  healthy(): boolean {
    return this.running && Date.now() - this.lastLoopAt < Math.max(30_000, this.options.pollIntervalMs * 5);
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.lastLoopAt = Date.now();
      this.woken = false;
      let more = false;
      try {
        more = await this.claimAndSend();
      } catch (error) {
        this.logger.warn({ msg: 'claiming deliveries failed; will retry', error: error instanceof Error ? error.message : String(error) });
        await this.sleep(this.options.pollIntervalMs);
        continue;
      }
      if (more && this.held < this.options.concurrency * 2) continue;
      if (!this.woken) await this.sleep(this.options.pollIntervalMs);
    }
  }

  /** Claims what fits in the room left (twice the limits) and starts sending it; true when more may be due. */
  private async claimAndSend(): Promise<boolean> {
    const maxHeld = this.options.concurrency * 2;
    const maxHeldPerWebhook = this.options.perWebhook * 2;
    const room = Math.min(maxHeld - this.held, 500);
    if (room <= 0) {
      this.backlog = true;
      return false;
    }
    const exclude = [...this.heldPerWebhook].filter(([, n]) => n >= maxHeldPerWebhook).map(([id]) => id);
    const { claimed, candidates } = await this.repository.claim({
      limit: room,
      leaseMs: this.leaseMs,
      exclude,
      perWebhook: (id) => maxHeldPerWebhook - (this.heldPerWebhook.get(id) ?? 0),
    });
    for (const delivery of claimed) {
      if (this.isGone(delivery)) {
        this.releaseClaims([delivery]);
        continue;
      }
      this.held++;
      this.heldPerWebhook.set(delivery.webhookId, (this.heldPerWebhook.get(delivery.webhookId) ?? 0) + 1);
      const queue = this.queues.get(delivery.webhookId);
      if (queue) queue.push(delivery);
      else this.queues.set(delivery.webhookId, [delivery]);
    }
    this.dispatch();
    // Rows were left behind: for lack of room overall, or because their webhook is full here.
    this.backlog = claimed.length >= room || candidates >= room * 2;
    for (const [id, held] of this.heldPerWebhook) if (held >= maxHeldPerWebhook) this.fullWebhooks.add(id);
    return candidates >= room * 2 || (claimed.length > 0 && candidates > claimed.length);
  }

  /** Starts queued deliveries while slots are free, overall and per webhook. */
  private dispatch(): void {
    for (const [webhookId, queue] of this.queues) {
      while (
        queue.length &&
        this.inFlight < this.options.concurrency &&
        (this.inFlightPerWebhook.get(webhookId) ?? 0) < this.options.perWebhook
      ) {
        this.send(queue.shift()!);
      }
      if (queue.length === 0) this.queues.delete(webhookId);
      if (this.inFlight >= this.options.concurrency) break;
    }
  }

  private send(delivery: ClaimedDelivery): void {
    this.inFlight++;
    this.inFlightPerWebhook.set(delivery.webhookId, (this.inFlightPerWebhook.get(delivery.webhookId) ?? 0) + 1);
    const attempt = this.attempt(delivery)
      .catch((error: unknown) => this.logger.error({ msg: 'delivery attempt crashed', deliveryId: delivery.id, error: String(error) }))
      .finally(() => {
        this.inFlight--;
        this.held--;
        const id = delivery.webhookId;
        const inFlight = (this.inFlightPerWebhook.get(id) ?? 1) - 1;
        if (inFlight > 0) this.inFlightPerWebhook.set(id, inFlight);
        else this.inFlightPerWebhook.delete(id);
        const held = (this.heldPerWebhook.get(id) ?? 1) - 1;
        if (held > 0) this.heldPerWebhook.set(id, held);
        else this.heldPerWebhook.delete(id);
        this.attempts.delete(attempt);
        if (this.running) this.dispatch();
        // Claim again once a good part of the room is free, not after every attempt.
        if (this.fullWebhooks.has(id) && held <= this.options.perWebhook) {
          this.fullWebhooks.delete(id);
          this.wake();
        } else if (this.backlog && this.held <= this.options.concurrency) {
          this.wake();
        }
      });
    this.attempts.add(attempt);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    let result: AttemptResult;
    try {
      result = await sendAttempt(this.dispatcher, this.targetOf(delivery), this.options.timeoutMs);
    } catch (error) {
      // The webhook's stored secret could not be read (e.g. a changed PLATICA_ENCRYPTION_KEY): a failed attempt, retried.
      result = {
        attemptedAt: new Date(),
        statusCode: null,
        durationMs: 0,
        error: `cannot sign: ${error instanceof Error ? error.message : String(error)}`,
        retryAfter: null,
        responseExcerpt: null,
      };
    }
    const outcome = decideOutcome(delivery, result, { scale: this.options.retryScale });
    if (outcome.disableReason) this.stopSendingTo(delivery.webhookId);
    this.writer.push(outcome);
  }

  /** The receiver is gone (410): what is queued for it here is not attempted, and its claims are released. */
  private stopSendingTo(webhookId: string): void {
    this.gone.set(webhookId, null);
    const queued = this.queues.get(webhookId) ?? [];
    this.queues.delete(webhookId);
    this.unreserve(queued.map((d) => d.webhookId));
    this.releaseClaims(queued);
  }

  private isGone(delivery: ClaimedDelivery): boolean {
    if (!this.gone.has(delivery.webhookId)) return false;
    const disabledAt = this.gone.get(delivery.webhookId);
    if (disabledAt != null && delivery.readAt > disabledAt) {
      this.gone.delete(delivery.webhookId);
      return false;
    }
    return true;
  }

  /** Deliveries whose room was reserved, less those of gone webhooks (their room given back, their claims released). */
  private withoutGone(deliveries: ClaimedDelivery[]): ClaimedDelivery[] {
    const gone = deliveries.filter((d) => this.isGone(d));
    if (gone.length === 0) return deliveries;
    this.unreserve(gone.map((d) => d.webhookId));
    this.releaseClaims(gone);
    return deliveries.filter((d) => !gone.includes(d));
  }

  private releaseClaims(deliveries: ClaimedDelivery[]): void {
    if (deliveries.length === 0) return;
    this.repository.release(deliveries.map((d) => d.id)).catch((error: unknown) => {
      this.logger.warn({ msg: 'releasing deliveries of a gone webhook failed; their leases will expire', error: String(error) });
    });
  }

  private targetOf(delivery: ClaimedDelivery): AttemptTarget {
    let target = this.targets.get(delivery.webhookId);
    if (!target || target.version !== delivery.webhookVersion) {
      target = {
        version: delivery.webhookVersion,
        key: signingKey(this.secrets.openSecret(delivery.secretSealed)),
        headers: this.secrets.openHeaders(delivery.headersSealed),
      };
      if (this.targets.size > 10_000) this.targets.clear();
      this.targets.set(delivery.webhookId, target);
    }
    return { url: delivery.url, key: target.key, headers: target.headers, eventId: delivery.eventId, body: delivery.body };
  }

  /** Outcomes are in the database (claims released): wake for the earliest retry, and for any backlog. */
  private written(outcomes: DeliveryOutcome[]): void {
    const now = Date.now();
    for (const outcome of outcomes) {
      webhookAttempts.inc({ outcome: outcome.status === 'delivered' ? 'delivered' : 'failed' });
      if (outcome.disableReason && this.gone.get(outcome.webhookId) === null) this.gone.set(outcome.webhookId, now);
    }
    // A read begun before a disable was written has ended long before a lease runs out.
    for (const [id, disabledAt] of this.gone) if (disabledAt !== null && now - disabledAt > this.leaseMs) this.gone.delete(id);
    const next = Math.min(...outcomes.map((o) => o.nextAttemptAt?.getTime() ?? Infinity));
    if (next !== Infinity) this.wakeAt(next);
    if (this.backlog) this.wake();
  }

  private wakeAt(at: number): void {
    if (!this.running || at >= this.retryTimerAt) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimerAt = at;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.retryTimerAt = Infinity;
        this.wake();
      },
      Math.max(0, at - Date.now()),
    );
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }
}
