import { Logger } from '@nestjs/common';
import type { DeliveryOutcome } from './delivery-outcome';
import type { DeliveryRepository } from './delivery.repository';

/**
 * Writes finished attempts in small batches (one transaction per few milliseconds rather than
 * one per attempt), so a busy dispatcher spends its database time on deliveries. A batch that
 * fails to write is kept and tried again; if the process dies first, the deliveries' claims
 * expire and they are sent again (at least once, same `webhook-id`).
 */
export class OutcomeWriter {
  private readonly logger = new Logger('webhook-outcomes');
  private queue: DeliveryOutcome[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly repository: DeliveryRepository,
    private readonly onWritten: (outcomes: DeliveryOutcome[]) => void,
    private readonly delayMs = 5,
  ) {}

  push(outcome: DeliveryOutcome): void {
    this.queue.push(outcome);
    if (this.queue.length >= 200) this.flushSoon(0);
    else this.flushSoon(this.delayMs);
  }

  /** Writes everything queued; used at shutdown. */
  async drain(): Promise<void> {
    for (let tries = 0; (this.queue.length || this.writing) && tries < 50; tries++) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      await (this.writing ?? this.write());
    }
  }

  private flushSoon(delayMs: number): void {
    if (this.writing) return; // the running write schedules the next one
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, delayMs);
  }

  private write(): Promise<void> {
    const batch = this.queue.splice(0, 500);
    if (batch.length === 0) return Promise.resolve();
    this.writing = this.repository
      .recordOutcomes(batch)
      .then(
        () => this.onWritten(batch),
        (error: unknown) => {
          this.logger.warn({
            msg: 'recording delivery attempts failed; will retry',
            count: batch.length,
            error: error instanceof Error ? error.message : String(error),
          });
          this.queue.unshift(...batch);
          return new Promise<void>((resolve) => setTimeout(resolve, 1_000));
        },
      )
      .finally(() => {
        this.writing = null;
        if (this.queue.length) this.flushSoon(0);
      });
    return this.writing;
  }
}
