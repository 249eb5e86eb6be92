import { MAX_ATTEMPTS, nextRetryDelayMs, parseRetryAfter, RETRY_DELAYS_MS } from './retry-schedule';

describe('retry schedule', () => {
  it('is the schedule of ARCHITECTURE.md: ten attempts over about a day', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200]);
    expect(MAX_ATTEMPTS).toBe(10);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(total).toBeGreaterThan(22);
    expect(total).toBeLessThan(24);
  });

  it('jitters each delay within ±10%, reaching both bounds', () => {
    RETRY_DELAYS_MS.forEach((base, index) => {
      const failures = index + 1;
      expect(nextRetryDelayMs(failures, { random: () => 0 })).toBe(Math.round(base * 0.9));
      expect(nextRetryDelayMs(failures, { random: () => 0.5 })).toBe(base);
      expect(nextRetryDelayMs(failures, { random: () => 0.999999 })).toBeLessThanOrEqual(Math.round(base * 1.1));
      for (let i = 0; i < 200; i++) {
        const delay = nextRetryDelayMs(failures)!;
        expect(delay).toBeGreaterThanOrEqual(Math.round(base * 0.9));
        expect(delay).toBeLessThanOrEqual(Math.round(base * 1.1));
      }
    });
  });

  it('ends after the last delay', () => {
    expect(nextRetryDelayMs(RETRY_DELAYS_MS.length + 1)).toBeNull();
    expect(nextRetryDelayMs(0)).toBeNull();
  });

  it('scales the schedule for tests', () => {
    expect(nextRetryDelayMs(1, { scale: 0.001, random: () => 0.5 })).toBe(5);
    expect(nextRetryDelayMs(9, { scale: 0.001, random: () => 0.5 })).toBe(43_200);
  });

  it('lets Retry-After replace the next delay, up to an hour, but not extend the schedule', () => {
    expect(nextRetryDelayMs(1, { retryAfterMs: 120_000 })).toBe(120_000);
    expect(nextRetryDelayMs(3, { retryAfterMs: 0 })).toBe(0);
    expect(nextRetryDelayMs(2, { retryAfterMs: 7_200_000 })).toBe(3_600_000);
    expect(nextRetryDelayMs(10, { retryAfterMs: 1_000 })).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(['30', '60'], now)).toBe(30_000);
  });
  it('reads an HTTP date', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('caps at one hour', () => {
    expect(parseRetryAfter('86400', now)).toBe(3_600_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:00 GMT', now)).toBe(3_600_000);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
  });
});
