import { type Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError, ErrorCode } from '@platica/errors';

export interface RateLimitState {
  /** Requests allowed in the window (the key's rate times the window's length). */
  limit: number;
  remaining: number;
  windowSeconds: number;
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
    windowSeconds: state.windowSeconds,
    retryAfterSeconds: Math.max(1, Math.ceil((state.resetAt * 1000 - nowMs) / 1000)),
  });
}

/**
 * Per-credential request budget, counted in Redis so every gateway replica shares it;
 * rate-limiter-flexible increments and expires in one Lua script (atomic). A key of N requests
 * per second may make N × `windowSeconds` requests per window. Windows are aligned to epoch
 * multiples of their length, so `X-RateLimit-Reset` is the window's exact end rather than a
 * rounding of it. A window of several seconds lets a client burst (a script's sequential
 * calls on a fast path) while holding it to its rate over the window.
 */
export class RateLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly windowSeconds: number,
  ) {}

  async consume(subject: string, limitPerSecond: number, nowMs = Date.now()): Promise<RateLimitDecision> {
    const window = Math.floor(nowMs / 1000 / this.windowSeconds);
    const budget = limitPerSecond * this.windowSeconds;
    const state = (remainingPoints: number): RateLimitState => ({
      limit: budget,
      remaining: Math.max(0, remainingPoints),
      windowSeconds: this.windowSeconds,
      resetAt: (window + 1) * this.windowSeconds,
    });
    try {
      const result = await this.limiterFor(budget).consume(`${subject}:${window}`, 1);
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
      // A window's counter only needs to outlive it (one second more leaves room for clock skew between replicas).
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `${this.keyPrefix}rl:${this.windowSeconds}:${points}`,
        points,
        duration: this.windowSeconds + 1,
      });
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
