import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GatewayConfigService } from '../config/gateway-config.service';
import { RedisStore } from '../redis/redis.store';

type Listener = (credentialHashes: string[] | 'all') => void;

/**
 * Tells every gateway replica that credentials were revoked, so none keeps trusting its
 * in-memory credential cache (PLATICA_CREDENTIAL_CACHE_MS) for them: one Redis pub/sub
 * message with the revoked credentials' hashes. Pub/sub is fire-and-forget: a replica whose
 * subscription dropped drops its whole cache when it resubscribes, and the cache's lifetime
 * still bounds anything missed in between. While this replica does not listen (Redis is down,
 * or the subscription is not made yet), `listening` is false and the cache is not trusted.
 */
@Injectable()
export class CredentialRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CredentialRevocations.name);
  private readonly listeners: Listener[] = [];
  private subscriber?: Redis;
  private subscribed = false;
  private readonly channel: string;

  constructor(
    private readonly store: RedisStore,
    config: GatewayConfigService,
  ) {
    this.channel = `${config.values.PLATICA_REDIS_PREFIX}credentials:revoked`;
    // Whatever was cached may miss a revocation sent while Redis was unreachable.
    store.onAvailability(() => this.notify('all'));
  }

  /** Whether a revocation made by another replica reaches this one now. */
  get listening(): boolean {
    return this.subscribed && this.subscriber?.status === 'ready' && this.store.available;
  }

  onRevoked(listener: Listener): void {
    this.listeners.push(listener);
  }

  /**
   * Revoked credentials are already so in PostgreSQL: without Redis the other replicas are not
   * told, but they do not trust their caches while they cannot listen either.
   */
  async publish(credentialHashes: string[]): Promise<void> {
    if (credentialHashes.length === 0) return;
    this.notify(credentialHashes);
    await this.store.withFallback(
      'revocations',
      (redis) => redis.publish(this.channel, JSON.stringify(credentialHashes)),
      () => undefined,
    );
  }

  onModuleInit(): void {
    // Its own connection, which waits for Redis (a subscription is not a request anyone waits for).
    const subscriber = this.store.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => {
      const hashes = parseHashes(message);
      if (hashes) this.notify(hashes);
    });
    // After a reconnect, messages sent meanwhile are lost: forget everything cached.
    subscriber.on('ready', () => this.notify('all'));
    subscriber.on('error', (error: Error) => this.logger.debug(`revocation subscription: ${error.message}`));
    // Not awaited: the gateway serves without Redis, its cache unused until this is done.
    subscriber.subscribe(this.channel).then(
      () => {
        this.subscribed = true;
      },
      (error: unknown) => this.logger.warn(`revocation subscription failed: ${String(error)}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  private notify(hashes: string[] | 'all'): void {
    for (const listener of this.listeners) listener(hashes);
  }
}

function parseHashes(message: string): string[] | null {
  try {
    const value: unknown = JSON.parse(message);
    return Array.isArray(value) && value.every((h) => typeof h === 'string') ? value : null;
  } catch {
    return null;
  }
}
