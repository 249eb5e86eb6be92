import { nextRetryDelayMs, parseRetryAfter } from './retry-schedule';
import type { AttemptResult } from './webhook-sender';

/** What the scheduler knows of a claimed delivery when its attempt ends. */
export interface AttemptedDelivery {
  id: string;
  webhookId: string;
  attemptCount: number;
  retryIndex: number;
  runStartedAt: Date | null;
}

export interface DeliveryOutcome {
  deliveryId: string;
  webhookId: string;
  attempt: number;
  result: AttemptResult;
  status: 'pending' | 'delivered' | 'failed';
  retryIndex: number;
  runStartedAt: Date;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  lastError: string | null;
  /** Switch the webhook off at once with this reason (the receiver answered 410). */
  disableReason: string | null;
  /** The schedule ran out: switch the webhook off if nothing succeeded since this run began. */
  exhausted: boolean;
}

/**
 * The consequence of one attempt (ARCHITECTURE.md › Events): 2xx delivers; 410 fails the
 * delivery and disables the webhook; anything else (another status, a timeout, no
 * connection) is retried on the schedule, `Retry-After` replacing the next delay, until the
 * schedule ends.
 */
export function decideOutcome(
  delivery: AttemptedDelivery,
  result: AttemptResult,
  options: { scale: number; random?: () => number },
): DeliveryOutcome {
  const base = {
    deliveryId: delivery.id,
    webhookId: delivery.webhookId,
    attempt: delivery.attemptCount + 1,
    result,
    runStartedAt: delivery.runStartedAt ?? result.attemptedAt,
    disableReason: null,
    exhausted: false,
  };
  const finishedAt = new Date(result.attemptedAt.getTime() + result.durationMs);
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
    return { ...base, status: 'delivered', retryIndex: delivery.retryIndex, nextAttemptAt: null, deliveredAt: finishedAt, lastError: null };
  }
  const lastError = result.error ?? `the receiver answered ${result.statusCode}`;
  if (result.statusCode === 410) {
    return {
      ...base,
      status: 'failed',
      retryIndex: delivery.retryIndex,
      nextAttemptAt: null,
      deliveredAt: null,
      lastError,
      disableReason: `The receiver answered 410 Gone on ${result.attemptedAt.toISOString()}: the webhook was disabled.`,
    };
  }
  const failures = delivery.retryIndex + 1;
  const delay = nextRetryDelayMs(failures, {
    scale: options.scale,
    retryAfterMs: parseRetryAfter(result.retryAfter, finishedAt),
    random: options.random,
  });
  if (delay === null) {
    return { ...base, status: 'failed', retryIndex: failures, nextAttemptAt: null, deliveredAt: null, lastError, exhausted: true };
  }
  return {
    ...base,
    status: 'pending',
    retryIndex: failures,
    nextAttemptAt: new Date(finishedAt.getTime() + delay),
    deliveredAt: null,
    lastError,
  };
}

/** Why a webhook whose deliveries failed for a whole schedule is switched off. */
export function exhaustedReason(outcome: DeliveryOutcome): string {
  return `Every delivery failed from ${outcome.runStartedAt.toISOString()} to ${outcome.result.attemptedAt.toISOString()} (${outcome.attempt} attempts of event delivery ${outcome.deliveryId}; last: ${outcome.lastError}): the webhook was disabled.`;
}
