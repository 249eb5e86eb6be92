import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import {
  eventually,
  FakeLlm,
  lastOf,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  TestAuthorizationServer,
  TestMcpServer,
  textOf,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type HttpClient,
  type StackApi,
} from '@platica/testing';

/**
 * MCP servers as tool sources (spec › Tools: MCP servers; ARCHITECTURE.md › MCP server
 * bodies, Smaller decisions), against real MCP servers built from the SDK's server classes:
 * Streamable HTTP with JSON answers, with SSE answers, the older HTTP+SSE transport, and a
 * server that needs a bearer token, one that needs OAuth against a small local authorization
 * server. Every endpoint through the gateway, refresh after the
 * server adds, changes and removes tools, and chat turns that call an MCP tool.
 */
describe('MCP servers (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let ws: MessagingWorkspace;
  let api: HttpClient;
  let other: HttpClient;
  let sofia: string;
  const servers: TestMcpServer[] = [];

  beforeAll(async () => {
    llm = await FakeLlm.start();
    t = await useSharedStack({ llm: llm });
    ws = await MessagingWorkspace.seed(t, withAgents);
    api = ws.api;
    sofia = ws.ids.agents.sofia.id;
    other = t.http.withToken((await t.seedMinimalWorkspace()).key);
    llm.answer = callThenAnswer;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await t?.stop();
    await llm?.stop();
  });

  async function server(options: Parameters<typeof TestMcpServer.start>[0] = {}): Promise<TestMcpServer> {
    const started = await TestMcpServer.start(options);
    servers.push(started);
    return started;
  }

  const suffix = () => randomBytes(3).toString('hex');

  async function connect(target: TestMcpServer, extra: Record<string, unknown> = {}): Promise<any> {
    const res = await api.post('/v1/tools/mcp', { name: `Clima ${suffix()}`, url: target.url, ...extra });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  async function catalogOf(mcpId: string): Promise<any[]> {
    const res = await api.get(`/v1/tools?kind=mcp&mcpId=${mcpId}`);
    expect(res.status).toBe(200);
    return res.body.tools;
  }

  /**
   * The model of these tests: on `[[mcp:TOOL ARGS]]` it calls the offered tool whose name
   * starts with `mcp_TOOL_` with the JSON arguments, then answers `RESULT: <what it got>`.
   */
  function callThenAnswer(request: ChatCompletionRequest): FakeAnswer {
    const said = textOf(lastOf(request.messages, 'user'));
    const asked = /\[\[mcp:(\S+) (\{[^\]]*\})\]\]/.exec(said);
    const result = request.messages.filter((m) => m.role === 'tool').pop();
    if (result) return { text: `RESULT: ${textOf(result)}` };
    const name = request.tools?.map((entry) => entry.function.name).find((n) => asked && n.startsWith(`mcp_${asked[1]}_`));
    if (!asked || !name) return { text: `ECHO: ${said}` };
    return { toolCall: { name, arguments: JSON.parse(asked[2]!) } };
  }

  it('preview lists what a server exposes (Streamable HTTP, JSON answers) and saves nothing', async () => {
    const mcp = await server({ json: true });
    const res = await api.post('/v1/tools/mcp/preview', { url: mcp.url });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transport: 'streamable-http', serverInfo: { name: 'platica-test-mcp' }, count: 2 });
    expect(res.body.protocolVersion).toEqual(expect.stringMatching(/^20\d\d-\d\d-\d\d$/));
    expect(res.body.tools.map((tool: any) => tool.name)).toEqual(['get_weather', 'search_orders']);
    expect(res.body.tools[0].inputSchema).toMatchObject({ type: 'object', required: ['city'] });
    const listed = await api.get('/v1/tools/mcp');
    expect(JSON.stringify(listed.body)).not.toContain(mcp.url);
    expect(
      (await api.get('/v1/tools?kind=mcp')).body.tools.filter((tool: any) => tool.description === 'Current weather of a city.'),
    ).toEqual([]);
  });

  it('connect installs the tools as kind mcp (mcp_<tool>_<slug>); list, get and the catalog show them', async () => {
    const mcp = await server({ json: true });
    const name = `Clima Norte ${suffix()}`;
    const res = await api.post('/v1/tools/mcp', { name, url: mcp.url });
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({
      mcpId: expect.any(String),
      status: 'active',
      name,
      transport: 'streamable-http',
      toolCount: 2,
      installedCount: 2,
    });
    const slug = name.toLowerCase().replace(/ /g, '_');
    const tools = await catalogOf(data.mcpId);
    expect(tools.map((tool) => [tool.name, tool.mcpToolName]).sort()).toEqual([
      [`mcp_get_weather_${slug}`, 'get_weather'],
      [`mcp_search_orders_${slug}`, 'search_orders'],
    ]);
    const weather = tools.find((tool) => tool.mcpToolName === 'get_weather');
    expect(weather).toMatchObject({
      kind: 'mcp',
      status: 'active',
      description: 'Current weather of a city.',
      mcpId: data.mcpId,
      mcpName: name,
      mcpStatus: 'active',
      integrationId: null,
      parameters: { type: 'object', required: ['city'] },
    });
    expect((await api.get(`/v1/tools/${weather.id}`)).body).toMatchObject({ id: weather.id, mcpName: name });

    const list = await api.get('/v1/tools/mcp');
    expect(list.status).toBe(200);
    expect(list.body.servers.find((s: any) => s.mcpId === data.mcpId)).toMatchObject({ status: 'active', installedCount: 2, url: mcp.url });
    const one = await api.get(`/v1/tools/mcp/${data.mcpId}`);
    expect(one.status).toBe(200);
    expect(one.body.tools).toEqual([
      expect.objectContaining({ mcpToolName: 'get_weather', installed: true, toolId: weather.id, name: weather.name }),
      expect.objectContaining({ mcpToolName: 'search_orders', installed: true }),
    ]);

    // Another workspace never sees it; a second server with the same name gets another slug.
    expect((await other.get(`/v1/tools/mcp/${data.mcpId}`)).status).toBe(404);
    expect((await other.post(`/v1/tools/mcp/${data.mcpId}/refresh`)).status).toBe(404);
    const twin = await api.post('/v1/tools/mcp', { name, url: mcp.url });
    expect(twin.status).toBe(201);
    expect((await catalogOf(twin.body.data.mcpId)).map((tool) => tool.name)).toContain(`mcp_get_weather_${slug}_2`);
  });

  it('connects servers answering with SSE streams and servers speaking only the older HTTP+SSE transport', async () => {
    const sse = await connect(await server({ json: false }));
    expect(sse).toMatchObject({ transport: 'streamable-http', installedCount: 2 });
    const legacy = await connect(await server({ legacySse: true }));
    expect(legacy).toMatchObject({ transport: 'sse', installedCount: 2, protocolVersion: expect.stringMatching(/^20\d\d-\d\d-\d\d$/) });
    expect((await catalogOf(legacy.mcpId)).map((tool) => tool.mcpToolName).sort()).toEqual(['get_weather', 'search_orders']);
  });

  it('a server that needs a bearer token: refused without it (422), connected with it; headers and token are write-only and encrypted', async () => {
    const token = `tok-${suffix()}${suffix()}`;
    const mcp = await server({ bearer: token });
    const refused = await api.post('/v1/tools/mcp/preview', { url: mcp.url });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toMatchObject({ reason: 'mcp_unauthorized' });
    expect((await api.post('/v1/tools/mcp/preview', { url: mcp.url, auth: { type: 'bearer', token } })).status).toBe(200);

    const tenant = `tenant-${suffix()}`;
    const data = await connect(mcp, { auth: { type: 'bearer', token }, headers: { 'X-Tenant': tenant } });
    expect(data).toMatchObject({ auth: 'bearer', headers: ['X-Tenant'] });
    for (const read of [await api.get(`/v1/tools/mcp/${data.mcpId}`), await api.get('/v1/tools/mcp')]) {
      expect(read.text).not.toContain(token);
      expect(read.text).not.toContain(tenant);
    }
    const db = new Client({ connectionString: t.isolation.databaseUrl });
    await db.connect();
    try {
      const row = (await db.query('select * from tools.mcp_server where id = $1', [data.mcpId])).rows[0];
      expect(JSON.stringify(row)).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(tenant);
    } finally {
      await db.end();
    }
    // The stored credentials reach the server on refresh.
    expect((await api.post(`/v1/tools/mcp/${data.mcpId}/refresh`)).status).toBe(200);
  });

  it('refresh installs new tools, updates changed schemas and removes vanished ones (with their agent connections)', async () => {
    const mcp = await server({ json: false });
    const data = await connect(mcp);
    const before = await catalogOf(data.mcpId);
    const orders = before.find((tool) => tool.mcpToolName === 'search_orders');
    expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: orders.id })).status).toBe(201);

    const [weather] = mcp.tools;
    mcp.setTools([
      {
        ...weather!,
        description: 'Weather now, by city.',
        inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] },
      },
      {
        name: 'create_ticket',
        description: 'Open a support ticket.',
        inputSchema: {
          type: 'object',
          properties: { subject: { type: 'string' }, priority: { type: 'string', enum: ['low', 'normal', 'high'] } },
          required: ['subject'],
        },
      },
    ]);
    const res = await api.post(`/v1/tools/mcp/${data.mcpId}/refresh`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      added: ['create_ticket'],
      updated: ['get_weather'],
      removed: ['search_orders'],
      installedCount: 2,
    });
    const after = await catalogOf(data.mcpId);
    expect(after.map((tool) => tool.mcpToolName).sort()).toEqual(['create_ticket', 'get_weather']);
    expect(after.find((tool) => tool.mcpToolName === 'get_weather')).toMatchObject({
      description: 'Weather now, by city.',
      parameters: { properties: { days: { type: 'integer' } } },
    });
    expect(after.find((tool) => tool.mcpToolName === 'create_ticket').parameters.properties.priority.enum).toEqual([
      'low',
      'normal',
      'high',
    ]);
    expect((await api.get(`/v1/tools/${orders.id}`)).status).toBe(404);
    expect((await api.get(`/v1/agents/${sofia}/tools`)).body.tools.map((c: any) => c.toolId)).not.toContain(orders.id);

    // A server that is down: refresh answers 422 and the server's status says so.
    await mcp.stop();
    const down = await api.post(`/v1/tools/mcp/${data.mcpId}/refresh`);
    expect(down.status).toBe(422);
    expect(down.body.details).toMatchObject({ reason: 'mcp_unreachable' });
    expect((await api.get(`/v1/tools/mcp/${data.mcpId}`)).body).toMatchObject({ status: 'error', lastError: expect.any(String) });
    expect((await catalogOf(data.mcpId))[0]).toMatchObject({ mcpStatus: 'error' });
  });

  it('sync keeps only the named tools (by mcpToolName); refresh does not reinstall what sync left out', async () => {
    const mcp = await server();
    const data = await connect(mcp);
    // Nothing changed on the server: nothing is reported updated (the stored schemas' keys are in jsonb's order).
    expect((await api.post(`/v1/tools/mcp/${data.mcpId}/refresh`)).body.data).toMatchObject({ added: [], updated: [], removed: [] });
    const orders = (await catalogOf(data.mcpId)).find((tool) => tool.mcpToolName === 'search_orders');
    expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: orders.id })).status).toBe(201);

    const res = await api.post(`/v1/tools/mcp/${data.mcpId}/tools/sync`, { tools: ['get_weather'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ installed: [], uninstalled: ['search_orders'], removedAgentConnections: 1, installedCount: 1 });
    expect((await catalogOf(data.mcpId)).map((tool) => tool.mcpToolName)).toEqual(['get_weather']);
    expect((await api.post(`/v1/tools/mcp/${data.mcpId}/refresh`)).body.data).toMatchObject({ added: [], installedCount: 1 });
    expect((await catalogOf(data.mcpId)).map((tool) => tool.mcpToolName)).toEqual(['get_weather']);

    const back = await api.post(`/v1/tools/mcp/${data.mcpId}/tools/sync`, { tools: ['get_weather', 'search_orders'] });
    expect(back.body.data).toMatchObject({ installed: ['search_orders'], uninstalled: [] });
    expect((await catalogOf(data.mcpId)).map((tool) => tool.mcpToolName).sort()).toEqual(['get_weather', 'search_orders']);

    const unknown = await api.post(`/v1/tools/mcp/${data.mcpId}/tools/sync`, { tools: ['get_weather', 'nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.objectContaining({ path: ['tools', 1] })]);
  });

  it('delete removes the server, its catalog tools and their agent connections', async () => {
    const data = await connect(await server());
    const [tool] = await catalogOf(data.mcpId);
    expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: tool.id })).status).toBe(201);
    const res = await api.delete(`/v1/tools/mcp/${data.mcpId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ mcpId: data.mcpId, removedTools: 2, removedAgentConnections: 1 });
    expect(await catalogOf(data.mcpId)).toEqual([]);
    expect((await api.get(`/v1/tools/${tool.id}`)).status).toBe(404);
    expect((await api.get(`/v1/tools/mcp/${data.mcpId}`)).status).toBe(404);
    expect((await api.delete(`/v1/tools/mcp/${data.mcpId}`)).status).toBe(404);
    expect((await api.get(`/v1/agents/${sofia}/tools`)).body.tools.map((c: any) => c.toolId)).not.toContain(tool.id);
  });

  it('validation: a missing url or name, a URL that is not http(s), an unreachable server', async () => {
    const noUrl = await api.post('/v1/tools/mcp', { name: 'x' });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['url'] })]));
    expect((await api.post('/v1/tools/mcp', { url: 'http://127.0.0.1:1/mcp' })).status).toBe(400);
    const ftp = await api.post('/v1/tools/mcp/preview', { url: 'ftp://example.com/mcp' });
    expect(ftp.status).toBe(400);
    expect(ftp.body.details).toEqual([expect.objectContaining({ path: ['url'] })]);
    const down = await api.post('/v1/tools/mcp', { name: 'Caído', url: 'http://127.0.0.1:1/mcp' });
    expect(down.status).toBe(422);
    expect(down.body.details).toMatchObject({ reason: 'mcp_unreachable' });
    expect((await api.post('/v1/tools/mcp/x/oauth/start')).status).toBe(404);
  });

  it('a chat turn calls an MCP tool: the server gets the original name and the arguments, the model the result; the session is reused', async () => {
    const token = `tok-${suffix()}`;
    const mcp = await server({ json: false, bearer: token });
    const data = await connect(mcp, { auth: { type: 'bearer', token } });
    const weather = (await catalogOf(data.mcpId)).find((tool) => tool.mcpToolName === 'get_weather');
    expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: weather.id })).status).toBe(201);
    const opened = mcp.initializations;

    const res = await api.post('/v1/chat', {
      agentId: sofia,
      client: { phoneNumber: newPhone() },
      message: '[[mcp:get_weather {"city":"Monterrey"}]]',
    });
    expect(res.status).toBe(200);
    const reply = res.body.messages.map((m: any) => m.content).join('\n');
    expect(reply).toBe('RESULT: {"text":"soleado en Monterrey","structuredContent":{"city":"Monterrey","sky":"soleado"}}');
    expect(mcp.calls).toEqual([expect.objectContaining({ name: 'get_weather', arguments: { city: 'Monterrey' } })]);
    expect(mcp.calls[0]!.headers.authorization).toBe(`Bearer ${token}`);
    const offered = llm.requests.find((r) => r.messages.some((m) => m.role === 'user' && textOf(m).includes('"Monterrey"')));
    expect(offered!.tools!.map((entry) => entry.function.name)).toContain(weather.name);

    const again = await api.post('/v1/chat', {
      agentId: sofia,
      client: { phoneNumber: newPhone() },
      message: '[[mcp:get_weather {"city":"Puebla"}]]',
    });
    expect(again.body.messages.map((m: any) => m.content).join('\n')).toContain('soleado en Puebla');
    // One session for both calls (connect's discovery had its own).
    expect(mcp.initializations - opened).toBe(1);
    expect(new Set(mcp.calls.map((c) => c.sessionId)).size).toBe(1);

    // The server forgot the session (a restart): the call is made on a new one, once.
    mcp.forgetSessions();
    const renewed = await api.post('/v1/chat', {
      agentId: sofia,
      client: { phoneNumber: newPhone() },
      message: '[[mcp:get_weather {"city":"Oaxaca"}]]',
    });
    expect(renewed.body.messages.map((m: any) => m.content).join('\n')).toContain('soleado en Oaxaca');
    expect(mcp.calls.map((c) => c.arguments.city)).toEqual(['Monterrey', 'Puebla', 'Oaxaca']);
    expect(mcp.initializations - opened).toBe(2);

    // The server is down: the turn still answers, from a tool error.
    await mcp.stop();
    const down = await api.post('/v1/chat', {
      agentId: sofia,
      client: { phoneNumber: newPhone() },
      message: '[[mcp:get_weather {"city":"Colima"}]]',
    });
    expect(down.status).toBe(200);
    expect(down.body.messages.map((m: any) => m.content).join('\n')).toMatch(/^RESULT: .*could not be reached/);
    await eventually('no call reached the stopped server', async () => mcp.calls.length === 3);
  });

  it('OAuth: connect saves the server as authorization_required; oauth/start (discovery, registration, PKCE) -> consent -> callback installs the tools; tokens refresh before expiry; a revoked authorization shows as lapsed', async () => {
    const as = await TestAuthorizationServer.start();
    const mcp = await server({ oauth: as });
    try {
      const res = await api.post('/v1/tools/mcp', { name: `Protegido ${suffix()}`, url: mcp.url, auth: { type: 'oauth' } });
      expect(res.status).toBe(201);
      const mcpId = res.body.data.mcpId;
      expect(res.body.data).toMatchObject({ status: 'authorization_required', auth: 'oauth', installedCount: 0 });
      expect((await api.post(`/v1/tools/mcp/${mcpId}/refresh`)).body.details).toMatchObject({ reason: 'mcp_unauthorized' });

      // Start: RFC 9728 -> RFC 8414 discovery, dynamic registration, PKCE, the resource indicator.
      const started = await api.post(`/v1/tools/mcp/${mcpId}/oauth/start`);
      expect(started.status).toBe(200);
      const redirectUri = `${t.baseUrl}/hooks/mcp/oauth/callback`;
      expect(started.body).toEqual({ mcpId, authorizationUrl: expect.stringMatching(`^${as.url}/authorize\\?`), redirectUri });
      const authorization = new URL(started.body.authorizationUrl);
      expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: as.registrations[0]!.clientId,
        redirect_uri: redirectUri,
        code_challenge_method: 'S256',
        code_challenge: expect.any(String),
        state: expect.any(String),
        resource: mcp.url,
      });
      expect(as.registrations[0]!.redirectUris).toEqual([redirectUri]);

      // The user consents; the authorization server sends the browser back to the gateway.
      const consent = await fetch(authorization, { redirect: 'manual' });
      expect(consent.status).toBe(302);
      const callback = await fetch(consent.headers.get('location')!);
      expect(callback.status).toBe(200);
      expect(await callback.text()).toContain('authorized');
      expect(as.grants).toEqual(['authorization_code']);
      expect((await api.get(`/v1/tools/mcp/${mcpId}`)).body).toMatchObject({ status: 'active', installedCount: 2, lastError: null });
      expect((await catalogOf(mcpId)).map((tool) => tool.mcpToolName).sort()).toEqual(['get_weather', 'search_orders']);
      // A state is good once.
      expect((await fetch(consent.headers.get('location')!)).status).toBe(400);
      expect((await fetch(`${t.baseUrl}/hooks/mcp/oauth/callback?state=nope&code=x`)).status).toBe(400);

      // Tokens that expire within the minute are refreshed before use.
      as.accessTtlSeconds = 30;
      const again = await fetch((await api.post(`/v1/tools/mcp/${mcpId}/oauth/start`)).body.authorizationUrl, { redirect: 'manual' });
      expect((await fetch(again.headers.get('location')!)).status).toBe(200);
      const grantsBefore = as.grants.length;
      expect((await api.post(`/v1/tools/mcp/${mcpId}/refresh`)).status).toBe(200);
      expect(as.grants.slice(grantsBefore)).toEqual(['refresh_token']);

      // Revoked: the refresh is refused, the server shows the lapse, and oauth/start mends it.
      as.revokeAll();
      const lapsed = await api.post(`/v1/tools/mcp/${mcpId}/refresh`);
      expect(lapsed.status).toBe(422);
      expect(lapsed.body.details).toMatchObject({ reason: 'mcp_unauthorized' });
      expect((await api.get(`/v1/tools/mcp/${mcpId}`)).body).toMatchObject({
        status: 'authorization_lapsed',
        lastError: expect.any(String),
      });
      expect((await catalogOf(mcpId))[0]).toMatchObject({ mcpStatus: 'authorization_lapsed' });
      as.accessTtlSeconds = 3_600;
      const mend = await fetch((await api.post(`/v1/tools/mcp/${mcpId}/oauth/start`)).body.authorizationUrl, { redirect: 'manual' });
      expect((await fetch(mend.headers.get('location')!)).status).toBe(200);
      expect((await api.get(`/v1/tools/mcp/${mcpId}`)).body).toMatchObject({ status: 'active' });

      // Not an OAuth server: 409.
      const plain = await connect(await server());
      expect((await api.post(`/v1/tools/mcp/${plain.mcpId}/oauth/start`)).status).toBe(409);
    } finally {
      await as.stop();
    }
  });
});
