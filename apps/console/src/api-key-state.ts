/** What the API says of a key, as far as its state goes. */
interface KeyDates {
  revokedAt: string | null;
  expiresAt: string | null;
}

export type KeyState = 'active' | 'expired' | 'revoked';

/** A key's state for the API keys page: revoked wins over expired (a revoked key stays revoked). */
export function keyState(key: KeyDates, now = Date.now()): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}
