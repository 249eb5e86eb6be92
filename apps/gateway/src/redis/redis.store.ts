import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Counter, Gauge } from 'prom-client';
import { dependencyUnavailable, metricsRegistry, unavailableDependency } from '@platica/platform';

/**
 * What the gateway keeps in Redis, and what each does while Redis is down (docs/operations.md
 * › When Redis is down). Security first: nothing is let through that Redis would have refused
 * without a limit of this replica's own, and what cannot be done safely without Redis (an
 * OAuth sign-in, whose pending request only Redis holds for every replica) answers 503.
 */
export const WITHOUT_REDIS = {
  'rate-limit': "request rates are counted in each replica's memory",
  'auth-failures': "failed authentications are counted in each replica's memory",
  'client-registrations': "OAuth client registrations are counted in each replica's memory",
  revocations: 'credentials are read from PostgreSQL on every request (no revocation can reach the cache)',
  'oauth-sign-in': 'OAuth sign-ins answer 503',
} as const;
export type RedisUse = Exclude<keyof typeof WITHOUT_REDIS, 'oauth-sign-in'>;

const UNAVAILABLE = Symbol('redis unavailable');

const redisUp = new Gauge({
  name: 'platica_redis_up',
  help: 'Whether the gateway reaches Redis (1) or serves without it (0, docs/operations.md › When Redis is down)',
  registers: [metricsRegistry],
});
const redisFallbacks = new Counter({
  name: 'platica_redis_fallbacks_total',
  help: 'Operations done without Redis while it was unavailable, by use (docs/operations.md › When Redis is down)',
  labelNames: ['use'] as const,
  registers: [metricsRegistry],
});

/**
 * The gateway's Redis connection, which fails fast: a command is refused at once while the
 * connection is down (no offline queue, no retry) and gives up after `timeoutMs`, so that no
 * request waits for Redis; the connection is retried every half second at most and the store
 * is available again as soon as Redis answers. An outage and its end are logged once each.
 */
export class RedisStore implements OnApplicationShutdown {
  readonly redis: Redis;
  private readonly logger = new Logger('redis');
  /** Since when Redis is unreachable, and why; null while it answers. */
  private outage: { since: number; reason: string; announced: boolean } | null = {
    since: Date.now(),
    reason: 'connecting',
    announced: false,
  };
  private probe?: NodeJS.Timeout;
  private closing = false;
  private readonly availabilityListeners: ((available: boolean) => void)[] = [];

  constructor(
    url: string,
    private readonly timeoutMs: number,
  ) {
    redisUp.set(0);
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      // A command lost with its connection is failed, not sent again: counting it twice is worse.
      maxRetriesPerRequest: 0,
      commandTimeout: timeoutMs,
      connectTimeout: timeoutMs,
      retryStrategy: (attempt) => Math.min(attempt * 50, 500),
    });
    this.redis.on('ready', () => this.recovered());
    this.redis.on('close', () => this.lost('connection closed'));
    // ioredis says each failed reconnection here; the outage is logged once by lost().
    this.redis.on('error', (error: Error) => this.lost(error.message));
  }

  get available(): boolean {
    return this.outage === null;
  }

  /** Told `false` when an outage starts and `true` when it ends. */
  onAvailability(listener: (available: boolean) => void): void {
    this.availabilityListeners.push(listener);
  }

  /** Runs `command` against Redis; while Redis is unavailable, `fallback` instead, at once. */
  async withFallback<T>(use: RedisUse, command: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    const result = await this.attempt(command);
    if (result !== UNAVAILABLE) return result;
    redisFallbacks.inc({ use });
    return fallback();
  }

  /** Runs `command` against Redis; while Redis is unavailable, throws the 503 naming it, at once. */
  async required<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    const result = await this.attempt(command);
    if (result === UNAVAILABLE) throw dependencyUnavailable('redis');
    return result;
  }

  private async attempt<T>(command: (redis: Redis) => Promise<T>): Promise<T | typeof UNAVAILABLE> {
    if (!this.available) return UNAVAILABLE;
    try {
      return await command(this.redis);
    } catch (error) {
      // Redis' own answer (a script's error) is a bug to see, not an outage to work around.
      if (unavailableDependency(error) !== 'redis') throw error;
      this.lost((error as Error).message);
      return UNAVAILABLE;
    }
  }

  /** The readiness check: Redis answers PING within the timeout. */
  async ping(): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error(`redis is ${this.redis.status}: ${this.outage?.reason ?? 'not ready'}`);
    await this.redis.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.probe);
    await this.redis.quit().catch(() => undefined);
  }

  private lost(reason: string): void {
    if (this.closing) return;
    if (!this.outage) {
      this.outage = { since: Date.now(), reason, announced: false };
      redisUp.set(0);
      for (const listener of this.availabilityListeners) listener(false);
    }
    if (!this.outage.announced) {
      this.outage.announced = true;
      this.logger.warn({ msg: `Redis is unavailable (${reason}); until it returns: ${Object.values(WITHOUT_REDIS).join('; ')}` });
    }
    // A command that timed out on a connection still open (Redis hung, or the network dropped
    // it silently) brings no 'ready' event: ask Redis until it answers.
    this.probe ??= setInterval(() => {
      if (this.redis.status === 'ready')
        this.redis.ping().then(
          () => this.recovered(),
          () => undefined,
        );
    }, this.timeoutMs).unref();
  }

  private recovered(): void {
    clearInterval(this.probe);
    this.probe = undefined;
    const outage = this.outage;
    if (!outage) return;
    this.outage = null;
    redisUp.set(1);
    if (outage.announced) {
      this.logger.log({ msg: `Redis is back after ${((Date.now() - outage.since) / 1000).toFixed(1)} s: counting in Redis again` });
    }
    for (const listener of this.availabilityListeners) listener(true);
  }
}
