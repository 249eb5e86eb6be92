import { newestPagesFirst } from './grouped-pages';

const page = (...ids: string[]) => ({ messages: ids.map((id) => ({ id })) });

describe("a conversation's messages read a page at a time from the newest", () => {
  it('puts the older pages first, each page in its own order', () => {
    expect(newestPagesFirst([page('m4', 'm5', 'm6'), page('m1', 'm2', 'm3')]).map((m) => m.id)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
    ]);
  });

  it('shows once a message two pages hold (the newest page read again after a new message)', () => {
    expect(newestPagesFirst([page('m5', 'm6', 'm7'), page('m3', 'm4', 'm5')]).map((m) => m.id)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    expect(newestPagesFirst([])).toEqual([]);
  });
});
