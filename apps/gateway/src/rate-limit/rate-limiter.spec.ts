import { rateLimitExceeded } from './rate-limiter';

describe('rateLimitExceeded', () => {
  it('tells the client to retry at the end of the window, in whole seconds, never 0', () => {
    const details = (nowMs: number) => rateLimitExceeded({ limit: 30, remaining: 0, windowSeconds: 1, resetAt: 1_000 }, nowMs).details;
    expect(details(999_100)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1 });
    expect(details(998_500)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 2 });
    expect(details(1_000_000)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1 });
  });
});
