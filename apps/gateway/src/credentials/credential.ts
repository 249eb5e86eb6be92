import type { AuthContext, WorkspaceRole } from '@platica/contracts';

/** A caller the gateway has recognised: who it is, what it may reach, and its request budget. */
export interface Credential {
  auth: AuthContext;
  /** Requests per second (the spec's 30 unless the key was given more). */
  rateLimitPerSecond: number;
  /** What the rate limit is counted against: the key or token id, never its value. */
  rateLimitSubject: string;
  /** When the credential stops being valid (epoch ms), if it expires: a cached entry never outlives it. */
  expiresAt?: number;
  /** A user's role in each workspace the credential reaches: OAuth tokens only (an API key has full access). */
  roles?: Record<string, WorkspaceRole>;
}

export const API_KEY_PREFIX = 'pl_key_';
export const ACCESS_TOKEN_PREFIX = 'pl_at_';
export const REFRESH_TOKEN_PREFIX = 'pl_rt_';
