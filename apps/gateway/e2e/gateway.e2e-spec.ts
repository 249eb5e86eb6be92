import { startTestStack, type TestStack } from '@platica/testing';

/**
 * The gateway's core through its public HTTP API, on the whole stack: authentication,
 * errors, routing over NATS (including a stopped and a stalled service), the admin seed.
 */
describe('gateway (e2e)', () => {
  let t: TestStack;

  beforeAll(async () => {
    // A stack of its own: it stops and restarts a service, with its own RPC timeout.
    // campaigns in a process of its own: this file stops, restarts and pauses it.
    t = await startTestStack({ PLATICA_RPC_TIMEOUT_MS: '1500' }, { ownProcesses: ['campaigns'] });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const expectSpecError = (answer: { status: number; body: any }, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
    expect(answer.body.error.length).toBeGreaterThan(0);
  };

  describe('authentication', () => {
    it('answers 401 in the spec shape, with a discovery challenge, when the credential is missing', async () => {
      const answer = await t.http.get('/v1/workspaces');
      expectSpecError(answer, 401);
      expect(answer.headers.get('www-authenticate')).toMatch(
        /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource"$/,
      );
    });

    it.each([
      ['an unknown API key', 'Bearer pl_key_0123456789abcdef0123456789abcdef'],
      ['an unknown access token', 'Bearer pl_at_0123456789abcdef0123456789abcdef'],
      ['a credential of no known kind', 'Bearer something-else'],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['an empty bearer', 'Bearer '],
    ])('answers 401 for %s', async (_what, authorization) => {
      expectSpecError(await t.http.get('/v1/workspaces', { authorization }), 401);
    });

    it('authenticates an API key from the seed and lists exactly its workspace', async () => {
      const { workspaceId, key, answer } = await t.seedMinimalWorkspace();
      const res = await t.http.withToken(key).get('/v1/workspaces');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ workspaces: [{ id: workspaceId, name: answer.workspace.name, role: null }], user: null });
    });

    it('keeps each key to its own workspace', async () => {
      const [a, b] = await Promise.all([t.seedMinimalWorkspace(), t.seedMinimalWorkspace()]);
      const seenByA = await t.http.withToken(a.key).get('/v1/workspaces');
      expect(seenByA.body.workspaces.map((w: { id: string }) => w.id)).toEqual([a.workspaceId]);
      const asB = await t.http.withToken(a.key).get(`/v1/workspaces?workspace=${b.workspaceId}`);
      expectSpecError(asB, 404);
    });
  });

  describe('routing', () => {
    it('answers 404 for a path that is not in the route table, with or without a credential', async () => {
      const { key } = await t.seedMinimalWorkspace();
      expectSpecError(await t.http.withToken(key).get('/v1/no-such-thing'), 404);
      expectSpecError(await t.http.get('/v2/workspaces'), 404);
    });

    it('answers 405 with Allow for a method the path does not have, with or without a credential', async () => {
      const { key } = await t.seedMinimalWorkspace();
      const api = t.http.withToken(key);
      for (const [answer, allow] of [
        [await api.post('/v1/workspaces', {}), 'GET, HEAD'],
        [await t.http.delete('/v1/messages'), 'POST'],
        [await api.request('PUT', '/v1/agents/agt_x', { name: 'x' }), 'GET, HEAD, PATCH, DELETE'],
        [await api.post('/v1/events', {}), 'GET'],
        // The admin API's paths too (issue 48 item 13), before the admin token is read.
        [await t.http.get('/admin/v1/seed'), 'POST'],
        [await t.admin.delete('/admin/v1/workspaces/ws_x'), 'PATCH'],
      ] as const) {
        expectSpecError(answer, 405);
        expect(answer.headers.get('allow')).toBe(allow);
      }
    });

    it("answers rate-limit headers on every authenticated response: the key's rate per second", async () => {
      const { key } = await t.seedMinimalWorkspace();
      const first = await t.http.withToken(key).get('/v1/workspaces');
      const second = await t.http.withToken(key).get('/v1/workspaces');
      // The test key's 1,000 requests per second.
      expect(first.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('999');
      expect(Number(second.headers.get('x-ratelimit-remaining'))).toBeLessThanOrEqual(999);
      // Full again once the request has drained: within the second.
      const reset = Number(first.headers.get('x-ratelimit-reset'));
      expect(reset * 1000).toBeGreaterThanOrEqual(Date.now() - 1000);
      expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 2_000);
    });

    it('answers 503 while the owning service is stopped, and uses it again once restarted, without a gateway restart', async () => {
      const doc = {
        workspace: { name: 'Stopped campaigns' },
        users: [{ email: 'x@example.test' }],
        apiKeys: [{ ref: 'k', name: 'k' }],
        campaigns: [
          { ref: 'promo', title: 'Promo', category: 'marketing', platform: 'whatsapp', audience: [{ phoneNumber: '5215550001111' }] },
        ],
      };
      await t.stack.stopService('campaigns');
      try {
        expectSpecError(await t.admin.post('/admin/v1/seed', doc), 503);
      } finally {
        await t.stack.startService('campaigns');
      }
      const up = await t.admin.post('/admin/v1/seed', doc);
      expect(up.status).toBe(200);
      expect(up.body.campaigns.promo.id).toMatch(/^cmp_/);
      expect(up.body.apiKeys.k.key).toMatch(/^pl_key_/); // created now: the refused apply wrote nothing
    });

    it('answers 504 when the owning service does not answer in time, and recovers', async () => {
      const campaigns = t.stack.services.get('campaigns')!;
      campaigns.process.kill('SIGSTOP');
      try {
        const stalled = await t.admin.post('/admin/v1/seed', {
          workspace: { name: 'Stalled campaigns' },
          users: [{ email: 'y@example.test' }],
          campaigns: [{ title: 'Stalled', category: 'utility' }],
        });
        expectSpecError(stalled, 504);
      } finally {
        campaigns.process.kill('SIGCONT');
      }
    });
  });

  describe('admin seed', () => {
    it('refuses the admin API without the admin token', async () => {
      expectSpecError(await t.http.post('/admin/v1/seed', { workspace: { name: 'x' } }), 401);
      expectSpecError(await t.http.withToken('wrong-token-0123456789').post('/admin/v1/seed', { workspace: { name: 'x' } }), 401);
    });

    it('names every invalid field of a bad document', async () => {
      const res = await t.admin.post('/admin/v1/seed', {
        workspace: { name: '', timezone: 'Mars/Olympus' },
        apiKeys: [{ name: 'k', ownerEmail: 'not-an-email' }],
      });
      expectSpecError(res, 400);
      const paths = (res.body.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['workspace.name', 'workspace.timezone', 'apiKeys.0.ownerEmail']));
    });

    it('refuses references to items the document does not have', async () => {
      const res = await t.admin.post('/admin/v1/seed', {
        workspace: { name: 'Bad refs' },
        users: [{ email: 'a@example.test' }],
        apiKeys: [{ name: 'k', ownerEmail: 'nobody@example.test' }],
        campaigns: [{ title: 'c', category: 'utility', templateRef: 'missing', owners: ['ghost@example.test'] }],
      });
      expectSpecError(res, 400);
      const paths = (res.body.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['apiKeys.0.ownerEmail', 'campaigns.0.templateRef', 'campaigns.0.owners.0']));
    });

    it('applies idempotently by natural keys, and shows a key value only when it is created', async () => {
      const doc = {
        workspace: { name: 'Idempotent', timezone: 'America/Mexico_City' },
        users: [{ email: 'Ana@Example.test', name: 'Ana' }, { email: 'luis@example.test' }],
        apiKeys: [{ ref: 'ci', name: 'ci key', ownerEmail: 'luis@example.test', rateLimitPerSecond: 50 }],
        campaigns: [
          {
            ref: 'promo',
            title: 'Promo',
            category: 'marketing',
            owners: ['ana@example.test'],
            audience: [{ phoneNumber: '5215551112222', params: ['Luis'] }],
          },
        ],
      };
      const first = await t.admin.post('/admin/v1/seed', doc);
      const second = await t.admin.post('/admin/v1/seed', doc);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(second.body.workspace).toEqual(first.body.workspace);
      expect(second.body.users).toEqual(first.body.users);
      expect(second.body.channels.internal.id).toBe(first.body.channels.internal.id);
      expect(first.body.channels.internal.id).toMatch(/^in-/);
      expect(second.body.campaigns).toEqual(first.body.campaigns);
      expect(second.body.apiKeys.ci).toEqual({ ...first.body.apiKeys.ci, key: null });
      const key = first.body.apiKeys.ci.key as string;
      const res = await t.http.withToken(key).get('/v1/workspaces');
      expect(res.headers.get('x-ratelimit-limit')).toBe('50');
    });
  });

  it('reports readiness of the gateway and its dependencies', async () => {
    const res = await t.http.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ database: 'ok', nats: 'ok', redis: 'ok' });
    expect((await t.http.get('/healthz')).status).toBe(200);
  });
});
