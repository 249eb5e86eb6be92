import type { TurnHistoryItem } from '@platica/contracts';
import { answeredAlready } from './answered';

const item = (id: string, role: TurnHistoryItem['role'], seenUpTo?: string): TurnHistoryItem => ({
  id,
  role,
  content: id,
  contentType: 'text',
  images: [],
  files: [],
  status: role === 'user' ? 'received' : 'sent',
  createdAt: '2026-11-21T12:00:00.000Z',
  ...(seenUpTo ? { seenUpTo } : {}),
});

/** A turn asked for twice must not answer twice; a message a reply never saw must be answered. */
describe('answeredAlready', () => {
  it('is true when a reply’s turn was given every triggering message', () => {
    const history = [item('m1', 'user'), item('m2', 'user'), item('r1', 'assistant', 'm2'), item('m3', 'user')];
    expect(answeredAlready(history, ['m1', 'm2'])).toBe(true);
  });

  it('is false for a message stored before a reply whose turn had not seen it', () => {
    // m2 arrived while the turn answering m1 was running: its reply is stored after m2.
    const history = [item('m1', 'user'), item('m2', 'user'), item('r1', 'assistant', 'm1')];
    expect(answeredAlready(history, ['m2'])).toBe(false);
  });

  it('is false with nothing triggering the turn, or with no reply that says what it saw', () => {
    expect(answeredAlready([item('m1', 'user'), item('r1', 'assistant', 'm1')], [])).toBe(false);
    expect(answeredAlready([item('m1', 'user'), item('r1', 'assistant')], ['m1'])).toBe(false);
  });

  it('counts messages older than the history window as answered when a reply in it saw past them', () => {
    expect(answeredAlready([item('m9', 'user'), item('r9', 'assistant', 'm9')], ['m0'])).toBe(true);
  });
});
