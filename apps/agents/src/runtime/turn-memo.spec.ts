import { OncePerKey, TurnMemo } from './turn-memo';

describe('TurnMemo', () => {
  it('keeps a value until it is forgotten', () => {
    const cache = new TurnMemo<string>();
    cache.set('run-1', 'first round');
    expect(cache.get('run-1')).toBe('first round');
    expect(cache.get('run-2')).toBeUndefined();
    cache.forget('run-1');
    expect(cache.get('run-1')).toBeUndefined();
  });

  it('drops an entry once its time is up', () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const cache = new TurnMemo<string>(1_000);
      cache.set('run-1', 'setting');
      jest.setSystemTime(999);
      expect(cache.get('run-1')).toBe('setting');
      jest.setSystemTime(1_000);
      expect(cache.get('run-1')).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('evicts the oldest entry when full', () => {
    const cache = new TurnMemo<number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3); // written again: now the newest
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
  });

  it('keeps nothing for an activity outside a workflow run (no key)', () => {
    const cache = new TurnMemo<string>();
    cache.set(undefined, 'setting');
    expect(cache.get(undefined)).toBeUndefined();
  });
});

describe('OncePerKey', () => {
  it('computes once per key: a later caller shares the result', async () => {
    const once = new OncePerKey<string>();
    const compute = jest.fn(async () => 'accepted');
    const first = once.run('run-1:msg_1', compute);
    const second = once.run('run-1:msg_1', compute);
    expect(await first).toBe('accepted');
    expect(await second).toBe('accepted');
    expect(await once.run('run-1:msg_1', compute)).toBe('accepted');
    expect(compute).toHaveBeenCalledTimes(1);
    await once.run('run-1:msg_2', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed computation: the next caller starts afresh', async () => {
    const once = new OncePerKey<string>();
    const failing = once.run('run-1:msg_1', async () => {
      throw new Error('messaging did not answer');
    });
    await expect(failing).rejects.toThrow('messaging did not answer');
    await expect(once.run('run-1:msg_1', async () => 'accepted')).resolves.toBe('accepted');
  });

  it('computes for every caller without a key', async () => {
    const once = new OncePerKey<number>();
    const compute = jest.fn(async () => 1);
    await once.run(undefined, compute);
    await once.run(undefined, compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
