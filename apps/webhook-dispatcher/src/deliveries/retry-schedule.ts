/**
 * When a failed delivery is tried again (ARCHITECTURE.md › decisions: webhook retry schedule):
 * at once, then after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h and 12 h (about a day),
 * each delay ±10%; a `Retry-After` answer (up to 1 h) replaces the next delay.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const RETRY_AFTER_CAP_MS = 3_600_000;
export const JITTER = 0.1;

/**
 * The delay before the next attempt after the `failures`-th failure of a run (1-based), or
 * null when the schedule is over. `scale` shortens the schedule (tests); `random` in [0, 1).
 */
export function nextRetryDelayMs(
  failures: number,
  options: { scale?: number; retryAfterMs?: number | null; random?: () => number } = {},
): number | null {
  if (failures < 1 || failures > RETRY_DELAYS_MS.length) return null;
  if (options.retryAfterMs !== undefined && options.retryAfterMs !== null)
    return Math.min(Math.max(options.retryAfterMs, 0), RETRY_AFTER_CAP_MS);
  const base = RETRY_DELAYS_MS[failures - 1]! * (options.scale ?? 1);
  const jitter = 1 + JITTER * (2 * (options.random ?? Math.random)() - 1);
  return Math.round(base * jitter);
}

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110), capped
 * at one hour; null when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined | null, now: Date = new Date()): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, RETRY_AFTER_CAP_MS);
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return null;
  return Math.min(Math.max(date - now.getTime(), 0), RETRY_AFTER_CAP_MS);
}
