import type { TurnHistoryItem } from '@platica/contracts';
import { historyOfTurn } from './turn-replay';

const item = (id: string, role: TurnHistoryItem['role'], seenUpTo?: string): TurnHistoryItem => ({
  id,
  role,
  content: id,
  contentType: 'text',
  images: [],
  files: [],
  status: role === 'user' ? 'received' : 'sent',
  createdAt: '2026-11-27T00:00:00.000Z',
  ...(seenUpTo ? { seenUpTo } : {}),
});

describe('historyOfTurn', () => {
  it('is what came before the reply', () => {
    const items = [
      item('u1', 'user'),
      item('r1', 'assistant', 'u1'),
      item('u2', 'user'),
      item('r2', 'assistant', 'u2'),
      item('u3', 'user'),
    ];
    expect(historyOfTurn(items, 3).map((i) => i.id)).toEqual(['u1', 'r1', 'u2']);
  });

  it("leaves out the customer's messages that arrived after what the turn saw", () => {
    const items = [item('u1', 'user'), item('u2', 'user'), item('r1', 'assistant', 'u1')];
    expect(historyOfTurn(items, 2).map((i) => i.id)).toEqual(['u1']);
  });

  it("puts last the customer's message stored in the instant before the previous reply", () => {
    const items = [item('u1', 'user'), item('u2', 'user'), item('r1', 'assistant', 'u1'), item('r2', 'assistant', 'r1')];
    expect(historyOfTurn(items, 3).map((i) => i.id)).toEqual(['u1', 'r1', 'u2']);
  });
});
