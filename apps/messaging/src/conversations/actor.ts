import type { AuthContext } from '@platica/contracts';

/**
 * Who acts in a conversation, as messages and takeovers record it: an OAuth user by their
 * user id (the human who sent or took over), an API key by its principal (`key:<id>`).
 */
export function actorOf(auth: AuthContext): { actorType: 'user' | 'api'; actorId: string | null } {
  if (auth.credentialType === 'oauth_token') return { actorType: 'user', actorId: auth.userId ?? null };
  return { actorType: 'api', actorId: auth.principal };
}
