import { expiryCutoffs, expiryReason, type ExpiryCandidate } from './expiry-rule';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const HOUR = 3_600_000;
const cutoffs = expiryCutoffs(NOW, { chatIdleMs: 2 * HOUR, quietMs: 5 * 60_000 });
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** A WhatsApp conversation whose customer wrote 25 hours ago, with nothing open. */
function whatsapp(changes: Partial<ExpiryCandidate> = {}): ExpiryCandidate {
  return {
    platform: 'whatsapp',
    source: 'meta',
    status: 'active',
    operation: 'automatic',
    lastUserMessageAt: ago(25 * HOUR),
    resumeRequestedAt: null,
    updatedAt: ago(24.9 * HOUR),
    replyInFlight: false,
    scheduledPending: false,
    ...changes,
  };
}

/** A chat thread untouched for three hours (the idle time is two). */
function chat(changes: Partial<ExpiryCandidate> = {}): ExpiryCandidate {
  return whatsapp({ platform: 'service', source: 'api_chat', lastUserMessageAt: ago(3 * HOUR), updatedAt: ago(3 * HOUR), ...changes });
}

describe('expiryReason', () => {
  it.each([
    ['a WhatsApp conversation 25 h after the customer wrote', whatsapp()],
    ['an Instagram one', whatsapp({ platform: 'instagram' })],
    ['a Messenger one', whatsapp({ platform: 'facebook' })],
    ['an initiated one', whatsapp({ status: 'initiated' })],
    ['one the business wrote into since (its window is still the customer’s)', whatsapp({ updatedAt: ago(HOUR) })],
    ['one a template opened 25 h ago that the customer never answered', whatsapp({ status: 'initiated', lastUserMessageAt: null })],
  ])('expires %s: its service window closed', (_, candidate) => {
    expect(expiryReason(candidate, cutoffs, false)).toBe('service_window_closed');
  });

  it.each([
    ['the customer wrote 23 h ago', whatsapp({ lastUserMessageAt: ago(23 * HOUR), updatedAt: ago(23 * HOUR) })],
    ['the window closes in a millisecond', whatsapp({ lastUserMessageAt: ago(24 * HOUR - 1) })],
    ['a template opened it 2 h ago, unanswered', whatsapp({ status: 'initiated', lastUserMessageAt: null, updatedAt: ago(2 * HOUR) })],
  ])('keeps a Meta conversation whose window is open: %s', (_, candidate) => {
    expect(expiryReason(candidate, cutoffs, false)).toBeNull();
  });

  it.each([
    ['finished', whatsapp({ status: 'finished' })],
    ['spam', whatsapp({ status: 'spam' })],
    ['already expired', whatsapp({ status: 'expired' })],
  ])('never expires a conversation %s', (_, candidate) => {
    expect(expiryReason(candidate, cutoffs, false)).toBeNull();
  });

  it.each([
    ['in human assistance', { operation: 'assistance' as const }],
    ['with a resume instruction waiting for the agent', { resumeRequestedAt: ago(25 * HOUR) }],
    ['with a reply being delivered', { replyInFlight: true }],
    ['with a scheduled message pending', { scheduledPending: true }],
    ['written 4 minutes ago (a turn may be on its way)', { updatedAt: ago(4 * 60_000) }],
  ])('keeps one with open work: %s', (_, changes) => {
    expect(expiryReason(whatsapp(changes), cutoffs, false)).toBeNull();
    expect(expiryReason(chat(changes), cutoffs, false)).toBeNull();
  });

  it('keeps one whose turn is running (Temporal says so)', () => {
    expect(expiryReason(whatsapp(), cutoffs, true)).toBeNull();
    expect(expiryReason(chat(), cutoffs, true)).toBeNull();
  });

  it('expires a chat thread idle past the setting, not one written within it', () => {
    expect(expiryReason(chat(), cutoffs, false)).toBe('chat_idle');
    expect(expiryReason(chat({ updatedAt: ago(2 * HOUR) }), cutoffs, false)).toBe('chat_idle');
    expect(expiryReason(chat({ updatedAt: ago(2 * HOUR - 1) }), cutoffs, false)).toBeNull();
  });

  it('measures a chat by its latest write, not by a Meta window (a chat has none)', () => {
    expect(expiryReason(chat({ lastUserMessageAt: ago(30 * HOUR), updatedAt: ago(HOUR) }), cutoffs, false)).toBeNull();
  });

  it('keeps a chat thread finished by the business (only active ones expire)', () => {
    expect(expiryReason(chat({ status: 'finished' }), cutoffs, false)).toBeNull();
  });

  it('never expires a conversation of a platform without a service window', () => {
    for (const platform of ['email', 'telegram', 'service']) {
      expect(expiryReason(whatsapp({ platform, source: 'api' }), cutoffs, false)).toBeNull();
    }
  });

  it('waits the quiet time even for a chat whose idle time is shorter', () => {
    const short = expiryCutoffs(NOW, { chatIdleMs: 1_000, quietMs: 60_000 });
    expect(expiryReason(chat({ updatedAt: ago(30_000) }), short, false)).toBeNull();
    expect(expiryReason(chat({ updatedAt: ago(60_000) }), short, false)).toBe('chat_idle');
  });
});
