import type { TFunction } from 'i18next';
import { stateCell, stateLine } from './state-line';

// Keys and their values as the text, so the sentence chosen is what is checked.
const t = ((key: string, options?: Record<string, string>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;
const since = '2026-11-28T10:00:00.000Z';

describe("a conversation's state in words", () => {
  it('says the agent answers, closed, or waiting since when', () => {
    expect(stateLine(t, 'en', { state: 'ai', handledBy: null, waitingSince: null }, 'usr_me')).toBe('conversation.agentMode');
    expect(stateLine(t, 'en', { state: 'closed', handledBy: null, waitingSince: null }, 'usr_me')).toBe('conversation.closedMode');
    expect(stateLine(t, 'en', { state: 'waiting', handledBy: null, waitingSince: since }, 'usr_me')).toMatch(
      /^conversation\.waitingMode \{"when":"\d+\/\d+\/26, \d+:00 [AP]M"\}$/,
    );
  });

  it('says "you" to the person who has it, and names anyone else (an API key as such)', () => {
    const ana = { id: 'usr_ana', email: 'ana@example.test' };
    expect(stateLine(t, 'en', { state: 'human', handledBy: ana, waitingSince: null }, 'usr_ana')).toBe('conversation.humanMode');
    expect(stateLine(t, 'en', { state: 'human', handledBy: ana, waitingSince: null }, 'usr_beto')).toBe(
      'conversation.otherMode {"name":"ana@example.test"}',
    );
    expect(stateCell(t, 'en', { state: 'human', handledBy: { id: 'key:k1' }, waitingSince: null })).toBe('conversation.apiKey {"id":"k1"}');
    expect(stateCell(t, 'en', { state: 'ai', handledBy: null, waitingSince: null })).toBe('state.ai');
  });
});
