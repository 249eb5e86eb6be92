import type { Answer } from './api/schema';

/** What the API says of a key, as far as its state goes. */
type KeyDates = Pick<Answer<'api_keys_list'>['workspaces'][number]['apiKeys'][number], 'revokedAt' | 'expiresAt'>;

export type KeyState = 'active' | 'expired' | 'revoked';

/** A key's state for the API keys page: revoked wins over expired (a revoked key stays revoked). */
export function keyState(key: KeyDates, now = Date.now()): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}

/** A key value just created or rotated, held only in the API keys page's state: it is in that one answer only. */
export interface RevealedKey {
  keyId: string;
  /** The workspace the API created it in (the answer's, not the page's: the page may have moved on meanwhile). */
  workspaceId: string;
  name: string;
  value: string;
  rotated: boolean;
}

/** What changes the values on show: a new value, a key revoked (its value is dead), one dismissed. */
export type RevealedChange = { kind: 'shown'; key: RevealedKey } | { kind: 'revoked' | 'dismissed'; keyId: string };

/**
 * The values held after `change`: each stays until it is dismissed or its own key is revoked or
 * rotated again (a new value replaces it); revoking or rotating another key leaves it on show.
 */
export function revealedAfter(held: RevealedKey[], change: RevealedChange): RevealedKey[] {
  if (change.kind === 'shown') return [change.key, ...held.filter((key) => key.keyId !== change.key.keyId)];
  return held.filter((key) => key.keyId !== change.keyId);
}

/** Those the page of `workspaceId` may show: never another workspace's. */
export function revealedIn(held: RevealedKey[], workspaceId: string): RevealedKey[] {
  return held.filter((key) => key.workspaceId === workspaceId);
}
