import type { Redis } from 'ioredis';
import type { Scope, WorkspaceRef } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { dependencyUnavailable, hashCredential } from '@platica/platform';
import { fake, freezeTime, newTestService } from '@platica/testing/test-service';
import { GatewayConfigService } from '../config/gateway-config.service';
import { IdentityRepository } from '../identity/identity.repository';
import { hashPassword } from '../identity/password';
import { RedisStore } from '../redis/redis.store';
import { CONSOLE_CLIENT_ID } from './first-party-clients';
import type { OAuthClient } from './oauth-client.entity';
import { AuthorizationRequestRejected, OAuthAuthorizationService, type AuthorizationStep } from './oauth-authorization.service';
import { OAuthGrantRepository, type Grant } from './oauth-grant.repository';

const PUBLIC_URL = 'https://platica.test';
const PREFIX = 'test:';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const BROWSER = 'browser-binding-1';
const ADDRESS = '203.0.113.7';
const PASSWORD = 'correct horse battery';
/** scrypt is slow on purpose: the user's hash is made once for the file. */
let passwordHash: Promise<string> | undefined;

/**
 * Redis reduced to the commands the authorization flow and its sign-in throttle send, with
 * expiry on the (frozen) clock; the throttle's script is played by its documented rules.
 */
class MemoryRedis {
  readonly entries = new Map<string, { value: string; expiresAt: number | null }>();

  read(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  async get(key: string): Promise<string | null> {
    return this.read(key);
  }

  async set(key: string, value: string, ex: 'EX', seconds: number, condition?: 'XX'): Promise<'OK' | null> {
    if (condition === 'XX' && this.read(key) === null) return null;
    this.entries.set(key, { value, expiresAt: Date.now() + seconds * 1000 });
    return 'OK';
  }

  async del(...keys: string[]): Promise<number> {
    return keys.filter((key) => this.read(key) !== null && this.entries.delete(key)).length;
  }

  incr(key: string): number {
    const next = Number(this.read(key) ?? 0) + 1;
    this.entries.set(key, { value: String(next), expiresAt: this.entries.get(key)?.expiresAt ?? null });
    return next;
  }

  multi() {
    const queued: (() => number | Promise<number>)[] = [];
    const chain = {
      incr: (key: string) => (queued.push(() => this.incr(key)), chain),
      expire: (key: string, seconds: number) => (
        queued.push(() => ((this.entries.get(key)!.expiresAt = Date.now() + seconds * 1000), 1)),
        chain
      ),
      del: (key: string) => (queued.push(() => this.del(key)), chain),
      exec: async () => {
        const results: [null, number][] = [];
        for (const command of queued) results.push([null, await command()]);
        return results;
      },
    };
    return chain;
  }

  /** SignInThrottle's ATTEMPT: the backoff's milliseconds left, else counts a failure and starts backing off after the free ones. */
  async eval(_script: string, _keys: 2, failures: string, backoff: string, free: number, firstMs: number, maxMs: number): Promise<number> {
    const running = this.entries.get(backoff);
    if (running && this.read(backoff) !== null) return running.expiresAt! - Date.now();
    const n = this.incr(failures);
    if (n >= free) this.entries.set(backoff, { value: '1', expiresAt: Date.now() + Math.min(firstMs * 2 ** (n - free), maxMs) });
    return 0;
  }
}

const registered: OAuthClient = {
  id: 'cli_app',
  clientName: 'Claude',
  redirectUris: ['https://app.test/callback', 'http://127.0.0.1/cb'],
  authorizedAt: new Date('2026-11-01T00:00:00Z'),
} as OAuthClient;

const workspaces: WorkspaceRef[] = [
  { id: 'ws_1', name: 'One' },
  { id: 'ws_2', name: 'Two' },
];

async function world(options: { clients?: OAuthClient[]; memberOf?: WorkspaceRef[]; redisDown?: boolean } = {}) {
  const redis = new MemoryRedis();
  const codes: { grant: Grant; redirectUri: string; codeChallenge: string; ttlSeconds: number }[] = [];
  const authorized: string[] = [];
  const clients = options.clients ?? [registered, { ...registered, id: CONSOLE_CLIENT_ID, clientName: 'Console' } as OAuthClient];
  const user = { id: 'usr_1', email: 'ana@acme.test', passwordHash: await (passwordHash ??= hashPassword(PASSWORD)) };
  const built = newTestService(
    OAuthAuthorizationService,
    fake(OAuthGrantRepository, {
      findClient: async (id) => clients.find((client) => client.id === id) ?? null,
      markClientAuthorized: async (id) => void authorized.push(id),
      createCode: async (grant, redirectUri, codeChallenge, ttlSeconds) => {
        codes.push({ grant, redirectUri, codeChallenge, ttlSeconds });
        return `pl_ac_${codes.length}`;
      },
    }),
    fake(IdentityRepository, {
      userForLogin: async (email) => (email.trim().toLowerCase() === user.email ? user : null),
      workspacesOfUser: async (userId) => (userId === user.id ? (options.memberOf ?? workspaces) : []),
    }),
    fake(RedisStore, {
      required: async <T>(command: (redis: Redis) => Promise<T>) => {
        if (options.redisDown) throw dependencyUnavailable('redis');
        return command(redis as unknown as Redis);
      },
    }),
    fake(GatewayConfigService, { values: { PLATICA_REDIS_PREFIX: PREFIX } as GatewayConfigService['values'], publicUrl: PUBLIC_URL }),
  );
  return { ...built, redis, codes, authorized };
}

function authorizeQuery(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: registered.id,
    redirect_uri: 'https://app.test/callback',
    response_type: 'code',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    state: 'xyz',
    ...overrides,
  };
}

function pendingKey(requestId: string): string {
  return `${PREFIX}oauth:pending:${hashCredential(requestId)}`;
}

type Page<P extends AuthorizationStep['page']> = Extract<AuthorizationStep, { page: P }>;

function as<P extends AuthorizationStep['page']>(step: AuthorizationStep, page: P): Page<P> {
  if (step.page !== page) throw new Error(`expected the ${page} page, got ${JSON.stringify(step)}`);
  return step as Page<P>;
}

function redirected(step: AuthorizationStep): URL {
  return new URL(as(step, 'redirect').location);
}

async function rejection(promise: Promise<unknown>): Promise<AuthorizationRequestRejected> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AuthorizationRequestRejected)) throw new Error(`expected a rejection page, got ${String(error)}`);
  return error;
}

/** A started request's login form, as the page posts it. */
function loginForm(step: Page<'login'> | Page<'consent'>, password = PASSWORD, email = 'Ana@Acme.test ') {
  return { request: step.requestId, csrf_token: step.pending.csrfToken, email, password };
}

async function signedIn(w: Awaited<ReturnType<typeof world>>, query = authorizeQuery()) {
  const login = as(await w.service.start(query, BROWSER), 'login');
  return as(await w.service.login(loginForm(login), BROWSER, ADDRESS), 'consent');
}

describe('OAuthAuthorizationService.start', () => {
  beforeEach(() => freezeTime('2026-11-20T12:00:00Z'));
  afterEach(() => jest.useRealTimers());

  it.each([
    ['no client', { client_id: undefined }, 'names no client'],
    ['an unknown client', { client_id: 'cli_unknown' }, 'not registered'],
    ['an unregistered redirect URI', { redirect_uri: 'https://evil.test/callback' }, 'not one the client registered'],
    ['no redirect URI while the client registered several', { redirect_uri: undefined }, 'registered several'],
  ])('shows an error page, never a redirect, for %s, and keeps nothing', async (_case, overrides, message) => {
    const { service, redis } = await world();
    const error = await rejection(service.start(authorizeQuery(overrides), BROWSER));
    expect(error.message).toContain(message);
    expect(redis.entries.size).toBe(0);
  });

  it('keeps a valid request for ten minutes, bound to the browser, and asks for the login; every scope when none is named', async () => {
    const { service, redis } = await world();
    const step = as(await service.start(authorizeQuery({ resource: `${PUBLIC_URL}/mcp` }), BROWSER), 'login');
    expect(step.pending).toMatchObject({
      clientId: 'cli_app',
      clientName: 'Claude',
      redirectUri: 'https://app.test/callback',
      state: 'xyz',
      codeChallenge: CHALLENGE,
      scopes: ['platica:read', 'platica:write'],
      resource: `${PUBLIC_URL}/mcp`,
      browserHash: hashCredential(BROWSER),
      userId: null,
      trustedRedirect: true,
    });
    expect(JSON.parse(redis.read(pendingKey(step.requestId))!)).toEqual(step.pending);
    jest.setSystemTime(Date.parse('2026-11-20T12:10:00Z'));
    expect(redis.read(pendingKey(step.requestId))).toBeNull();
  });

  it("uses the client's one redirect URI when none is named, and accepts a loopback URI on any port", async () => {
    const single = { ...registered, id: 'cli_single', redirectUris: ['https://app.test/only'] } as OAuthClient;
    const { service } = await world({ clients: [single, registered] });
    const implied = as(await service.start(authorizeQuery({ client_id: single.id, redirect_uri: undefined }), BROWSER), 'login');
    expect(implied.pending.redirectUri).toBe('https://app.test/only');
    const loopback = as(
      await service.start(authorizeQuery({ client_id: registered.id, redirect_uri: 'http://127.0.0.1:53682/cb' }), BROWSER),
      'login',
    );
    expect(loopback.pending.redirectUri).toBe('http://127.0.0.1:53682/cb');
  });

  it.each([
    ['a response type other than code', { response_type: 'token' }, 'unsupported_response_type'],
    ['no PKCE challenge', { code_challenge: undefined }, 'invalid_request'],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['an unknown scope', { scope: 'platica:admin' }, 'invalid_scope'],
    ['a resource of another server', { resource: 'https://other.test/mcp' }, 'invalid_target'],
  ])('sends a client some user trusted back with the error for %s, with its state and the issuer', async (_case, overrides, code) => {
    const { service, redis } = await world();
    const location = redirected(await service.start(authorizeQuery(overrides), BROWSER));
    expect(location.origin + location.pathname).toBe('https://app.test/callback');
    expect(location.searchParams.get('error')).toBe(code);
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(PUBLIC_URL);
    expect(redis.entries.size).toBe(0);
  });

  it('shows the error on its own page for a client nobody authorized yet: its redirect URI is only its registrant’s word', async () => {
    const untrusted = { ...registered, authorizedAt: null } as OAuthClient;
    const { service } = await world({ clients: [untrusted] });
    const error = await rejection(service.start(authorizeQuery({ response_type: 'token' }), BROWSER));
    expect(error.message).toContain('unsupported_response_type');
    expect(error.message).toContain('nobody has authorized this application');
  });

  it('answers 503 while Redis is down', async () => {
    const { service } = await world({ redisDown: true });
    const error = await service.start(authorizeQuery(), BROWSER).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect([(error as DomainError).code, (error as DomainError).status]).toEqual([ErrorCode.Unavailable, 503]);
  });
});

describe('OAuthAuthorizationService.login', () => {
  beforeEach(() => freezeTime('2026-11-20T12:00:00Z'));
  afterEach(() => jest.useRealTimers());

  it('refuses a form from another browser, with a stale CSRF token, or for a request that is gone', async () => {
    const { service } = await world();
    const login = as(await service.start(authorizeQuery(), BROWSER), 'login');
    expect((await rejection(service.login(loginForm(login), 'another-browser', ADDRESS))).message).toContain('could not be verified');
    expect((await rejection(service.login(loginForm(login), undefined, ADDRESS))).message).toContain('could not be verified');
    expect((await rejection(service.login({ ...loginForm(login), csrf_token: 'stale' }, BROWSER, ADDRESS))).message).toContain(
      'could not be verified',
    );
    expect((await rejection(service.login({ ...loginForm(login), request: 'unknown' }, BROWSER, ADDRESS))).message).toContain('expired');
  });

  it("signs the user in (email in any case) and offers the consent page with the user's workspaces, under a new CSRF token", async () => {
    const w = await world();
    const login = as(await w.service.start(authorizeQuery(), BROWSER), 'login');
    const consent = as(await w.service.login(loginForm(login), BROWSER, ADDRESS), 'consent');
    expect(consent).toMatchObject({ requestId: login.requestId, email: 'ana@acme.test', workspaces });
    expect(consent.pending).toMatchObject({ userId: 'usr_1', email: 'ana@acme.test' });
    expect(consent.pending.csrfToken).not.toBe(login.pending.csrfToken);
    expect(JSON.parse(w.redis.read(pendingKey(login.requestId))!)).toMatchObject({ userId: 'usr_1' });
    expect(w.codes).toEqual([]);
  });

  it('answers a wrong password or an unknown email alike, on the login page under a new token; the old form no longer works', async () => {
    const { service } = await world();
    const login = as(await service.start(authorizeQuery(), BROWSER), 'login');
    const wrong = as(await service.login(loginForm(login, 'wrong'), BROWSER, ADDRESS), 'login');
    expect(wrong.error).toBe('The email or password is not correct.');
    const unknown = as(await service.login(loginForm(wrong, PASSWORD, 'nobody@acme.test'), BROWSER, ADDRESS), 'login');
    expect(unknown.error).toBe(wrong.error);
    await rejection(service.login(loginForm(login), BROWSER, ADDRESS));
  });

  it('ends the request after the fifth failed sign-in, as a denial sent to the client', async () => {
    const { service, redis } = await world();
    let step: AuthorizationStep = await service.start(authorizeQuery(), BROWSER);
    const requestId = as(step, 'login').requestId;
    for (let attempt = 1; attempt <= 4; attempt++) {
      step = await service.login(loginForm(as(step, 'login'), 'wrong', `198.51.100.${attempt}`), BROWSER, `198.51.100.${attempt}`);
      expect(step.page).toBe('login');
    }
    const location = redirected(await service.login(loginForm(as(step, 'login'), 'wrong'), BROWSER, ADDRESS));
    expect([location.searchParams.get('error'), location.searchParams.get('error_description')]).toEqual([
      'access_denied',
      'too many failed logins',
    ]);
    expect(redis.read(pendingKey(requestId))).toBeNull();
  });

  it('makes an account wait after five failures from one address, even with the right password, telling how long', async () => {
    const { service } = await world();
    for (let failure = 0; failure < 5; failure++) {
      const login = as(await service.start(authorizeQuery(), BROWSER), 'login');
      as(await service.login(loginForm(login, 'wrong'), BROWSER, ADDRESS), 'login');
    }
    const login = as(await service.start(authorizeQuery(), BROWSER), 'login');
    const throttled = as(await service.login(loginForm(login), BROWSER, ADDRESS), 'login');
    expect(throttled.retryAfterSeconds).toBe(30);
    expect(throttled.error).toContain('Try again in 30 second(s)');
    expect(throttled.pending.userId).toBeNull();

    // Another address is not held back by them, and a right password there signs in.
    const elsewhere = as(await service.login(loginForm(throttled), BROWSER, '192.0.2.1'), 'consent');
    expect(elsewhere.pending.userId).toBe('usr_1');
  });

  it("grants Plática's own console every workspace of the user at once, without a consent page", async () => {
    const w = await world();
    const login = as(await w.service.start(authorizeQuery({ client_id: CONSOLE_CLIENT_ID, scope: 'platica:read' }), BROWSER), 'login');
    const location = redirected(await w.service.login(loginForm(login), BROWSER, ADDRESS));
    expect(location.searchParams.get('code')).toBe('pl_ac_1');
    expect(w.codes).toEqual([
      {
        grant: { clientId: CONSOLE_CLIENT_ID, userId: 'usr_1', workspaceIds: ['ws_1', 'ws_2'], scopes: ['platica:read'], resource: null },
        redirectUri: 'https://app.test/callback',
        codeChallenge: CHALLENGE,
        ttlSeconds: 120,
      },
    ]);
    expect(w.redis.read(pendingKey(login.requestId))).toBeNull();
  });

  it('denies the console to a user of no workspace', async () => {
    const w = await world({ memberOf: [] });
    const login = as(await w.service.start(authorizeQuery({ client_id: CONSOLE_CLIENT_ID }), BROWSER), 'login');
    const location = redirected(await w.service.login(loginForm(login), BROWSER, ADDRESS));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(w.codes).toEqual([]);
  });
});

describe('OAuthAuthorizationService.consent', () => {
  beforeEach(() => freezeTime('2026-11-20T12:00:00Z'));
  afterEach(() => jest.useRealTimers());

  function consentForm(step: Page<'consent'> | Page<'login'>, fields: Record<string, unknown>) {
    return { request: step.requestId, csrf_token: step.pending.csrfToken, decision: 'approve', ...fields };
  }

  it('refuses consent before the user logged in', async () => {
    const { service } = await world();
    const login = as(await service.start(authorizeQuery(), BROWSER), 'login');
    expect((await rejection(service.consent(consentForm(login, { workspace: 'ws_1', access: 'read' }), BROWSER))).message).toContain(
      'Log in',
    );
  });

  it('issues a two-minute code for the workspaces chosen and the access granted, trusts the client from then on, and redirects with state and issuer', async () => {
    const w = await world();
    const consent = await signedIn(w);
    const location = redirected(await w.service.consent(consentForm(consent, { workspace: ['ws_2', 'ws_2'], access: 'write' }), BROWSER));
    expect(location.origin + location.pathname).toBe('https://app.test/callback');
    expect(Object.fromEntries(location.searchParams)).toEqual({ code: 'pl_ac_1', state: 'xyz', iss: PUBLIC_URL });
    expect(w.codes).toEqual([
      {
        grant: { clientId: 'cli_app', userId: 'usr_1', workspaceIds: ['ws_2'], scopes: ['platica:read', 'platica:write'], resource: null },
        redirectUri: 'https://app.test/callback',
        codeChallenge: CHALLENGE,
        ttlSeconds: 120,
      },
    ]);
    expect(w.authorized).toEqual(['cli_app']);
  });

  it('issues one code per request: the same form sent again is refused', async () => {
    const w = await world();
    const consent = await signedIn(w);
    const form = consentForm(consent, { workspace: 'ws_1', access: 'read' });
    expect(w.codes.length).toBe(0);
    await w.service.consent(form, BROWSER);
    await rejection(w.service.consent(form, BROWSER));
    expect(w.codes.map((c) => c.grant.scopes)).toEqual([['platica:read'] satisfies Scope[]]);
  });

  it.each([
    ['no workspace', { access: 'read' }, 'Choose at least one workspace.'],
    ['a workspace the user is not in', { workspace: ['ws_1', 'ws_other'], access: 'read' }, 'Choose among your workspaces.'],
    ['no access', { workspace: 'ws_1' }, 'Choose the access to grant.'],
  ])('asks again, issuing nothing, when the form has %s', async (_case, fields, problem) => {
    const w = await world();
    const consent = await signedIn(w);
    const again = as(await w.service.consent(consentForm(consent, fields), BROWSER), 'consent');
    expect(again).toMatchObject({ error: problem, email: 'ana@acme.test', workspaces });
    expect([w.codes, w.authorized]).toEqual([[], []]);
  });

  it('grants no write access the client did not ask for', async () => {
    const w = await world();
    const consent = await signedIn(w, authorizeQuery({ scope: 'platica:read' }));
    const again = as(await w.service.consent(consentForm(consent, { workspace: 'ws_1', access: 'write' }), BROWSER), 'consent');
    expect(again.error).toBe('Choose the access to grant.');
    expect(w.codes).toEqual([]);
  });

  it('sends a denial back to the client and forgets the request', async () => {
    const w = await world();
    const consent = await signedIn(w);
    const location = redirected(await w.service.consent(consentForm(consent, { decision: 'deny' }), BROWSER));
    expect([location.searchParams.get('error'), location.searchParams.get('state')]).toEqual(['access_denied', 'xyz']);
    expect(w.redis.read(pendingKey(consent.requestId))).toBeNull();
    expect([w.codes, w.authorized]).toEqual([[], []]);
  });
});
