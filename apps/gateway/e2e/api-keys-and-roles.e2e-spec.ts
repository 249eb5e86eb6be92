import { randomBytes } from 'node:crypto';
import { eventually, HttpClient, startTestStack, type HttpAnswer, type TestStack } from '@platica/testing';

/**
 * API key management and workspace roles through the public API (docs/authentication.md):
 * create, list, revoke and rotate keys, a revoked or rotated value refused at once by both
 * gateway replicas although each had it cached, expiry, and an `agent` user kept to the inbox.
 */
describe('API keys and roles (e2e)', () => {
  let t: TestStack;
  let replica: HttpClient;
  const suffix = randomBytes(4).toString('hex');
  const adminEmail = `admin-${suffix}@example.test`;
  const agentEmail = `agent-${suffix}@example.test`;
  const formerAdminEmail = `former-${suffix}@example.test`;
  let workspaceId: string;
  let seededKey: string;

  beforeAll(async () => {
    // A long credential cache: only the revocation broadcast can make a replica forget a key in time.
    // A stack of its own: a credential cache of its own and a second gateway replica.
    // The file's refused credentials (dozens, all from 127.0.0.1) are its subject, not a guess at
    // one: the per-address limit on failed credentials (bad-input.e2e) is lifted here.
    t = await startTestStack({ PLATICA_CREDENTIAL_CACHE_MS: '60000', PLATICA_AUTH_FAILURE_LIMIT: '10000' });
    const seeded = await t.seedMinimalWorkspace({
      users: [{ email: adminEmail }, { email: agentEmail, role: 'agent' }, { email: formerAdminEmail }],
    });
    workspaceId = seeded.workspaceId;
    seededKey = seeded.key;
    replica = new HttpClient(`http://127.0.0.1:${(await t.stack.addReplica('gateway')).port}`);
  });
  afterAll(async () => {
    await t?.stop();
  });

  const api = (credential: string) => t.http.withToken(credential);
  const expectSpecError = (answer: HttpAnswer, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };
  const mcp = (credential: string, method: string, params?: Record<string, unknown>) =>
    api(credential).post('/mcp', { jsonrpc: '2.0', id: 1, method, params }, { accept: 'application/json, text/event-stream' });
  const create = (credential: string, body: Record<string, unknown>) => api(credential).post('/v1/api-keys', body);
  const tokenFor = async (userEmail: string, scopes = ['platica:read', 'platica:write']) => {
    const minted = await t.admin.post('/admin/v1/tokens', { userEmail, workspaceIds: [workspaceId], scopes });
    expect(minted.status).toBe(201);
    return minted.body.token as string;
  };
  /** The key answers 200 through both gateways: each has it cached from now on. */
  const expectAcceptedByBoth = async (key: string) => {
    expect((await api(key).get('/v1/workspaces')).status).toBe(200);
    expect((await replica.withToken(key).get('/v1/workspaces')).status).toBe(200);
  };
  const expectRefusedByBoth = async (key: string) => {
    expectSpecError(await api(key).get('/v1/workspaces'), 401);
    expectSpecError(await replica.withToken(key).get('/v1/workspaces'), 401);
  };

  describe('with an API key (full access to its workspace)', () => {
    it('creates a key whose value is shown once, lists it without the value, and records its last use', async () => {
      const created = await create(seededKey, { name: `ci ${suffix}` });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        status: 'success',
        message: expect.any(String),
        data: {
          id: expect.stringMatching(/^key_/),
          workspaceId,
          name: `ci ${suffix}`,
          ownerId: expect.any(String),
          createdByKeyId: expect.stringMatching(/^key_/),
          rateLimitPerSecond: 30,
          expiresAt: null,
          lastUsedAt: null,
          revokedAt: null,
          creationDate: expect.any(String),
          key: expect.stringMatching(/^pl_key_/),
        },
      });
      const { id, key } = created.body.data;
      await expectAcceptedByBoth(key);

      const listed = await api(seededKey).get('/v1/api-keys');
      expect(listed.status).toBe(200);
      expect(listed.body.workspaces).toHaveLength(1);
      expect(listed.body.workspaces[0]).toMatchObject({ id: workspaceId, apiKeysCount: listed.body.workspaces[0].apiKeys.length });
      const shown = listed.body.workspaces[0].apiKeys.find((k: { id: string }) => k.id === id);
      expect(shown).toMatchObject({ name: `ci ${suffix}`, revokedAt: null });
      expect(shown).not.toHaveProperty('key');
      expect(listed.text).not.toContain(key);
      await eventually('lastUsedAt to be recorded', async () => {
        const again = await api(seededKey).get('/v1/api-keys');
        return again.body.workspaces[0].apiKeys.find((k: { id: string }) => k.id === id).lastUsedAt !== null;
      });
    });

    it('revokes a key: its next request answers 401 on both replicas, though both had it cached', async () => {
      const { id, key } = (await create(seededKey, { name: `to revoke ${suffix}` })).body.data;
      await expectAcceptedByBoth(key);
      const revoked = await api(seededKey).delete(`/v1/api-keys/${id}`);
      expect(revoked.status).toBe(200);
      expect(revoked.body.data).toMatchObject({ id, revokedAt: expect.any(String) });
      await expectRefusedByBoth(key);
      // Revoking again changes nothing; the name is free for a new key.
      expect((await api(seededKey).delete(`/v1/api-keys/${id}`)).body.data.revokedAt).toBe(revoked.body.data.revokedAt);
      expect((await create(seededKey, { name: `to revoke ${suffix}` })).status).toBe(201);
    });

    it('rotates a key: a new value for the same key, the old one refused at once on both replicas', async () => {
      const { id, key: oldValue } = (await create(seededKey, { name: `to rotate ${suffix}` })).body.data;
      await expectAcceptedByBoth(oldValue);
      const rotated = await api(seededKey).post(`/v1/api-keys/${id}/rotate`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.data).toMatchObject({ id, name: `to rotate ${suffix}`, revokedAt: null, key: expect.stringMatching(/^pl_key_/) });
      expect(rotated.body.data.key).not.toBe(oldValue);
      await expectRefusedByBoth(oldValue);
      await expectAcceptedByBoth(rotated.body.data.key);
    });

    it('refuses to rotate a revoked or an expired key (409 saying why) and answers 404 for a key id that is not in the workspace', async () => {
      const { id } = (await create(seededKey, { name: `revoked then rotated ${suffix}` })).body.data;
      await api(seededKey).delete(`/v1/api-keys/${id}`);
      const revoked = await api(seededKey).post(`/v1/api-keys/${id}/rotate`);
      expectSpecError(revoked, 409);
      expect(revoked.body.error).toMatch(/revoked/);
      expect(revoked.body.details).toEqual({ id, revokedAt: expect.any(String) });

      const expiring = (
        await create(seededKey, { name: `expired then rotated ${suffix}`, expiresAt: new Date(Date.now() + 2_000).toISOString() })
      ).body.data;
      await eventually('the key to expire', async () => (await api(expiring.key).get('/v1/workspaces')).status === 401);
      const expired = await api(seededKey).post(`/v1/api-keys/${expiring.id}/rotate`);
      expectSpecError(expired, 409);
      expect(expired.body.error).toMatch(/expired/);
      expect(expired.body.details).toEqual({ id: expiring.id, expiresAt: expiring.expiresAt });
      // No new value came out of it: the key still answers 401 and keeps its old hash.
      expectSpecError(await api(expiring.key).get('/v1/workspaces'), 401);

      const other = await t.seedMinimalWorkspace();
      const foreign = (await create(other.key, { name: 'foreign' })).body.data;
      expectSpecError(await api(seededKey).delete(`/v1/api-keys/${foreign.id}`), 404);
      expectSpecError(await api(seededKey).post(`/v1/api-keys/${foreign.id}/rotate`), 404);
      expect((await api(foreign.key).get('/v1/workspaces')).status).toBe(200);
      const listed = await api(seededKey).get('/v1/api-keys');
      expect(listed.text).not.toContain(foreign.id);
    });

    it('lets only one of several concurrent rotations of a key yield a working value; the others answer 409', async () => {
      const { id, key: original } = (await create(seededKey, { name: `raced ${suffix}` })).body.data;
      const answers = await Promise.all(
        [api(seededKey), replica.withToken(seededKey), api(seededKey), replica.withToken(seededKey)].map((client) =>
          client.post(`/v1/api-keys/${id}/rotate`),
        ),
      );
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expectSpecError(answer, 409);
        expect(answer.body.details).toEqual({ id });
      }
      const values: string[] = answers.filter((a) => a.status === 200).map((a) => a.body.data.key);
      expect(values.length).toBeGreaterThanOrEqual(1);
      const working: string[] = [];
      for (const value of [original, ...values]) {
        const [here, there] = await Promise.all([api(value).get('/v1/workspaces'), replica.withToken(value).get('/v1/workspaces')]);
        expect(here.status).toBe(there.status);
        if (here.status === 200) working.push(value);
      }
      expect(working).toHaveLength(1);
      expect(working[0]).not.toBe(original);
    });

    it("records the key that minted a key, and revokes what a key minted (and what that minted) with it; a user's keys stay", async () => {
      const parent = (await create(seededKey, { name: `parent ${suffix}` })).body.data;
      const child = (await create(parent.key, { name: `child ${suffix}` })).body.data;
      const grandchild = (await create(child.key, { name: `grandchild ${suffix}` })).body.data;
      const byUser = (await create(await tokenFor(adminEmail), { name: `by a user ${suffix}` })).body.data;
      expect([child.createdByKeyId, grandchild.createdByKeyId, byUser.createdByKeyId]).toEqual([parent.id, child.id, null]);
      for (const key of [parent.key, child.key, grandchild.key, byUser.key]) await expectAcceptedByBoth(key);

      const revoked = await api(seededKey).delete(`/v1/api-keys/${parent.id}`);
      expect(revoked.status).toBe(200);
      for (const key of [parent.key, child.key, grandchild.key]) await expectRefusedByBoth(key);
      await expectAcceptedByBoth(byUser.key);
      const listed = (await api(seededKey).get('/v1/api-keys')).body.workspaces[0].apiKeys as { id: string; revokedAt: string | null }[];
      expect(listed.filter((k) => [child.id, grandchild.id].includes(k.id)).map((k) => k.revokedAt)).toEqual([
        expect.any(String),
        expect.any(String),
      ]);
    });

    it('bounds the live keys of a workspace, concurrent creations included (422 naming the limit); a revoked key frees a place', async () => {
      const other = await t.seedMinimalWorkspace();
      const limit = 50;
      /** Sequential creations, waiting out the request rate (30/s) when it answers 429. */
      const createPaced = async (credential: string, name: string) => {
        for (;;) {
          const answer = await create(credential, { name });
          if (answer.status !== 429) return answer;
          await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? '1') * 1_000));
        }
      };
      // The seeded key, a second key for the concurrent burst (its own request budget), and 43 more: 45 live.
      const burstKey = (await createPaced(other.key, 'burst')).body.data.key as string;
      for (let i = 0; i < 43; i++) expect((await createPaced(other.key, `filler ${i}`)).status).toBe(201);
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => create(burstKey, { name: `raced ${i}` })));
      expect(burst.map((a) => a.status).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(422)]);
      const refused = burst.find((a) => a.status === 422)!;
      expectSpecError(refused, 422);
      expect(refused.body.details).toMatchObject({ reason: 'workspace_limit_reached', limit });
      const live = (await api(other.key).get('/v1/api-keys')).body.workspaces[0].apiKeys.filter(
        (k: { revokedAt: string | null }) => !k.revokedAt,
      );
      expect(live).toHaveLength(limit);

      const freed = burst.find((a) => a.status === 201)!.body.data.id as string;
      expect((await api(other.key).delete(`/v1/api-keys/${freed}`)).status).toBe(200);
      expect((await createPaced(other.key, 'after one was revoked')).status).toBe(201);
      expectSpecError(await createPaced(other.key, 'one too many'), 422);
    });

    it('expires a key at its expiresAt, even while cached', async () => {
      const expiresAt = new Date(Date.now() + 3_000).toISOString();
      const { key } = (await create(seededKey, { name: `short-lived ${suffix}`, expiresAt })).body.data;
      await expectAcceptedByBoth(key);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(expiresAt) - Date.now()) + 100));
      await expectRefusedByBoth(key);
    });

    it('names the field at fault: a duplicate live name (409), a past or malformed expiry, an unknown field (400)', async () => {
      await create(seededKey, { name: `taken ${suffix}` });
      const duplicate = await create(seededKey, { name: `taken ${suffix}` });
      expectSpecError(duplicate, 409);
      expect(duplicate.body.details).toEqual([{ path: ['name'], message: expect.any(String) }]);
      for (const body of [
        { name: 'x', expiresAt: new Date(Date.now() - 1000).toISOString() },
        { name: 'x', expiresAt: 'tomorrow' },
      ]) {
        const answer = await create(seededKey, body);
        expectSpecError(answer, 400);
        expect(answer.body.details.map((d: { path: string[] }) => d.path.join('.'))).toEqual(['expiresAt']);
      }
      const blank = await create(seededKey, { name: '  ' });
      expect(blank.body.details.map((d: { path: string[] }) => d.path.join('.'))).toEqual(['name']);
      expectSpecError(await create(seededKey, { name: 'x', value: 'pl_key_mine' }), 400);
    });
  });

  describe('roles of OAuth users', () => {
    it('lets an admin manage keys: a key revoked from the dashboard answers 401 on the next request', async () => {
      const admin = await tokenFor(adminEmail);
      const created = await create(admin, { name: `dashboard ${suffix}` });
      expect(created.status).toBe(201);
      const adminUser = (await t.query(`select id from gateway.user_account where email = $1`, [adminEmail]))[0]!.id;
      expect(created.body.data.ownerId).toBe(adminUser);
      await expectAcceptedByBoth(created.body.data.key);
      expect((await api(admin).delete(`/v1/api-keys/${created.body.data.id}`)).status).toBe(200);
      await expectRefusedByBoth(created.body.data.key);
    });

    it('keeps a read-only admin token from writing keys, as for any write', async () => {
      const readOnly = await tokenFor(adminEmail, ['platica:read']);
      expect((await api(readOnly).get('/v1/api-keys')).status).toBe(200);
      const refused = await create(readOnly, { name: 'nope' });
      expectSpecError(refused, 403);
      expect(refused.body.error).toBe('insufficient_scope');
    });

    it('keeps an agent to the inbox: conversations and clients answer, everything else is 403 naming the role', async () => {
      const agent = await tokenFor(agentEmail);
      expect((await api(agent).get('/v1/workspaces')).status).toBe(200);
      expect((await api(agent).get('/v1/conversations')).status).toBe(200);
      expectSpecError(await api(agent).get('/v1/clients/cli_missing'), 404);
      for (const [method, path] of [
        ['GET', '/v1/api-keys'],
        ['POST', '/v1/api-keys'],
        ['GET', '/v1/agents'],
        ['GET', '/v1/webhooks'],
        ['GET', '/v1/campaigns/cmp_any'],
        ['GET', '/v1/messages/scheduled'],
        ['GET', '/v1/usage/conversations'],
      ] as const) {
        const answer = await api(agent).request(method, path, method === 'POST' ? { name: 'nope' } : undefined);
        expectSpecError(answer, 403);
        expect(answer.body.error).toMatch(/needs the admin role/);
        expect(answer.body.details).toEqual({ requiredRole: 'admin', role: 'agent', workspaces: [workspaceId] });
      }
      // The same refusal through /mcp, whose tool calls take the same path.
      const viaMcp = await mcp(agent, 'tools/call', { name: 'agents_list', arguments: {} });
      expect(viaMcp.body.result.isError).toBe(true);
      expect(JSON.stringify(viaMcp.body.result.content)).toContain('needs the admin role');
    });

    it('tells the caller its role in each workspace and who it is on GET /v1/workspaces; an API key has no role', async () => {
      const asAgent = await api(await tokenFor(agentEmail)).get('/v1/workspaces');
      expect(asAgent.body).toEqual({
        workspaces: [{ id: workspaceId, name: expect.any(String), role: 'agent' }],
        user: { id: expect.any(String), email: agentEmail, name: null },
      });
      const asAdmin = await api(await tokenFor(adminEmail)).get('/v1/workspaces');
      expect(asAdmin.body.workspaces).toEqual([{ id: workspaceId, name: expect.any(String), role: 'admin' }]);
      const asKey = await api(seededKey).get('/v1/workspaces');
      expect(asKey.body).toEqual({ workspaces: [{ id: workspaceId, name: expect.any(String), role: null }], user: null });
    });

    it('keeps a key working after its creator is demoted or leaves: keys belong to the workspace; the demoted user manages keys no more', async () => {
      const formerAdmin = await tokenFor(formerAdminEmail);
      const kept = (await create(formerAdmin, { name: `outlives its creator ${suffix}` })).body.data;
      const other = (await create(formerAdmin, { name: `left behind ${suffix}` })).body.data;
      const workspaceName = (await t.query(`select name from gateway.workspace where id = $1`, [workspaceId]))[0]!.name;
      expect(
        (await t.admin.post('/admin/v1/seed', { workspace: { name: workspaceName }, users: [{ email: formerAdminEmail, role: 'agent' }] }))
          .status,
      ).toBe(200);

      // Demoted: a new token of the user may not create, rotate or revoke keys…
      const demoted = await tokenFor(formerAdminEmail);
      for (const [method, path] of [
        ['POST', '/v1/api-keys'],
        ['POST', `/v1/api-keys/${kept.id}/rotate`],
        ['DELETE', `/v1/api-keys/${kept.id}`],
      ] as const) {
        const answer = await api(demoted).request(method, path, method === 'POST' ? { name: 'nope' } : undefined);
        expectSpecError(answer, 403);
        expect(answer.body.details).toMatchObject({ requiredRole: 'admin', role: 'agent' });
      }
      // …but the keys they made still have full access (first used now: read from the database, not a cache).
      expect((await api(kept.key).get('/v1/agents')).status).toBe(200);

      // Gone from the workspace altogether: still the workspace's key.
      await t.query(
        `delete from gateway.workspace_member where workspace_id = $1 and user_id = (select id from gateway.user_account where email = $2)`,
        [workspaceId, formerAdminEmail],
      );
      expect((await replica.withToken(other.key).get('/v1/agents')).status).toBe(200);
      // An admin still manages them.
      expect((await api(await tokenFor(adminEmail)).delete(`/v1/api-keys/${other.id}`)).status).toBe(200);
      await expectRefusedByBoth(other.key);
    });

    it('turns an agent into an admin when the seed says so', async () => {
      await t.admin.post('/admin/v1/seed', {
        workspace: { name: (await t.query(`select name from gateway.workspace where id = $1`, [workspaceId]))[0]!.name },
        users: [{ email: agentEmail, role: 'admin' }],
      });
      const promoted = await tokenFor(agentEmail);
      expect((await api(promoted).get('/v1/agents')).status).toBe(200);
      await t.admin.post('/admin/v1/seed', {
        workspace: { name: (await t.query(`select name from gateway.workspace where id = $1`, [workspaceId]))[0]!.name },
        users: [{ email: agentEmail, role: 'agent' }],
      });
    });
  });

  describe('team members (docs/team.md)', () => {
    const password = `pw-${suffix}-long-enough`;
    const teamAdmin = `team-admin-${suffix}@example.test`;
    const colleague = `colleague-${suffix}@example.test`;
    let team: { workspaceId: string; key: string };

    beforeAll(async () => {
      team = await t.seedMinimalWorkspace({ users: [{ email: teamAdmin, name: 'Team Admin', password }] });
    });

    const teamToken = async (userEmail: string) => {
      const minted = await t.admin.post('/admin/v1/tokens', {
        userEmail,
        workspaceIds: [team.workspaceId],
        scopes: ['platica:read', 'platica:write'],
      });
      expect(minted.status).toBe(201);
      return minted.body.token as string;
    };
    const form = (url: string, fields: Record<string, string>, cookie?: string) =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(fields),
      });
    const cookieOf = (answer: Response, name: string) =>
      answer.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith(`${name}=`))!;
    /** The console's sign-in as a browser makes it (console login, the login page, the callback): the session cookie. */
    const consoleSignIn = async (email: string, secret: string) => {
      const start = await fetch(`${t.baseUrl}/console/login`, { redirect: 'manual' });
      const loginCookie = cookieOf(start, 'platica_console_login');
      const page = await fetch(start.headers.get('location')!, { redirect: 'manual' });
      const html = await page.text();
      const fields = {
        request: /name="request" value="([^"]+)"/.exec(html)![1]!,
        csrf_token: /name="csrf_token" value="([^"]+)"/.exec(html)![1]!,
      };
      const login = await form(
        `${t.baseUrl}/oauth/authorize/login`,
        { ...fields, email, password: secret },
        cookieOf(page, 'platica_oauth'),
      );
      expect(login.status).toBe(302);
      const callback = await fetch(login.headers.get('location')!, { redirect: 'manual', headers: { cookie: loginCookie } });
      expect(callback.status).toBe(302);
      return cookieOf(callback, 'platica_console');
    };
    const consoleGet = (cookie: string, path: string) => t.http.get(`/console/api${path}`, { cookie });

    it('invites a colleague with a role; they set a password once, sign in with that role, are demoted, and removed at once', async () => {
      const admin = await teamToken(teamAdmin);
      const invited = await api(admin).post(`/v1/team/invitations`, { email: colleague.toUpperCase(), role: 'admin' });
      expect(invited.status).toBe(201);
      expect(invited.body.data).toEqual({
        id: expect.stringMatching(/^inv_/),
        email: colleague,
        role: 'admin',
        invitedBy: teamAdmin,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        invitationUrl: expect.stringMatching(/\/oauth\/invitation\?token=pl_inv_/),
      });
      const listed = await api(admin).get('/v1/team');
      expect(listed.body.members).toEqual([expect.objectContaining({ email: teamAdmin, name: 'Team Admin', role: 'admin' })]);
      expect(listed.body.invitations).toEqual([expect.objectContaining({ email: colleague, role: 'admin' })]);

      // The link: a page to set a password; too short is refused, then it joins and sends to the console's sign-in.
      const link = new URL(invited.body.data.invitationUrl as string);
      const page = await fetch(`${t.baseUrl}${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Choose a password');
      const token = link.searchParams.get('token')!;
      expect((await form(`${t.baseUrl}/oauth/invitation`, { token, password: 'short' })).status).toBe(400);
      const accepted = await form(`${t.baseUrl}/oauth/invitation`, { token, password, name: 'Colleague' });
      expect(accepted.status).toBe(303);
      expect(accepted.headers.get('location')).toBe('/console/login');
      // Once only.
      expect((await form(`${t.baseUrl}/oauth/invitation`, { token, password })).status).toBe(404);
      expect((await fetch(`${t.baseUrl}${link.pathname}${link.search}`)).status).toBe(404);

      const session = await consoleSignIn(colleague, password);
      const me = await consoleGet(session, `/v1/workspaces`);
      expect(me.status).toBe(200);
      expect(me.body.workspaces).toEqual([expect.objectContaining({ id: team.workspaceId, role: 'admin' })]);
      expect(me.body.user).toEqual({ id: expect.any(String), email: colleague, name: 'Colleague' });
      const colleagueId = me.body.user.id as string;
      expect((await consoleGet(session, `/v1/team?workspace=${team.workspaceId}`)).status).toBe(200);
      // A key the colleague makes, and a token of theirs, both used (so cached) by both replicas.
      const colleagueToken = await teamToken(colleague);
      const key = (await create(colleagueToken, { name: `colleague key ${suffix}` })).body.data.key as string;
      for (const credential of [key, colleagueToken]) await expectAcceptedByBoth(credential);

      // Demoted to agent: from the next request, the team is no longer theirs, the inbox still is.
      const demoted = await api(admin).patch(`/v1/team/members/${colleagueId}`, { role: 'agent' });
      expect(demoted.status).toBe(200);
      expect(demoted.body.data).toMatchObject({ userId: colleagueId, role: 'agent' });
      expectSpecError(await consoleGet(session, `/v1/team?workspace=${team.workspaceId}`), 403);
      expectSpecError(await replica.withToken(colleagueToken).get('/v1/team'), 403);
      expect((await consoleGet(session, `/v1/conversations?workspace=${team.workspaceId}`)).status).toBe(200);
      // An agent manages no one.
      expectSpecError(await api(colleagueToken).post('/v1/team/invitations', { email: `x-${suffix}@example.test`, role: 'agent' }), 403);

      // Removed: the console session, the token and the key answer 401 at once, on both replicas.
      const removed = await api(admin).delete(`/v1/team/members/${colleagueId}`);
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ userId: colleagueId, revokedAccessTokens: expect.any(Number), revokedApiKeys: 1 });
      await expectRefusedByBoth(colleagueToken);
      await expectRefusedByBoth(key);
      const afterwards = await consoleGet(session, `/v1/conversations?workspace=${team.workspaceId}`);
      expect(afterwards.status).toBe(401);
      expect(afterwards.body.details).toEqual({ reason: 'session_expired' });
      expect((await api(admin).get('/v1/team')).body.members.map((m: { email: string }) => m.email)).toEqual([teamAdmin]);
    });

    it('refuses to demote or remove the last admin (409), a member invited twice (409), and unknown people (404)', async () => {
      const admin = await teamToken(teamAdmin);
      const adminId = (await api(admin).get('/v1/workspaces')).body.user.id as string;
      for (const answer of [
        await api(admin).patch(`/v1/team/members/${adminId}`, { role: 'agent' }),
        await api(admin).delete(`/v1/team/members/${adminId}`),
        await api(admin).post('/v1/team/invitations', { email: teamAdmin, role: 'agent' }),
      ]) {
        expectSpecError(answer, 409);
      }
      expectSpecError(await api(admin).delete('/v1/team/members/usr_nobody'), 404);
      expectSpecError(await api(admin).patch('/v1/team/members/usr_nobody', { role: 'admin' }), 404);
      expectSpecError(await api(admin).post('/v1/team/invitations', { email: 'not an email', role: 'owner' }), 400);
      // Another workspace's admin does not reach this one's people.
      expectSpecError(await api(await tokenFor(adminEmail)).delete(`/v1/team/members/${adminId}`), 404);
      // A cancelled invitation's link no longer works.
      const invited = await api(admin).post('/v1/team/invitations', { email: `later-${suffix}@example.test`, role: 'agent' });
      expect((await api(admin).delete(`/v1/team/invitations/${invited.body.data.id}`)).status).toBe(200);
      expect((await fetch(invited.body.data.invitationUrl as string)).status).toBe(404);
    });
  });

  it('documents the operations in the OpenAPI document and as /mcp tools', async () => {
    const doc = await t.http.get('/docs/openapi.json');
    expect(doc.body.paths['/v1/api-keys'].get.operationId).toBe('api_keys_list');
    expect(doc.body.paths['/v1/api-keys'].post.operationId).toBe('api_keys_create');
    expect(doc.body.paths['/v1/api-keys/{id}'].delete.operationId).toBe('api_keys_revoke');
    expect(doc.body.paths['/v1/api-keys/{id}/rotate'].post.operationId).toBe('api_keys_rotate');
    expect(Object.keys(doc.body.paths['/v1/events'].get.responses['200'].content)).toEqual(['text/event-stream']);
    const tools = await mcp(seededKey, 'tools/list');
    const names = (tools.body.result.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['api_keys_list', 'api_keys_create', 'api_keys_revoke', 'api_keys_rotate']));
    expect(names).toEqual(expect.arrayContaining(['team_list', 'team_invite', 'team_members_update', 'team_members_remove']));
    expect(doc.body.paths['/v1/team/members/{userId}'].delete.operationId).toBe('team_members_remove');
    expect(names).not.toContain('events_stream');
    // Bytes, not JSON: the media route is no tool either.
    expect(names).not.toContain('conversations_message_media');
  });
});
