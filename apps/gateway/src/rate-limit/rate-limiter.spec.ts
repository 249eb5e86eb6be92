import { rateLimitExceeded } from './rate-limiter';

describe('rateLimitExceeded', () => {
  const state = { limit: 30, remaining: 0, windowSeconds: 1, resetAt: 1_000 };

  it('tells the client when its request fits, in whole seconds, never 0', () => {
    const details = (retryAfterMs: number) => rateLimitExceeded({ allowed: false, state, cost: 1, retryAfterMs }).details;
    expect(details(33.4)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1 });
    expect(details(1_500)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 2 });
    expect(details(0)).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1 });
  });

  it('names the requests a batch counted, and says when a batch can never fit', () => {
    const refusal = (cost: number) => rateLimitExceeded({ allowed: false, state: { ...state, remaining: 10 }, cost, retryAfterMs: 400 });
    expect(refusal(20).details).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1, requests: 20 });
    expect(refusal(20).message).toBe('Too many requests');
    expect(refusal(31).message).toMatch(/a batch of 31 messages exceeds the limit of 30 per 1 s/);
  });
});
