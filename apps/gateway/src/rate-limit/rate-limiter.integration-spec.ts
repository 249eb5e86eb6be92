import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { CuttableProxy, eventually } from '@platica/testing';
import { RedisStore } from '../redis/redis.store';
import { RateLimiter, type RateLimitBarrier, type RateLimitDecision } from './rate-limiter';

const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `test:${randomBytes(4).toString('hex')}:`;
const subject = () => `key:${randomBytes(4).toString('hex')}`;
type Refusal = Extract<RateLimitDecision, { allowed: false }>;
const admitted = (decisions: RateLimitDecision[]) => decisions.filter((d) => !d.barred && d.allowed);
const refused = (decisions: RateLimitDecision[]) => decisions.filter((d): d is Refusal => !d.barred && !d.allowed);
const noLocalBarrier = async () => 0;

async function connectedStore(url = redisUrl.toString()): Promise<RedisStore> {
  const store = new RedisStore(url, 500);
  await once(store.redis, 'ready');
  return store;
}

/**
 * The limiter against a real Redis, two connections standing for two gateway replicas. A rate
 * of 1 per second with a 30-second window fills a bucket of 30 that drains one request a
 * second, so a burst decided within that second has an exact answer.
 */
describe('RateLimiter (Redis)', () => {
  let stores: RedisStore[];
  const replicas = (windowSeconds: number) => stores.map((store) => new RateLimiter(store, prefix, windowSeconds));

  beforeAll(async () => {
    stores = await Promise.all([connectedStore(), connectedStore()]);
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.onApplicationShutdown()));
  });

  it('admits exactly the bucket of a burst across replicas, Remaining falling one by one, and refuses the rest at no cost', async () => {
    const [a, b] = replicas(30);
    const key = subject();
    const before = Date.now();
    const decisions = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a! : b!).consume(key, 1)));
    const after = Date.now();
    expect(admitted(decisions)).toHaveLength(30);
    expect(
      admitted(decisions)
        .map((d) => (d.barred ? -1 : d.state.remaining))
        .sort((x, y) => y - x),
    ).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    expect(refused(decisions)).toHaveLength(70);
    for (const refusal of refused(decisions)) {
      expect(refusal).toMatchObject({ state: { limit: 30, remaining: 0, windowSeconds: 30 }, cost: 1 });
      // The next request fits once one has drained: within the second.
      expect(refusal.retryAfterMs).toBeLessThanOrEqual(1_000);
      // Full again (Reset) once all 30 have drained: 30 s after the burst (timed from its start
      // and end, not from the check: a loaded run took 4 s between the two).
      expect(refusal.state.resetAt * 1000 - before).toBeGreaterThan(28_000);
      expect(refusal.state.resetAt * 1000 - after).toBeLessThanOrEqual(31_000);
    }
  });

  it('counts each subject on its own', async () => {
    const [a] = replicas(1);
    const [spent, fresh] = [subject(), subject()];
    await Promise.all(Array.from({ length: 40 }, () => a!.consume(spent, 30)));
    expect(await a!.consume(fresh, 30)).toMatchObject({ allowed: true, state: { limit: 30, remaining: 29, windowSeconds: 1 } });
  });

  it('admits a batch whole or not at all: its cost is its number of requests', async () => {
    const [a, b] = replicas(30);
    const key = subject();
    const [first, second] = await Promise.all([a!.consume(key, 1, undefined, 20), b!.consume(key, 1, undefined, 20)]);
    const [won, lost] = first!.barred || first!.allowed ? [first!, second!] : [second!, first!];
    expect(won).toMatchObject({ allowed: true, state: { remaining: 10 } });
    // Refused without spending: the 10 left are still there.
    expect(lost).toMatchObject({ allowed: false, cost: 20, state: { remaining: 10 } });
    expect(await a!.consume(key, 1, undefined, 10)).toMatchObject({ allowed: true, state: { remaining: 0 } });
    // Larger than the bucket: never admitted, nothing spent.
    const other = subject();
    expect(await a!.consume(other, 1, undefined, 31)).toMatchObject({ allowed: false, state: { remaining: 30 } });
  });

  it('refuses before counting while the barrier is reached', async () => {
    const [a] = replicas(1);
    const barrier = { key: `${prefix}barrier:${randomBytes(4).toString('hex')}`, limit: 2, localMsBeforeLifted: noLocalBarrier };
    await stores[0]!.redis.set(barrier.key, 2, 'EX', 60);
    expect(await a!.consume(subject(), 30, barrier)).toMatchObject({ barred: true, msBeforeLifted: expect.any(Number) });
  });
});

/**
 * While Redis is unreachable (a proxy the test cuts), the limiter decides at once from this
 * replica's memory with the same rules, and counts in Redis again once it is back.
 */
describe('RateLimiter without Redis', () => {
  let proxy: CuttableProxy;
  let store: RedisStore;

  beforeAll(async () => {
    proxy = await CuttableProxy.start(`${redisUrl.hostname}:${redisUrl.port || 6379}`);
    store = await connectedStore(`redis://${proxy.address}`);
  });
  afterAll(async () => {
    await store.onApplicationShutdown();
    await proxy.stop();
  });

  it('admits exactly the bucket of a burst from memory, at once, and refuses a barred address', async () => {
    await proxy.cut();
    try {
      await eventually('the store to see Redis gone', async () => !store.available);
      const limiter = new RateLimiter(store, prefix, 30);
      const key = subject();
      const started = Date.now();
      const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(key, 1)));
      expect(Date.now() - started).toBeLessThan(200);
      expect(admitted(decisions)).toHaveLength(30);
      expect(refused(decisions)[0]).toMatchObject({ state: { limit: 30, remaining: 0, windowSeconds: 30 }, cost: 1 });
      const barrier: RateLimitBarrier = { key: `${prefix}barrier`, limit: 1, localMsBeforeLifted: async () => 1_500 };
      expect(await limiter.consume(subject(), 30, barrier)).toEqual({ barred: true, msBeforeLifted: 1_500 });
    } finally {
      await proxy.restore();
    }
  });

  it('counts in Redis again once Redis is back', async () => {
    await eventually('the store to reach Redis again', async () => store.available, 5_000);
    const key = subject();
    const otherReplica = await connectedStore();
    try {
      await new RateLimiter(store, prefix, 30).consume(key, 1);
      // Another replica sees the request counted: the bucket is Redis's.
      expect(await new RateLimiter(otherReplica, prefix, 30).consume(key, 1)).toMatchObject({ allowed: true, state: { remaining: 28 } });
    } finally {
      await otherReplica.onApplicationShutdown();
    }
  });
});
