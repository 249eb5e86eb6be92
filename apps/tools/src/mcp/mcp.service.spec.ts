import { randomBytes } from 'node:crypto';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { toolOperations, type OperationRequest } from '@platica/contracts';
import { parseOrThrow } from '@platica/errors';
import { serviceRequest } from '@platica/platform';
import { fake, newTestService, refusal } from '@platica/testing/test-service';
import { CatalogRepository, PUBLISHED } from '../catalog/catalog.repository';
import type { CatalogTool } from '../catalog/catalog-tool.entity';
import { ToolsConfigService, type ToolsConfig } from '../config/tools.config';
import { McpClients, McpUnavailableError, type McpDiscovery } from './mcp-clients';
import { McpCredentials } from './mcp-credentials';
import { McpOauth } from './mcp-oauth';
import { McpSecretBox } from './mcp-secrets';
import type { McpServer } from './mcp-server.entity';
import { McpServerRepository } from './mcp-server.repository';
import { McpToolCalls } from './mcp-tool-calls';
import { McpService } from './mcp.service';

const config = new ToolsConfigService({
  PLATICA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PLATICA_ENCRYPTION_KEYS_PREVIOUS: [],
  PLATICA_ALLOW_PRIVATE_NETWORKS: false,
  TOOLS_MCP_TIMEOUT_SCALE: 1,
} as unknown as ToolsConfig);
const box = new McpSecretBox(config);

const discovery: McpDiscovery = {
  transport: 'streamable-http',
  protocolVersion: '2025-06-18',
  serverInfo: { name: 'weather', version: '1.0.0' },
  tools: [
    {
      name: 'forecast',
      title: null,
      description: 'The forecast',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    },
    { name: 'long-job', title: null, description: 'Runs as a task', inputSchema: { type: 'object' }, taskSupport: 'required' },
  ],
} as McpDiscovery;

/** What the MCP server does when discovered or called. */
type ServerBehaviour = {
  discover: () => Promise<McpDiscovery>;
  call?: (limits: Parameters<McpClients['call']>[5]) => Promise<unknown>;
  timeoutScale?: number;
};

/** MCP servers and the catalog in memory; the remote server is `behaviour`. */
function world(behaviour: ServerBehaviour) {
  const servers = new Map<string, McpServer>();
  const catalog = new Map<string, CatalogTool>();
  const serverRows = fake(McpServerRepository, {
    slugTaken: async (workspaceId, slug) => [...servers.values()].some((s) => s.workspaceId === workspaceId && s.slug === slug),
    create: (_em, fields) => {
      const at = new Date();
      const server = { ...fields, createdAt: at, updatedAt: at } as McpServer;
      servers.set(server.id, server);
      return server;
    },
    markStatus: async (_workspaceId, id, status, error) => {
      Object.assign(servers.get(id)!, { status, lastError: error });
    },
  });
  const secretBox = fake(McpSecretBox, { seal: (s) => box.seal(s), open: (sealed) => box.open(sealed) });
  const clients = fake(McpClients, {
    discover: () => behaviour.discover(),
    call: (...args) => (behaviour.call ?? (() => Promise.reject(new Error('no call expected'))))(args[5]) as ReturnType<McpClients['call']>,
  });
  const credentials = newTestService(McpCredentials, serverRows, secretBox, fake(McpOauth, { needsRefresh: () => false })).service;
  const built = newTestService(
    McpService,
    serverRows,
    fake(CatalogRepository, {
      nameTaken: async (workspaceId, name) => [...catalog.values()].some((t) => t.workspaceId === workspaceId && t.name === name),
      createEntry: (_em, fields) => {
        const entry = { ...fields, createdAt: new Date() } as CatalogTool;
        catalog.set(entry.id, entry);
        return entry;
      },
      flush: async () => {},
    }),
    secretBox,
    clients,
    fake(ToolsConfigService, { values: config.values }),
    fake(McpCredentials, { withCredentials: (server, work) => credentials.withCredentials(server, work) }),
  );
  const calls = newTestService(
    McpToolCalls,
    fake(McpCredentials, credentials),
    clients,
    fake(ToolsConfigService, { values: { ...config.values, TOOLS_MCP_TIMEOUT_SCALE: behaviour.timeoutScale ?? 1 } }),
  ).service;
  return { ...built, calls, servers, catalog };
}

/** The envelope the connect handler receives: its body validated by the operation's schema. */
const connect = (body: Record<string, unknown>): OperationRequest<typeof toolOperations.mcpConnect> =>
  serviceRequest('test', 'ws_1', parseOrThrow(toolOperations.mcpConnect.body, { url: 'https://93.184.216.34/mcp', ...body }));

describe('McpService.connect', () => {
  it('installs the tools it can call, named per server; a task-only tool is listed but not installed', async () => {
    const w = world({ discover: async () => discovery });
    const answer = await w.service.connect(connect({ name: 'Weather' }));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ status: 'active', toolCount: 2, installedCount: 1 });
    expect([...w.catalog.values()]).toEqual([
      expect.objectContaining({ name: 'mcp_forecast_weather', kind: 'mcp', status: PUBLISHED, mcpToolName: 'forecast' }),
    ]);
    expect(answer.body.data.tools.find((t: { mcpToolName: string }) => t.mcpToolName === 'long-job')).toMatchObject({
      installed: false,
      installable: false,
    });
  });

  it('a second server of the same name gets the next slug, and its tools names of their own', async () => {
    const w = world({ discover: async () => discovery });
    await w.service.connect(connect({ name: 'Weather' }));
    await w.service.connect(connect({ name: 'Weather' }));
    expect([...w.servers.values()].map((s) => s.slug)).toEqual(['weather', 'weather_2']);
    expect([...w.catalog.values()].map((t) => t.name)).toEqual(['mcp_forecast_weather', 'mcp_forecast_weather_2']);
  });

  it('an OAuth server answering 401 is saved awaiting authorization, with no tools', async () => {
    const w = world({ discover: () => Promise.reject(new McpUnavailableError('401 Unauthorized', 'unauthorized')) });
    const answer = await w.service.connect(connect({ name: 'Calendar', auth: { type: 'oauth' } }));
    expect(answer.body.data).toMatchObject({ status: 'authorization_required', toolCount: 0, installedCount: 0 });
    expect(w.catalog.size).toBe(0);
  });

  it('a bearer server refusing its token is a 422 (mcp_unauthorized) and nothing is saved', async () => {
    const w = world({ discover: () => Promise.reject(new McpUnavailableError('401 Unauthorized', 'unauthorized')) });
    const error = await refusal(w.service.connect(connect({ name: 'Calendar', auth: { type: 'bearer', token: 't' } })));
    expect([error.status, (error.details as { reason: string }).reason]).toEqual([422, 'mcp_unauthorized']);
    expect(w.servers.size).toBe(0);
  });

  it('refuses a private address before contacting it', async () => {
    let discovered = false;
    const w = world({
      discover: async () => {
        discovered = true;
        return discovery;
      },
    });
    const error = await refusal(w.service.connect(connect({ name: 'Local', url: 'http://10.0.0.8/mcp' })));
    expect(error.status).toBe(400);
    expect(discovered).toBe(false);
  });
});

describe('McpToolCalls.run', () => {
  /** A server connected with `discovery`, whose tool calls do `call`. */
  async function connected(call: ServerBehaviour['call'], timeoutScale?: number) {
    const w = world({ discover: async () => discovery, call, timeoutScale });
    await w.service.connect(connect({ name: 'Weather' }));
    return { ...w, server: [...w.servers.values()][0]!, tool: [...w.catalog.values()][0]! };
  }

  it("answers the tool's result, and its own error report as an http-error the model sees", async () => {
    const ok = await connected(async () => ({ content: [{ type: 'text', text: 'Sunny' }] }));
    expect(await ok.calls.run(ok.tool, ok.server, { city: 'Lima' })).toMatchObject({ ok: true, outcome: 'success' });

    const failing = await connected(async () => ({ isError: true, content: [{ type: 'text', text: 'unknown city' }] }));
    const result = await failing.calls.run(failing.tool, failing.server, { city: '?' });
    expect(result).toMatchObject({ ok: false, outcome: 'http-error', output: { error: 'the MCP tool reported an error' } });
  });

  it("enforces the server's call limits, times TOOLS_MCP_TIMEOUT_SCALE", async () => {
    const limits: unknown[] = [];
    const call = async (given: unknown) => {
      limits.push(given);
      return { content: [{ type: 'text', text: 'Sunny' }] };
    };
    for (const scale of [1, 0.1]) {
      const w = await connected(call, scale);
      w.server.callTimeoutMs = 30_000;
      w.server.maxCallTimeoutMs = 120_000;
      await w.calls.run(w.tool, w.server, {});
    }
    expect(limits).toEqual([
      { timeoutMs: 30_000, maxTimeoutMs: 120_000 },
      { timeoutMs: 3_000, maxTimeoutMs: 12_000 },
    ]);
  });

  it('a server refusing the authorization is a network-error saying so; a removed server is not available', async () => {
    const w = await connected(() => Promise.reject(new McpUnavailableError('401 Unauthorized', 'unauthorized')));
    const refused = await w.calls.run(w.tool, w.server, {});
    expect(refused).toMatchObject({
      ok: false,
      outcome: 'network-error',
      output: { error: expect.stringContaining('refused the authorization') },
    });
    expect(await w.calls.run(w.tool, null, {})).toMatchObject({ ok: false, outcome: 'mapping-error' });
  });

  it("a call cut by Plática's time limit reads as a time-out, not as an error the server answered", async () => {
    const w = await connected(() => Promise.reject(new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: 30_000 })));
    expect(await w.calls.run(w.tool, w.server, {})).toMatchObject({
      ok: false,
      outcome: 'network-error',
      output: { error: expect.stringMatching(/^the MCP tool did not answer within 30000 ms \(Plática's time limit/) },
    });
    const answered = await connected(() => Promise.reject(new McpError(ErrorCode.InternalError, 'the ledger is locked')));
    expect(await answered.calls.run(answered.tool, answered.server, {})).toMatchObject({
      outcome: 'http-error',
      output: { error: 'the MCP server answered an error: MCP error -32603: the ledger is locked' },
    });
  });
});
