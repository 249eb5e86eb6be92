import { createHash } from 'node:crypto';
import { OAuthError } from './oauth-error';
import { checkCodeChallenge, checkResource, parseScope, pkceVerifierMatches, redirectUriMatches, redirectUriProblem } from './oauth-rules';

const oauthErrorOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof OAuthError) return error.error;
    throw error;
  }
  throw new Error('expected an OAuthError');
};

describe('OAuth rules', () => {
  describe('redirect URIs (OAuth 2.1 §2.3.1, RFC 8252)', () => {
    it.each(['https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1:33418/callback', 'http://localhost/cb', 'http://[::1]:9/cb?x=1'])(
      'accept %s',
      (uri) => expect(redirectUriProblem(uri)).toBeNull(),
    );
    it.each([
      ['http://example.com/cb', /https/],
      ['http://127.0.0.1.nip.io/cb', /https/],
      ['https://app.test/cb#frag', /fragment/],
      ['https://user:pw@app.test/cb', /credentials/],
      ['https://@app.test/cb', /userinfo/],
      ['https://:@app.test/cb', /userinfo/],
      ['http://127.0.0.1@evil.test/cb', /userinfo/],
      ['javascript:alert(1)', /https/],
      ['/relative', /absolute/],
    ])('refuse %s', (uri, reason) => expect(redirectUriProblem(uri)).toMatch(reason));

    it('match exactly, except the port of a loopback URI', () => {
      expect(redirectUriMatches('https://app.test/cb', 'https://app.test/cb')).toBe(true);
      expect(redirectUriMatches('https://app.test/cb', 'https://app.test/cb/')).toBe(false);
      expect(redirectUriMatches('https://app.test/cb', 'https://app.test:444/cb')).toBe(false);
      expect(redirectUriMatches('https://app.test/cb', 'https://app.test/cb?x=1')).toBe(false);
      expect(redirectUriMatches('http://127.0.0.1:1000/cb', 'http://127.0.0.1:2000/cb')).toBe(true);
      expect(redirectUriMatches('http://127.0.0.1:1000/cb', 'http://127.0.0.1:2000/other')).toBe(false);
      expect(redirectUriMatches('http://127.0.0.1:1000/cb', 'http://localhost:1000/cb')).toBe(false);
    });
  });

  describe('PKCE (RFC 7636)', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = createHash('sha256').update(verifier).digest('base64url');

    it('accepts S256 only: plain and a missing challenge or method are invalid_request', () => {
      expect(checkCodeChallenge(challenge, 'S256')).toBe(challenge);
      expect(oauthErrorOf(() => checkCodeChallenge(challenge, 'plain'))).toBe('invalid_request');
      expect(oauthErrorOf(() => checkCodeChallenge(challenge, undefined))).toBe('invalid_request');
      expect(oauthErrorOf(() => checkCodeChallenge(undefined, 'S256'))).toBe('invalid_request');
      expect(oauthErrorOf(() => checkCodeChallenge('short', 'S256'))).toBe('invalid_request');
    });

    it('matches BASE64URL(SHA256(verifier)) and nothing else', () => {
      expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'); // RFC 7636 Appendix B
      expect(pkceVerifierMatches(verifier, challenge)).toBe(true);
      expect(pkceVerifierMatches(`${verifier}x`, challenge)).toBe(false);
      expect(pkceVerifierMatches(challenge, challenge)).toBe(false);
      expect(pkceVerifierMatches('too-short', createHash('sha256').update('too-short').digest('base64url'))).toBe(false);
    });
  });

  it('parses scopes: empty means every scope, unknown ones are invalid_scope', () => {
    expect(parseScope(undefined)).toEqual(['platica:read', 'platica:write']);
    expect(parseScope('platica:read')).toEqual(['platica:read']);
    expect(parseScope('platica:read  platica:read')).toEqual(['platica:read']);
    expect(oauthErrorOf(() => parseScope('platica:read admin'))).toBe('invalid_scope');
  });

  it('takes resource indicators naming this server only (RFC 8707)', () => {
    expect(checkResource(undefined, 'https://api.test')).toBeNull();
    expect(checkResource('https://api.test/mcp', 'https://api.test')).toBe('https://api.test/mcp');
    expect(checkResource('https://api.test', 'https://api.test')).toBe('https://api.test');
    expect(oauthErrorOf(() => checkResource('https://evil.test/mcp', 'https://api.test'))).toBe('invalid_target');
    expect(oauthErrorOf(() => checkResource('https://api.test/other', 'https://api.test/platica'))).toBe('invalid_target');
  });
});
