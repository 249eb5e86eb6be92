import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  discoverOAuthServerInfo,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  startAuthorization,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type { AuthorizationServerMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { ToolsConfigService } from '../config/tools.config';
import { McpClients } from './mcp-clients';
import type { McpOauthSecrets } from './mcp-secrets';

/** Refresh a token this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;

export const stateHashOf = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * OAuth 2.1 for MCP servers (MCP authorization spec), with the SDK's helpers over the
 * SSRF-guarded fetch (metadata, registration and token endpoints are user-supplied URLs too):
 * protected-resource metadata (RFC 9728) naming the authorization server, its metadata
 * (RFC 8414, or OpenID discovery), dynamic client registration (RFC 7591) unless a client id
 * was given, PKCE (S256) and the `resource` indicator (RFC 8707).
 */
@Injectable()
export class McpOauth {
  constructor(
    private readonly clients: McpClients,
    private readonly config: ToolsConfigService,
  ) {}

  get redirectUri(): string {
    return `${this.config.values.PLATICA_PUBLIC_URL.replace(/\/+$/, '')}/hooks/mcp/oauth/callback`;
  }

  /** Discovers, registers when needed and builds the authorization URL; answers the secrets to store and the state. */
  async start(serverUrl: string, oauth: McpOauthSecrets): Promise<{ authorizationUrl: string; state: string; oauth: McpOauthSecrets }> {
    const fetchFn = this.clients.fetch;
    const info = await discoverOAuthServerInfo(serverUrl, { fetchFn });
    const metadata = info.authorizationServerMetadata;
    const redirectUri = this.redirectUri;
    let clientInformation = oauth.clientInformation;
    const sameServer = oauth.authorizationServerUrl === info.authorizationServerUrl && oauth.redirectUri === redirectUri;
    if (oauth.clientId)
      clientInformation = { client_id: oauth.clientId, ...(oauth.clientSecret ? { client_secret: oauth.clientSecret } : {}) };
    else if (!clientInformation || !sameServer) {
      clientInformation = (await registerClient(info.authorizationServerUrl, {
        metadata,
        fetchFn,
        clientMetadata: {
          client_name: 'Plática',
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
          ...(oauth.scope ? { scope: oauth.scope } : {}),
        },
      })) as McpOauthSecrets['clientInformation'];
    }
    const state = randomBytes(24).toString('base64url');
    const resource = info.resourceMetadata?.resource;
    const { authorizationUrl, codeVerifier } = await startAuthorization(info.authorizationServerUrl, {
      metadata,
      clientInformation: clientInformation!,
      redirectUrl: redirectUri,
      scope: oauth.scope ?? info.resourceMetadata?.scopes_supported?.join(' '),
      state,
      ...(resource ? { resource: new URL(resource) } : {}),
    });
    return {
      authorizationUrl: authorizationUrl.toString(),
      state,
      oauth: {
        ...oauth,
        authorizationServerUrl: info.authorizationServerUrl,
        metadata: metadata as Record<string, unknown> | undefined,
        resource,
        clientInformation,
        redirectUri,
        pending: { codeVerifier },
      },
    };
  }

  /** Trades the authorization code (with the PKCE verifier) for tokens. */
  async finish(oauth: McpOauthSecrets, code: string): Promise<McpOauthSecrets> {
    if (!oauth.pending || !oauth.clientInformation || !oauth.authorizationServerUrl) throw new Error('no authorization is under way');
    const tokens = await exchangeAuthorization(oauth.authorizationServerUrl, {
      metadata: oauth.metadata as AuthorizationServerMetadata | undefined,
      clientInformation: oauth.clientInformation,
      authorizationCode: code,
      codeVerifier: oauth.pending.codeVerifier,
      redirectUri: oauth.redirectUri ?? this.redirectUri,
      ...(oauth.resource ? { resource: new URL(oauth.resource) } : {}),
      fetchFn: this.clients.fetch,
    });
    const { pending: _pending, ...rest } = oauth;
    return { ...rest, tokens: tokensOf(tokens, null) };
  }

  /** Whether the access token is missing, expired or about to expire. */
  needsRefresh(oauth: McpOauthSecrets | undefined, force = false): boolean {
    const tokens = oauth?.tokens;
    if (!tokens) return false;
    return force || (tokens.expiresAt !== null && tokens.expiresAt - REFRESH_MARGIN_MS <= Date.now());
  }

  /** A new access token from the refresh token; throws when there is none or the server refuses it. */
  async refresh(oauth: McpOauthSecrets): Promise<McpOauthSecrets> {
    const refreshToken = oauth.tokens?.refreshToken;
    if (!refreshToken || !oauth.clientInformation || !oauth.authorizationServerUrl) throw new Error('no refresh token');
    const tokens = await refreshAuthorization(oauth.authorizationServerUrl, {
      metadata: oauth.metadata as AuthorizationServerMetadata | undefined,
      clientInformation: oauth.clientInformation,
      refreshToken,
      ...(oauth.resource ? { resource: new URL(oauth.resource) } : {}),
      fetchFn: this.clients.fetch,
    });
    return { ...oauth, tokens: tokensOf(tokens, refreshToken) };
  }
}

function tokensOf(tokens: OAuthTokens, previousRefreshToken: string | null): NonNullable<McpOauthSecrets['tokens']> {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? previousRefreshToken,
    expiresAt: typeof tokens.expires_in === 'number' ? Date.now() + tokens.expires_in * 1_000 : null,
  };
}
