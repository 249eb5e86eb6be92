import type { TurnHistoryItem } from '@platica/contracts';
import { transcriptOf } from './summarizer';

const item = (role: TurnHistoryItem['role'], content: string, extra: Partial<TurnHistoryItem> = {}): TurnHistoryItem => ({
  id: `msg_${content}`,
  role,
  content,
  contentType: 'text',
  images: [],
  files: [],
  status: 'sent',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('transcriptOf', () => {
  it('names who said what, attachments included, and leaves out replies that never went out', () => {
    expect(
      transcriptOf([
        item('user', 'hola', { images: [{ url: 'https://cdn.test/a.png' }] }),
        item('assistant', 'falló', { status: 'failed' }),
        item('system', 'ofrece 10%'),
        item('assistant', '¿en qué te ayudo?'),
      ]),
    ).toBe('Customer: hola [image https://cdn.test/a.png]\nBusiness instruction: ofrece 10%\nAgent: ¿en qué te ayudo?');
  });
});
