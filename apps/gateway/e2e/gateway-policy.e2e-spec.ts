import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { HttpClient, startTestStack, type HttpAnswer, type TestStack } from '@platica/testing';

/**
 * Gateway policy (spec: Authentication 1-10, Errors, Limits): OAuth access tokens and
 * their scopes, the `?workspace=` rules, the rate limit shared by gateway replicas through
 * Redis, and the operational endpoints (/metrics, /docs, RFC 9728 metadata).
 */
describe('gateway policy (e2e)', () => {
  let t: TestStack;
  let owner: string;
  let a: { workspaceId: string; key: string };
  let b: { workspaceId: string; key: string };

  beforeAll(async () => {
    // One-second windows: the counting is checked window by window (the default is 10 s; gateway.e2e-spec).
    t = await startTestStack({ PLATICA_RATE_LIMIT_WINDOW_SECONDS: '1' });
    owner = `owner-${randomBytes(4).toString('hex')}@example.test`;
    a = await t.seedMinimalWorkspace({ users: [{ email: owner }] });
    b = await t.seedMinimalWorkspace({ users: [{ email: owner }] });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const mint = async (body: Record<string, unknown>) => t.admin.post('/admin/v1/tokens', body);
  const tokenFor = async (workspaceIds: string[], scopes: string[]) => {
    const res = await mint({ userEmail: owner, workspaceIds, scopes });
    expect(res.status).toBe(201);
    return res.body.token as string;
  };
  const expectSpecError = (answer: HttpAnswer, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };
  /** The campaigns service's own answer to a send without `channelId`: the request got past the gateway's checks. */
  const expectServiceValidation = (answer: HttpAnswer) => {
    expectSpecError(answer, 400);
    expect(JSON.stringify(answer.body.details)).toContain('channelId');
  };
  const fieldPaths = (answer: HttpAnswer) => (answer.body.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));

  describe('access tokens', () => {
    it('are minted by the admin API for a user over their workspaces', async () => {
      const res = await mint({ userEmail: owner.toUpperCase(), workspaceIds: [a.workspaceId, b.workspaceId], scopes: ['platica:read'] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        token: expect.stringMatching(/^pl_at_[\w-]{43}$/),
        expiresAt: expect.any(String),
        scopes: ['platica:read'],
        workspaceIds: [a.workspaceId, b.workspaceId],
      });
      const expiresIn = Date.parse(res.body.expiresAt) - Date.now();
      expect(expiresIn).toBeGreaterThan(3_500_000);
      expect(expiresIn).toBeLessThanOrEqual(3_600_000);
    });

    it('refuses a request naming an unknown user, a workspace that is not theirs, or an unknown scope', async () => {
      expect(fieldPaths(await mint({ userEmail: 'ghost@example.test', workspaceIds: [a.workspaceId], scopes: ['platica:read'] }))).toEqual([
        'userEmail',
      ]);
      const stranger = await t.seedMinimalWorkspace();
      const notTheirs = await mint({ userEmail: owner, workspaceIds: [a.workspaceId, stranger.workspaceId], scopes: ['platica:read'] });
      expectSpecError(notTheirs, 400);
      expect(fieldPaths(notTheirs)).toEqual(['workspaceIds.1']);
      expect(fieldPaths(await mint({ userEmail: owner, workspaceIds: [a.workspaceId], scopes: ['service:write'] }))).toEqual(['scopes.0']);
      expect(fieldPaths(await mint({ userEmail: owner, workspaceIds: [], scopes: [] })).sort()).toEqual(['scopes', 'workspaceIds']);
    });

    it('read what they were granted: GET /v1/workspaces lists exactly those workspaces', async () => {
      const token = await tokenFor([a.workspaceId, b.workspaceId], ['platica:read']);
      const res = await t.http.withToken(token).get('/v1/workspaces');
      expect(res.status).toBe(200);
      expect(res.body.workspaces.map((w: { id: string }) => w.id).sort()).toEqual([a.workspaceId, b.workspaceId].sort());
      const one = await t.http.withToken(await tokenFor([b.workspaceId], ['platica:read'])).get('/v1/workspaces');
      expect(one.body.workspaces.map((w: { id: string }) => w.id)).toEqual([b.workspaceId]);
    });

    it('answer 401 with an RFC 9728 challenge when unknown, expired or revoked', async () => {
      const unknown = await t.http.withToken(`pl_at_${randomBytes(32).toString('base64url')}`).get('/v1/workspaces');
      expectSpecError(unknown, 401);
      expect(unknown.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource"`);

      const expiring = await tokenFor([a.workspaceId], ['platica:read']);
      const revoked = await tokenFor([a.workspaceId], ['platica:read']);
      expect((await t.http.withToken(expiring).get('/v1/workspaces')).status).toBe(200);
      const db = new Client({ connectionString: t.isolation.databaseUrl });
      await db.connect();
      try {
        await db.query(
          `update gateway.oauth_access_token set expires_at = now() - interval '1 second' where token_hash = encode(sha256($1::bytea), 'hex')`,
          [expiring],
        );
        await db.query(`update gateway.oauth_access_token set revoked_at = now() where token_hash = encode(sha256($1::bytea), 'hex')`, [
          revoked,
        ]);
      } finally {
        await db.end();
      }
      expectSpecError(await t.http.withToken(expiring).get('/v1/workspaces'), 401);
      expectSpecError(await t.http.withToken(revoked).get('/v1/workspaces'), 401);
    });
  });

  describe('scopes', () => {
    it('refuse a write with a read-only token: 403 insufficient_scope, asking for platica:write', async () => {
      const token = await tokenFor([a.workspaceId], ['platica:read']);
      const res = await t.http.withToken(token).post('/v1/campaigns/cmp_x/send', {});
      expectSpecError(res, 403);
      expect(res.body.error).toBe('insufficient_scope');
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer error="insufficient_scope", scope="platica:write", resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource"`,
      );
    });

    it('let a write token through to the service (its own validation answers, past the scope check)', async () => {
      const token = await tokenFor([a.workspaceId], ['platica:read', 'platica:write']);
      expectServiceValidation(await t.http.withToken(token).post('/v1/campaigns/cmp_x/send', {}));
    });
  });

  describe('?workspace=', () => {
    let multi: HttpClient;
    beforeAll(async () => {
      multi = t.http.withToken(await tokenFor([a.workspaceId, b.workspaceId], ['platica:read', 'platica:write']));
    });

    it('is required for writes and for scheduled-message and tool operations of a multi-workspace credential', async () => {
      for (const [method, path] of [
        ['POST', '/v1/campaigns/cmp_x/send'],
        ['GET', '/v1/messages/scheduled'],
        ['GET', '/v1/tools'],
      ] as const) {
        const res = await multi.request(method, path, method === 'POST' ? {} : undefined);
        expectSpecError(res, 400);
        expect(fieldPaths(res)).toEqual(['workspace']);
      }
    });

    it('selects one of the credential’s workspaces, and never another', async () => {
      expectServiceValidation(await multi.post(`/v1/campaigns/cmp_x/send?workspace=${a.workspaceId}`, {}));
      const stranger = await t.seedMinimalWorkspace();
      expectSpecError(await multi.post(`/v1/campaigns/cmp_x/send?workspace=${stranger.workspaceId}`, {}), 404);
      expectSpecError(await t.http.withToken(a.key).get(`/v1/workspaces?workspace=${b.workspaceId}`), 404);
    });

    it('is optional for reads across workspaces and for single-workspace credentials', async () => {
      expect((await multi.get('/v1/workspaces')).status).toBe(200);
      expectServiceValidation(await t.http.withToken(a.key).post('/v1/campaigns/cmp_x/send', {}));
    });
  });

  describe('rate limit', () => {
    it('is exact under 200 concurrent requests on one key across two gateways sharing Redis, and recovers after the reset', async () => {
      const seeded = await t.admin.post('/admin/v1/seed', {
        workspace: { name: `Limited ${randomBytes(4).toString('hex')}` },
        users: [{ email: owner }],
        apiKeys: [{ ref: 'k', name: 'limited', rateLimitPerSecond: 30 }],
      });
      const key = seeded.body.apiKeys.k.key as string;
      const replica = await t.stack.addReplica('gateway');
      const gateways = [t.http.withToken(key), new HttpClient(`http://127.0.0.1:${replica.port}`, key)];
      // Warm both gateways' connections and credential lookups on another key, not this one.
      await Promise.all(gateways.map((g) => g.withToken(a.key).get('/v1/workspaces')));

      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => gateways[i % 2]!.get('/v1/workspaces')));
      const ok = answers.filter((r) => r.status === 200);
      const limited = answers.filter((r) => r.status === 429);
      expect(ok.length + limited.length).toBe(200);
      // Windows are whole epoch seconds (issue 11: X-RateLimit-Reset is the window's exact end); each window a
      // request fell in allows exactly 30, or all of its requests when fewer fell in it (a burst straddling a second).
      const windows = new Set(answers.map((r) => r.headers.get('x-ratelimit-reset')));
      for (const window of windows) {
        const inWindow = answers.filter((r) => r.headers.get('x-ratelimit-reset') === window);
        const allowed = inWindow.filter((r) => r.status === 200);
        expect(allowed).toHaveLength(Math.min(30, inWindow.length));
        // 29, 28, … each counted once in its window.
        expect(allowed.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => y - x)).toEqual(
          Array.from({ length: allowed.length }, (_, i) => 29 - i),
        );
      }
      expect(ok.filter((r) => r.headers.get('x-ratelimit-limit') === '30')).toHaveLength(ok.length);
      for (const res of limited) {
        expectSpecError(res, 429);
        expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      }

      const resetAt = Math.max(...[...windows].map(Number)) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, resetAt - Date.now()) + 50));
      const after = await gateways[1]!.get('/v1/workspaces');
      expect(after.status).toBe(200);
      expect(after.headers.get('x-ratelimit-remaining')).toBe('29');
    });

    it('counts each credential on its own', async () => {
      const [first, second] = await Promise.all([t.seedMinimalWorkspace(), t.seedMinimalWorkspace()]);
      await Promise.all(Array.from({ length: 20 }, () => t.http.withToken(first.key).get('/v1/workspaces')));
      const res = await t.http.withToken(second.key).get('/v1/workspaces');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(1000 - 1));
    });
  });

  describe('operational endpoints', () => {
    it('exports request counts and latency per route and status in Prometheus format', async () => {
      await t.http.withToken(a.key).get('/v1/workspaces');
      await t.http.get('/v1/workspaces');
      const res = await t.http.get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(res.text).toMatch(/platica_http_requests_total\{method="GET",route="\/v1\/workspaces",status="200"\} \d+/);
      expect(res.text).toMatch(/platica_http_requests_total\{method="GET",route="\/v1\/workspaces",status="401"\} \d+/);
      expect(res.text).toMatch(
        /platica_http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/v1\/workspaces",status="200"\} \d+/,
      );
    });

    it('serves OpenAPI 3.1 at /docs, generated from the validating schemas', async () => {
      const doc = await t.http.get('/docs/openapi.json');
      expect(doc.status).toBe(200);
      expect(doc.body.openapi).toBe('3.1.0');
      expect(doc.body.paths['/v1/workspaces'].get.responses['200'].content['application/json'].schema.properties.workspaces.type).toBe(
        'array',
      );
      const seed = doc.body.paths['/admin/v1/seed'].post.requestBody.content['application/json'].schema;
      expect(seed.required).toContain('workspace');
      expect(seed.properties.workspace.properties.name.minLength).toBe(1);
      expect(
        doc.body.paths['/v1/agents/{agentId}/guardrails'].patch.requestBody.content['application/json'].schema.properties.rules.maxItems,
      ).toBe(20);
      // Every operation is named, and declares each status it answers with its schema.
      const operations = Object.values(doc.body.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item));
      expect(operations.filter((o) => typeof o.operationId !== 'string')).toEqual([]);
      // Every operation is built: none is marked pending (an honest 501).
      expect(operations.filter((o) => o['x-platica-pending']).map((o) => o.operationId)).toEqual([]);
      for (const operation of operations) {
        const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        expect([operation.operationId, success.length > 0]).toEqual([operation.operationId, true]);
        for (const status of success) expect(operation.responses[status].content['application/json'].schema).toBeDefined();
      }
      const statuses = (path: string, method: string) => Object.keys(doc.body.paths[path][method].responses);
      expect(statuses('/v1/messages', 'post')).toEqual(expect.arrayContaining(['200', '202', '400', '413', '422', '429', '502']));
      expect(statuses('/v1/webhooks', 'post')).toEqual(expect.arrayContaining(['201', '415']));
      expect(statuses('/v1/chat', 'post')).toEqual(expect.arrayContaining(['200', '202', '409', '502', '504']));
      expect(statuses('/v1/messages/scheduled/{messageId}', 'patch')).toEqual(expect.arrayContaining(['200', '404', '409']));
      expect(statuses('/v1/agents/{agentId}/prompt', 'post')).toContain('201');
      expect(statuses('/v1/webhooks/{id}/deliveries/{deliveryId}/retry', 'post')).toContain('202');
      expect(statuses('/v1/campaigns/{campaignId}/send', 'post')).toEqual(expect.arrayContaining(['400', '404', '409']));
      expect(doc.body.paths['/v1/agents/{agentId}'].get.responses['200'].content['application/json'].schema).toMatchObject({
        properties: { workspaces: { type: 'array' } },
      });
      expect(doc.body.paths['/admin/v1/tokens'].post.operationId).toBe('admin_tokens_mint');
      const page = await t.http.get('/docs');
      expect(page.status).toBe(200);
      expect(page.text).toContain('/docs/openapi.json');
      expect((await t.http.get('/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
      expectSpecError(await t.http.get('/docs/assets/package.json'), 404);
    });

    it('publishes RFC 9728 protected-resource metadata', async () => {
      const res = await t.http.get('/.well-known/oauth-protected-resource');
      expect(res.body).toMatchObject({
        resource: t.baseUrl,
        scopes_supported: ['platica:read', 'platica:write'],
        bearer_methods_supported: ['header'],
      });
    });
  });
});
