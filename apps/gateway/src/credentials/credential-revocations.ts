import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GatewayConfigService } from '../config/gateway-config.service';
import { RateLimitStore } from '../rate-limit/rate-limit.store';

type Listener = (credentialHashes: string[] | 'all') => void;

/**
 * Tells every gateway replica that credentials were revoked, so none keeps trusting its
 * in-memory credential cache (PLATICA_CREDENTIAL_CACHE_MS) for them: one Redis pub/sub
 * message with the revoked credentials' hashes. Pub/sub is fire-and-forget: a replica whose
 * subscription dropped drops its whole cache when it resubscribes, and the cache's lifetime
 * still bounds anything missed in between.
 */
@Injectable()
export class CredentialRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CredentialRevocations.name);
  private readonly listeners: Listener[] = [];
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    private readonly store: RateLimitStore,
    config: GatewayConfigService,
  ) {
    this.channel = `${config.values.PLATICA_REDIS_PREFIX}credentials:revoked`;
  }

  onRevoked(listener: Listener): void {
    this.listeners.push(listener);
  }

  async publish(credentialHashes: string[]): Promise<void> {
    if (credentialHashes.length === 0) return;
    this.notify(credentialHashes);
    await this.store.redis.publish(this.channel, JSON.stringify(credentialHashes));
  }

  async onModuleInit(): Promise<void> {
    const subscriber = this.store.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => {
      const hashes = parseHashes(message);
      if (hashes) this.notify(hashes);
    });
    // After a reconnect, messages sent meanwhile are lost: forget everything cached.
    let subscribedOnce = false;
    subscriber.on('ready', () => {
      if (subscribedOnce) this.notify('all');
      subscribedOnce = true;
    });
    subscriber.on('error', (error: Error) => this.logger.warn(`revocation subscription: ${error.message}`));
    await subscriber.subscribe(this.channel);
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
