import type { TurnHistoryItem } from '@platica/contracts';
import { answeredAlready, unansweredMessageIds } from './answered';

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

/** What context summarisation must leave verbatim: the customer messages after every reply's horizon. */
describe('unansweredMessageIds', () => {
  it('holds the customer messages after the latest message a reply of the agent saw', () => {
    const history = [
      item('m1', 'user'),
      item('r1', 'assistant', 'm1'),
      item('m2', 'user'),
      item('s1', 'assistant'), // the business's send: it answers nothing
      item('m3', 'user'),
    ];
    expect(unansweredMessageIds(history)).toEqual(new Set(['m2', 'm3']));
  });

  it('holds every customer message when no reply says what it saw, and none once a reply saw the last', () => {
    expect(unansweredMessageIds([item('m1', 'user'), item('s1', 'assistant'), item('m2', 'user')])).toEqual(new Set(['m1', 'm2']));
    expect(unansweredMessageIds([item('m1', 'user'), item('m2', 'user'), item('r1', 'assistant', 'm2')])).toEqual(new Set());
  });
});
