import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { Client } from 'pg';
import { eventually, startTestStack, type TestStack } from '@platica/testing';

/**
 * The gateway as OAuth 2.1 authorization server (spec: Authentication 2-10; ARCHITECTURE.md
 * › MCP endpoint and OAuth), driven over HTTP the way a browser and an MCP client would:
 * discovery, registration, the authorization endpoint with its login and consent forms, the
 * token endpoint, refresh token rotation with reuse detection, revocation and expiry.
 * The credential cache is on (10 s) and access tokens live 6 s, so refusals that happen
 * sooner prove the cache is invalidated (revocation) or capped (expiry).
 */
describe('OAuth authorization server (e2e)', () => {
  let t: TestStack;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const email = `ana-${randomBytes(4).toString('hex')}@example.test`;
  let first: { workspaceId: string };
  let second: { workspaceId: string };
  const redirectUri = 'http://127.0.0.1:18093/callback';
  const REGISTRATIONS_PER_HOUR = 150;

  beforeAll(async () => {
    // A stack of its own: its own token lifetime, credential cache and registration limit, process settings.
    t = await startTestStack({
      PLATICA_CREDENTIAL_CACHE_MS: '10000',
      PLATICA_OAUTH_ACCESS_TOKEN_TTL_SECONDS: '6',
      // This file registers a client per flow; the throttle's test spends the rest.
      PLATICA_OAUTH_REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
    });
    first = await t.seedMinimalWorkspace({ users: [{ email, name: 'Ana', password }] });
    second = await t.seedMinimalWorkspace({ users: [{ email, name: 'Ana' }] });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const post = (path: string, fields: Record<string, string | string[]>, cookie?: string) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    return fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body,
    });
  };
  const register = async (metadata: Record<string, unknown> = {}) => {
    const res = await t.http.post('/oauth/register', { client_name: 'e2e client', redirect_uris: [redirectUri], ...metadata });
    return res;
  };
  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };
  const authorizeUrl = (params: Record<string, string>) => `${t.baseUrl}/oauth/authorize?${new URLSearchParams(params)}`;
  const hiddenFields = (html: string) => ({
    request: /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '',
    csrf_token: /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '',
  });

  /** The browser's part: open the authorization URL, sign in, consent; answers the redirect back. */
  async function consentFlow(clientId: string, challenge: string, choice: { workspaces: string[]; access: 'read' | 'write' }) {
    const start = await fetch(
      authorizeUrl({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'st-1',
      }),
      { redirect: 'manual' },
    );
    expect(start.status).toBe(200);
    const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
    const login = await post('/oauth/authorize/login', { ...hiddenFields(await start.text()), email, password }, cookie);
    expect(login.status).toBe(200);
    const consent = await post(
      '/oauth/authorize/consent',
      { ...hiddenFields(await login.text()), workspace: choice.workspaces, access: choice.access, decision: 'approve' },
      cookie,
    );
    expect(consent.status).toBe(302);
    return new URL(consent.headers.get('location')!);
  }

  async function tokensFor(access: 'read' | 'write' = 'write', workspaces = [first.workspaceId]) {
    const clientId = (await register()).body.client_id as string;
    const { verifier, challenge } = pkce();
    const code = (await consentFlow(clientId, challenge, { workspaces, access })).searchParams.get('code')!;
    const res = await post('/oauth/token', {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      client_id: clientId,
    });
    expect(res.status).toBe(200);
    return { clientId, code, verifier, tokens: (await json(res)) as Record<string, string | number> };
  }

  const json = (res: Response): Promise<any> => res.json();

  /** A request from another client address (any 127.0.0.0/8 address reaches the loopback listener). */
  const fromAddress = (
    localAddress: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ status: number; headers: Record<string, unknown>; text: string }> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(`${t.baseUrl}${path}`, { method: init.method ?? 'GET', headers: init.headers, localAddress }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(init.body);
    });
  const workspacesWith = (token: string) => t.http.withToken(token).get('/v1/workspaces');

  it('publishes RFC 8414 metadata, and RFC 9728 metadata naming it', async () => {
    const as = await t.http.get('/.well-known/oauth-authorization-server');
    expect(as.status).toBe(200);
    expect(as.body).toMatchObject({
      issuer: t.baseUrl,
      authorization_endpoint: `${t.baseUrl}/oauth/authorize`,
      token_endpoint: `${t.baseUrl}/oauth/token`,
      registration_endpoint: `${t.baseUrl}/oauth/register`,
      revocation_endpoint: `${t.baseUrl}/oauth/revoke`,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['platica:read', 'platica:write'],
    });
    const resource = await t.http.get('/.well-known/oauth-protected-resource');
    expect(resource.body.authorization_servers).toEqual([t.baseUrl]);
  });

  it('registers public clients (RFC 7591) with https or loopback redirect URIs only', async () => {
    const ok = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      client_id: expect.stringMatching(/^cli_/),
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
    });
    expect(ok.body.client_secret).toBeUndefined();
    expect((await register({ redirect_uris: ['https://app.example.test/cb'] })).status).toBe(201);
    for (const uris of [['http://app.example.test/cb'], ['https://app.example.test/cb#x'], []]) {
      const refused = await register({ redirect_uris: uris });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_redirect_uri');
    }
    const badGrant = await register({ grant_types: ['client_credentials'] });
    expect([badGrant.status, badGrant.body.error]).toEqual([400, 'invalid_client_metadata']);
  });

  it('bounds registrations: field lengths, the number of redirect URIs, no userinfo; unknown metadata is not stored', async () => {
    for (const [metadata, error] of [
      [{ client_name: 'x'.repeat(600_000) }, 'invalid_client_metadata'],
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example.test/cb${i}`) }, 'invalid_redirect_uri'],
      [{ redirect_uris: [`https://app.example.test/${'x'.repeat(2_000)}`] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://@app.example.test/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['http://127.0.0.1@attacker.example.test/cb'] }, 'invalid_redirect_uri'],
      [{ scope: 'platica:read '.repeat(200) }, 'invalid_client_metadata'],
    ] as const) {
      const refused = await register(metadata);
      expect([refused.status, refused.body.error]).toEqual([400, error]);
    }
    const ok = await register({
      redirect_uris: Array.from({ length: 10 }, (_, i) => `https://app.example.test/cb${i}`),
      blob: 'x'.repeat(600_000),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.blob).toBeUndefined();
  });

  it('expires a client that no user authorized within a day; an authorized one stays', async () => {
    const abandoned = (await register()).body.client_id as string;
    const { tokens, clientId: used } = await tokensFor('read');
    expect(tokens.access_token).toBeDefined();
    const db = new Client({ connectionString: t.isolation.databaseUrl });
    await db.connect();
    try {
      await db.query(`update gateway.oauth_client set created_at = now() - interval '25 hours' where id = any($1)`, [[abandoned, used]]);
    } finally {
      await db.end();
    }
    const { challenge } = pkce();
    const open = (clientId: string) =>
      fetch(
        authorizeUrl({
          response_type: 'code',
          client_id: clientId,
          redirect_uri: redirectUri,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        { redirect: 'manual' },
      );
    const expired = await open(abandoned);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('not registered');
    expect((await open(used)).status).toBe(200);
  });

  describe('the authorization endpoint', () => {
    /** A client a user has consented to: its redirect URI is trusted with error answers. */
    let clientId: string;
    const { challenge } = pkce();
    beforeAll(async () => {
      clientId = (await register()).body.client_id;
      await consentFlow(clientId, challenge, { workspaces: [first.workspaceId], access: 'read' });
    });
    const base = () => ({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's',
    });

    it('never redirects for an unknown client or an unregistered redirect URI', async () => {
      for (const params of [
        { ...base(), client_id: 'cli_unknown' },
        { ...base(), redirect_uri: 'http://127.0.0.1:18093/elsewhere' },
        { ...base(), redirect_uri: 'https://attacker.example.test/callback' },
      ]) {
        const res = await fetch(authorizeUrl(params), { redirect: 'manual' });
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        expect(await res.text()).toContain('role="alert"');
      }
    });

    it('shows the errors of a client nobody has consented to on its own page, never redirecting to it (RFC 9700 §4.11.2)', async () => {
      const untrusted = (await register()).body.client_id as string;
      for (const params of [
        { ...base(), client_id: untrusted, scope: 'platica:admin' },
        { ...base(), client_id: untrusted, code_challenge_method: 'plain' },
        { ...base(), client_id: untrusted, response_type: 'token' },
      ]) {
        const res = await fetch(authorizeUrl(params), { redirect: 'manual' });
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        expect(await res.text()).toContain('role="alert"');
      }
      // Declining the consent is an error answer too: shown here, not sent to the client.
      const start = await fetch(authorizeUrl({ ...base(), client_id: untrusted }), { redirect: 'manual' });
      const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
      const login = await post('/oauth/authorize/login', { ...hiddenFields(await start.text()), email, password }, cookie);
      const denied = await post('/oauth/authorize/consent', { ...hiddenFields(await login.text()), decision: 'deny' }, cookie);
      expect([denied.status, denied.headers.get('location')]).toEqual([400, null]);
    });

    it('refuses plain PKCE, a missing challenge and other response types by redirecting with the error, state and issuer', async () => {
      for (const [params, error] of [
        [{ ...base(), code_challenge_method: 'plain' }, 'invalid_request'],
        [{ ...base(), code_challenge_method: '' }, 'invalid_request'],
        [{ ...base(), code_challenge: '' }, 'invalid_request'],
        [{ ...base(), response_type: 'token' }, 'unsupported_response_type'],
        [{ ...base(), scope: 'platica:admin' }, 'invalid_scope'],
      ] as const) {
        const res = await fetch(authorizeUrl(params), { redirect: 'manual' });
        expect(res.status).toBe(302);
        const location = new URL(res.headers.get('location')!);
        expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
        expect(Object.fromEntries(location.searchParams)).toMatchObject({ error, state: 's', iss: t.baseUrl });
      }
    });

    it('serves a login page with labelled fields and a CSRF token, and refuses a wrong password or a forged form', async () => {
      const start = await fetch(authorizeUrl(base()), { redirect: 'manual' });
      const html = await start.text();
      expect(start.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(html).toMatch(/<label for="email">/);
      expect(html).toMatch(/<label for="password">/);
      expect(html).not.toMatch(/<script/i);
      const cookie = start.headers.getSetCookie()[0]!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const binding = cookie.split(';')[0]!;
      const fields = hiddenFields(html);

      const forged = await post('/oauth/authorize/login', { ...fields, csrf_token: 'x'.repeat(43), email, password }, binding);
      expect(forged.status).toBe(400);
      const otherBrowser = await post(
        '/oauth/authorize/login',
        { ...fields, email, password },
        `platica_oauth=${randomBytes(32).toString('base64url')}`,
      );
      expect(otherBrowser.status).toBe(400);

      const wrong = await post('/oauth/authorize/login', { ...fields, email, password: 'nope' }, binding);
      expect(wrong.status).toBe(401);
      const wrongHtml = await wrong.text();
      expect(wrongHtml).toContain('role="alert"');
      // The CSRF token changes after every submission: the old one is stale.
      expect((await post('/oauth/authorize/login', { ...fields, email, password }, binding)).status).toBe(400);

      const consent = await post('/oauth/authorize/login', { ...hiddenFields(wrongHtml), email, password }, binding);
      expect(consent.status).toBe(200);
      const consentHtml = await consent.text();
      expect(consentHtml).toContain('<legend>Workspaces it may reach</legend>');
      expect(consentHtml).toContain(`value="${first.workspaceId}"`);
      expect(consentHtml).toContain(`value="${second.workspaceId}"`);
      const denied = await post('/oauth/authorize/consent', { ...hiddenFields(consentHtml), decision: 'deny' }, binding);
      expect(denied.status).toBe(302);
      expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
    });
  });

  describe('sign-in throttling', () => {
    let clientId: string;
    const { challenge } = pkce();
    beforeAll(async () => {
      clientId = (await register()).body.client_id as string;
    });
    const authorizePath = () =>
      `/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`;
    const newAccount = async () => {
      const target = `bruno-${randomBytes(4).toString('hex')}@example.test`;
      await t.seedMinimalWorkspace({ users: [{ email: target, password }] });
      return target;
    };
    /** Opens an authorization request from `address`; answers a sign-in for it from that address. */
    const openFrom = async (address: string) => {
      const start = await fromAddress(address, authorizePath());
      const cookie = String((start.headers['set-cookie'] as string[])[0]).split(';')[0]!;
      const fields = hiddenFields(start.text);
      return (account: string, pw: string) =>
        fromAddress(address, '/oauth/authorize/login', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: new URLSearchParams({ ...fields, email: account, password: pw }).toString(),
        });
    };
    const checked = (answers: { status: number; text: string }[]) =>
      answers.filter((a) => a.status === 401 && a.text.includes('The email or password is not correct.')).length;

    it('checks at most 5 passwords of one authorization request, however many arrive at once', async () => {
      const target = await newAccount();
      const signIn = await openFrom('127.0.0.1');
      const answers = await Promise.all(Array.from({ length: 40 }, () => signIn(target, 'wrong')));
      // The 5th failure ends the request, so at most 4 answers ask for another try.
      expect(checked(answers)).toBeLessThanOrEqual(4);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      // The request is over, even for the right password.
      expect((await signIn(target, password)).status).toBe(400);
    });

    it('throttles one account from one address with backoff, atomically, without locking the account out for others', async () => {
      const target = await newAccount();
      const signIns = await Promise.all(Array.from({ length: 40 }, () => openFrom('127.0.0.3')));
      const answers = await Promise.all(signIns.map((signIn) => signIn(target, 'wrong')));
      expect(checked(answers)).toBe(5);
      const throttled = answers.filter((a) => a.status === 429);
      expect(throttled).toHaveLength(35);
      expect(Number(throttled[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(throttled[0]!.text).toContain('Too many failed sign-ins');
      // Even the right password waits from that address...
      expect((await (await openFrom('127.0.0.3'))(target, password)).status).toBe(429);
      // ...while the user, elsewhere, signs in: a stranger cannot lock them out by email alone.
      const user = await (await openFrom('127.0.0.4'))(target, password);
      expect(user.status).toBe(200);
      expect(user.text).toContain('<legend>Workspaces it may reach</legend>');
    });
  });

  describe('the token endpoint', () => {
    it('exchanges a code once, for the workspaces and access the user chose', async () => {
      const { tokens, code, verifier, clientId } = await tokensFor('read', [second.workspaceId]);
      expect(tokens).toEqual({
        access_token: expect.stringMatching(/^pl_at_[\w-]{43}$/),
        refresh_token: expect.stringMatching(/^pl_rt_[\w-]{43}$/),
        token_type: 'Bearer',
        expires_in: 6,
        scope: 'platica:read',
      });
      const listed = await workspacesWith(tokens.access_token as string);
      expect(listed.body.workspaces.map((w: { id: string }) => w.id)).toEqual([second.workspaceId]);
      const write = await t.http
        .withToken(tokens.access_token as string)
        .post(`/v1/webhooks`, { url: 'https://example.test/h', events: ['message.created'] });
      expect([write.status, write.body.error]).toEqual([403, 'insufficient_scope']);

      // A replayed code is invalid_grant and revokes what it was exchanged for, at once.
      const replay = await post('/oauth/token', {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        client_id: clientId,
      });
      expect([replay.status, (await json(replay)).error]).toEqual([400, 'invalid_grant']);
      expect((await workspacesWith(tokens.access_token as string)).status).toBe(401);
    });

    it('checks the PKCE verifier, the client and the redirect URI (invalid_grant)', async () => {
      const changes: Record<string, string>[] = [
        { code_verifier: pkce().verifier },
        { redirect_uri: 'http://127.0.0.1:18093/other' },
        // RFC 6749 §4.1.3: identical to the authorization request's, so not even another loopback port.
        { redirect_uri: 'http://127.0.0.1:9/callback' },
        { client_id: 'other' },
      ];
      for (const change of changes) {
        const clientId = (await register()).body.client_id as string;
        const other = (await register()).body.client_id as string;
        const { verifier, challenge } = pkce();
        const code = (await consentFlow(clientId, challenge, { workspaces: [first.workspaceId], access: 'write' })).searchParams.get(
          'code',
        )!;
        const fields = {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
          client_id: clientId,
          ...change,
        };
        if ('client_id' in change) fields.client_id = other;
        const res = await post('/oauth/token', fields);
        expect([res.status, (await json(res)).error]).toEqual([400, 'invalid_grant']);
      }
    });

    it('answers malformed requests as RFC 6749 says', async () => {
      const clientId = (await register()).body.client_id as string;
      const cases: [Record<string, string>, number, string][] = [
        [{ client_id: clientId }, 400, 'invalid_request'],
        [{ grant_type: 'password', client_id: clientId, username: 'a', password: 'b' }, 400, 'unsupported_grant_type'],
        [{ grant_type: 'client_credentials', client_id: clientId }, 400, 'unsupported_grant_type'],
        [{ grant_type: 'authorization_code', client_id: clientId, code: 'c', redirect_uri: redirectUri }, 400, 'invalid_request'],
        [
          { grant_type: 'authorization_code', client_id: clientId, code: 'c', redirect_uri: redirectUri, code_verifier: pkce().verifier },
          400,
          'invalid_grant',
        ],
        [{ grant_type: 'refresh_token', client_id: clientId }, 400, 'invalid_request'],
        [
          { grant_type: 'refresh_token', client_id: clientId, refresh_token: `pl_rt_${randomBytes(32).toString('base64url')}` },
          400,
          'invalid_grant',
        ],
        [{ grant_type: 'refresh_token', client_id: 'cli_unknown', refresh_token: 'x' }, 401, 'invalid_client'],
      ];
      for (const [fields, status, error] of cases) {
        const res = await post('/oauth/token', fields);
        expect([res.status, (await json(res)).error, res.headers.get('cache-control')]).toEqual([status, error, 'no-store']);
      }
    });

    it('rotates refresh tokens; a replayed one revokes the whole family at once', async () => {
      const { clientId, tokens } = await tokensFor('write');
      const refresh = (token: string) => post('/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });
      const rotated = await refresh(tokens.refresh_token as string);
      expect(rotated.status).toBe(200);
      const next = (await json(rotated)) as Record<string, string>;
      expect(next.refresh_token).not.toBe(tokens.refresh_token);
      expect(next.scope).toBe('platica:read platica:write');
      expect((await workspacesWith(next.access_token!)).status).toBe(200);

      const replayed = await refresh(tokens.refresh_token as string);
      expect([replayed.status, (await json(replayed)).error]).toEqual([400, 'invalid_grant']);
      expect((await workspacesWith(next.access_token!)).status).toBe(401);
      expect((await workspacesWith(tokens.access_token as string)).status).toBe(401);
      expect((await refresh(next.refresh_token!)).status).toBe(400);
    });

    it('lets a refresh narrow the scope, never widen it', async () => {
      const { clientId, tokens } = await tokensFor('write');
      const narrowed = await post('/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token as string,
        client_id: clientId,
        scope: 'platica:read',
      });
      expect((await json(narrowed)).scope).toBe('platica:read');

      const readOnly = await tokensFor('read');
      const refresh = (scope?: string) =>
        post('/oauth/token', {
          grant_type: 'refresh_token',
          refresh_token: readOnly.tokens.refresh_token as string,
          client_id: readOnly.clientId,
          ...(scope ? { scope } : {}),
        });
      const widened = await refresh('platica:read platica:write');
      expect([widened.status, (await json(widened)).error]).toEqual([400, 'invalid_scope']);
      // Refused before anything was spent: the refresh token still works.
      expect((await refresh()).status).toBe(200);
    });
  });

  it('revokes tokens (RFC 7009): refused at once despite the credential cache; unknown tokens answer 200', async () => {
    const { clientId, tokens } = await tokensFor('write');
    expect((await workspacesWith(tokens.access_token as string)).status).toBe(200);
    const revoked = await post('/oauth/revoke', { token: tokens.access_token as string, client_id: clientId });
    expect(revoked.status).toBe(200);
    expect((await workspacesWith(tokens.access_token as string)).status).toBe(401);

    const family = await tokensFor('write');
    expect((await workspacesWith(family.tokens.access_token as string)).status).toBe(200);
    expect(
      (
        await post('/oauth/revoke', {
          token: family.tokens.refresh_token as string,
          token_type_hint: 'refresh_token',
          client_id: family.clientId,
        })
      ).status,
    ).toBe(200);
    expect((await workspacesWith(family.tokens.access_token as string)).status).toBe(401);
    expect(
      (
        await post('/oauth/token', {
          grant_type: 'refresh_token',
          refresh_token: family.tokens.refresh_token as string,
          client_id: family.clientId,
        })
      ).status,
    ).toBe(400);

    expect((await post('/oauth/revoke', { token: `pl_at_${randomBytes(32).toString('base64url')}`, client_id: clientId })).status).toBe(
      200,
    );
  });

  it('refuses an expired access token even while it is cached', async () => {
    const requestedAt = Date.now();
    const { tokens } = await tokensFor('read');
    expect((await workspacesWith(tokens.access_token as string)).status).toBe(200);
    // Polled until refused (no fixed wait): refused once its lifetime has passed, before the
    // cache (10 s from its first use) would have forgotten it.
    const expired = await eventually(
      'the expired token to be refused',
      async () => {
        const res = await workspacesWith(tokens.access_token as string);
        return res.status !== 200 && res;
      },
      10_000,
      200,
    );
    const refusedAfterMs = Date.now() - requestedAt;
    expect(refusedAfterMs).toBeGreaterThanOrEqual((Number(tokens.expires_in) - 1) * 1_000);
    expect(refusedAfterMs).toBeLessThan(10_000);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('stores codes and tokens only as hashes', async () => {
    const { tokens, code } = await tokensFor('read');
    const db = new Client({ connectionString: t.isolation.databaseUrl });
    await db.connect();
    try {
      let text = '';
      for (const table of ['oauth_access_token', 'oauth_refresh_token', 'oauth_authorization_code']) {
        const dump = await db.query(`select row_to_json(x)::text as row from gateway.${table} x`);
        text += dump.rows.map((r: { row: string }) => r.row).join('\n');
      }
      for (const secret of [tokens.access_token, tokens.refresh_token, code] as string[]) {
        expect(text).not.toContain(secret);
        expect(text).toContain(createHash('sha256').update(secret).digest('hex'));
      }
    } finally {
      await db.end();
    }
  });

  // Last: it spends what is left of this address's registrations.
  it('throttles registration per client address (429 with Retry-After); other addresses still register', async () => {
    let refused: Awaited<ReturnType<typeof register>> | undefined;
    for (let i = 0; i <= REGISTRATIONS_PER_HOUR && !refused; i += 1) {
      const res = await register();
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(201);
    }
    expect(refused).toBeDefined();
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    const elsewhere = await fromAddress('127.0.0.5', '/oauth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [redirectUri] }),
    });
    expect(elsewhere.status).toBe(201);
  });
});
