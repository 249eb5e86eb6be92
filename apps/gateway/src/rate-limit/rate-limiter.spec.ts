import type { Redis } from 'ioredis';
import { RateLimiter, rateLimitExceeded } from './rate-limiter';

describe('rateLimitExceeded', () => {
  it('tells the client to retry at the end of the window, in whole seconds, never 0', () => {
    const details = (nowMs: number) => rateLimitExceeded({ limit: 30, remaining: 0, windowSeconds: 1, resetAt: 1_000 }, nowMs).details;
    expect(details(999_100)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1 });
    expect(details(998_500)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 2 });
    expect(details(1_000_000)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1 });
  });
});

/** A Redis that runs the counting script's arithmetic in memory, answering each call when released. */
function fakeRedis() {
  const counters = new Map<string, number>();
  const calls: (string | number)[][] = [];
  let pending: (() => void)[] = [];
  const redis = {
    defineCommand: () => undefined,
    platicaCountUnlessBarred: (keyCount: number, ...args: (string | number)[]) => {
      calls.push(args);
      const key = args[0] as string;
      const increment = Number(args[keyCount + 2]);
      return new Promise<number[]>((resolve) =>
        pending.push(() => {
          counters.set(key, (counters.get(key) ?? 0) + increment);
          resolve([counters.get(key)!]);
        }),
      );
    },
  };
  const release = () => {
    const answering = pending;
    pending = [];
    answering.forEach((answer) => answer());
  };
  return { redis: redis as unknown as Redis, calls, release };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RateLimiter counting', () => {
  it('counts the requests that arrive during a count in one call, each in its own place of the window', async () => {
    const { redis, calls, release } = fakeRedis();
    const limiter = new RateLimiter(redis, 'test:', 1);
    const now = 1_000_500;
    const first = limiter.consume('key', 3, undefined, now);
    await settle();
    const waiting = [1, 2, 3].map(() => limiter.consume('key', 3, undefined, now));
    release();
    await first;
    await settle();
    expect(calls).toHaveLength(2);
    release();
    const decisions = await Promise.all(waiting);
    // Budget 3: the first took place 1, these places 2, 3 and 4 (refused).
    expect(decisions.map((d) => (d.barred ? 'barred' : [d.allowed, d.state.remaining]))).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(calls[1]).toEqual(['test:rl:1:3:key:1000', 2, 0, 3]);
  });
});
