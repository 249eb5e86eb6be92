import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ToolsConfigService } from '../config/tools.config';
import { parseBody } from '../custom-apis/response-trim';
import type { IntegrationOauthSecrets } from './integration-secrets';
import type { OAuth2Auth, OAuth2Endpoints } from './providers/provider';
import { OutboundHttp } from '../shared/outbound-http';

/** Refresh an access token this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;
const TOKEN_TIMEOUT_MS = 15_000;

export const stateHashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

/** The token endpoint refused (an `invalid_grant`: the grant was revoked or expired): authorize again. */
export class AuthorizationRefused extends Error {}

/**
 * OAuth 2.0 for providers (RFC 6749 authorization code grant with PKCE, RFC 7636, S256): the
 * authorization URL, the code traded for tokens and refreshes, with the installation's OAuth
 * client (client_secret_post), over the guarded dispatcher. Redirects come back to
 * `<PLATICA_PUBLIC_URL>/hooks/integrations/oauth/callback`.
 */
@Injectable()
export class IntegrationOauth {
  constructor(
    private readonly http: OutboundHttp,
    private readonly config: ToolsConfigService,
  ) {}

  get redirectUri(): string {
    return `${this.config.values.PLATICA_PUBLIC_URL.replace(/\/+$/, '')}/hooks/integrations/oauth/callback`;
  }

  start(
    auth: OAuth2Auth,
    endpoints: OAuth2Endpoints,
  ): { authorizationUrl: string; state: string; pending: IntegrationOauthSecrets['pending'] } {
    const state = randomBytes(24).toString('base64url');
    const codeVerifier = randomBytes(32).toString('base64url');
    const url = new URL(endpoints.authorizationUrl);
    const params = {
      response_type: 'code',
      client_id: endpoints.clientId,
      redirect_uri: this.redirectUri,
      scope: auth.scopes.join(' '),
      state,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...auth.authorizationParams,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return { authorizationUrl: url.toString(), state, pending: { codeVerifier, redirectUri: this.redirectUri } };
  }

  /** Trades the authorization code (with the PKCE verifier) for tokens. */
  async finish(endpoints: OAuth2Endpoints, pending: NonNullable<IntegrationOauthSecrets['pending']>, code: string) {
    return this.token(
      endpoints,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: pending.redirectUri,
        code_verifier: pending.codeVerifier,
      },
      null,
    );
  }

  needsRefresh(tokens: IntegrationOauthSecrets['tokens']): boolean {
    return tokens?.expiresAt != null && tokens.expiresAt - REFRESH_MARGIN_MS <= Date.now();
  }

  /** A new access token from the refresh token; AuthorizationRefused when there is none or the provider refuses it. */
  async refresh(endpoints: OAuth2Endpoints, tokens: NonNullable<IntegrationOauthSecrets['tokens']>) {
    if (!tokens.refreshToken) throw new AuthorizationRefused('the access token expired and the provider gave no refresh token');
    return this.token(endpoints, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens.refreshToken);
  }

  private async token(
    endpoints: OAuth2Endpoints,
    grant: Record<string, string>,
    previousRefreshToken: string | null,
  ): Promise<NonNullable<IntegrationOauthSecrets['tokens']>> {
    const answer = await this.http.send(
      {
        method: 'POST',
        url: endpoints.tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...grant, client_id: endpoints.clientId, client_secret: endpoints.clientSecret }).toString(),
      },
      TOKEN_TIMEOUT_MS,
    );
    const body = parseBody(answer.text, answer.contentType) as Record<string, unknown> | string | null;
    const fields = body && typeof body === 'object' ? body : {};
    if (answer.status >= 400 && answer.status < 500) {
      const why = [fields.error, fields.error_description].filter((v) => typeof v === 'string').join(': ');
      throw new AuthorizationRefused(`the token endpoint refused: ${why || answer.status}`);
    }
    if (answer.status !== 200 || typeof fields.access_token !== 'string') throw new Error(`the token endpoint answered ${answer.status}`);
    return {
      accessToken: fields.access_token,
      refreshToken: typeof fields.refresh_token === 'string' ? fields.refresh_token : previousRefreshToken,
      expiresAt: typeof fields.expires_in === 'number' ? Date.now() + fields.expires_in * 1_000 : null,
    };
  }
}
