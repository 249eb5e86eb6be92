import { createHash, randomBytes } from 'node:crypto';
import { freeBusyAnswer, GOOGLE_INVALID_CREDENTIALS, GOOGLE_INVALID_GRANT, insertedEvent } from './fixtures/google-calendar';
import { HttpTarget, type TargetAnswer, type TargetRequest } from './http-target';

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
}

/**
 * Google's OAuth 2.0 authorization server and Calendar API v3 on loopback (one origin for
 * INTEGRATIONS_GOOGLE_AUTHORIZATION_URL `/o/oauth2/v2/auth`, _TOKEN_URL `/token` and
 * _API_BASE_URL), speaking their wire protocol: the authorization code grant with PKCE (S256)
 * and a client secret, refresh tokens (Google keeps the refresh token: a refresh answers none),
 * `invalid_grant` once revoked; `freeBusy`, `events.insert` and `events.delete` with a bearer
 * token, 401 with Google's error body for an unknown or expired one. Consent is given at once:
 * the authorization endpoint redirects back with a code (the test follows the redirect).
 */
export class FakeGoogleCalendar {
  /** Lifetime of the access tokens issued from now on (Google's is 3,599 s). */
  accessTtlSeconds = 3_599;
  /** Busy intervals of every calendar. */
  busy: { start: string; end: string }[] = [];
  readonly grants: string[] = [];
  readonly events = new Map<string, Record<string, unknown>>();
  private readonly codes = new Map<string, PendingCode>();
  private readonly accessTokens = new Map<string, number>();
  private readonly refreshTokens = new Set<string>();

  private constructor(
    private readonly target: HttpTarget,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  static async start(): Promise<FakeGoogleCalendar> {
    let fake: FakeGoogleCalendar | null = null;
    const target = await HttpTarget.start((request) => fake!.answer(request));
    fake = new FakeGoogleCalendar(
      target,
      `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`,
      `GOCSPX-${randomBytes(12).toString('hex')}`,
    );
    return fake;
  }

  get url(): string {
    return this.target.url;
  }

  /** The environment that points the tools service here. */
  env(): Record<string, string> {
    return {
      INTEGRATIONS_GOOGLE_API_BASE_URL: this.url,
      INTEGRATIONS_GOOGLE_AUTHORIZATION_URL: `${this.url}/o/oauth2/v2/auth`,
      INTEGRATIONS_GOOGLE_TOKEN_URL: `${this.url}/token`,
      INTEGRATIONS_GOOGLE_CLIENT_ID: this.clientId,
      INTEGRATIONS_GOOGLE_CLIENT_SECRET: this.clientSecret,
    };
  }

  /** Calendar API requests (not OAuth's), as received. */
  get apiRequests(): TargetRequest[] {
    return this.target.requests.filter((r) => r.path.startsWith('/calendar/'));
  }

  /** The user revokes the app's access: every token stops working. */
  revokeAll(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  stop(): Promise<void> {
    return this.target.stop();
  }

  private answer(request: TargetRequest): TargetAnswer {
    if (request.method === 'GET' && request.path === '/o/oauth2/v2/auth') return this.authorize(request.query);
    if (request.method === 'POST' && request.path === '/token') return this.token(new URLSearchParams(request.rawBody));
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const expiresAt = token ? this.accessTokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) return { status: 401, body: GOOGLE_INVALID_CREDENTIALS };
    const json = (request.json ?? {}) as Record<string, any>;
    if (request.method === 'POST' && request.path === '/calendar/v3/freeBusy') {
      const calendarId = String(json.items?.[0]?.id);
      return { body: freeBusyAnswer(calendarId, json.timeMin, json.timeMax, this.busy) };
    }
    const event = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(request.path);
    if (event && request.method === 'POST' && !event[2]) {
      const id = randomBytes(10).toString('hex');
      const created = insertedEvent(id, decodeURIComponent(event[1]!), json);
      this.events.set(id, created);
      return { body: created };
    }
    if (event?.[2] && request.method === 'DELETE') {
      const id = decodeURIComponent(event[2]);
      if (!this.events.delete(id)) return { status: 404, body: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } } };
      return { status: 204 };
    }
    return { status: 404, body: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } } };
  }

  private authorize(query: Record<string, string>): TargetAnswer {
    if (
      query.client_id !== this.clientId ||
      query.response_type !== 'code' ||
      query.code_challenge_method !== 'S256' ||
      !query.code_challenge
    ) {
      return { status: 400, body: 'Error 400: invalid_request' };
    }
    const code = `4/0A${randomBytes(16).toString('base64url')}`;
    this.codes.set(code, {
      clientId: query.client_id,
      redirectUri: query.redirect_uri ?? '',
      challenge: query.code_challenge,
      scope: query.scope ?? '',
    });
    const back = new URL(query.redirect_uri ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('scope', query.scope ?? '');
    back.searchParams.set('state', query.state ?? '');
    return { status: 302, headers: { location: back.toString() }, body: '' };
  }

  private token(form: URLSearchParams): TargetAnswer {
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
    }
    const grant = form.get('grant_type') ?? '';
    this.grants.push(grant);
    if (grant === 'authorization_code') {
      const pending = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!pending || pending.redirectUri !== form.get('redirect_uri') || pending.challenge !== challenge) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
      }
      const refreshToken = `1//0g${randomBytes(20).toString('base64url')}`;
      this.refreshTokens.add(refreshToken);
      return { body: { ...this.issue(), refresh_token: refreshToken, scope: pending.scope } };
    }
    if (grant === 'refresh_token') {
      if (!this.refreshTokens.has(form.get('refresh_token') ?? '')) return { status: 400, body: GOOGLE_INVALID_GRANT };
      return { body: this.issue() };
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grant}` } };
  }

  private issue() {
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.accessTokens.set(accessToken, Date.now() + this.accessTtlSeconds * 1_000);
    return { access_token: accessToken, expires_in: this.accessTtlSeconds, token_type: 'Bearer' };
  }
}
