import { HttpTarget, startTestStack, TestMcpServer, type HttpClient, type TestStack } from '@platica/testing';

/**
 * Custom APIs with the SSRF guard on (a stack without PLATICA_ALLOW_PRIVATE_NETWORKS): a URL
 * aimed at loopback, a private network, the cloud metadata address or a local name is
 * refused when saved (400 naming request.url), and one whose host a variable decides is
 * refused when called (network-error), the target never reached. The same guard on MCP
 * server URLs: preview and connect refuse them (400 naming url), the server never reached.
 */
describe('custom APIs and the SSRF guard (e2e)', () => {
  let t: TestStack;
  let api: HttpClient;
  let target: HttpTarget;

  beforeAll(async () => {
    // A stack of its own: private networks refused (PLATICA_ALLOW_PRIVATE_NETWORKS=false), a process setting.
    t = await startTestStack({ PLATICA_ALLOW_PRIVATE_NETWORKS: 'false' });
    api = t.http.withToken((await t.seedMinimalWorkspace()).key);
    target = await HttpTarget.start();
  });
  afterAll(async () => {
    await target?.stop();
    await t?.stop();
  });

  const port = () => new URL(target.url).port;
  const definition = (url: string, variables: unknown[] = []) => ({
    name: `api_${Math.random().toString(36).slice(2, 10)}`,
    description: 'Una API que apunta a donde no debe.',
    request: { method: 'GET', url },
    variables,
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${port()}/x`],
    ['a private network', () => 'http://10.0.0.1/x'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', () => `http://[::1]:${port()}/x`],
    ['a name resolving to 127.0.0.1', () => `http://localhost:${port()}/x`],
    ['another name resolving to 127.0.0.1 (/etc/hosts)', () => `http://vm:${port()}/x`],
  ])('refuses %s when the API is saved (400 naming request.url)', async (_label, url) => {
    const res = await api.post('/v1/tools/apis', definition(url()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, error: expect.any(String), details: [expect.objectContaining({ path: ['request', 'url'] })] });
    const created = await api.post('/v1/tools/apis', definition(`https://api.example.com/x`));
    expect(created.status).toBe(201);
    expect((await api.patch(`/v1/tools/apis/${created.body.data.id}`, { request: { method: 'GET', url: url() } })).status).toBe(400);
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${port()}/token`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data'],
    ['a name resolving to 127.0.0.1', () => `http://localhost:${port()}/token`],
  ])('refuses a periodicAuth token URL on %s when the API is saved (400 naming periodicAuth.url)', async (_label, url) => {
    const periodicAuth = { url: url(), body: 'client_id=a&client_secret=b' };
    const res = await api.post('/v1/tools/apis', { ...definition('https://api.example.com/x'), periodicAuth });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ path: ['periodicAuth', 'url'] })]);
    const created = await api.post('/v1/tools/apis', definition('https://api.example.com/x'));
    expect(created.status).toBe(201);
    const patched = await api.patch(`/v1/tools/apis/${created.body.data.id}`, { periodicAuth });
    expect(patched.status).toBe(400);
    expect(patched.body.details).toEqual([expect.objectContaining({ path: ['periodicAuth', 'url'] })]);
    expect(target.requests).toHaveLength(0);
  });

  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', 'localhost', 'vm'])(
    'refuses to call %s when a variable decides the host (network-error, nothing reached)',
    async (host) => {
      const created = await api.post(
        '/v1/tools/apis',
        definition(`http://{{host}}:${port()}/x`, [{ name: 'host', type: 'string', mode: 'constant', constantValue: host }]),
      );
      expect(created.status).toBe(201);
      const res = await api.post(`/v1/tools/apis/${created.body.data.id}/test`, {});
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ outcome: 'network-error', httpStatus: null });
      expect(res.body.data.error).toMatch(/non-public|local host name/);
      expect(target.requests).toHaveLength(0);
    },
  );

  it.each([
    ['loopback', (mcp: TestMcpServer) => mcp.url],
    ['IPv6 loopback', (mcp: TestMcpServer) => mcp.url.replace('127.0.0.1', '[::1]')],
    ['a name resolving to 127.0.0.1', (mcp: TestMcpServer) => mcp.url.replace('127.0.0.1', 'localhost')],
    ['the cloud metadata address', () => 'http://169.254.169.254/mcp'],
    ['a private network', () => 'http://10.0.0.1/mcp'],
  ])('refuses an MCP server on %s (preview and connect: 400 naming url, nothing reached)', async (_label, url) => {
    const mcp = await TestMcpServer.start();
    try {
      for (const [path, body] of [
        ['/v1/tools/mcp/preview', { url: url(mcp) }],
        ['/v1/tools/mcp', { name: 'Interno', url: url(mcp) }],
      ] as const) {
        const res = await api.post(path, body);
        expect(res.status).toBe(400);
        expect(res.body.details).toEqual([expect.objectContaining({ path: ['url'] })]);
      }
      expect(mcp.initializations).toBe(0);
      expect((await api.get('/v1/tools/mcp')).body.count).toBe(0);
    } finally {
      await mcp.stop();
    }
  });
});
