import { randomBytes } from 'node:crypto';
import { hashCredential } from '@platica/platform';
import type { GatewayConfigService } from '../config/gateway-config.service';
import { RedisStore } from '../redis/redis.store';
import { ConsoleSessions, type ConsoleSession } from './console-sessions';

/** The refresh lock on the machine's real Redis, under a prefix of this run's own. */
describe('console sessions: one refresh at a time (integration)', () => {
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  const store = new RedisStore(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 2_000);
  const config = { values: { PLATICA_REDIS_PREFIX: prefix, PLATICA_OAUTH_REFRESH_TOKEN_TTL_SECONDS: 600 } } as GatewayConfigService;
  const sessions = new ConsoleSessions(store, config);
  const session = (n: number): ConsoleSession => ({ accessToken: `at-${n}`, refreshToken: `rt-${n}`, accessExpiresAt: 0 });
  const lockKey = (sessionId: string) => `${prefix}console:refreshing:${hashCredential(sessionId)}`;

  beforeAll(async () => {
    for (let tries = 0; store.redis.status !== 'ready' && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
  });
  afterAll(async () => {
    const keys = await store.redis.keys(`${prefix}*`);
    if (keys.length) await store.redis.del(...keys);
    await store.onApplicationShutdown();
  });

  it('a second request waits for the refresh in flight and uses its tokens instead of refreshing again', async () => {
    const id = ConsoleSessions.newSecret();
    await sessions.create(id, session(1));
    let refreshes = 0;
    const refresh = async () => {
      refreshes++;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return session(2);
    };
    const [first, second] = await Promise.all([
      sessions.refreshOnce(id, session(1), refresh),
      sessions.refreshOnce(id, session(1), refresh),
    ]);
    expect([first?.accessToken, second?.accessToken, refreshes]).toEqual(['at-2', 'at-2', 1]);
  });

  it('a refresh that outlived its lock leaves the lock another request took since in place', async () => {
    const id = ConsoleSessions.newSecret();
    await sessions.create(id, session(1));
    const result = await sessions.refreshOnce(id, session(1), async () => {
      // The lock ran out while this refresh was slow, and another replica's request took it.
      await store.redis.set(lockKey(id), 'another replica', 'PX', 10_000);
      return session(2);
    });
    expect(result?.accessToken).toBe('at-2');
    expect(await store.redis.get(lockKey(id))).toBe('another replica');
  });

  it('a refresh that fails ends the session; one signed out meanwhile is not brought back', async () => {
    const failed = ConsoleSessions.newSecret();
    await sessions.create(failed, session(1));
    expect(await sessions.refreshOnce(failed, session(1), async () => null)).toBeNull();
    expect(await sessions.find(failed)).toBeNull();

    const signedOut = ConsoleSessions.newSecret();
    await sessions.create(signedOut, session(1));
    const result = await sessions.refreshOnce(signedOut, session(1), async () => {
      await sessions.delete(signedOut);
      return session(2);
    });
    expect(result).toBeNull();
    expect(await sessions.find(signedOut)).toBeNull();
  });
});
