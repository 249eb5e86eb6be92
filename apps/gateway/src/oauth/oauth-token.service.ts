import { Injectable } from '@nestjs/common';
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from '../credentials/credential';
import { CredentialRevocations } from '../credentials/credential-revocations';
import { GatewayConfigService } from '../config/gateway-config.service';
import { OAuthError } from './oauth-error';
import { OAuthGrantRepository, type IssuedTokens } from './oauth-grant.repository';
import { isCodeVerifier, parseScope, pkceVerifierMatches } from './oauth-rules';

/** RFC 6749 §5.1's successful token response. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

type Form = Record<string, unknown>;

/**
 * The token endpoint (RFC 6749 §3.2, OAuth 2.1 §3.2) for public clients: the authorization
 * code grant with PKCE, and the refresh token grant with rotation and reuse detection; and
 * revocation (RFC 7009). A replayed code or refresh token revokes every token of its grant.
 */
@Injectable()
export class OAuthTokenService {
  constructor(
    private readonly grants: OAuthGrantRepository,
    private readonly revocations: CredentialRevocations,
    private readonly config: GatewayConfigService,
  ) {}

  async exchange(form: Form): Promise<TokenResponse> {
    const grantType = field(form, 'grant_type');
    if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
    if (grantType === 'authorization_code') return this.authorizationCode(form);
    if (grantType === 'refresh_token') return this.refreshToken(form);
    throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported (authorization_code, refresh_token)`);
  }

  private async authorizationCode(form: Form): Promise<TokenResponse> {
    const clientId = await this.client(form);
    const code = required(form, 'code');
    const verifier = required(form, 'code_verifier');
    const redirectUri = required(form, 'redirect_uri');
    if (!isCodeVerifier(verifier)) throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
    const redemption = await this.grants.redeemCode(code);
    if (redemption.outcome === 'replayed') {
      await this.revokeFamily(redemption.familyId);
      throw new OAuthError('invalid_grant', 'authorization code already used; the tokens issued for it are revoked');
    }
    if (redemption.outcome !== 'redeemed') throw new OAuthError('invalid_grant', 'authorization code is invalid or expired');
    const grant = redemption.value;
    // The code is spent either way: a failed check must not leave it redeemable by someone else.
    if (grant.clientId !== clientId) throw new OAuthError('invalid_grant', 'authorization code was issued to another client');
    // RFC 6749 §4.1.3: identical to the authorization request's value (even the loopback port).
    if (grant.redirectUri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
    if (!pkceVerifierMatches(verifier, grant.codeChallenge))
      throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
    return this.issue(grant, grant.familyId);
  }

  private async refreshToken(form: Form): Promise<TokenResponse> {
    const clientId = await this.client(form);
    const token = required(form, 'refresh_token');
    // RFC 6749 §6: the scope may be narrowed, never widened.
    const requestedScope = field(form, 'scope');
    const scopes = requestedScope === undefined ? [] : parseScope(requestedScope);
    if (!token.startsWith(REFRESH_TOKEN_PREFIX)) throw new OAuthError('invalid_grant', 'refresh token is invalid, expired or revoked');
    const rotation = await this.grants.rotateRefreshToken(token, scopes);
    if (rotation.outcome === 'replayed') {
      await this.revokeFamily(rotation.familyId);
      throw new OAuthError('invalid_grant', 'refresh token already used; every token of this grant is revoked');
    }
    if (rotation.outcome === 'scope_exceeded')
      throw new OAuthError('invalid_scope', 'scope exceeds what the user granted: authorize again');
    if (rotation.outcome === 'invalid') throw new OAuthError('invalid_grant', 'refresh token is invalid, expired or revoked');
    const grant = rotation.value;
    if (grant.clientId !== clientId) {
      // Another client holding this token means it leaked.
      await this.revokeFamily(grant.familyId);
      throw new OAuthError('invalid_grant', 'refresh token was issued to another client');
    }
    return this.issue(grant, grant.familyId);
  }

  /** RFC 7009: always 200 for an unknown token; a refresh token takes its whole grant with it. */
  async revoke(form: Form): Promise<void> {
    const clientId = await this.client(form);
    const token = required(form, 'token');
    if (!token.startsWith(REFRESH_TOKEN_PREFIX) && !token.startsWith(ACCESS_TOKEN_PREFIX)) return;
    const owner = await this.grants.tokenOwner(token);
    if (!owner) return;
    if (owner.clientId !== clientId) throw new OAuthError('unauthorized_client', 'the token was not issued to this client');
    if (owner.kind === 'refresh' && owner.familyId) await this.revokeFamily(owner.familyId);
    else await this.revocations.publish(await this.grants.revokeAccessToken(owner.hash));
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.revocations.publish(await this.grants.revokeFamily(familyId));
  }

  /** Public clients authenticate by client_id alone (their proof is PKCE). */
  private async client(form: Form): Promise<string> {
    const clientId = field(form, 'client_id');
    if (!clientId) throw new OAuthError('invalid_client', 'client_id is required');
    if (field(form, 'client_secret') !== undefined) throw new OAuthError('invalid_client', 'public clients have no secret');
    if (!(await this.grants.findClient(clientId))) throw new OAuthError('invalid_client', 'unknown client');
    return clientId;
  }

  private async issue(grant: Parameters<OAuthGrantRepository['issueTokens']>[0], familyId: string): Promise<TokenResponse> {
    const values = this.config.values;
    const issued: IssuedTokens = await this.grants.issueTokens(grant, familyId, {
      accessSeconds: values.PLATICA_OAUTH_ACCESS_TOKEN_TTL_SECONDS,
      refreshSeconds: values.PLATICA_OAUTH_REFRESH_TOKEN_TTL_SECONDS,
    });
    return {
      access_token: issued.accessToken,
      token_type: 'Bearer',
      expires_in: issued.accessTokenExpiresIn,
      refresh_token: issued.refreshToken,
      scope: issued.scopes.join(' '),
    };
  }
}

/** A form parameter sent once (RFC 6749 §3.2: parameters must not repeat). */
export function field(form: Form, name: string): string | undefined {
  const value = form[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new OAuthError('invalid_request', `${name} must be sent once`);
  return value;
}

function required(form: Form, name: string): string {
  const value = field(form, name);
  if (value === undefined) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}
