import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { DomainError, ErrorCode } from '@platica/errors';
import { GatewayConfigService } from '../config/gateway-config.service';
import { hashCredential } from '@platica/platform';
import { EventStreamEndpoint, registerStreamRoute } from '../events/event-stream.endpoint';
import { sendError } from '../http/http-errors';
import { authorizationServerPaths } from '../oauth/authorization-server-metadata';
import { CONSOLE_CLIENT_ID } from '../oauth/first-party-clients';
import { OAuthError } from '../oauth/oauth-error';
import { OAuthGrantRepository } from '../oauth/oauth-grant.repository';
import { OAuthTokenService, type TokenResponse } from '../oauth/oauth-token.service';
import { registerConsoleAssets } from './console-assets';
import { ConsoleSessions, LOGIN_TTL_SECONDS, type ConsoleSession } from './console-sessions';

const SESSION_COOKIE = 'platica_console';
const LOGIN_COOKIE = 'platica_console_login';
/** The header the SPA sets on every unsafe request: a cross-site form or fetch cannot send it without a CORS preflight, which the gateway never grants. */
export const CSRF_HEADER = 'x-platica-console';
/** An access token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 30_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const NO_STORE = { 'cache-control': 'no-store' };
/** The console's event stream: the public `GET /v1/events` under the console's API prefix, served here (not proxied). */
export const CONSOLE_EVENTS_PATH = '/console/api/v1/events';

/**
 * The console's backend-for-frontend (IETF "OAuth 2.0 for Browser-Based Applications" §6.1):
 * the gateway is the OAuth client. It signs the browser in through Plática's own authorization
 * server (authorization code + PKCE, the `cli_console` first-party client), keeps the tokens in
 * Redis (ConsoleSessions) and gives the browser only an opaque HttpOnly session cookie. The SPA
 * calls the public API as `/console/api/v1/...`, which this proxies to `/v1/...` with the
 * session's bearer token, refreshing it when it expires; a session that can no longer be
 * refreshed answers 401 `session_expired` and the SPA goes back to sign-in. The event stream
 * (`/console/api/v1/events`) is served beside the proxy, by the gateway's own stream endpoint.
 */
@Injectable()
export class ConsoleBff implements OnApplicationBootstrap {
  private readonly logger = new Logger('console');
  private fastify!: FastifyInstance;

  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly tokens: OAuthTokenService,
    private readonly grants: OAuthGrantRepository,
    private readonly config: GatewayConfigService,
    private readonly eventStream: EventStreamEndpoint,
  ) {}

  private get redirectUri(): string {
    return `${this.config.publicUrl}/console/callback`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.grants.ensureFirstPartyClient(CONSOLE_CLIENT_ID, 'Plática console', [this.redirectUri]);
  }

  register(fastify: FastifyInstance): void {
    this.fastify = fastify;
    fastify.get('/console/login', (request, reply) => this.login(request, reply));
    fastify.get('/console/callback', (request, reply) => this.callback(request, reply));
    fastify.post('/console/logout', (request, reply) => this.logout(request, reply));
    this.registerEvents(fastify);
    fastify.all('/console/api/*', (request, reply) => this.proxy(request, reply));
    registerConsoleAssets(fastify);
  }

  /** Static routes: they win over the proxy's wildcard for this path. GET only: a HEAD opens no stream. */
  private registerEvents(fastify: FastifyInstance): void {
    registerStreamRoute(fastify, CONSOLE_EVENTS_PATH, (request, reply) => this.events(request, reply));
  }

  /** Starts the authorization code flow: a fresh PKCE verifier and state, bound to this browser by a short-lived cookie. */
  private async login(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const state = ConsoleSessions.newSecret();
      const codeVerifier = ConsoleSessions.newSecret() + ConsoleSessions.newSecret();
      const returnTo = safeReturnTo((request.query as Record<string, unknown>).returnTo);
      await this.sessions.savePendingLogin(state, { codeVerifier, returnTo });
      const authorize = new URL(`${this.config.publicUrl}/${authorizationServerPaths.authorization}`);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: CONSOLE_CLIENT_ID,
        redirect_uri: this.redirectUri,
        scope: 'platica:read platica:write',
        state,
        code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString();
      await reply
        .status(302)
        .headers({ ...NO_STORE, location: authorize.toString() })
        .header('set-cookie', this.cookie(LOGIN_COOKIE, state, LOGIN_TTL_SECONDS))
        .send();
    } catch (error) {
      await sendError(reply, error, NO_STORE);
    }
  }

  /** The authorization server's redirect: checks the state against the browser's cookie, exchanges the code, opens a session. */
  private async callback(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    const fail = (reason: string) =>
      reply
        .status(302)
        .headers({ ...NO_STORE, location: `/console/?signin=${encodeURIComponent(reason)}` })
        .header('set-cookie', this.cookie(LOGIN_COOKIE, '', 0))
        .send();
    try {
      // RFC 9207: the answer must come from this issuer; the state must be this browser's (login CSRF).
      if (query.iss !== this.config.publicUrl || !state || cookieOf(request, LOGIN_COOKIE) !== state) return await fail('invalid_state');
      const pending = await this.sessions.takePendingLogin(state);
      if (!pending) return await fail('expired');
      if (typeof query.code !== 'string') return await fail(typeof query.error === 'string' ? query.error : 'no_code');
      const issued = await this.tokens.exchange({
        grant_type: 'authorization_code',
        client_id: CONSOLE_CLIENT_ID,
        code: query.code,
        code_verifier: pending.codeVerifier,
        redirect_uri: this.redirectUri,
      });
      const sessionId = ConsoleSessions.newSecret();
      await this.sessions.create(sessionId, sessionOf(issued));
      await reply
        .status(302)
        .headers({ ...NO_STORE, location: pending.returnTo })
        .header('set-cookie', [
          this.cookie(LOGIN_COOKIE, '', 0),
          this.cookie(SESSION_COOKIE, sessionId, this.config.values.PLATICA_OAUTH_REFRESH_TOKEN_TTL_SECONDS),
        ])
        .send();
    } catch (error) {
      if (error instanceof OAuthError) return void (await fail(error.error));
      await sendError(reply, error, NO_STORE);
    }
  }

  /**
   * Signs out: the grant is revoked (its refresh token takes every access token with it), the
   * session's event streams ended (by its tag: so even when the revocation failed, on every
   * replica), the session and cookie cleared.
   */
  private async logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      this.checkCsrf(request);
      const sessionId = cookieOf(request, SESSION_COOKIE);
      const session = sessionId ? await this.sessions.find(sessionId) : null;
      if (session) {
        await this.tokens.revoke({ client_id: CONSOLE_CLIENT_ID, token: session.refreshToken }).catch((error: unknown) => {
          this.logger.warn(`revoking a console grant at sign-out failed: ${(error as Error).message}`);
        });
      }
      if (sessionId) {
        // The session first: a stream reconnecting meanwhile finds no session to open with.
        await this.sessions.delete(sessionId);
        await this.eventStream.endTagged(sessionStreamTag(sessionId));
      }
      await reply
        .status(204)
        .headers(NO_STORE)
        .header('set-cookie', this.cookie(SESSION_COOKIE, '', 0))
        .send();
    } catch (error) {
      await sendError(reply, error, NO_STORE);
    }
  }

  /** `/console/api/v1/...` → `/v1/...` with the session's bearer token; the answer is passed back as it is. */
  private async proxy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      this.checkCsrf(request);
      const sessionId = cookieOf(request, SESSION_COOKIE);
      let session = sessionId ? await this.sessions.find(sessionId) : null;
      if (!sessionId) return await this.expired(reply, 'signed_out');
      if (!session) return await this.expired(reply);
      const target = proxiedPath(request.url);
      if (!target) throw new DomainError(ErrorCode.NotFound, 'Not found', { path: request.url });
      if (session.accessExpiresAt - REFRESH_MARGIN_MS < Date.now()) {
        session = await this.refresh(sessionId, session);
        if (!session) return await this.expired(reply);
      }
      let answer = await this.forward(request, target, session);
      if (answer.statusCode === 401) {
        // Revoked or expired early (a restart, a revocation): one refresh, one retry.
        session = await this.refresh(sessionId, session);
        if (!session) return await this.expired(reply);
        answer = await this.forward(request, target, session);
      }
      const passed: Record<string, string> = { ...NO_STORE };
      for (const name of [
        'content-type',
        // Customer media (the media route): shown inline or downloaded, never sniffed, sandboxed if opened.
        'content-disposition',
        'x-content-type-options',
        'content-security-policy',
        'retry-after',
        'x-request-id',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]) {
        const value = answer.headers[name];
        if (typeof value === 'string') passed[name] = value;
      }
      await reply.status(answer.statusCode).headers(passed).send(answer.rawPayload);
    } catch (error) {
      await sendError(reply, error, NO_STORE);
    }
  }

  /**
   * The workspace's events (docs/events.md) with the session's access token, streamed by
   * EventStreamEndpoint itself: the proxy's in-process request cannot carry an answer that never
   * ends. The stream ends at sign-out (tagged with the session, on every replica, whether or not
   * the grant could be revoked), when its token is revoked, or when the token expires; EventSource then reconnects here with
   * `Last-Event-ID`, and the token is refreshed as for any console request. A GET changes
   * nothing, so it needs no CSRF header, but a page of another origin (a sibling subdomain, which
   * SameSite=Lax lets the cookie reach) may not hold streams open with the session.
   */
  private async events(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      if (!this.sameOrigin(request)) throw crossSiteRefused('origin');
      const sessionId = cookieOf(request, SESSION_COOKIE);
      if (!sessionId) return await this.expired(reply, 'signed_out');
      let session = await this.sessions.find(sessionId);
      if (session && session.accessExpiresAt - REFRESH_MARGIN_MS < Date.now()) session = await this.refresh(sessionId, session);
      if (!session) return await this.expired(reply);
      // The session's token, whatever the browser sent: the stream is the session's.
      request.headers.authorization = `Bearer ${session.accessToken}`;
      await this.eventStream.serve(request, reply, sessionStreamTag(sessionId));
    } catch (error) {
      await sendError(reply, error, NO_STORE);
    }
  }

  /** The public API, in process: the same pipeline (authentication, rate limits, workspaces) as any integrator's request. */
  private forward(request: FastifyRequest, target: string, session: ConsoleSession) {
    const hasBody = request.body !== undefined && request.body !== null;
    return this.fastify.inject({
      method: request.method as 'GET',
      url: target,
      // The browser's address, not the loopback's: rate limits and failure budgets count the caller.
      remoteAddress: request.ip,
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(typeof request.headers['x-request-id'] === 'string' ? { 'x-request-id': request.headers['x-request-id'] } : {}),
      },
      ...(hasBody ? { payload: JSON.stringify(request.body) } : {}),
    });
  }

  private refresh(sessionId: string, stale: ConsoleSession): Promise<ConsoleSession | null> {
    return this.sessions.refreshOnce(sessionId, stale, async (current) => {
      try {
        return sessionOf(
          await this.tokens.exchange({ grant_type: 'refresh_token', client_id: CONSOLE_CLIENT_ID, refresh_token: current.refreshToken }),
        );
      } catch (error) {
        if (error instanceof OAuthError) return null; // expired, revoked or replayed: sign in again
        throw error;
      }
    });
  }

  /** 401: `signed_out` when the browser sent no session, `session_expired` when its session ended (expired, revoked, signed out elsewhere). */
  private async expired(reply: FastifyReply, reason: 'session_expired' | 'signed_out' = 'session_expired'): Promise<void> {
    await reply
      .status(401)
      .headers(NO_STORE)
      .header('set-cookie', this.cookie(SESSION_COOKIE, '', 0))
      .send({
        code: 401,
        error: reason === 'signed_out' ? 'Sign in to the console' : 'Your console session has expired: sign in again',
        details: { reason },
      });
  }

  /**
   * Unsafe methods need the SPA's custom header, and an Origin (when the browser sends one)
   * that is this server's: SameSite=Lax already keeps the cookie off cross-site POSTs; this
   * also covers same-site attackers (another app on a sibling subdomain).
   */
  private checkCsrf(request: FastifyRequest): void {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers[CSRF_HEADER] !== '1' || !this.sameOrigin(request)) throw crossSiteRefused(CSRF_HEADER);
  }

  /** No Origin (a browser's same-origin GET sends none), or this server's. */
  private sameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    return origin === undefined || origin === new URL(this.config.publicUrl).origin;
  }

  private cookie(name: string, value: string, maxAgeSeconds: number): string {
    const secure = this.config.publicUrl.startsWith('https:') ? '; Secure' : '';
    return `${name}=${value}; Path=/console; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
  }
}

/** 403 naming the header that made the request cross-site, or would have shown it was not. */
function crossSiteRefused(header: string): DomainError {
  return new DomainError(ErrorCode.Forbidden, 'Cross-site request refused', { header });
}

/** What a session's event streams are tagged with: a hash of the session id (never the id itself), distinct from any credential's hash. */
function sessionStreamTag(sessionId: string): string {
  return `console-session:${hashCredential(sessionId)}`;
}

function sessionOf(issued: TokenResponse): ConsoleSession {
  return { accessToken: issued.access_token, refreshToken: issued.refresh_token, accessExpiresAt: Date.now() + issued.expires_in * 1000 };
}

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name && /^[\w-]{43,}$/.test(value.join('='))) return value.join('=');
  }
  return undefined;
}

/** Where to land after signing in: a console path only (never another site: no open redirect). */
function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && value.length < 500 && /^\/console\/[\w\-./?=&%]*$/.test(value) && !value.includes('//')
    ? value
    : '/console/';
}

/**
 * The public API path a `/console/api/...` request names, resolved as the gateway will route it
 * (`..` and `%2e%2e` segments applied), or null outside `/v1`. The event stream is not proxied:
 * an answer that never ends cannot pass through an in-process request (`events` serves it).
 * The decision is made on the decoded path, as the router matches it: `/v1/%65vents` is the stream too.
 */
export function proxiedPath(url: string): string | null {
  const resolved = new URL(url.slice('/console/api'.length), 'http://console.invalid');
  const routed = decodedPath(resolved.pathname);
  if (routed === null || !routed.startsWith('/v1/') || /^\/v1\/events\/?$/.test(routed)) return null;
  return `${resolved.pathname}${resolved.search}`;
}

/** Each segment percent-decoded (a segment's encoded `/` stays inside it); null when one is malformed. */
function decodedPath(pathname: string): string | null {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/');
  } catch {
    return null;
  }
}
