import { internalOperations, type toolOperations as ops, type Operation, type OperationRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import type { Transaction } from '@platica/platform';
import { fake, FakeUnitOfWork, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import type { AgentToolConnection, CatalogTool } from './catalog-tool.entity';
import { CatalogRepository, PUBLISHED, WITHDRAWN, type CatalogFilter } from './catalog.repository';
import { CatalogService } from './catalog.service';

const auth = testAuth();

const CREATED = new Date('2026-11-01T00:00:00Z');

function tool(fields: Partial<CatalogTool> & Pick<CatalogTool, 'id' | 'workspaceId' | 'kind'>): CatalogTool {
  return {
    name: fields.id.replace(/^tool_/, ''),
    description: `The ${fields.id}`,
    parameters: { type: 'object' },
    status: PUBLISHED,
    mcpId: null,
    mcpToolName: null,
    integrationId: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...fields,
  } as CatalogTool;
}

const weather = tool({ id: 'tool_forecast', workspaceId: 'ws_1', kind: 'mcp', mcpId: 'mcp_1', mcpToolName: 'forecast' });
const crm = tool({ id: 'api_crm', workspaceId: 'ws_1', kind: 'api', name: 'api_crm' });
const paused = tool({ id: 'api_paused', workspaceId: 'ws_1', kind: 'api', status: WITHDRAWN });
const elsewhere = tool({ id: 'tool_other', workspaceId: 'ws_2', kind: 'mcp', mcpId: 'mcp_2', mcpToolName: 'other' });

/** Agents by workspace (the agents service's answer), the catalog and its connections in memory. */
function world(agents: Record<string, string[]> = { ws_1: ['agt_1'], ws_2: ['agt_2'] }) {
  const tools = [weather, crm, paused, elsewhere];
  const connections: AgentToolConnection[] = [
    {
      workspaceId: 'ws_1',
      agentId: 'agt_1',
      toolId: crm.id,
      status: 'active',
      connectedAt: CREATED,
      updatedAt: CREATED,
    } as AgentToolConnection,
    {
      workspaceId: 'ws_1',
      agentId: 'agt_1',
      toolId: paused.id,
      status: 'active',
      connectedAt: CREATED,
      updatedAt: CREATED,
    } as AgentToolConnection,
  ];
  const unitOfWork = new FakeUnitOfWork();
  const published = async (workspaceId: string, filter: CatalogFilter = {}) =>
    tools.filter(
      (t) =>
        t.workspaceId === workspaceId &&
        t.status === PUBLISHED &&
        (filter.kind === undefined || t.kind === filter.kind) &&
        (filter.mcpId === undefined || t.mcpId === filter.mcpId),
    );
  const built = newTestService(
    CatalogService,
    unitOfWork,
    fake(CatalogRepository, {
      published,
      findPublished: async (workspaceIds, id) =>
        tools.find((t) => t.id === id && workspaceIds.includes(t.workspaceId) && t.status === PUBLISHED) ?? null,
      find: async (workspaceId, id) => tools.find((t) => t.id === id && t.workspaceId === workspaceId) ?? null,
      toolsByIds: async (workspaceId, ids) => tools.filter((t) => t.workspaceId === workspaceId && ids.includes(t.id)),
      mcpServerSummaries: async (workspaceId, ids) =>
        [
          { id: 'mcp_1', workspaceId: 'ws_1', name: 'Weather', status: 'connected' },
          { id: 'mcp_2', workspaceId: 'ws_2', name: 'Other', status: 'error' },
        ].filter((s) => s.workspaceId === workspaceId && ids.includes(s.id)),
      connections: async (workspaceId, agentId) => connections.filter((c) => c.workspaceId === workspaceId && c.agentId === agentId),
      connection: async (workspaceId, agentId, toolId) =>
        connections.find((c) => c.workspaceId === workspaceId && c.agentId === agentId && c.toolId === toolId) ?? null,
      createConnection: (transaction: Transaction, fields) => {
        const connection = { ...fields, connectedAt: new Date('2026-11-20T12:00:00Z'), updatedAt: new Date() } as AgentToolConnection;
        unitOfWork.stage(transaction, () => connections.push(connection));
        return connection;
      },
      removeConnection: (transaction: Transaction, connection) =>
        unitOfWork.stage(transaction, () => connections.splice(connections.indexOf(connection), 1)),
    }),
  );
  built.rpc.answer(internalOperations.agents.describe.subject, (body, envelope) => {
    const { agentId } = body as { agentId: string };
    const workspaceId = (envelope as { workspaceId: string }).workspaceId;
    if (!agents[workspaceId]?.includes(agentId)) throw DomainError.notFound('Agent', agentId);
    return { id: agentId, status: 'active' };
  });
  return { ...built, connections };
}

function request<Op extends Operation = Operation>(fields: {
  workspaceId?: string;
  params?: object;
  query?: object;
  body?: unknown;
}): OperationRequest<Op> {
  return { auth, params: {}, query: {}, body: undefined, requestId: 'req_1', ...fields } as unknown as OperationRequest<Op>;
}

describe('CatalogService, the workspace catalog', () => {
  it("lists the published tools of every workspace in scope, naming each MCP tool's server and its status", async () => {
    const { service } = world();
    const answer = await service.list(request<typeof ops.catalogList>({}));
    expect(answer.count).toBe(3);
    expect(answer.tools.map((t) => [t.id, t.mcpName, t.mcpStatus])).toEqual([
      ['tool_forecast', 'Weather', 'connected'],
      ['api_crm', null, null],
      ['tool_other', 'Other', 'error'],
    ]);
  });

  it('shows a custom API as an enabled integration named without its prefix, and an MCP tool without integration fields', async () => {
    const { service } = world();
    const { tools } = await service.list(request<typeof ops.catalogList>({ workspaceId: 'ws_1' }));
    expect(tools.find((t) => t.id === 'api_crm')).toMatchObject({
      kind: 'api',
      integrationId: 'api_crm',
      integrationName: 'crm',
      integrationStatus: 'enabled',
      mcpId: null,
      mcpName: null,
    });
    expect(tools.find((t) => t.id === 'tool_forecast')).toMatchObject({
      mcpId: 'mcp_1',
      mcpToolName: 'forecast',
      integrationId: null,
      integrationName: null,
      createdAt: CREATED.toISOString(),
    });
  });

  it('filters by kind within the request workspace', async () => {
    const { service } = world();
    const answer = await service.list(request<typeof ops.catalogList>({ workspaceId: 'ws_1', query: { kind: 'mcp' } }));
    expect(answer.tools.map((t) => t.id)).toEqual(['tool_forecast']);
  });

  it('gets a published tool of the scope; a withdrawn one or another workspace’s is a 404', async () => {
    const { service } = world();
    expect((await service.get(request<typeof ops.catalogGet>({ params: { toolId: 'tool_forecast' } }))).mcpName).toBe('Weather');
    for (const [toolId, workspaceId] of [
      ['api_paused', undefined],
      ['tool_other', 'ws_1'],
    ] as const) {
      const error = await refusal(service.get(request<typeof ops.catalogGet>({ workspaceId, params: { toolId } })));
      expect([error.code, error.details]).toEqual([ErrorCode.NotFound, { id: toolId }]);
    }
  });
});

describe("CatalogService, an agent's connections", () => {
  it("lists the agent's connections with each tool's own status, a withdrawn tool's included", async () => {
    const { service } = world();
    const answer = await service.connections(request<typeof ops.agentToolsList>({ params: { agentId: 'agt_1' } }));
    expect(answer).toEqual({
      agentId: 'agt_1',
      count: 2,
      tools: [
        expect.objectContaining({
          toolId: 'api_crm',
          connectionStatus: 'active',
          toolStatus: PUBLISHED,
          connectedAt: CREATED.toISOString(),
        }),
        expect.objectContaining({ toolId: 'api_paused', connectionStatus: 'active', toolStatus: WITHDRAWN }),
      ],
    });
  });

  it('finds the agent in whichever workspace of the scope has it, and answers 404 when none does', async () => {
    const { service } = world({ ws_2: ['agt_1'] });
    const answer = await service.connections(request<typeof ops.agentToolsList>({ params: { agentId: 'agt_1' } }));
    expect(answer).toEqual({ agentId: 'agt_1', count: 0, tools: [] });
    const error = await refusal(service.connections(request<typeof ops.agentToolsList>({ params: { agentId: 'agt_9' } })));
    expect([error.code, error.message]).toEqual([ErrorCode.NotFound, 'Agent not found']);
  });

  it('passes on a failure of the agents service other than 404', async () => {
    const { service, rpc } = world();
    rpc.answer(internalOperations.agents.describe.subject, () => {
      throw new DomainError(ErrorCode.Unavailable, 'agents is down');
    });
    const error = await refusal(service.connections(request<typeof ops.agentToolsList>({ params: { agentId: 'agt_1' } })));
    expect(error.code).toBe(ErrorCode.Unavailable);
  });

  it('offers every published tool of the workspace, marking those already connected', async () => {
    const { service } = world();
    const answer = await service.available(request<typeof ops.agentToolsAvailable>({ params: { agentId: 'agt_1' } }));
    expect(answer.tools.map((t) => [t.id, t.isAlreadyConnected, t.connectionStatus])).toEqual([
      ['tool_forecast', false, null],
      ['api_crm', true, 'active'],
    ]);
  });

  it('connects a published tool to the agent (201)', async () => {
    const { service, connections } = world();
    const reply = await service.connect(
      request<typeof ops.agentToolsConnect>({
        workspaceId: 'ws_1',
        params: { agentId: 'agt_1' },
        body: { toolId: 'tool_forecast', status: 'inactive' },
      }),
    );
    expect(reply).toMatchObject({
      status: 201,
      body: { status: 'success', message: 'Tool connected', data: { toolId: 'tool_forecast', connectionStatus: 'inactive', kind: 'mcp' } },
    });
    expect(connections.map((c) => [c.toolId, c.status])).toContainEqual(['tool_forecast', 'inactive']);
  });

  it('refuses to connect a tool twice (409), or one that is withdrawn (404), writing nothing', async () => {
    const { service, connections } = world();
    const connect = (toolId: string) =>
      service.connect(request<typeof ops.agentToolsConnect>({ workspaceId: 'ws_1', params: { agentId: 'agt_1' }, body: { toolId } }));
    const twice = await refusal(connect('api_crm'));
    expect([twice.code, twice.details]).toEqual([ErrorCode.Conflict, { agentId: 'agt_1', toolId: 'api_crm' }]);
    const withdrawn = await refusal(connect('tool_other'));
    expect([withdrawn.code, withdrawn.details]).toEqual([ErrorCode.NotFound, { id: 'tool_other' }]);
    expect(connections).toHaveLength(2);
  });

  it('refuses to connect to an agent of another workspace than the one written to', async () => {
    const { service } = world();
    const error = await refusal(
      service.connect(
        request<typeof ops.agentToolsConnect>({ workspaceId: 'ws_1', params: { agentId: 'agt_2' }, body: { toolId: 'api_crm' } }),
      ),
    );
    expect([error.code, error.message]).toEqual([ErrorCode.NotFound, 'Agent not found']);
  });

  it('deactivates a connection and says so; an unknown connection is a 404', async () => {
    const { service, connections } = world();
    const update = (toolId: string, status: 'active' | 'inactive') =>
      service.update(request<typeof ops.agentToolsUpdate>({ workspaceId: 'ws_1', params: { agentId: 'agt_1', toolId }, body: { status } }));
    const answer = await update('api_crm', 'inactive');
    expect(answer).toMatchObject({ message: 'Tool connection deactivated', data: { toolId: 'api_crm', connectionStatus: 'inactive' } });
    expect(connections.find((c) => c.toolId === 'api_crm')!.status).toBe('inactive');
    expect((await update('api_crm', 'active')).message).toBe('Tool connection activated');
    const error = await refusal(update('tool_forecast', 'inactive'));
    expect([error.code, error.message]).toEqual([ErrorCode.NotFound, 'Tool connection not found']);
  });

  it('disconnects a tool, which stays in the catalog; disconnecting again is a 404', async () => {
    const { service, connections } = world();
    const disconnect = () =>
      service.disconnect(
        request<typeof ops.agentToolsDisconnect>({ workspaceId: 'ws_1', params: { agentId: 'agt_1', toolId: 'api_crm' } }),
      );
    expect(await disconnect()).toEqual({
      status: 'success',
      message: 'Tool disconnected; it stays in the workspace',
      data: { agentId: 'agt_1', toolId: 'api_crm' },
    });
    expect(connections.map((c) => c.toolId)).toEqual(['api_paused']);
    expect((await refusal(disconnect())).code).toBe(ErrorCode.NotFound);
  });
});
