import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { DomainError, ErrorCode } from '@platica/errors';
import type { RedisStore } from '../redis/redis.store';
import type { RateLimitBarrier } from './rate-limiter';

export interface AuthFailurePolicy {
  /** Failed authentications allowed per client address in one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Throttles guessing of credentials: each failed authentication (401) counts against the
 * client's address in Redis (shared by every gateway replica); once an address has spent
 * its budget, its requests answer 429 before any credential is checked, until the window
 * ends, so a right guess cannot get through a blocked address either. While Redis is down,
 * each replica counts in its own memory.
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

  /** Runs `authenticate` for a client at `address`, unless the address is blocked; counts its 401s. */
  async guard<T>(address: string, authenticate: () => T | Promise<T>): Promise<T> {
    const spent = await this.store.withFallback(
      'auth-failures',
      () => this.failures.get(address),
      () => this.localFailures.get(address),
    );
    if (spent && spent.consumedPoints >= this.policy.limit) throw this.blocked(spent.msBeforeNext);
    try {
      return await authenticate();
    } catch (error) {
      if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated) {
        await this.store.withFallback(
          'auth-failures',
          () => this.failures.penalty(address, 1),
          () => this.localFailures.penalty(address, 1),
        );
      }
      throw error;
    }
  }

  /**
   * The address's failure counter as a barrier for the RateLimiter, which checks it in the
   * script that counts the request: a credential already known to the gateway is admitted in
   * one round trip, and a blocked address is refused all the same.
   */
  barrierFor(address: string): RateLimitBarrier {
    return {
      key: this.failures.getKey(address),
      limit: this.policy.limit,
      localMsBeforeLifted: async () => {
        const spent = await this.localFailures.get(address);
        return spent && spent.consumedPoints >= this.policy.limit ? Math.max(1, spent.msBeforeNext) : 0;
      },
    };
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
