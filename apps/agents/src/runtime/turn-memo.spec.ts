import { TurnMemo } from './turn-memo';

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
