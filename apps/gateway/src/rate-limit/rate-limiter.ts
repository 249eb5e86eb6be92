import { type Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError, ErrorCode } from '@platica/errors';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix epoch seconds at which the window resets (GitHub's convention, ARCHITECTURE.md). */
  resetAt: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  state: RateLimitState;
}

/** A 429 in the spec's shape; `retryAfterSeconds` becomes its `Retry-After` header (http-errors.ts). */
export function rateLimitExceeded(state: RateLimitState, nowMs = Date.now()): DomainError {
  return new DomainError(ErrorCode.RateLimited, 'Too many requests', {
    limit: state.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((state.resetAt * 1000 - nowMs) / 1000)),
  });
}

/**
 * Per-credential request budget per second, counted in Redis so every gateway replica
 * shares it; rate-limiter-flexible increments and expires in one Lua script (atomic).
 * Windows are whole epoch seconds (one counter per second), so `X-RateLimit-Reset` is the
 * window's exact end rather than a rounding of it.
 */
export class RateLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async consume(subject: string, limitPerSecond: number, nowMs = Date.now()): Promise<RateLimitDecision> {
    const second = Math.floor(nowMs / 1000);
    const state = (remainingPoints: number): RateLimitState => ({
      limit: limitPerSecond,
      remaining: Math.max(0, remainingPoints),
      resetAt: second + 1,
    });
    try {
      const result = await this.limiterFor(limitPerSecond).consume(`${subject}:${second}`, 1);
      return { allowed: true, state: state(result.remainingPoints) };
    } catch (error) {
      // rate-limiter-flexible rejects with the counter's state when the budget is spent.
      if (error instanceof RateLimiterRes) return { allowed: false, state: state(0) };
      throw error;
    }
  }

  private limiterFor(points: number): RateLimiterRedis {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      // The counter of one second only needs to outlive it (2 s leaves room for clock skew between replicas).
      limiter = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `${this.keyPrefix}rl:${points}`, points, duration: 2 });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetAt),
  };
}
