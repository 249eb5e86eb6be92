import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { DomainError, ErrorCode } from '@platica/errors';
import type { RedisStore } from '../redis/redis.store';

export interface AuthFailurePolicy {
  /** Failed authentications allowed per client address in one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Throttles failed authentications per client address, never a valid credential: each
 * failure (401) counts against the address in Redis (shared by every gateway replica), and
 * once the address has spent its budget its failures answer 429 with `Retry-After` until the
 * window ends. A valid credential is always checked and admitted: behind one office address or
 * proxy, one broken script must not lock the whole team out (credentials are random 256-bit
 * values, so the throttle is about a client that keeps failing, not about guessing). While
 * Redis is down, each replica counts in its own memory.
 */
export class AuthFailureLimiter {
  private readonly failures: RateLimiterRedis;
  private readonly localFailures: RateLimiterMemory;

  constructor(
    private readonly store: RedisStore,
    keyPrefix: string,
    private readonly policy: AuthFailurePolicy,
  ) {
    const options = { keyPrefix: `${keyPrefix}authfail`, points: policy.limit, duration: policy.windowSeconds };
    this.failures = new RateLimiterRedis({ storeClient: store.redis, ...options });
    this.localFailures = new RateLimiterMemory(options);
  }

  /** Runs `authenticate` for a client at `address`; counts its 401s, and answers 429 for those past the budget. */
  async guard<T>(address: string, authenticate: () => T | Promise<T>): Promise<T> {
    try {
      return await authenticate();
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated) {
        const spent = await this.store.withFallback(
          'auth-failures',
          () => this.failures.penalty(address, 1),
          () => this.localFailures.penalty(address, 1),
        );
        if (spent.consumedPoints > this.policy.limit) throw this.blocked(spent.msBeforeNext);
      }
      throw error;
    }
  }

  /** The 429 of a blocked address, lifted in `msBeforeLifted`. */
  blocked(msBeforeLifted: number): DomainError {
    return new DomainError(ErrorCode.RateLimited, 'Too many failed authentications from this address', {
      limit: this.policy.limit,
      windowSeconds: this.policy.windowSeconds,
      retryAfterSeconds: Math.max(1, Math.ceil(msBeforeLifted / 1000)),
    });
  }
}
