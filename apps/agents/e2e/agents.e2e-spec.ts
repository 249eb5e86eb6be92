import { randomBytes } from 'node:crypto';
import { newMetaId, newPhone, useSharedStack, type HttpAnswer, type HttpClient, type StackApi } from '@platica/testing';

/** Endpoints › Agents through the gateway: seeded agents, reads, updates with the spec's bounds, prompt history, guardrails, assist rules. */
describe('agents (e2e)', () => {
  let t: StackApi;
  let api: HttpClient;
  let ids: { sofia: string; billing: string; workspace: string; whatsapp: string };
  /** The workspace's WhatsApp channel: an agent's channelId and phoneNumber must name its own channels. */
  const whatsapp = {
    ref: 'wa',
    platform: 'whatsapp' as const,
    name: 'Ventas',
    phoneNumber: newPhone(),
    phoneNumberId: newMetaId('1'),
    wabaId: newMetaId('2'),
    accessToken: `EAAG-${randomBytes(4).toString('hex')}`,
    appSecret: `secret-${randomBytes(4).toString('hex')}`,
    verifyToken: `verify-${randomBytes(4).toString('hex')}`,
  };
  const owner = `ana-${randomBytes(3).toString('hex')}@example.test`;

  const seedDoc = (name: string) => ({
    workspace: { name },
    users: [{ email: owner }, { email: `luis-${name.length}@example.test` }],
    apiKeys: [{ ref: 'k', name: 'k', rateLimitPerSecond: 1000 }],
    agents: [
      { ref: 'sofia', name: 'Sofía', systemPrompt: 'You are Sofía.', owners: [owner] },
      { ref: 'billing', name: 'Billing expert', status: 'inactive', systemPrompt: 'You answer billing questions.' },
    ],
  });
  const expectSpecError = (answer: HttpAnswer, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };
  const fieldPaths = (answer: HttpAnswer) => (answer.body.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
  const readAgent = async (id: string) => (await api.get(`/v1/agents/${id}`)).body.workspaces[0].agents[0];

  beforeAll(async () => {
    t = await useSharedStack();
    const seeded = await t.admin.post('/admin/v1/seed', { ...seedDoc(`Agents ${randomBytes(3).toString('hex')}`), channels: [whatsapp] });
    expect(seeded.status).toBe(200);
    ids = {
      sofia: seeded.body.agents.sofia.id,
      billing: seeded.body.agents.billing.id,
      workspace: seeded.body.workspace.id,
      whatsapp: seeded.body.channels.wa.id,
    };
    api = t.http.withToken(seeded.body.apiKeys.k.key);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('seeds agents idempotently by name', async () => {
    const name = `Idempotent ${randomBytes(3).toString('hex')}`;
    const first = await t.admin.post('/admin/v1/seed', seedDoc(name));
    const second = await t.admin.post('/admin/v1/seed', seedDoc(name));
    expect(second.body.agents).toEqual(first.body.agents);
    expect(first.body.agents.sofia.id).toMatch(/^agt_/);
  });

  it('lists the workspace’s agents grouped as workspaces[] {id, name, agents[], agentsCount}', async () => {
    const res = await api.get('/v1/agents');
    expect(res.status).toBe(200);
    expect(res.body.workspaces).toHaveLength(1);
    const [group] = res.body.workspaces;
    expect(group).toMatchObject({ id: ids.workspace, agentsCount: 2 });
    const sofia = group.agents.find((a: { id: string }) => a.id === ids.sofia);
    expect(sofia).toMatchObject({
      name: 'Sofía',
      status: 'active',
      systemPrompt: 'You are Sofía.',
      activePromptId: null,
      owners: [owner],
      comunicationChannel: { channelId: [], phoneNumber: [] },
      assistanceEnabled: false,
      workingMessage: { enabled: false, trigger: { type: 'toolCallCount', minToolCalls: 1 } },
    });
    expect(Date.parse(sofia.creationDate)).not.toBeNaN();
  });

  it('never shows another workspace’s agent', async () => {
    const other = await t.seedMinimalWorkspace();
    const res = await t.http.withToken(other.key).get(`/v1/agents/${ids.sofia}`);
    expectSpecError(res, 404);
    expect(res.text).not.toContain('You are Sofía');
    expectSpecError(await t.http.withToken(other.key).patch(`/v1/agents/${ids.sofia}`, { name: 'stolen' }), 404);
    expect((await t.http.withToken(other.key).get('/v1/agents')).body.workspaces[0].agents).toEqual([]);
  });

  it("refuses another agent's name with 409 naming the field, changing nothing (found by Schemathesis: it was a 500)", async () => {
    const res = await api.patch(`/v1/agents/${ids.billing}`, { name: 'Sofía', status: 'active' });
    expectSpecError(res, 409);
    expect(res.body.details).toEqual([{ path: ['name'], message: expect.any(String) }]);
    expect(await readAgent(ids.billing)).toMatchObject({ name: 'Billing expert', status: 'inactive' });
  });

  it('updates an agent and answers {status: success, message, data: {id}}', async () => {
    const res = await api.patch(`/v1/agents/${ids.billing}`, {
      name: 'Facturación',
      status: 'active',
      channelId: ids.whatsapp,
      phoneNumber: [`+${whatsapp.phoneNumber}`],
      supportInformation: {
        supportEmail: 'help@acme.test',
        serviceHours: { monday: { start: '8:00am', end: '6:00pm', availability: 'Abierto' } },
      },
      workingMessage: { enabled: true, trigger: { type: 'toolName', toolNames: ['api_'], match: 'prefix' } },
      owners: [owner.toUpperCase()],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: expect.any(String), data: { id: ids.billing } });
    const agent = await readAgent(ids.billing);
    expect(agent).toMatchObject({
      name: 'Facturación',
      status: 'active',
      comunicationChannel: { channelId: [ids.whatsapp], phoneNumber: [whatsapp.phoneNumber] },
      supportInformation: {
        supportEmail: 'help@acme.test',
        serviceHours: { monday: { start: '8:00am', end: '6:00pm', availability: 'Abierto' } },
      },
      workingMessage: {
        enabled: true,
        trigger: { type: 'toolName', minToolCalls: 1, toolNames: ['api_'], match: 'prefix' },
        sticker: { enabled: false },
      },
      owners: [owner],
    });
  });

  it.each([
    ['a name of 101 characters', { name: 'a'.repeat(101) }, ['name']],
    ['an empty name', { name: '' }, ['name']],
    ['an unknown status', { status: 'paused' }, ['status']],
    ['minToolCalls of 11', { workingMessage: { trigger: { minToolCalls: 11 } } }, ['workingMessage.trigger.minToolCalls']],
    ['assistanceTriggers of 651 characters', { assistanceTriggers: 't'.repeat(651) }, ['assistanceTriggers']],
    ['an unknown field', { colour: 'red' }, ['colour']],
    ['an empty body', {}, ['']],
  ])('refuses %s with 400 naming the field', async (_what, body, paths) => {
    const res = await api.patch(`/v1/agents/${ids.sofia}`, body);
    expectSpecError(res, 400);
    expect(fieldPaths(res)).toEqual(paths);
  });

  it('refuses owners who are not users of the workspace', async () => {
    const res = await api.patch(`/v1/agents/${ids.sofia}`, { owners: [owner, 'stranger@example.test'] });
    expectSpecError(res, 400);
    expect(fieldPaths(res)).toEqual(['owners.1']);
  });

  describe('prompt history', () => {
    it('versions each new systemPrompt and moves activePromptId (PATCH /v1/agents/{id})', async () => {
      await api.patch(`/v1/agents/${ids.sofia}`, { systemPrompt: 'Eres Sofía v2' });
      const v2 = await readAgent(ids.sofia);
      await api.patch(`/v1/agents/${ids.sofia}`, { systemPrompt: 'Eres Sofía v3' });
      const v3 = await readAgent(ids.sofia);
      expect(v2.systemPrompt).toBe('Eres Sofía v2');
      expect(v3.systemPrompt).toBe('Eres Sofía v3');
      expect(v2.activePromptId).toMatch(/^prm_/);
      expect(v3.activePromptId).not.toBe(v2.activePromptId);
    });

    it('lists versions, creates one with a note, and re-activates an earlier one', async () => {
      const created = await api.post(`/v1/agents/${ids.sofia}/prompt`, { systemPrompt: 'Eres Sofía, breve', note: 'más breve' });
      expect(created.status).toBe(201);
      const history = (await api.get(`/v1/agents/${ids.sofia}/prompt`)).body;
      expect(history.systemPrompt).toBe('Eres Sofía, breve');
      expect(history.versions.map((v: { systemPrompt: string }) => v.systemPrompt)).toEqual([
        'Eres Sofía v2',
        'Eres Sofía v3',
        'Eres Sofía, breve',
      ]);
      expect(history.versions[2]).toMatchObject({ id: history.activePromptId, note: 'más breve' });

      const first = history.versions[0];
      expect((await api.patch(`/v1/agents/${ids.sofia}/prompt`, { promptId: first.id })).status).toBe(200);
      expect(await readAgent(ids.sofia)).toMatchObject({ systemPrompt: 'Eres Sofía v2', activePromptId: first.id });
      expectSpecError(await api.patch(`/v1/agents/${ids.sofia}/prompt`, { promptId: 'prm_missing' }), 404);
    });
  });

  describe('guardrails', () => {
    const path = () => `/v1/agents/${ids.billing}/guardrails`;

    it('reads the six fields and merges a PATCH, answering the full state', async () => {
      const initial = (await api.get(path())).body;
      expect(Object.keys(initial).sort()).toEqual([
        'clientStrikeThreshold',
        'conversationStrikeThreshold',
        'enabled',
        'message',
        'moderationEnabled',
        'rules',
      ]);
      const rules = ['No compartas datos bancarios', 'No prometas reembolsos'];
      const first = await api.patch(path(), { enabled: true, rules });
      expect(first.body).toEqual({ status: 'success', message: expect.any(String), data: { ...initial, enabled: true, rules } });
      const second = await api.patch(path(), { conversationStrikeThreshold: 3, message: 'No puedo ayudar con eso.' });
      expect(second.body.data).toEqual({
        ...initial,
        enabled: true,
        rules,
        conversationStrikeThreshold: 3,
        message: 'No puedo ayudar con eso.',
      });
      expect((await api.get(path())).body).toEqual(second.body.data);
    });

    it.each([
      ['21 rules', { rules: Array.from({ length: 21 }, (_, i) => `rule ${i}`) }, 'rules'],
      ['an empty rule', { rules: ['ok', '  '] }, 'rules.1'],
      ['a message of 501 characters', { message: 'm'.repeat(501) }, 'message'],
      ['a conversation threshold of 11', { conversationStrikeThreshold: 11 }, 'conversationStrikeThreshold'],
      ['a client threshold of 0', { clientStrikeThreshold: 0 }, 'clientStrikeThreshold'],
    ])('refuse %s', async (_what, body, field) => {
      const res = await api.patch(path(), body);
      expectSpecError(res, 400);
      expect(fieldPaths(res)).toEqual([field]);
    });
  });

  describe('assist rules', () => {
    const path = () => `/v1/agents/${ids.sofia}/assist-rules`;

    it('merge a PATCH and answer the full state', async () => {
      const res = await api.patch(path(), { assistanceEnabled: true, waitMessage: 'Un momento, te comunico con una persona.' });
      expect(res.body).toEqual({
        status: 'success',
        message: expect.any(String),
        data: { assistanceTriggers: '', assistanceEnabled: true, waitMessage: 'Un momento, te comunico con una persona.' },
      });
      expect((await api.get(path())).body).toEqual(res.body.data);
    });

    it('refuse an empty body and triggers over 650 characters', async () => {
      expectSpecError(await api.patch(path(), {}), 400);
      const long = await api.patch(path(), { assistanceTriggers: 't'.repeat(651) });
      expectSpecError(long, 400);
      expect(fieldPaths(long)).toEqual(['assistanceTriggers']);
    });
  });

  describe('creating, copying and deleting agents (additions)', () => {
    const agentsCount = async () => (await api.get('/v1/agents')).body.workspaces[0].agentsCount as number;

    it('creates an agent from the update’s fields, its prompt starting the history, and replays it by Idempotency-Key', async () => {
      const body = {
        name: `Returns ${randomBytes(2).toString('hex')}`,
        systemPrompt: 'You handle returns.',
        assistanceEnabled: true,
        waitMessage: 'Un momento, por favor.',
        workingMessage: { enabled: true, message: { mode: 'fixed', fixedText: 'Buscando…' } },
      };
      const key = { 'Idempotency-Key': randomBytes(8).toString('hex') };
      const created = await api.post('/v1/agents', body, key);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ status: 'success', message: 'Agent created', data: { id: expect.stringMatching(/^agt_/) } });
      expect((await api.post('/v1/agents', body, key)).body).toEqual(created.body);

      const agent = await readAgent(created.body.data.id);
      expect(agent).toMatchObject({
        name: body.name,
        status: 'active',
        channel: 'service',
        systemPrompt: 'You handle returns.',
        activePromptId: expect.stringMatching(/^prm_/),
        assistanceEnabled: true,
        waitMessage: 'Un momento, por favor.',
        comunicationChannel: { channelId: [], phoneNumber: [] },
        workingMessage: {
          enabled: true,
          trigger: { type: 'toolCallCount', minToolCalls: 1 },
          message: { mode: 'fixed', fixedText: 'Buscando…' },
        },
      });
      const history = (await api.get(`/v1/agents/${created.body.data.id}/prompt`)).body;
      expect(history.versions.map((v: { id: string }) => v.id)).toEqual([agent.activePromptId]);
    });

    it.each([
      ['no name', {}, 400, 'name'],
      ['a name of 101 characters', { name: 'n'.repeat(101) }, 400, 'name'],
      ['channels (the seed links them)', { name: 'Channelled', channelId: 'x' }, 400, ''],
      ['owners who are not users of the workspace', { name: 'Owned', owners: ['nobody@example.test'] }, 400, 'owners.0'],
      ['another agent’s name', { name: 'Sofía' }, 409, 'name'],
    ])('refuses %s, creating nothing', async (_what, body, status, field) => {
      const before = await agentsCount();
      const res = await api.post('/v1/agents', body);
      expectSpecError(res, status);
      if (field) expect(fieldPaths(res)).toContain(field);
      expect(await agentsCount()).toBe(before);
    });

    it('copies settings, the active prompt, guardrails and sub-agent connections under a new name, not channels', async () => {
      const source = (await api.post('/v1/agents', { name: `Source ${randomBytes(2).toString('hex')}`, systemPrompt: 'Copy me.' })).body
        .data.id;
      await api.patch(`/v1/agents/${source}/guardrails`, {
        enabled: true,
        rules: ['No prometas reembolsos'],
        conversationStrikeThreshold: 2,
      });
      await api.patch(`/v1/agents/${source}/assist-rules`, { assistanceEnabled: true, assistanceTriggers: 'Pide una persona' });
      await api.patch(`/v1/agents/${source}`, { channelId: ids.whatsapp });
      expect(
        (await api.post(`/v1/agents/${source}/subagents`, { subagentId: ids.billing, task: 'assist', description: 'Facturas' })).status,
      ).toBe(201);

      const copied = await api.post(`/v1/agents/${source}/copy`, { name: 'Source copy' });
      expect(copied.status).toBe(201);
      const copy = copied.body.data.id;
      expect(copy).not.toBe(source);
      const [original, duplicate] = [await readAgent(source), await readAgent(copy)];
      expect(duplicate).toMatchObject({
        name: 'Source copy',
        systemPrompt: 'Copy me.',
        assistanceEnabled: true,
        assistanceTriggers: 'Pide una persona',
      });
      expect(duplicate.comunicationChannel).toEqual({ channelId: [], phoneNumber: [] });
      expect(original.comunicationChannel.channelId).toEqual([ids.whatsapp]);
      expect((await api.get(`/v1/agents/${copy}/guardrails`)).body).toEqual((await api.get(`/v1/agents/${source}/guardrails`)).body);
      const prompt = (await api.get(`/v1/agents/${copy}/prompt`)).body;
      expect(prompt.versions).toEqual([expect.objectContaining({ systemPrompt: 'Copy me.', note: `copied from ${original.name}` })]);
      const subagents = (await api.get(`/v1/agents/${copy}/subagents`)).body.subagents;
      expect(subagents).toEqual([expect.objectContaining({ reference: ids.billing, task: 'assist', description: 'Facturas' })]);

      expectSpecError(await api.post(`/v1/agents/${source}/copy`, { name: 'Source copy' }), 409);
      expectSpecError(await api.post('/v1/agents/agt_missing/copy', { name: 'Nobody' }), 404);
    });

    it('deletes an agent and its own prompt history and connections; refused while a channel or another agent relies on it', async () => {
      const parentName = `Parent ${randomBytes(2).toString('hex')}`;
      const parent = (await api.post('/v1/agents', { name: parentName, systemPrompt: 'Parent.' })).body.data.id;
      const child = (await api.post('/v1/agents', { name: `Child ${randomBytes(2).toString('hex')}` })).body.data.id;
      await api.post(`/v1/agents/${parent}/subagents`, { subagentId: child, task: 'assist', description: 'Ayuda' });

      const inUse = await api.delete(`/v1/agents/${child}`);
      expectSpecError(inUse, 409);
      expect(inUse.body.details).toEqual([{ path: ['agentId'], message: `connected as a sub-agent of ${parentName} (${parent})` }]);

      const before = await agentsCount();
      const deleted = await api.delete(`/v1/agents/${parent}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ status: 'success', message: 'Agent deleted', data: { id: parent } });
      expect(await agentsCount()).toBe(before - 1);
      expectSpecError(await api.get(`/v1/agents/${parent}`), 404);
      expectSpecError(await api.get(`/v1/agents/${parent}/prompt`), 404);
      expectSpecError(await api.delete(`/v1/agents/${parent}`), 404);
      // Its connection went with it, so the child is free to go.
      expect((await api.delete(`/v1/agents/${child}`)).status).toBe(200);
    });

    it("refuses to delete a channel's default agent, and another workspace's agent is not found", async () => {
      const channel = { ...whatsapp, phoneNumber: newPhone(), phoneNumberId: newMetaId('1'), defaultAgentRef: 'front' };
      const other = await t.admin.post('/admin/v1/seed', {
        workspace: { name: `Front desk ${randomBytes(3).toString('hex')}` },
        users: [{ email: `front-${randomBytes(3).toString('hex')}@example.test` }],
        apiKeys: [{ ref: 'k', name: 'k', rateLimitPerSecond: 1000 }],
        agents: [{ ref: 'front', name: 'Front', systemPrompt: 'Hola.' }],
        channels: [channel],
      });
      expect(other.body).toMatchObject({ agents: { front: { id: expect.any(String) } } });
      const front = other.body.agents.front.id;
      const frontApi = t.http.withToken(other.body.apiKeys.k.key);
      const refused = await frontApi.delete(`/v1/agents/${front}`);
      expectSpecError(refused, 409);
      expect(refused.body.details).toEqual([{ path: ['agentId'], message: `the default agent of ${other.body.channels.wa.id}` }]);
      expectSpecError(await api.delete(`/v1/agents/${front}`), 404);
      expect((await frontApi.get(`/v1/agents/${front}`)).status).toBe(200);
    });
  });
});
