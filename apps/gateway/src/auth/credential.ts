import type { AuthContext } from '@platica/contracts';

/** A caller the gateway has recognised: who it is, what it may reach, and its request budget. */
export interface Credential {
  auth: AuthContext;
  /** Requests per second (the spec's 30 unless the key was given more). */
  rateLimitPerSecond: number;
  /** What the rate limit is counted against: the key or token id, never its value. */
  rateLimitSubject: string;
}

export const API_KEY_PREFIX = 'pl_key_';
export const ACCESS_TOKEN_PREFIX = 'pl_at_';
