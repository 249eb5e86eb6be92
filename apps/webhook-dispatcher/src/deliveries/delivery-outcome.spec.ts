import { decideOutcome, exhaustedReason } from './delivery-outcome';
import { RETRY_DELAYS_MS } from './retry-schedule';
import type { AttemptResult } from './webhook-sender';

describe('decideOutcome', () => {
  const at = new Date('2026-11-21T12:00:00Z');
  const delivery = { id: 'dlv_1', webhookId: 'wh_1', attemptCount: 0, retryIndex: 0, runStartedAt: null };
  const result = (over: Partial<AttemptResult>): AttemptResult => ({
    attemptedAt: at,
    statusCode: 200,
    durationMs: 40,
    error: null,
    retryAfter: null,
    responseExcerpt: null,
    ...over,
  });
  const options = { scale: 1, random: () => 0.5 };

  it('delivers on any 2xx', () => {
    for (const statusCode of [200, 201, 202, 204, 299]) {
      const outcome = decideOutcome(delivery, result({ statusCode }), options);
      expect(outcome).toMatchObject({ status: 'delivered', attempt: 1, nextAttemptAt: null, lastError: null, disableReason: null });
      expect(outcome.deliveredAt).toEqual(new Date(at.getTime() + 40));
    }
  });

  it('retries a 500, a 3xx, a 429, a timeout and a refused connection on the schedule', () => {
    const failures: Partial<AttemptResult>[] = [
      { statusCode: 500, error: 'the receiver answered 500' },
      { statusCode: 301, error: 'the receiver answered 301' },
      { statusCode: 429, error: 'the receiver answered 429' },
      { statusCode: null, error: 'no answer within 10000 ms' },
      { statusCode: null, error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9' },
    ];
    for (const failure of failures) {
      const outcome = decideOutcome(delivery, result(failure), options);
      expect(outcome).toMatchObject({ status: 'pending', retryIndex: 1, lastError: failure.error, exhausted: false });
      expect(outcome.nextAttemptAt!.getTime() - at.getTime()).toBe(40 + 5_000);
    }
  });

  it('walks the whole schedule, then fails the delivery as exhausted', () => {
    let state = { ...delivery, runStartedAt: null as Date | null };
    for (let i = 0; i < RETRY_DELAYS_MS.length; i++) {
      const outcome = decideOutcome(state, result({ statusCode: 503, durationMs: 0 }), options);
      expect(outcome.status).toBe('pending');
      expect(outcome.nextAttemptAt!.getTime() - at.getTime()).toBe(RETRY_DELAYS_MS[i]);
      expect(outcome.runStartedAt).toEqual(at);
      state = { ...state, attemptCount: outcome.attempt, retryIndex: outcome.retryIndex, runStartedAt: outcome.runStartedAt };
    }
    const last = decideOutcome(state, result({ statusCode: 503 }), options);
    expect(last).toMatchObject({ status: 'failed', attempt: 10, exhausted: true, nextAttemptAt: null });
    expect(exhaustedReason(last)).toContain('10 attempts');
  });

  it('lets Retry-After replace the next delay', () => {
    const outcome = decideOutcome(delivery, result({ statusCode: 429, durationMs: 0, retryAfter: '120' }), options);
    expect(outcome.nextAttemptAt!.getTime() - at.getTime()).toBe(120_000);
  });

  it('scales the schedule', () => {
    const outcome = decideOutcome(delivery, result({ statusCode: 500, durationMs: 0 }), { scale: 0.001, random: () => 0.5 });
    expect(outcome.nextAttemptAt!.getTime() - at.getTime()).toBe(5);
  });

  it('fails the delivery and disables the webhook on 410', () => {
    const outcome = decideOutcome(delivery, result({ statusCode: 410, error: 'the receiver answered 410' }), options);
    expect(outcome).toMatchObject({ status: 'failed', nextAttemptAt: null, exhausted: false });
    expect(outcome.disableReason).toContain('410');
  });
});
