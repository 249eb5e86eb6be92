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

export function rateLimitExceeded(state: RateLimitState): DomainError {
  return new DomainError(ErrorCode.RateLimited, 'Too many requests', {
    limit: state.limit,
    retryAfterSeconds: Math.max(0, state.resetAt - Math.floor(Date.now() / 1000)),
  });
}

/**
 * Per-credential request budget per second, counted in Redis so every gateway replica
 * shares it; rate-limiter-flexible increments and expires in one Lua script (atomic).
 */
export class RateLimiter {
  private readonly limiters = new Map<number, RateLimiterRedis>();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async consume(subject: string, limitPerSecond: number): Promise<RateLimitDecision> {
    try {
      const result = await this.limiterFor(limitPerSecond).consume(subject, 1);
      return { allowed: true, state: stateOf(limitPerSecond, result) };
    } catch (error) {
      // rate-limiter-flexible rejects with the counter's state when the budget is spent.
      if (error instanceof RateLimiterRes) return { allowed: false, state: stateOf(limitPerSecond, error) };
      throw error;
    }
  }

  private limiterFor(points: number): RateLimiterRedis {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      limiter = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `${this.keyPrefix}rl:${points}`, points, duration: 1 });
      this.limiters.set(points, limiter);
    }
    return limiter;
  }
}

function stateOf(limit: number, result: RateLimiterRes): RateLimitState {
  return {
    limit,
    remaining: Math.max(0, result.remainingPoints),
    resetAt: Math.ceil((Date.now() + result.msBeforeNext) / 1000),
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetAt),
  };
}
