import { type Redis } from 'ioredis';
import { DomainError, ErrorCode } from '@platica/errors';
import { CoalescedWrites } from '@platica/platform';
import type { RedisStore } from '../redis/redis.store';
import { LocalBuckets } from './local-buckets';

export interface RateLimitState {
  /** Requests a full bucket allows at once: the key's rate times the window (the spec's 30 for 30/s and 1 s). */
  limit: number;
  /** Requests that could be made now, after this one. */
  remaining: number;
  windowSeconds: number;
  /** Unix epoch seconds at which the bucket is full again (GitHub's convention, ARCHITECTURE.md). */
  resetAt: number;
}

export type RateLimitDecision =
  | { allowed: true; state: RateLimitState; barred?: undefined }
  /** Refused, nothing spent: the request's cost fits in the bucket in `retryAfterMs`. */
  | { allowed: false; state: RateLimitState; cost: number; retryAfterMs: number; barred?: undefined }
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
  /** While Redis is down: milliseconds before this replica's own count lifts the barrier, 0 when it is not reached. */
  localMsBeforeLifted(): Promise<number>;
}

/** A 429 in the spec's shape; `retryAfterSeconds` becomes its `Retry-After` header (http-errors.ts). */
export function rateLimitExceeded(decision: Extract<RateLimitDecision, { allowed: false }>): DomainError {
  const { state, cost } = decision;
  const details = {
    limit: state.limit,
    windowSeconds: state.windowSeconds,
    retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)),
    ...(cost > 1 ? { requests: cost } : {}),
  };
  // A /mcp batch counts each of its messages: one larger than the bucket can never be admitted.
  const message =
    cost > state.limit
      ? `Too many requests: a batch of ${cost} messages exceeds the limit of ${state.limit} per ${state.windowSeconds} s; send fewer at once`
      : 'Too many requests';
  return new DomainError(ErrorCode.RateLimited, message, details);
}

/**
 * GCRA, as a leaky bucket of debt in Redis (hash `level`, `at`): each request adds a million
 * to `level` (its cost in millionths of a request), which drains at the rate (µs × requests
 * per second = millionths of a request, so every figure is an exact integer); a request is
 * admitted while the level stays within the bucket (rate × window requests) and refused, at
 * no cost, otherwise. The clock is Redis's, one for every replica.
 * KEYS[1]: the credential's bucket; KEYS[2]: the barrier's counter (or none).
 * ARGV[1]: requests per second; ARGV[2]: the bucket's size in requests; ARGV[3]: the barrier's
 * limit; ARGV[4…]: each waiting request's cost, in arrival order.
 * Answers {-1, ms before the barrier lifts} when barred, else {now µs, then per request:
 * admitted (1/0), requests remaining, µs until the bucket is empty, µs until its cost fits}.
 */
const ADMIT_UNLESS_BARRED = `
if KEYS[2] then
  local failures = tonumber(redis.call('get', KEYS[2]) or '0')
  if failures >= tonumber(ARGV[3]) then return {-1, redis.call('pttl', KEYS[2])} end
end
local clock = redis.call('time')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local rate = tonumber(ARGV[1])
local size = tonumber(ARGV[2]) * 1000000
local bucket = redis.call('hmget', KEYS[1], 'level', 'at')
local level = tonumber(bucket[1]) or 0
local elapsed = math.max(0, now - (tonumber(bucket[2]) or now))
level = math.max(0, level - elapsed * rate)
local answers = {now}
local spent = false
for i = 4, #ARGV do
  local cost = tonumber(ARGV[i]) * 1000000
  local admitted = level + cost <= size
  if admitted then
    level = level + cost
    spent = true
  end
  answers[#answers + 1] = admitted and 1 or 0
  answers[#answers + 1] = math.floor((size - level) / 1000000)
  answers[#answers + 1] = math.ceil(level / rate)
  answers[#answers + 1] = admitted and 0 or math.ceil((level + cost - size) / rate)
end
if spent then
  redis.call('hset', KEYS[1], 'level', string.format('%d', level), 'at', string.format('%d', now))
  redis.call('pexpire', KEYS[1], math.ceil(level / rate / 1000) + 1)
end
return answers`;

type AdmittingRedis = Redis & {
  platicaAdmitUnlessBarred(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
};

/**
 * Per-credential request rate, enforced in Redis so every gateway replica shares it; one Lua
 * script reads, decides and writes (atomic). A key of N requests per second may make N ×
 * `windowSeconds` requests at once (the spec's 30 with the default window of 1 s), then one
 * more each 1/N s as the bucket drains: no window edge at which twice the budget gets
 * through. A batch of `cost` requests (a /mcp JSON-RPC batch) is admitted whole or not at
 * all. The requests of one credential that arrive while it is being counted are counted
 * together next (one script call for many, each decided in its arrival order). While Redis is
 * down, the same buckets are kept in this replica's memory (LocalBuckets).
 */
export class RateLimiter {
  /** By bucket, rate and barrier: the requests (their costs) waiting for a decision. */
  private readonly admitting = new Map<string, CoalescedWrites<number, RateLimitDecision>>();
  private readonly local = new LocalBuckets();

  constructor(
    private readonly store: RedisStore,
    private readonly keyPrefix: string,
    private readonly windowSeconds: number,
  ) {
    // Sent by hash (EVALSHA) once Redis knows the script; ioredis loads it when it does not.
    store.redis.defineCommand('platicaAdmitUnlessBarred', { lua: ADMIT_UNLESS_BARRED });
  }

  /** Admits `cost` requests of `subject` if its bucket holds them, unless `barrier` is reached (then nothing is counted). */
  consume(subject: string, limitPerSecond: number, barrier?: RateLimitBarrier, cost = 1): Promise<RateLimitDecision> {
    const key = `${this.keyPrefix}rate:${subject}`;
    const group = `${key}|${limitPerSecond}|${barrier?.key ?? ''}`;
    let admitting = this.admitting.get(group);
    if (!admitting) {
      admitting = new CoalescedWrites<number, RateLimitDecision>(
        (costs) => this.admit(key, limitPerSecond, barrier, costs),
        () => this.admitting.delete(group),
      );
      this.admitting.set(group, admitting);
    }
    return admitting.add(cost);
  }

  private async admit(
    key: string,
    perSecond: number,
    barrier: RateLimitBarrier | undefined,
    costs: number[],
  ): Promise<RateLimitDecision[]> {
    const limit = perSecond * this.windowSeconds;
    const answer = await this.store.withFallback(
      'rate-limit',
      (redis) => {
        const admitting = redis as AdmittingRedis;
        return barrier
          ? admitting.platicaAdmitUnlessBarred(2, key, barrier.key, perSecond, limit, barrier.limit, ...costs)
          : admitting.platicaAdmitUnlessBarred(1, key, perSecond, limit, 0, ...costs);
      },
      async () => {
        const barredForMs = (await barrier?.localMsBeforeLifted()) ?? 0;
        return barredForMs > 0 ? [-1, barredForMs] : this.local.admit(key, perSecond, limit, costs);
      },
    );
    if (answer[0] === -1) return costs.map(() => ({ barred: true, msBeforeLifted: answer[1] ?? 0 }));
    const now = answer[0]!;
    return costs.map((cost, i) => {
      const [admitted, remaining, untilEmpty, untilFits] = answer.slice(1 + i * 4, 5 + i * 4) as [number, number, number, number];
      const state = { limit, remaining, windowSeconds: this.windowSeconds, resetAt: Math.ceil((now + untilEmpty) / 1_000_000) };
      return admitted === 1 ? { allowed: true, state } : { allowed: false, state, cost, retryAfterMs: untilFits / 1000 };
    });
  }
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetAt),
  };
}
