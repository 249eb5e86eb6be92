import { randomBytes } from 'node:crypto';
import { useSharedStack, type HttpAnswer, type HttpClient, type StackApi } from '@platica/testing';

/** Endpoints › Sub-agents through the gateway: connect, create-and-connect, list, available, update, disconnect, with each error. */
describe('sub-agents (e2e)', () => {
  let t: StackApi;
  let api: HttpClient;
  let other: HttpClient;
  let ids: { sofia: string; billing: string; shipping: string; otherAgent: string };

  const seedDoc = (name: string) => ({
    workspace: { name },
    users: [{ email: `ana-${name.length}-${randomBytes(2).toString('hex')}@example.test` }],
    apiKeys: [{ ref: 'k', name: 'k', rateLimitPerSecond: 1000 }],
    agents: [
      { ref: 'sofia', name: 'Sofía', systemPrompt: 'You are Sofía.' },
      { ref: 'billing', name: 'Billing expert', systemPrompt: 'You answer billing questions.' },
      { ref: 'shipping', name: 'Shipping expert', status: 'inactive', systemPrompt: '' },
    ],
  });
  const expectSpecError = (answer: HttpAnswer, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };
  const path = (parent: string) => `/v1/agents/${parent}/subagents`;
  const list = async (parent: string) => {
    const res = await api.get(path(parent));
    expect(res.status).toBe(200);
    return res.body.subagents as Record<string, unknown>[];
  };
  const disconnectAll = async (parent: string) => {
    for (const c of await list(parent)) expect((await api.delete(`${path(parent)}/${c.reference as string}`)).status).toBe(200);
  };

  beforeAll(async () => {
    t = await useSharedStack();
    const seeded = await t.admin.post('/admin/v1/seed', seedDoc(`Subagents ${randomBytes(3).toString('hex')}`));
    expect(seeded.status).toBe(200);
    const elsewhere = await t.admin.post('/admin/v1/seed', seedDoc(`Elsewhere ${randomBytes(3).toString('hex')}`));
    ids = {
      sofia: seeded.body.agents.sofia.id,
      billing: seeded.body.agents.billing.id,
      shipping: seeded.body.agents.shipping.id,
      otherAgent: elsewhere.body.agents.billing.id,
    };
    api = t.http.withToken(seeded.body.apiKeys.k.key);
    other = t.http.withToken(elsewhere.body.apiKeys.k.key);
  });
  afterAll(async () => {
    await t?.stop();
  });
  afterEach(async () => {
    await disconnectAll(ids.sofia);
    await disconnectAll(ids.billing);
  });

  it('connects with the defaults (assist, inactive, empty description, names copied) and answers 201 {status, message, data: {connection}}', async () => {
    const res = await api.post(path(ids.sofia), { subagentId: ids.billing });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      message: expect.any(String),
      data: {
        connection: {
          reference: ids.billing,
          name: 'Billing expert',
          agentName: 'Billing expert',
          agentImageUrl: null,
          status: 'inactive',
          task: 'assist',
          description: '',
          delegationCriteria: '',
          completionCriteria: '',
        },
      },
    });
  });

  it('lists connections enriched with agentExists, hasPrompt, agentStatus and lastUpdate', async () => {
    await api.post(path(ids.sofia), { subagentId: ids.billing, status: 'active', description: 'Invoices' });
    await api.post(path(ids.sofia), { subagentId: ids.shipping, task: 'delegate', delegationCriteria: 'Parcels' });
    const [billing, shipping] = await list(ids.sofia);
    expect(billing).toMatchObject({
      reference: ids.billing,
      status: 'active',
      description: 'Invoices',
      agentExists: true,
      hasPrompt: true,
      agentStatus: 'active',
    });
    expect(Date.parse(billing.lastUpdate as string)).not.toBeNaN();
    expect(shipping).toMatchObject({
      reference: ids.shipping,
      task: 'delegate',
      delegationCriteria: 'Parcels',
      hasPrompt: false,
      agentStatus: 'inactive',
    });
  });

  it('refuses a missing subagentId or the parent itself (400), an agent not of the workspace (404), a second connection (409)', async () => {
    expectSpecError(await api.post(path(ids.sofia), { task: 'assist' }), 400);
    const self = await api.post(path(ids.sofia), { subagentId: ids.sofia });
    expectSpecError(self, 400);
    expect(self.body.details).toEqual([expect.objectContaining({ path: ['subagentId'] })]);
    expectSpecError(await api.post(path(ids.sofia), { subagentId: 'agt_missing' }), 404);
    expectSpecError(await api.post(path(ids.sofia), { subagentId: ids.otherAgent }), 404);
    expectSpecError(await api.post(path('agt_missing'), { subagentId: ids.billing }), 404);
    expect((await api.post(path(ids.sofia), { subagentId: ids.billing })).status).toBe(201);
    expectSpecError(await api.post(path(ids.sofia), { subagentId: ids.billing, task: 'delegate' }), 409);
    expect(await list(ids.sofia)).toHaveLength(1);
  });

  it("refuses a field of the other mode (a delegate connection's description) with 400 naming it", async () => {
    const res = await api.post(path(ids.sofia), { subagentId: ids.billing, task: 'delegate', description: 'when asked' });
    expectSpecError(res, 400);
    expect(res.body.details).toEqual([expect.objectContaining({ path: ['description'] })]);
  });

  it('lists connectable agents without the parent, flagging isAlreadyConnected', async () => {
    const available = async () => (await api.get(`${path(ids.sofia)}/available`)).body.agents as Record<string, unknown>[];
    const before = await available();
    expect(before.map((a) => a.id)).not.toContain(ids.sofia);
    expect(before.find((a) => a.id === ids.billing)).toEqual({
      id: ids.billing,
      name: 'Billing expert',
      imageUrl: null,
      status: 'active',
      hasPrompt: true,
      lastUpdate: expect.any(String),
      isAlreadyConnected: false,
    });
    await api.post(path(ids.sofia), { subagentId: ids.billing });
    expect((await available()).find((a) => a.id === ids.billing)?.isAlreadyConnected).toBe(true);
  });

  it('creates and connects: a prompt history only for a non-empty systemPrompt, the default avatar otherwise, 409 for a taken name', async () => {
    const name = `Returns ${randomBytes(2).toString('hex')}`;
    const res = await api.post(`${path(ids.sofia)}/create`, {
      name,
      systemPrompt: 'You handle returns.',
      task: 'delegate',
      completionCriteria: 'Return booked',
    });
    expect(res.status).toBe(201);
    const { subagentId, connection } = res.body.data;
    expect(connection).toMatchObject({ reference: subagentId, task: 'delegate', status: 'inactive', completionCriteria: 'Return booked' });
    const prompt = await api.get(`/v1/agents/${subagentId}/prompt`);
    expect(prompt.body.versions).toHaveLength(1);
    expect(prompt.body.activePromptId).toBe(prompt.body.versions[0].id);

    const bare = await api.post(`${path(ids.sofia)}/create`, { name: `${name} bare` });
    const bareId = bare.body.data.subagentId;
    expect((await api.get(`/v1/agents/${bareId}/prompt`)).body).toEqual({ activePromptId: null, systemPrompt: '', versions: [] });
    const agent = (await api.get(`/v1/agents/${bareId}`)).body.workspaces[0].agents[0];
    expect(agent).toMatchObject({ name: `${name} bare`, status: 'active', imageUrl: expect.stringMatching(/^\/static\//) });

    expectSpecError(await api.post(`${path(ids.sofia)}/create`, { name }), 409);
    expectSpecError(await api.post(`${path(ids.sofia)}/create`, { name: '' }), 400);
    expectSpecError(await api.post(`${path(ids.sofia)}/create`, { name: 'x'.repeat(101) }), 400);
  });

  it('updates a connection: changing task clears the previous mode, name can be overridden, empty body 400, unknown 404', async () => {
    await api.post(path(ids.sofia), { subagentId: ids.billing, description: 'Invoices' });
    const toDelegate = await api.patch(`${path(ids.sofia)}/${ids.billing}`, {
      task: 'delegate',
      delegationCriteria: 'Invoice asked',
      status: 'active',
      name: 'Facturas',
    });
    expect(toDelegate.status).toBe(200);
    expect(toDelegate.body.data.connection).toMatchObject({
      task: 'delegate',
      description: '',
      delegationCriteria: 'Invoice asked',
      status: 'active',
      name: 'Facturas',
      agentName: 'Billing expert',
    });
    const back = await api.patch(`${path(ids.sofia)}/${ids.billing}`, { task: 'assist' });
    expect(back.body.data.connection).toMatchObject({ task: 'assist', delegationCriteria: '', completionCriteria: '' });
    expectSpecError(await api.patch(`${path(ids.sofia)}/${ids.billing}`, {}), 400);
    expectSpecError(await api.patch(`${path(ids.sofia)}/${ids.shipping}`, { status: 'active' }), 404);
  });

  it('disconnects leaving the agent untouched; one agent can be under many parents', async () => {
    await api.post(path(ids.sofia), { subagentId: ids.shipping, status: 'active' });
    await api.post(path(ids.billing), { subagentId: ids.shipping });
    const before = (await api.get(`/v1/agents/${ids.shipping}`)).body.workspaces[0].agents[0];
    const res = await api.delete(`${path(ids.sofia)}/${ids.shipping}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: expect.any(String) });
    expect(await list(ids.sofia)).toHaveLength(0);
    expect(await list(ids.billing)).toHaveLength(1);
    expect((await api.get(`/v1/agents/${ids.shipping}`)).body.workspaces[0].agents[0]).toEqual(before);
    expectSpecError(await api.delete(`${path(ids.sofia)}/${ids.shipping}`), 404);
  });

  it("never reveals another workspace's connections", async () => {
    expectSpecError(await other.get(path(ids.sofia)), 404);
    expectSpecError(await other.get(`${path(ids.sofia)}/available`), 404);
  });
});
