import { MediaCache } from './media-cache';

const media = (size: number) => ({ data: new Uint8Array(size) });

describe('MediaCache', () => {
  it('keeps an entry for its time, then forgets it', () => {
    let now = 1_000;
    const cache = new MediaCache({ maxBytes: 100, ttlMs: 50 }, () => now);
    const value = media(10);
    cache.set('a', value);
    now += 49;
    expect(cache.get('a')).toBe(value);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used to stay within its bytes', () => {
    const cache = new MediaCache({ maxBytes: 100, ttlMs: 60_000 });
    cache.set('a', media(25));
    cache.set('b', media(25));
    cache.set('c', media(25));
    cache.get('a'); // now the most recently used: `b` is the oldest
    cache.set('d', media(25));
    cache.set('e', media(25));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d'), cache.get('e')].every(Boolean)).toBe(true);
    expect(cache.size).toBe(100);
  });

  it('does not keep an entry larger than a quarter of the cache, nor anything with no time to keep it', () => {
    const cache = new MediaCache({ maxBytes: 100, ttlMs: 60_000 });
    cache.set('small', media(25));
    cache.set('large', media(26));
    expect(cache.get('large')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
    const off = new MediaCache({ maxBytes: 100, ttlMs: 0 });
    off.set('a', media(1));
    expect(off.get('a')).toBeUndefined();
    expect(off.size).toBe(0);
  });

  it('replacing a key counts its bytes once', () => {
    const cache = new MediaCache({ maxBytes: 100, ttlMs: 60_000 });
    cache.set('a', media(20));
    cache.set('a', media(10));
    expect(cache.size).toBe(10);
  });
});
