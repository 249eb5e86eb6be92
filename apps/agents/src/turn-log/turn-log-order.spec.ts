import type { TurnLogModelCall } from '@platica/contracts';
import { inOrderMade } from './turn-log.repository';

const call = (at: string, fields: Partial<TurnLogModelCall>): TurnLogModelCall => ({
  purpose: 'reply',
  round: 0,
  attempt: 1,
  model: 'm',
  provider: 'openai-compatible',
  outcome: 'ok',
  at,
  durationMs: 0,
  inputTokens: null,
  outputTokens: null,
  finishReason: null,
  toolCallCount: 0,
  error: null,
  ...fields,
});

describe("a turn's model calls as the turn log lists them", () => {
  it('lists them by start, and a call and its fallback started in the same millisecond by their place in the chain', () => {
    const at = '2026-11-29T22:01:06.385Z';
    // Stored in the order their concurrent records landed, not the order they were made.
    const stored = [
      call(at, { fallbackIndex: 1, model: 'fallback' }),
      call('2026-11-29T22:01:07.000Z', { round: 1, model: 'next round' }),
      call(at, { fallbackIndex: 0, model: 'skipped', outcome: 'error' }),
      call('2026-11-29T22:01:05.000Z', { purpose: 'summary', round: null, model: 'summary' }),
    ];
    expect([...stored].sort(inOrderMade).map((c) => c.model)).toEqual(['summary', 'skipped', 'fallback', 'next round']);
  });
});
