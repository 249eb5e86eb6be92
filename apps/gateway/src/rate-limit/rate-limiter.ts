import { type Redis } from 'ioredis';
import { DomainError, ErrorCode } from '@platica/errors';
import { CoalescedWrites } from '@platica/platform';

export interface RateLimitState {
  /** Requests allowed in the window (the key's rate times the window's length). */
  limit: number;
  remaining: number;
  windowSeconds: number;
  /** Unix epoch seconds at which the window resets (GitHub's convention, ARCHITECTURE.md). */
  resetAt: number;
}

export type RateLimitDecision =
  | { allowed: boolean; state: RateLimitState; barred?: undefined }
  /** The barrier was reached: nothing was counted; it lifts in `msBeforeLifted`. */
  | { barred: true; msBeforeLifted: number };

/**
 * A counter in Redis that refuses a request before it is counted once it reaches `limit`
 * (an address's failed authentications, AuthFailureLimiter), checked in the same script as
 * the count so that admitting a request costs one round trip to Redis.
 */
export interface RateLimitBarrier {
  key: string;
  limit: number;
}

/** A 429 in the spec's shape; `retryAfterSeconds` becomes its `Retry-After` header (http-errors.ts). */
export function rateLimitExceeded(state: RateLimitState, nowMs = Date.now()): DomainError {
  return new DomainError(ErrorCode.RateLimited, 'Too many requests', {
    limit: state.limit,
    windowSeconds: state.windowSeconds,
    retryAfterSeconds: Math.max(1, Math.ceil((state.resetAt * 1000 - nowMs) / 1000)),
  });
}

/**
 * KEYS[1]: the window's counter; KEYS[2]: the barrier's counter (or none).
 * ARGV[1]: the counter's lifetime in seconds; ARGV[2]: the barrier's limit; ARGV[3]: the requests to count.
 * Answers {-1, ms before the barrier lifts} when barred, else {requests counted in the window}.
 * The count is rate-limiter-flexible's (which these keys used to go through): created with
 * its expiry, incremented, and given one if it somehow lost it.
 */
const COUNT_UNLESS_BARRED = `
if KEYS[2] then
  local failures = tonumber(redis.call('get', KEYS[2]) or '0')
  if failures >= tonumber(ARGV[2]) then return {-1, redis.call('pttl', KEYS[2])} end
end
redis.call('set', KEYS[1], 0, 'EX', ARGV[1], 'NX')
local counted = redis.call('incrby', KEYS[1], ARGV[3])
if redis.call('pttl', KEYS[1]) == -1 then redis.call('expire', KEYS[1], ARGV[1]) end
return {counted}`;

type CountingRedis = Redis & {
  platicaCountUnlessBarred(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
};

/**
 * Per-credential request budget, counted in Redis so every gateway replica shares it; one Lua
 * script increments and expires (atomic). A key of N requests per second may make
 * N × `windowSeconds` requests per window. Windows are aligned to epoch multiples of their
 * length, so `X-RateLimit-Reset` is the window's exact end rather than a rounding of it. A
 * window of several seconds lets a client burst (a script's sequential calls on a fast path)
 * while holding it to its rate over the window. The requests of one counter that arrive while
 * it is being counted are counted together next (one script call for many; each still gets
 * its own place in the window).
 */
export class RateLimiter {
  private readonly redis: CountingRedis;
  /** By counter and barrier key: the requests waiting for a count. */
  private readonly counting = new Map<string, CoalescedWrites<void, number[]>>();

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly windowSeconds: number,
  ) {
    // Sent by hash (EVALSHA) once Redis knows the script; ioredis loads it when it does not.
    redis.defineCommand('platicaCountUnlessBarred', { lua: COUNT_UNLESS_BARRED });
    this.redis = redis as CountingRedis;
  }

  /** Counts one request of `subject` in the current window, unless `barrier` is reached (then nothing is counted). */
  async consume(subject: string, limitPerSecond: number, barrier?: RateLimitBarrier, nowMs = Date.now()): Promise<RateLimitDecision> {
    const window = Math.floor(nowMs / 1000 / this.windowSeconds);
    const budget = limitPerSecond * this.windowSeconds;
    // The key names rate-limiter-flexible gave these counters, so replicas of either version count together.
    const key = `${this.keyPrefix}rl:${this.windowSeconds}:${budget}:${subject}:${window}`;
    // A window's counter only needs to outlive it (one second more leaves room for clock skew between replicas).
    const lifetimeSeconds = this.windowSeconds + 1;
    const [counted, msBeforeLifted] = await this.count(key, lifetimeSeconds, barrier);
    if (counted === -1) return { barred: true, msBeforeLifted: msBeforeLifted ?? 0 };
    return {
      allowed: counted! <= budget,
      state: {
        limit: budget,
        remaining: Math.max(0, budget - counted!),
        windowSeconds: this.windowSeconds,
        resetAt: (window + 1) * this.windowSeconds,
      },
    };
  }

  /** One request counted on `key`, with the others waiting for it: the script's answer as if it had counted this one alone. */
  private count(key: string, lifetimeSeconds: number, barrier: RateLimitBarrier | undefined): Promise<number[]> {
    const group = `${key}|${barrier?.key ?? ''}`;
    let counter = this.counting.get(group);
    if (!counter) {
      counter = new CoalescedWrites<void, number[]>(
        async (requests) => {
          const n = requests.length;
          const [total, msBeforeLifted] = barrier
            ? await this.redis.platicaCountUnlessBarred(2, key, barrier.key, lifetimeSeconds, barrier.limit, n)
            : await this.redis.platicaCountUnlessBarred(1, key, lifetimeSeconds, 0, n);
          // Barred: none was counted. Else the n took the places total-n+1 … total, in arrival order.
          return requests.map((_, i) => (total === -1 ? [-1, msBeforeLifted!] : [total! - n + 1 + i]));
        },
        () => this.counting.delete(group),
      );
      this.counting.set(group, counter);
    }
    return counter.add();
  }
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetAt),
  };
}
