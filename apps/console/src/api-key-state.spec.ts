import { keyState } from './api-key-state';

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
