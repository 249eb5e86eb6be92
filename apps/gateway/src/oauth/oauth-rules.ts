import { createHash, timingSafeEqual } from 'node:crypto';
import { SCOPES, type Scope } from '@platica/contracts';
import { OAuthError } from './oauth-error';

/**
 * The RFC checks of the authorization server, as pure functions (unit-tested one by one):
 * redirect URIs (OAuth 2.1 §2.3.1, RFC 8252 §7.3), PKCE S256 (RFC 7636 §4), scopes and
 * resource indicators (RFC 8707).
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why a redirect URI cannot be registered, or null: https anywhere, http only on loopback, no fragment. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.hash || value.includes('#')) return 'must not contain a fragment';
  // Any userinfo, even an empty `https://@host`: a URI that reads as one host and goes to another.
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value)) return 'must not contain credentials (userinfo)';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must use https, or http on a loopback address (127.0.0.1, [::1], localhost)';
}

/**
 * Exact string comparison (OAuth 2.1 §4.1.1), except that a loopback redirect URI may use any
 * port (RFC 8252 §7.3: native apps bind an ephemeral port).
 */
export function redirectUriMatches(registered: string, given: string): boolean {
  if (registered === given) return true;
  const [a, b] = [safeUrl(registered), safeUrl(given)];
  if (!a || !b || a.protocol !== 'http:' || b.protocol !== 'http:' || !LOOPBACK_HOSTS.has(a.hostname)) return false;
  return a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search && !b.hash;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** The authorization request's PKCE pair: S256 only; `plain` and a missing challenge are refused. */
export function checkCodeChallenge(challenge: string | undefined, method: string | undefined): string {
  if (!challenge) throw new OAuthError('invalid_request', 'code_challenge is required (PKCE, S256)');
  if (method !== 'S256') {
    throw new OAuthError('invalid_request', `code_challenge_method must be S256${method ? ` (${method} is not supported)` : ''}`);
  }
  if (!S256_CHALLENGE.test(challenge)) throw new OAuthError('invalid_request', 'code_challenge must be 43 base64url characters (S256)');
  return challenge;
}

/** RFC 7636 §4.6: BASE64URL(SHA256(code_verifier)) == code_challenge. */
export function pkceVerifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export function isCodeVerifier(value: string): boolean {
  return VERIFIER.test(value);
}

/** A `scope` parameter as scopes; an empty one means every scope the client may ask for. */
export function parseScope(value: string | undefined): Scope[] {
  const names = (value ?? '').split(' ').filter((s) => s.length > 0);
  if (names.length === 0) return [...SCOPES];
  const unknown = names.filter((n) => !(SCOPES as readonly string[]).includes(n));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `unknown scope ${unknown.join(', ')}; supported: ${SCOPES.join(' ')}`);
  return [...new Set(names as Scope[])];
}

/** RFC 8707: a resource indicator must name this server (its base URL or a path below, such as /mcp). */
export function checkResource(value: string | undefined, publicUrl: string): string | null {
  if (value === undefined || value === '') return null;
  const url = safeUrl(value);
  const base = new URL(publicUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (
    !url ||
    url.hash ||
    url.origin !== base.origin ||
    !(url.pathname === basePath || url.pathname.startsWith(`${basePath}/`) || basePath === '')
  ) {
    throw new OAuthError('invalid_target', `resource must be this server (${publicUrl}) or a path below it`);
  }
  return value;
}
