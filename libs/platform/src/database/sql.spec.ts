import { keysIn } from './sql';

describe('keysIn', () => {
  it('names each key as a parameter of an in-list', () => {
    expect(keysIn('c.id', ['cv_1', 'cv_2'])).toEqual({ sql: 'c.id in (?, ?)', params: ['cv_1', 'cv_2'] });
  });

  it('matches nothing without keys (an empty in-list is not SQL)', () => {
    expect(keysIn('c.id', [])).toEqual({ sql: 'false', params: [] });
  });
});
