import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { jwtVerify } from 'jose';
import { Client } from 'pg';
import { HttpTarget, MessagingWorkspace, useSharedStack, withAgents, type HttpClient, type StackApi } from '@platica/testing';

const REDACTED = '[REDACTED]';

/**
 * Custom HTTP APIs, the workspace catalog and agent tool connections through the gateway
 * (spec › Custom API, Tools: workspace catalog, agent connections, custom APIs rules 1-6,
 * States and transitions, Limits, Versioning 2), against real remote APIs on loopback.
 */
describe('custom APIs (e2e)', () => {
  let t: StackApi;
  let ws: MessagingWorkspace;
  let api: HttpClient;
  let target: HttpTarget;

  beforeAll(async () => {
    t = await useSharedStack();
    ws = await MessagingWorkspace.seed(t, withAgents);
    api = ws.api;
    target = await HttpTarget.start();
  });
  afterAll(async () => {
    await target?.stop();
    await t?.stop();
  });
  beforeEach(() => {
    target.requests.length = 0;
    target.setHandler(() => ({ body: { ok: true } }));
  });

  const suffix = () => randomBytes(4).toString('hex');
  const name = (label = 'api') => `${label}_${suffix()}`;
  const agents = () => ({ sofia: ws.ids.agents.sofia.id as string, billing: ws.ids.agents.billing.id as string });

  /** GET {target}/v2/{{units}}/weather/{{city}}?phone={{callerPhone}} with a bearer token. */
  const weather = (overrides: Record<string, unknown> = {}) => ({
    name: name('clima'),
    description: 'Consulta el clima actual de una ciudad para responder al cliente.',
    request: {
      method: 'GET',
      url: `${target.url}/v2/{{units}}/weather/{{city}}`,
      params: [{ key: 'phone', value: '{{callerPhone}}' }],
      headers: [{ key: 'Accept', value: 'application/json' }],
      body: { mode: 'none' },
      auth: { type: 'bearer', token: `tok-${suffix()}` },
      settings: { timeoutMs: 5_000 },
    },
    variables: [
      { name: 'city', type: 'string', description: 'Ciudad a consultar', required: true, mode: 'ai', enum: ['Monterrey', 'CDMX'] },
      { name: 'days', type: 'integer', description: 'Días de pronóstico', required: false, mode: 'ai', minimum: 1, maximum: 7 },
      { name: 'units', type: 'string', mode: 'constant', constantValue: 'metric' },
      { name: 'callerPhone', type: 'string', mode: 'context', contextField: 'phoneNumber' },
    ],
    passContext: true,
    ...overrides,
  });

  /** POST {target}/hook, no auth, one `ai` variable. */
  const plain = (request: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) => ({
    name: name(),
    description: 'Envía la ciudad del cliente al sistema de pedidos.',
    request: { method: 'POST', url: `${target.url}/hook`, body: { mode: 'none' }, auth: { type: 'none' }, ...request },
    variables: [{ name: 'city', type: 'string', description: 'Ciudad del cliente', required: true, mode: 'ai' }],
    ...overrides,
  });

  const create = async (body: Record<string, unknown>, client = api): Promise<string> => {
    const res = await client.post('/v1/tools/apis', body);
    expect(res.status).toBe(201);
    return res.body.data.id;
  };
  const read = async (id: string) => {
    const res = await api.get(`/v1/tools/apis/${id}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const test = async (id: string, body: Record<string, unknown> = {}) => {
    const res = await api.post(`/v1/tools/apis/${id}/test`, body);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const enable = (id: string) => api.post(`/v1/tools/apis/${id}/enable`, {});
  const catalog = async (query = '') => (await api.get(`/v1/tools${query}`)).body.tools as any[];
  const expectError = (res: { status: number; body: any }, status: number, field?: string) => {
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
    if (field) expect(JSON.stringify(res.body.details)).toContain(field);
  };

  describe('create and the bounds', () => {
    it('creates a draft (201 {id, name, toolName, status}), lists it and keeps it out of the catalog', async () => {
      const definition = weather();
      const res = await api.post('/v1/tools/apis', definition);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        status: 'success',
        message: expect.any(String),
        data: { id: expect.any(String), name: definition.name, toolName: `api_${definition.name}`, status: 'draft' },
      });
      const listed = (await api.get('/v1/tools/apis')).body;
      expect(listed.count).toBe(listed.apis.length);
      expect(listed.apis.find((a: any) => a.id === res.body.data.id)).toEqual({
        id: res.body.data.id,
        name: definition.name,
        toolName: `api_${definition.name}`,
        description: definition.description,
        status: 'draft',
        method: 'GET',
        url: definition.request.url,
        variableCount: 4,
        lastTestOutcome: null,
        lastTestAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await catalog()).some((tool) => tool.id === res.body.data.id)).toBe(false);
      expect((await read(res.body.data.id)).request.settings.timeoutMs).toBe(5_000);
      expect((await read(await create(plain()))).request.settings.timeoutMs).toBe(30_000);
    });

    it.each([
      ['uppercase', `Clima_${'a'.repeat(4)}`],
      ['a dash', 'clima-norte'],
      ['a leading _', '_clima'],
      ['63 characters', `c${'x'.repeat(62)}`],
      ['empty', ''],
    ])('refuses a name with %s (400 naming name)', async (_label, bad) => {
      expectError(await api.post('/v1/tools/apis', plain({}, { name: bad })), 400, 'name');
    });

    it('takes a name of 62 characters and one starting with a digit', async () => {
      await create(plain({}, { name: `c${suffix()}${'x'.repeat(53)}` }));
      await create(plain({}, { name: `9${suffix()}` }));
    });

    it('bounds the description to 10..1024 characters', async () => {
      expectError(await api.post('/v1/tools/apis', plain({}, { description: 'Muy corta' })), 400, 'description');
      expectError(await api.post('/v1/tools/apis', plain({}, { description: 'x'.repeat(1_025) })), 400, 'description');
      await create(plain({}, { description: 'Diez letra' }));
      await create(plain({}, { description: 'x'.repeat(1_024) }));
    });

    it('bounds variables (50), params (25), headers (25) and timeoutMs (1000..60000)', async () => {
      const variables = (n: number) =>
        Array.from({ length: n }, (_, i) => ({ name: `v${i}`, type: 'string', description: 'una variable', mode: 'ai' }));
      const pairs = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: `v${i}` }));
      await create(plain({}, { variables: variables(50) }));
      expectError(await api.post('/v1/tools/apis', plain({}, { variables: variables(51) })), 400, 'variables');
      await create(plain({ params: pairs(25), headers: pairs(25) }));
      expectError(await api.post('/v1/tools/apis', plain({ params: pairs(26) })), 400, 'params');
      expectError(await api.post('/v1/tools/apis', plain({ headers: pairs(26) })), 400, 'headers');
      for (const timeoutMs of [1_000, 60_000]) await create(plain({ settings: { timeoutMs } }));
      for (const timeoutMs of [999, 60_001])
        expectError(await api.post('/v1/tools/apis', plain({ settings: { timeoutMs } })), 400, 'timeoutMs');
    });

    it('refuses malformed requests and variables, naming the field', async () => {
      expectError(await api.post('/v1/tools/apis', plain({ method: 'TRACE' })), 400, 'method');
      expectError(await api.post('/v1/tools/apis', plain({ url: 'ftp://example.com/x' })), 400, 'url');
      expectError(await api.post('/v1/tools/apis', plain({ auth: { type: 'bearer' } })), 400, 'token');
      expectError(await api.post('/v1/tools/apis', plain({ body: { mode: 'xml' } })), 400, 'mode');
      const dup = [
        { name: 'city', type: 'string', description: 'a', mode: 'ai' },
        { name: 'city', type: 'string', description: 'b', mode: 'ai' },
      ];
      expectError(await api.post('/v1/tools/apis', plain({}, { variables: dup })), 400, 'used twice');
      const constantWithout = [{ name: 'units', type: 'string', mode: 'constant' }];
      expectError(await api.post('/v1/tools/apis', plain({}, { variables: constantWithout })), 400, 'constantValue');
      const contextWithoutPass = [{ name: 'phone', type: 'string', mode: 'context', contextField: 'phoneNumber' }];
      expectError(await api.post('/v1/tools/apis', plain({}, { variables: contextWithoutPass })), 400, 'passContext');
      const badPattern = [{ name: 'code', type: 'string', description: 'x', mode: 'ai', pattern: '([' }];
      expectError(await api.post('/v1/tools/apis', plain({}, { variables: badPattern })), 400, 'pattern');
      expectError(await api.post('/v1/tools/apis', { name: name() }), 400, 'description');
    });

    it('answers 409 for a name already used in the workspace, and allows it in another workspace', async () => {
      const definition = plain();
      await create(definition);
      expectError(await api.post('/v1/tools/apis', { ...definition, description: 'Otra descripción del mismo nombre.' }), 409);
      const other = await MessagingWorkspace.seed(t);
      await create(definition, other.api);
    });
  });

  describe('write-only values', () => {
    it('reads every write-only value as [REDACTED], stores none of them in clear, and a PATCH with [REDACTED] keeps them', async () => {
      const secrets = {
        token: `tok-${suffix()}`,
        header: `hdr-${suffix()}`,
        param: `prm-${suffix()}`,
        constant: `cst-${suffix()}`,
        jwt: `jwt-${suffix()}`,
      };
      const definition = weather({
        encryptPayload: { key: secrets.jwt },
        variables: [
          ...weather().variables.filter((v) => v.name !== 'units'),
          { name: 'units', type: 'string', mode: 'constant', constantValue: secrets.constant },
        ],
      });
      definition.request.auth.token = secrets.token;
      definition.request.headers.push({ key: 'X-Api-Key', value: secrets.header });
      definition.request.params.push({ key: 'access_token', value: secrets.param });
      const id = await create(definition);
      const got = await read(id);
      expect(got.request.auth).toEqual({ type: 'bearer', token: REDACTED });
      expect(got.request.headers).toEqual([
        { key: 'Accept', value: 'application/json' },
        { key: 'X-Api-Key', value: REDACTED },
      ]);
      expect(got.request.params).toEqual([
        { key: 'phone', value: '{{callerPhone}}' },
        { key: 'access_token', value: REDACTED },
      ]);
      expect(got.variables.find((v: any) => v.name === 'units').constantValue).toBe(REDACTED);
      expect(got.encryptPayload.key).toBe(REDACTED);
      expect(got).toMatchObject({
        secretsRedacted: true,
        version: 1,
        enabledFunctionRef: null,
        status: 'draft',
        toolName: `api_${definition.name}`,
      });

      const reads = [JSON.stringify(got), (await api.get('/v1/tools/apis')).text];
      const db = new Client({ connectionString: t.isolation.databaseUrl });
      await db.connect();
      try {
        const rows = await db.query('select row_to_json(a)::text as row from tools.custom_api a where id = $1', [id]);
        reads.push(rows.rows[0].row);
      } finally {
        await db.end();
      }
      for (const secret of Object.values(secrets)) for (const text of reads) expect(text).not.toContain(secret);

      // The definition as read, sent back with only the path changed (encryptPayload off to read the query as sent).
      const patched = await api.patch(`/v1/tools/apis/${id}`, {
        request: { ...got.request, url: `${target.url}/v3/{{units}}/weather/{{city}}` },
        encryptPayload: { ...got.encryptPayload, enabled: false },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toEqual({ id, version: 2 });
      await test(id, { input: { city: 'CDMX' }, context: { phoneNumber: '5215550001' } });
      const sent = await target.waitFor((r) => r.path.startsWith('/v3/'));
      expect(sent.path).toBe(`/v3/${secrets.constant}/weather/CDMX`);
      expect(sent.headers.authorization).toBe(`Bearer ${secrets.token}`);
      expect(sent.headers['x-api-key']).toBe(secrets.header);
      expect(sent.query).toEqual({ phone: '5215550001', access_token: secrets.param });

      // A new value replaces; an omitted field keeps what is stored.
      const token = `nuevo-${suffix()}`;
      expect(
        (await api.patch(`/v1/tools/apis/${id}`, { request: { ...got.request, url: `${target.url}/v4`, auth: { type: 'bearer', token } } }))
          .status,
      ).toBe(200);
      expect((await api.patch(`/v1/tools/apis/${id}`, { description: 'Sólo cambia la descripción de este API.' })).status).toBe(200);
      await test(id, { input: { city: 'CDMX' } });
      expect((await target.waitFor((r) => r.path === '/v4')).headers.authorization).toBe(`Bearer ${token}`);
      expect((await read(id)).version).toBe(4);
    });

    it('refuses [REDACTED] where nothing is stored (400), and a changed header name loses its value', async () => {
      const id = await create(plain());
      expectError(
        await api.patch(`/v1/tools/apis/${id}`, { request: { ...plain().request, auth: { type: 'bearer', token: REDACTED } } }),
        400,
        'token',
      );
      expect((await read(id)).version).toBe(1);
    });
  });

  describe('the origin and the stored secrets', () => {
    it('refuses a variable that is no constant in the scheme, host or port (400 naming it), at create and PATCH', async () => {
      // The attack: a value the model passes on from a customer's message, `127.0.0.1:19302/steal?`, would make the host.
      const hostile = (url: string, mode: 'ai' | 'context' = 'ai') => ({
        name: name('sub'),
        description: 'Consulta un subdominio con un token guardado.',
        request: { method: 'GET', url, auth: { type: 'bearer', token: `tok-${suffix()}` } },
        variables: [
          mode === 'ai'
            ? { name: 'sub', type: 'string', description: 'Subdominio', required: true, mode: 'ai' }
            : { name: 'sub', type: 'string', mode: 'context', contextField: 'channelId' },
        ],
        passContext: mode === 'context',
      });
      for (const [url, mode] of [
        ['http://{{sub}}.example.com/x', 'ai'],
        [`http://127.0.0.1:{{sub}}/x`, 'ai'],
        ['{{sub}}/x', 'ai'],
        [`http://{{sub}}@${new URL(target.url).host}/x`, 'ai'],
        ['https://{{sub}}.example.com/x', 'context'],
      ] as const) {
        const res = await api.post('/v1/tools/apis', hostile(url, mode));
        expectError(res, 400);
        expect(res.body.details).toEqual([{ path: ['variables', 0, 'mode'], message: expect.stringContaining('{{sub}}') }]);
      }
      const res = await api.post('/v1/tools/apis', {
        ...hostile('https://api.example.com/x'),
        request: { method: 'GET', url: 'https://{{ctx.channelId}}.example.com/x' },
        passContext: true,
        variables: [],
      });
      expectError(res, 400, 'request');
      // In the path and query a model's value is encoded: it stays on the template's origin.
      const id = await create(hostile(`${target.url}/x/{{sub}}`));
      expectError(
        await api.patch(`/v1/tools/apis/${id}`, {
          request: { method: 'GET', url: 'http://{{sub}}.example.com/x', auth: { type: 'bearer', token: 'otro' } },
        }),
        400,
        'variables',
      );
      await test(id, { input: { sub: '127.0.0.1:19302/steal?' } });
      expect((await target.waitFor((r) => r.path.startsWith('/x/'))).path).toBe('/x/127.0.0.1%3A19302%2Fsteal%3F');
    });

    it('refuses a PATCH that moves the API to another origin with [REDACTED] secrets (400 naming each), and takes it with them sent again', async () => {
      const token = `tok-${suffix()}`;
      const header = `hdr-${suffix()}`;
      const param = `prm-${suffix()}`;
      const id = await create(
        plain({
          url: `${target.url}/hook`,
          auth: { type: 'bearer', token },
          headers: [{ key: 'X-Api-Key', value: header }],
          params: [{ key: 'access_token', value: param }],
        }),
      );
      const got = await read(id);
      // The same server under another name is another origin: the secrets were saved for 127.0.0.1.
      const moved = `http://localhost:${new URL(target.url).port}/moved`;
      const res = await api.patch(`/v1/tools/apis/${id}`, { request: { ...got.request, url: moved } });
      expectError(res, 400);
      expect(res.body.details.map((d: { path: string[] }) => d.path.join('.')).sort()).toEqual([
        'request.auth.token',
        'request.headers.x-api-key',
        'request.params.access_token',
      ]);
      expect((await read(id)).version).toBe(1);
      await test(id, { input: { city: 'CDMX' } });
      expect((await target.waitFor((r) => r.path === '/hook')).headers.authorization).toBe(`Bearer ${token}`);
      expect(target.requests.some((r) => r.path === '/moved')).toBe(false);

      // Sent again, the move is taken; on the same origin [REDACTED] keeps them.
      const fresh = `nuevo-${suffix()}`;
      const taken = await api.patch(`/v1/tools/apis/${id}`, {
        request: {
          ...got.request,
          url: moved,
          auth: { type: 'bearer', token: fresh },
          headers: [{ key: 'X-Api-Key', value: 'h2' }],
          params: [{ key: 'access_token', value: 'p2' }],
        },
      });
      expect(taken.status).toBe(200);
      expect((await api.patch(`/v1/tools/apis/${id}`, { request: { ...(await read(id)).request, url: `${moved}/2` } })).status).toBe(200);
      await test(id, { input: { city: 'CDMX' } });
      expect((await target.waitFor((r) => r.path === '/moved/2')).headers.authorization).toBe(`Bearer ${fresh}`);
    });
  });

  describe('versions and PATCH', () => {
    it('increases version on every write; a stale expectedVersion is 409 and changes nothing; status never changes by PATCH', async () => {
      const id = await create(plain());
      const first = await api.patch(`/v1/tools/apis/${id}`, { description: 'Primera descripción actualizada.', expectedVersion: 1 });
      expect(first.body.data).toEqual({ id, version: 2 });
      expectError(await api.patch(`/v1/tools/apis/${id}`, { description: 'Con la versión vieja, no entra.', expectedVersion: 1 }), 409);
      const after = await read(id);
      expect(after.description).toBe('Primera descripción actualizada.');
      expect(after.version).toBe(2);
      expect((await api.patch(`/v1/tools/apis/${id}`, { status: 'enabled', description: 'Intenta cambiar el estado.' })).status).toBe(200);
      expect((await read(id)).status).toBe('draft');
      expectError(await api.patch(`/v1/tools/apis/${id}`, {}), 400);
      expectError(await api.patch(`/v1/tools/apis/${id}`, { status: 'enabled' }), 400);
      expectError(await api.patch(`/v1/tools/apis/${id}`, { description: 'corta' }), 400, 'description');
      expect((await read(id)).version).toBe(3);
    });

    it('answers 409 when a PATCH takes a name already used', async () => {
      const taken = plain();
      await create(taken);
      const id = await create(plain());
      expectError(await api.patch(`/v1/tools/apis/${id}`, { name: taken.name }), 409);
    });
  });

  describe('test', () => {
    it('dryRun assembles the request (ai, constant, context values; constants redacted) and calls nothing', async () => {
      const id = await create(weather());
      const data = await test(id, { dryRun: true, input: { city: 'Monterrey' }, context: { phoneNumber: '5215550002' } });
      expect(data.outcome).toBe('success');
      expect(data.httpStatus).toBeNull();
      expect(data.request.method).toBe('GET');
      expect(data.request.url).toBe(`${target.url}/v2/%5BREDACTED%5D/weather/Monterrey?phone=5215550002`);
      expect(data.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(target.requests).toHaveLength(0);
    });

    it('substitutes in every body mode and auth mode, with typed JSON values and the last N messages', async () => {
      const variables = [
        { name: 'city', type: 'string', description: 'Ciudad', required: true, mode: 'ai' },
        { name: 'count', type: 'integer', description: 'Cuántos', mode: 'ai' },
        { name: 'history', type: 'string', mode: 'context', contextField: 'lastMessages' },
        { name: 'conversation', type: 'string', mode: 'context', contextField: 'conversationId' },
      ];
      const common = { variables, passContext: true, context: { lastMessagesN: 2 } };
      const context = {
        conversationId: 'conv-1',
        messages: [
          { role: 'user', content: 'uno' },
          { role: 'assistant', content: 'dos' },
          { role: 'user', content: 'tres' },
        ],
      };
      const input = { city: 'Santa Fe "Norte"', count: 3 };

      const json = await create(
        plain(
          {
            body: {
              mode: 'json',
              raw: '{"city": "{{city}}", "n": {{count}}, "typed": "{{count}}", "say": "en {{city}}", "h": "{{history}}"}',
            },
            auth: { type: 'basic', username: 'ventas', password: 'pw' },
          },
          common,
        ),
      );
      await test(json, { input, context });
      const jsonSent = target.requests.at(-1)!;
      expect(jsonSent.json).toEqual({
        city: 'Santa Fe "Norte"',
        n: 3,
        typed: 3,
        say: 'en Santa Fe "Norte"',
        h: 'assistant: dos\nuser: tres',
      });
      expect(jsonSent.headers['content-type']).toBe('application/json');
      expect(jsonSent.headers.authorization).toBe(`Basic ${Buffer.from('ventas:pw').toString('base64')}`);

      const text = await create(
        plain(
          {
            body: { mode: 'text', raw: 'Ciudad: {{city}} ({{conversation}})' },
            auth: { type: 'apikey', key: 'key', value: 'k-{{conversation}}', in: 'query' },
          },
          common,
        ),
      );
      await test(text, { input, context });
      const textSent = target.requests.at(-1)!;
      expect(textSent.rawBody).toBe('Ciudad: Santa Fe "Norte" (conv-1)');
      expect(textSent.query).toEqual({ key: 'k-conv-1' });

      const form = await create(
        plain(
          {
            body: {
              mode: 'form-urlencoded',
              pairs: [
                { key: 'city', value: '{{city}}' },
                { key: 'off', value: 'x', enabled: false },
              ],
            },
            auth: { type: 'apikey', key: 'X-Key', value: 'secreto', in: 'header' },
          },
          common,
        ),
      );
      await test(form, { input, context });
      const formSent = target.requests.at(-1)!;
      expect(formSent.rawBody).toBe('city=Santa+Fe+%22Norte%22');
      expect(formSent.headers['x-key']).toBe('secreto');
    });

    it("applies mapping: merge adds the model's arguments and extraBody, replace sends only them, none keeps the template", async () => {
      const body = { mode: 'json', raw: '{"fixed": "{{city}}"}' };
      const extraBody = { source: 'platica' };
      for (const [bodyStrategy, expected] of [
        ['merge', { fixed: 'CDMX', city: 'CDMX', source: 'platica' }],
        ['replace', { city: 'CDMX', source: 'platica' }],
        ['none', { fixed: 'CDMX', source: 'platica' }],
      ] as const) {
        const id = await create(plain({ body }, { mapping: { bodyStrategy, extraBody } }));
        await test(id, { input: { city: 'CDMX' } });
        expect(target.requests.at(-1)!.json).toEqual(expected);
      }
    });

    it('answers success with the trimmed answer, http-error, network-error, a timeout, schema-error and mapping-error, and records the last outcome', async () => {
      target.setHandler((r) => ({ body: { forecast: 'soleado', city: r.path.split('/').pop() } }));
      const id = await create(weather());
      const ok = await test(id, { input: { city: 'CDMX' }, context: { phoneNumber: '5215550003' } });
      expect(ok).toMatchObject({
        outcome: 'success',
        httpStatus: 200,
        response: { forecast: 'soleado', city: 'CDMX' },
        request: { method: 'GET' },
      });
      expect(ok.durationMs).toBeGreaterThanOrEqual(0);
      const listed = (await api.get('/v1/tools/apis')).body.apis.find((a: any) => a.id === id);
      expect(listed.lastTestOutcome).toBe('success');
      expect(Date.parse(listed.lastTestAt)).toBeGreaterThan(Date.now() - 60_000);

      target.setHandler(() => ({ status: 500, body: { error: 'boom' } }));
      expect(await test(id, { input: { city: 'CDMX' } })).toMatchObject({
        outcome: 'http-error',
        httpStatus: 500,
        response: { error: 'boom' },
      });
      expect((await api.get('/v1/tools/apis')).body.apis.find((a: any) => a.id === id).lastTestOutcome).toBe('http-error');

      const calls = target.requests.length;
      expect(await test(id, { input: { city: 'Guadalajara' } })).toMatchObject({ outcome: 'schema-error', httpStatus: null });
      expect(await test(id, { input: {} })).toMatchObject({ outcome: 'schema-error' });
      expect(await test(id, { input: { city: 'CDMX', days: 8 } })).toMatchObject({ outcome: 'schema-error' });
      expect(target.requests.length).toBe(calls);

      const closedPort = await unusedPort();
      const unreachable = await create(plain({ url: `http://127.0.0.1:${closedPort}/x` }));
      expect(await test(unreachable, { input: { city: 'x' } })).toMatchObject({ outcome: 'network-error', httpStatus: null });

      target.setHandler(() => ({ delayMs: 1_500, body: { late: true } }));
      const slow = await create(plain({ settings: { timeoutMs: 1_000 } }));
      const late = await test(slow, { input: { city: 'x' } });
      expect(late).toMatchObject({ outcome: 'network-error' });
      expect(late.error).toContain('1000 ms');

      target.setHandler(() => ({ body: { data: {} } }));
      const strict = await create(plain({}, { response: { path: 'data.items', strictPath: true } }));
      expect(await test(strict, { input: { city: 'x' } })).toMatchObject({ outcome: 'mapping-error', httpStatus: 200 });
      const lenient = await create(plain({}, { response: { path: 'data.items' } }));
      expect(await test(lenient, { input: { city: 'x' } })).toMatchObject({ outcome: 'success', response: { data: {} } });
    });

    it('does not follow a redirect: the address it names is never called (http-error with the 3xx)', async () => {
      const elsewhere = await HttpTarget.start();
      try {
        target.setHandler(() => ({ status: 302, headers: { location: `${elsewhere.url}/internal` } }));
        const id = await create(plain());
        expect(await test(id, { input: { city: 'x' } })).toMatchObject({ outcome: 'http-error', httpStatus: 302 });
        expect(elsewhere.requests).toHaveLength(0);
      } finally {
        await elsewhere.stop();
      }
    });

    it('trims the answer by path, include, exclude and maxBytes', async () => {
      const order = { id: 'A-1', status: 'enviado', total: 450, internalNote: 'no mostrar' };
      target.setHandler(() => ({ body: { data: { orders: [order, { ...order, id: 'A-2' }] }, meta: { page: 1 } } }));
      const included = await create(plain({}, { response: { path: 'data.orders[0]', include: ['id', 'status'] } }));
      expect((await test(included, { input: { city: 'x' } })).response).toEqual({ id: 'A-1', status: 'enviado' });
      const excluded = await create(plain({}, { response: { path: 'data.orders', exclude: ['internalNote'] } }));
      expect((await test(excluded, { input: { city: 'x' } })).response).toEqual([
        { id: 'A-1', status: 'enviado', total: 450 },
        { id: 'A-2', status: 'enviado', total: 450 },
      ]);
      target.setHandler(() => ({ body: 'x'.repeat(500) }));
      const capped = await create(plain({}, { response: { maxBytes: 100 } }));
      const cut = (await test(capped, { input: { city: 'x' } })).response as string;
      expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(100);
      expect(cut).toMatch(/^x+ …\[truncated\]$/);
      const fits = await create(plain({}, { response: { maxBytes: 500 } }));
      expect((await test(fits, { input: { city: 'x' } })).response).toBe('x'.repeat(500));
    });

    it('signs the body as a JWT with the stored key (encryptPayload) and injects the periodicAuth token, fetched once', async () => {
      const key = `clave-${suffix()}`;
      const signed = await create(plain({ body: { mode: 'json', raw: '{"city": "{{city}}"}' } }, { encryptPayload: { key } }));
      await test(signed, { input: { city: 'CDMX' } });
      const jwt = (target.requests.at(-1)!.json as { payload: string }).payload;
      const { payload } = await jwtVerify(jwt, new TextEncoder().encode(key));
      expect(payload.city).toBe('CDMX');

      target.requests.length = 0;
      target.setHandler((r) => (r.path === '/oauth/token' ? { body: { access_token: `at-${r.rawBody}` } } : { body: { ok: true } }));
      const periodic = await create(
        plain(
          {},
          {
            periodicAuth: {
              url: `${target.url}/oauth/token`,
              body: 'grant_type=client_credentials',
              inject: { in: 'header', name: 'X-Token', prefix: '' },
            },
          },
        ),
      );
      expect((await read(periodic)).periodicAuth.body).toBe(REDACTED);
      await test(periodic, { input: { city: 'a' } });
      await test(periodic, { input: { city: 'b' } });
      const hooks = target.requests.filter((r) => r.path === '/hook');
      expect(hooks.map((r) => r.headers['x-token'])).toEqual(['at-grant_type=client_credentials', 'at-grant_type=client_credentials']);
      expect(target.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
    });
  });

  describe('life cycle and catalog', () => {
    it('enable refuses an ai variable without description or an unknown placeholder (400) and the API stays a draft', async () => {
      const undescribed = await create(plain({}, { variables: [{ name: 'city', type: 'string', mode: 'ai' }] }));
      expectError(await enable(undescribed), 400, 'description');
      expect((await read(undescribed)).status).toBe('draft');
      const unknown = await create(plain({ url: `${target.url}/x/{{nowhere}}` }));
      expectError(await enable(unknown), 400, 'nowhere');
      expect((await catalog('?kind=api')).some((tool) => [undescribed, unknown].includes(tool.id))).toBe(false);
    });

    it('publishes on enable (parameters from ai variables), syncs PATCHes at once, withdraws on pause, publishes again, and deletes everything', async () => {
      const definition = weather();
      const id = await create(definition);
      const enabled = await enable(id);
      expect(enabled.status).toBe(200);
      expect(enabled.body.data).toEqual({ id, toolId: id, status: 'enabled' });
      const got = await read(id);
      expect(got).toMatchObject({ status: 'enabled', enabledFunctionRef: id, version: 2 });

      const tool = (await catalog('?kind=api')).find((entry) => entry.id === id);
      expect(tool).toMatchObject({
        name: `api_${definition.name}`,
        kind: 'api',
        status: 'active',
        integrationId: id,
        mcpId: null,
        mcpToolName: null,
      });
      expect(tool.parameters).toEqual({
        type: 'object',
        properties: {
          city: { type: 'string', description: 'Ciudad a consultar', enum: ['Monterrey', 'CDMX'] },
          days: { type: 'integer', description: 'Días de pronóstico', minimum: 1, maximum: 7 },
        },
        required: ['city'],
        additionalProperties: false,
      });
      expect((await api.get(`/v1/tools/${id}`)).body).toEqual(tool);
      expect(await catalog(`?integrationId=${id}`)).toHaveLength(1);
      expect(await catalog('?kind=mcp')).toEqual([]);
      expectError(await api.get(`/v1/tools?kind=bogus`), 400, 'kind');

      // Rule 3: name, description and variables reach the catalog at once; an enabled API must stay publishable.
      const renamed = name('clima');
      expect(
        (await api.patch(`/v1/tools/apis/${id}`, { name: renamed, variables: definition.variables.filter((v) => v.name !== 'days') }))
          .status,
      ).toBe(200);
      const synced = (await api.get(`/v1/tools/${id}`)).body;
      expect(synced.name).toBe(`api_${renamed}`);
      expect(Object.keys(synced.parameters.properties)).toEqual(['city']);
      expect((await catalog())[0].id).toBe(id); // newest update first
      expectError(
        await api.patch(`/v1/tools/apis/${id}`, { variables: [{ name: 'city', type: 'string', mode: 'ai' }] }),
        400,
        'description',
      );
      expect((await enable(id)).status).toBe(200); // enable on enabled re-syncs

      await api.post(`/v1/agents/${agents().sofia}/tools`, { toolId: id });
      await api.post(`/v1/agents/${agents().billing}/tools`, { toolId: id, status: 'inactive' });
      const paused = await api.post(`/v1/tools/apis/${id}/pause`, {});
      expect(paused.body.data).toEqual({ id, status: 'paused' });
      expectError(await api.get(`/v1/tools/${id}`), 404);
      expect((await read(id)).request.url).toBe(definition.request.url);
      const kept = (await api.get(`/v1/agents/${agents().sofia}/tools`)).body.tools;
      expect(kept).toEqual([expect.objectContaining({ toolId: id, toolStatus: 'withdrawn', connectionStatus: 'active' })]);
      // Only published tools can be connected.
      expectError(await api.post(`/v1/agents/${ws.ids.agents.dormant.id}/tools`, { toolId: id }), 404);

      expect((await enable(id)).body.data.status).toBe('enabled');
      expect((await api.get(`/v1/tools/${id}`)).status).toBe(200);

      const deleted = await api.delete(`/v1/tools/apis/${id}`);
      expect(deleted.body).toEqual({ status: 'success', message: expect.any(String), data: { id, removedAgentConnections: 2 } });
      expectError(await api.get(`/v1/tools/apis/${id}`), 404);
      expectError(await api.get(`/v1/tools/${id}`), 404);
      expect((await api.get(`/v1/agents/${agents().sofia}/tools`)).body.tools).toEqual([]);
    });

    it('pause of a draft is 409 (nothing to withdraw)', async () => {
      const id = await create(plain());
      expectError(await api.post(`/v1/tools/apis/${id}/pause`, {}), 409);
    });

    it("never reveals another workspace's API or tool (404 for every operation) and calls nothing for it", async () => {
      const other = await MessagingWorkspace.seed(t);
      const id = await create(plain(), other.api);
      expect((await other.api.post(`/v1/tools/apis/${id}/enable`, {})).status).toBe(200);
      const path = `/v1/tools/apis/${id}`;
      expectError(await api.get(path), 404);
      expectError(await api.patch(path, { description: 'Desde otro espacio de trabajo.' }), 404);
      expectError(await api.post(`${path}/test`, { input: { city: 'x' } }), 404);
      expectError(await api.post(`${path}/enable`, {}), 404);
      expectError(await api.post(`${path}/pause`, {}), 404);
      expectError(await api.delete(path), 404);
      expectError(await api.get(`/v1/tools/${id}`), 404);
      expectError(await api.post(`/v1/agents/${agents().sofia}/tools`, { toolId: id }), 404);
      expect(target.requests).toHaveLength(0);
      expect((await other.api.get(path)).body.status).toBe('enabled');
    });
  });

  describe('agent tool connections', () => {
    it('connects (201), lists, flags what is available, deactivates and reactivates, disconnects; the tool stays', async () => {
      const own = await MessagingWorkspace.seed(t, withAgents);
      const sofia = own.ids.agents.sofia.id as string;
      const a = await create(weather(), own.api);
      const b = await create(plain(), own.api);
      const draft = await create(plain(), own.api);
      for (const id of [a, b]) expect((await own.api.post(`/v1/tools/apis/${id}/enable`, {})).status).toBe(200);
      const path = `/v1/agents/${sofia}/tools`;

      expectError(await own.api.post(path, { toolId: draft }), 404);
      expectError(await own.api.post(path, {}), 400, 'toolId');
      expectError(await own.api.post(`/v1/agents/agt_nope/tools`, { toolId: a }), 404);
      expectError(await own.api.get(`/v1/agents/${agents().sofia}/tools`), 404); // another workspace's agent
      const connected = await own.api.post(path, { toolId: a });
      expect(connected.status).toBe(201);
      expect(connected.body.data).toEqual({
        toolId: a,
        name: expect.stringMatching(/^api_clima_/),
        kind: 'api',
        description: weather().description,
        connectionStatus: 'active',
        toolStatus: 'active',
        connectedAt: expect.any(String),
      });
      expectError(await own.api.post(path, { toolId: a }), 409);
      expect((await own.api.get(path)).body.tools.map((x: any) => x.toolId)).toEqual([a]);

      const available = (await own.api.get(`${path}/available`)).body.tools;
      expect(available.find((x: any) => x.id === a).isAlreadyConnected).toBe(true);
      expect(available.find((x: any) => x.id === b).isAlreadyConnected).toBe(false);
      expect(available.some((x: any) => x.id === draft)).toBe(false);

      for (const status of ['inactive', 'active']) {
        expect((await own.api.patch(`${path}/${a}`, { status })).body.data.connectionStatus).toBe(status);
        expect((await own.api.get(path)).body.tools[0].connectionStatus).toBe(status);
      }
      expectError(await own.api.patch(`${path}/${a}`, { status: 'paused' }), 400, 'status');
      expectError(await own.api.patch(`${path}/${b}`, { status: 'active' }), 404);

      expect((await own.api.delete(`${path}/${a}`)).status).toBe(200);
      expectError(await own.api.delete(`${path}/${a}`), 404);
      expect((await own.api.get(path)).body.tools).toEqual([]);
      expect((await own.api.get(`/v1/tools/${a}`)).status).toBe(200);
    });
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
