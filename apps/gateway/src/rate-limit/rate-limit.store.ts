import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Readiness } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';

/** The Redis connection holding the rate-limit counters that every gateway replica shares. */
@Injectable()
export class RateLimitStore implements OnApplicationShutdown {
  readonly redis: Redis;

  constructor(config: GatewayConfigService, readiness: Readiness) {
    this.redis = new Redis(config.values.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    readiness.register('redis', async () => {
      if ((await this.redis.ping()) !== 'PONG') throw new Error('redis did not answer PING');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
