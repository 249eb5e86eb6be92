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
    // The gateway's defaults: the rate limit is the spec's (30 per second per key) unless configured.
    // A stack of its own: it adds a gateway replica.
    t = await startTestStack({});
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
    /** A key the seed gives no rate of its own: the spec's 30 per second. */
    const defaultKey = async () => {
      const seeded = await t.admin.post('/admin/v1/seed', {
        workspace: { name: `Limited ${randomBytes(4).toString('hex')}` },
        users: [{ email: owner }],
        apiKeys: [{ ref: 'k', name: 'limited' }],
      });
      return seeded.body.apiKeys.k.key as string;
    };
    const header = (answer: HttpAnswer, name: string) => Number(answer.headers.get(name));

    it('is 30 per second per key by default: of 200 concurrent requests across two gateways sharing Redis, 30 get through (and what drains meanwhile)', async () => {
      const [key, bystander] = await Promise.all([defaultKey(), defaultKey()]);
      const replica = await t.stack.addReplica('gateway');
      const gateways = [t.http.withToken(key), new HttpClient(`http://127.0.0.1:${replica.port}`, key)];
      // Warm both gateways' connections and credential lookups on another key, not this one.
      await Promise.all(gateways.map((g) => g.withToken(a.key).get('/v1/workspaces')));

      const startedAt = Date.now();
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => gateways[i % 2]!.get('/v1/workspaces')));
      const elapsedMs = Date.now() - startedAt;
      const ok = answers.filter((r) => r.status === 200);
      const limited = answers.filter((r) => r.status === 429);
      expect(ok.length + limited.length).toBe(200);
      // A bucket of 30 that drains one request every 1/30 s: the burst's 30, plus at most one per 33 ms it lasted.
      expect(ok.length).toBeGreaterThanOrEqual(30);
      expect(ok.length).toBeLessThanOrEqual(30 + Math.ceil((elapsedMs * 30) / 1000));
      expect(answers.filter((r) => r.headers.get('x-ratelimit-limit') !== '30')).toEqual([]);
      // Remaining falls request by request: the k-th highest is at least 29 - k (more only for what drained).
      const remaining = ok.map((r) => header(r, 'x-ratelimit-remaining')).sort((x, y) => y - x);
      expect(remaining[0]).toBe(29);
      expect(remaining.filter((left, k) => left < 29 - k || left > 29)).toEqual([]);
      for (const res of limited) {
        expectSpecError(res, 429);
        expect(res.body.details).toEqual({ limit: 30, windowSeconds: 1, retryAfterSeconds: 1 });
        expect(res.headers.get('retry-after')).toBe('1');
        expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      }
      // Another key is not affected.
      const other = await t.http.withToken(bystander).get('/v1/workspaces');
      expect([other.status, other.headers.get('x-ratelimit-remaining')]).toEqual([200, '29']);

      // X-RateLimit-Reset: when the bucket is full again, within the second.
      const resetAt = Math.max(...answers.map((r) => header(r, 'x-ratelimit-reset'))) * 1000;
      expect(resetAt).toBeLessThanOrEqual(Date.now() + 2_000);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, resetAt - Date.now()) + 50));
      const after = await gateways[1]!.get('/v1/workspaces');
      expect(after.status).toBe(200);
      expect(after.headers.get('x-ratelimit-remaining')).toBe('29');
    });

    it('counts every message of a /mcp JSON-RPC batch: two batches of 30 calls at once, on 30 a second, get one through', async () => {
      const key = await defaultKey();
      const batch = (size: number) =>
        fetch(`${t.baseUrl}/mcp`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify(
            Array.from({ length: size }, (_, i) => ({
              jsonrpc: '2.0',
              id: i + 1,
              method: 'tools/call',
              params: { name: 'agents_list', arguments: {} },
            })),
          ),
        });
      // Two full buckets' worth: the second fits only once the first has drained, a whole second later
      // (with two batches of 20 it fit a third of a second later, which a loaded machine can take).
      const answers = await Promise.all([batch(30), batch(30)]);
      const served = answers.find((res) => res.status === 200);
      const refused = answers.find((res) => res.status === 429);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 429]);
      expect(served!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(await served!.json()).toHaveLength(30);
      expect(refused!.headers.get('retry-after')).toBe('1');
      expect(await refused!.json()).toEqual({
        code: 429,
        error: 'Too many requests',
        details: { limit: 30, windowSeconds: 1, retryAfterSeconds: 1, requests: 30 },
      });
      // A batch larger than the key's limit could never be admitted: the answer says so.
      const tooLarge = await batch(31);
      expect(tooLarge.status).toBe(429);
      expect(((await tooLarge.json()) as { error: string }).error).toMatch(/a batch of 31 messages exceeds the limit of 30 per 1 s/);
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
        // The event stream answers text/event-stream, customer media bytes of any type; every other operation JSON.
        const mediaType = { events_stream: 'text/event-stream', conversations_message_media: '*/*' }[operation.operationId as string] ?? 'application/json';
        for (const status of success) expect(operation.responses[status].content[mediaType].schema).toBeDefined();
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
      expect(doc.body.paths['/v1/conversations/{id}/messages/{messageId}/media'].get.responses['200'].content['*/*'].schema).toEqual({
        type: 'string',
        format: 'binary',
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
      // RFC 9728's path-suffixed form for the resource /mcp, which MCP clients ask first.
      const mcp = await t.http.get('/.well-known/oauth-protected-resource/mcp');
      expect(mcp.status).toBe(200);
      expect(mcp.body).toMatchObject({
        resource: `${t.baseUrl}/mcp`,
        authorization_servers: [t.baseUrl],
        scopes_supported: ['platica:read', 'platica:write'],
      });
    });
  });
});
