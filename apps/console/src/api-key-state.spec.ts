import { keyState, revealedAfter, revealedIn, type RevealedKey } from './api-key-state';

describe('keyState', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');

  it('is active without an expiry, or before it', () => {
    expect(keyState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(keyState({ revokedAt: null, expiresAt: '2026-11-27T10:00:01Z' }, now)).toBe('active');
  });

  it('is expired from its expiry on, as the API refuses it from then', () => {
    expect(keyState({ revokedAt: null, expiresAt: '2026-11-27T10:00:00Z' }, now)).toBe('expired');
  });

  it('is revoked once revoked, expired or not', () => {
    expect(keyState({ revokedAt: '2026-11-27T09:00:00Z', expiresAt: '2026-11-27T09:30:00Z' }, now)).toBe('revoked');
  });
});

describe('the API keys page’s shown-once values', () => {
  const created: RevealedKey = { keyId: 'key_a', workspaceId: 'ws_1', name: 'ci', value: 'pl_key_a', rotated: false };

  it('keep a value just created when another key is revoked or rotated', () => {
    let held = revealedAfter([], { kind: 'shown', key: created });
    held = revealedAfter(held, { kind: 'revoked', keyId: 'key_b' });
    expect(held).toEqual([created]);
    const rotated: RevealedKey = { keyId: 'key_c', workspaceId: 'ws_1', name: 'cron', value: 'pl_key_c2', rotated: true };
    held = revealedAfter(held, { kind: 'shown', key: rotated });
    expect(held).toEqual([rotated, created]);
  });

  it('drop a value when its own key is revoked, dismissed, or rotated again (the new value replaces it)', () => {
    const held = revealedAfter([], { kind: 'shown', key: created });
    expect(revealedAfter(held, { kind: 'revoked', keyId: 'key_a' })).toEqual([]);
    expect(revealedAfter(held, { kind: 'dismissed', keyId: 'key_a' })).toEqual([]);
    const again = { ...created, value: 'pl_key_a2', rotated: true };
    expect(revealedAfter(held, { kind: 'shown', key: again })).toEqual([again]);
  });

  it('show a value only in the workspace it was created in (an answer that comes after a switch)', () => {
    const held = revealedAfter([], { kind: 'shown', key: created });
    expect(revealedIn(held, 'ws_2')).toEqual([]);
    expect(revealedIn(held, 'ws_1')).toEqual([created]);
  });
});
