import { z } from 'zod';
import { defineOperation, errorBodySchema, successEnvelope } from '../operation';
import {
  MCP_STATUSES,
  TEST_OUTCOMES,
  TOOL_KINDS,
  catalogQuerySchema,
  connectMcpSchema,
  connectToolSchema,
  previewMcpSchema,
  syncMcpToolsSchema,
  createCustomApiSchema,
  testCustomApiSchema,
  updateConnectionSchema,
  updateCustomApiSchema,
} from '../tools';

/** A catalog tool (spec › Catalog tool). */
export const catalogToolSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    kind: z.enum(TOOL_KINDS),
    parameters: z.record(z.string(), z.unknown()),
    status: z.string(),
    mcpId: z.string().nullable(),
    mcpToolName: z.string().nullable(),
    integrationId: z.string().nullable(),
    installationId: z.string().nullable(),
    providerId: z.string().nullable(),
    providerToolName: z.string().nullable(),
    createdAt: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'CatalogTool' });

/** An agent's connection to a catalog tool (ARCHITECTURE.md › agent tool connections). */
export const toolConnectionSchema = z
  .object({
    toolId: z.string(),
    name: z.string(),
    kind: z.enum(TOOL_KINDS),
    description: z.string(),
    connectionStatus: z.enum(['active', 'inactive']),
    toolStatus: z.string(),
    connectedAt: z.string(),
  })
  .meta({ id: 'ToolConnection' });

const customApiStatus = z.enum(['draft', 'enabled', 'paused']);

/** A custom API as read (write-only values `[REDACTED]`). */
export const customApiSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    toolName: z.string(),
    description: z.string(),
    status: customApiStatus,
    request: z.record(z.string(), z.unknown()),
    variables: z.array(z.record(z.string(), z.unknown())),
    version: z.number().int(),
    enabledFunctionRef: z.string().nullable(),
    secretsRedacted: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CustomApi' });

const customApiListItem = z.object({
  id: z.string(),
  name: z.string(),
  toolName: z.string(),
  description: z.string(),
  status: customApiStatus,
  method: z.string(),
  url: z.string(),
  variableCount: z.number().int(),
  lastTestOutcome: z.enum(TEST_OUTCOMES).nullable(),
  lastTestAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const testResult = z.looseObject({
  outcome: z.enum(TEST_OUTCOMES),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number(),
  request: z.looseObject({ method: z.string(), url: z.string() }),
  response: z.unknown(),
});

const errors = { 400: errorBodySchema, 404: errorBodySchema };

/** A tool an MCP server lists (preview), as it lists it. */
const mcpDiscoveredTool = z.looseObject({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});

/** An MCP server (spec › MCP server resource; write-only header values and credentials never shown). */
export const mcpServerSchema = z
  .looseObject({
    mcpId: z.string(),
    status: z.enum(MCP_STATUSES),
    name: z.string(),
    url: z.string(),
    transport: z.enum(['streamable-http', 'sse']).nullable(),
    protocolVersion: z.string().nullable(),
    serverInfo: z.looseObject({ name: z.string(), version: z.string() }).nullable(),
    headers: z.array(z.string()),
    auth: z.enum(['none', 'bearer', 'oauth']),
    lastError: z.string().nullable(),
    lastRefreshAt: z.string().nullable(),
    toolCount: z.number().int(),
    installedCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'McpServer' });

/** One tool of an MCP server: discovered on the server, installed in the catalog or not. */
const mcpServerTool = z.object({
  mcpToolName: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  installed: z.boolean(),
  toolId: z.string().nullable(),
  name: z.string().nullable(),
});

const mcpServerWithTools = mcpServerSchema.extend({ tools: z.array(mcpServerTool) });

function toolOperation<const O extends Omit<Parameters<typeof defineOperation>[0], 'scope' | 'workspace' | 'tag'>>(operation: O) {
  const read = operation.method === 'GET';
  return defineOperation({
    ...operation,
    tag: operation.path.startsWith('/v1/agents') ? 'agent tools' : 'tools',
    scope: read ? 'read' : 'write',
    // Spec, Endpoints › General rules: tool operations need `?workspace=` for multi-workspace credentials.
    workspace: read && operation.path.startsWith('/v1/agents') ? 'all' : 'one',
  } as O & { tag: string; scope: 'read' | 'write'; workspace: 'all' | 'one' });
}

export const toolOperations = {
  agentToolsList: toolOperation({
    operationId: 'agents_tools_list',
    method: 'GET',
    path: '/v1/agents/{agentId}/tools',
    subject: 'tools.agentTools.list',
    summary: "An agent's tool connections",
    responses: {
      200: z.object({ agentId: z.string(), count: z.number().int(), tools: z.array(toolConnectionSchema) }),
      404: errorBodySchema,
    },
  }),
  agentToolsAvailable: toolOperation({
    operationId: 'agents_tools_available',
    method: 'GET',
    path: '/v1/agents/{agentId}/tools/available',
    subject: 'tools.agentTools.available',
    summary: 'The catalog, flagged with what the agent has connected',
    responses: {
      200: z.object({
        agentId: z.string(),
        count: z.number().int(),
        tools: z.array(
          catalogToolSchema.extend({ isAlreadyConnected: z.boolean(), connectionStatus: z.enum(['active', 'inactive']).nullable() }),
        ),
      }),
      404: errorBodySchema,
    },
  }),
  agentToolsConnect: toolOperation({
    operationId: 'agents_tools_connect',
    method: 'POST',
    path: '/v1/agents/{agentId}/tools',
    subject: 'tools.agentTools.connect',
    summary: 'Connect a published catalog tool to an agent',
    body: connectToolSchema,
    responses: { 201: successEnvelope(toolConnectionSchema), ...errors, 409: errorBodySchema },
  }),
  agentToolsUpdate: toolOperation({
    operationId: 'agents_tools_update',
    method: 'PATCH',
    path: '/v1/agents/{agentId}/tools/{toolId}',
    subject: 'tools.agentTools.update',
    summary: "Activate or deactivate an agent's tool connection",
    body: updateConnectionSchema,
    responses: { 200: successEnvelope(toolConnectionSchema), ...errors },
  }),
  agentToolsDisconnect: toolOperation({
    operationId: 'agents_tools_disconnect',
    method: 'DELETE',
    path: '/v1/agents/{agentId}/tools/{toolId}',
    subject: 'tools.agentTools.disconnect',
    summary: 'Disconnect a tool from an agent (the tool stays)',
    responses: { 200: successEnvelope(z.object({ agentId: z.string(), toolId: z.string() })), 404: errorBodySchema },
  }),
  catalogList: toolOperation({
    operationId: 'tools_list',
    method: 'GET',
    path: '/v1/tools',
    subject: 'tools.catalog.list',
    summary: "The workspace's tool catalog, most recently updated first",
    query: catalogQuerySchema,
    responses: { 200: z.object({ count: z.number().int(), tools: z.array(catalogToolSchema) }), 400: errorBodySchema },
  }),
  catalogGet: toolOperation({
    operationId: 'tools_get',
    method: 'GET',
    path: '/v1/tools/{toolId}',
    subject: 'tools.catalog.get',
    summary: 'Get a catalog tool',
    responses: { 200: catalogToolSchema, 404: errorBodySchema },
  }),
  mcpPreview: toolOperation({
    operationId: 'tools_mcp_preview',
    method: 'POST',
    path: '/v1/tools/mcp/preview',
    subject: 'tools.mcp.preview',
    summary: 'What an MCP server exposes (nothing saved)',
    body: previewMcpSchema,
    timeoutMs: 60_000,
    responses: {
      200: z.object({
        url: z.string(),
        transport: z.enum(['streamable-http', 'sse']),
        protocolVersion: z.string().nullable(),
        serverInfo: z.looseObject({ name: z.string(), version: z.string() }).nullable(),
        count: z.number().int(),
        tools: z.array(mcpDiscoveredTool),
      }),
      400: errorBodySchema,
      422: errorBodySchema,
    },
  }),
  mcpList: toolOperation({
    operationId: 'tools_mcp_list',
    method: 'GET',
    path: '/v1/tools/mcp',
    subject: 'tools.mcp.list',
    summary: 'Connected MCP servers',
    responses: { 200: z.object({ count: z.number().int(), servers: z.array(mcpServerSchema) }) },
  }),
  mcpConnect: toolOperation({
    operationId: 'tools_mcp_connect',
    method: 'POST',
    path: '/v1/tools/mcp',
    subject: 'tools.mcp.connect',
    summary: 'Connect an MCP server and install its tools in the catalog',
    body: connectMcpSchema,
    timeoutMs: 60_000,
    responses: { 201: successEnvelope(mcpServerWithTools), 400: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema },
  }),
  mcpGet: toolOperation({
    operationId: 'tools_mcp_get',
    method: 'GET',
    path: '/v1/tools/mcp/{mcpId}',
    subject: 'tools.mcp.get',
    summary: 'Get an MCP server with its tools',
    responses: { 200: mcpServerWithTools, 404: errorBodySchema },
  }),
  mcpOauthStart: toolOperation({
    operationId: 'tools_mcp_oauth_start',
    method: 'POST',
    path: '/v1/tools/mcp/{mcpId}/oauth/start',
    subject: 'tools.mcp.oauthStart',
    summary: 'Start (or restart) OAuth authorization of an MCP server: open authorizationUrl in a browser',
    timeoutMs: 60_000,
    responses: {
      200: z.object({ mcpId: z.string(), authorizationUrl: z.string(), redirectUri: z.string() }),
      404: errorBodySchema,
      409: errorBodySchema,
      422: errorBodySchema,
    },
  }),
  mcpRefresh: toolOperation({
    operationId: 'tools_mcp_refresh',
    method: 'POST',
    path: '/v1/tools/mcp/{mcpId}/refresh',
    subject: 'tools.mcp.refresh',
    summary: "Re-discover an MCP server's tools: new ones installed, changed schemas updated, vanished ones removed",
    timeoutMs: 60_000,
    responses: {
      200: successEnvelope(
        mcpServerWithTools.extend({ added: z.array(z.string()), updated: z.array(z.string()), removed: z.array(z.string()) }),
      ),
      404: errorBodySchema,
      409: errorBodySchema,
      422: errorBodySchema,
    },
  }),
  mcpSync: toolOperation({
    operationId: 'tools_mcp_sync',
    method: 'POST',
    path: '/v1/tools/mcp/{mcpId}/tools/sync',
    subject: 'tools.mcp.sync',
    summary: 'Choose which discovered tools stay installed (by mcpToolName)',
    body: syncMcpToolsSchema,
    responses: {
      200: successEnvelope(
        mcpServerWithTools.extend({
          installed: z.array(z.string()),
          uninstalled: z.array(z.string()),
          removedAgentConnections: z.number().int(),
        }),
      ),
      ...errors,
      409: errorBodySchema,
    },
  }),
  mcpDisconnect: toolOperation({
    operationId: 'tools_mcp_disconnect',
    method: 'DELETE',
    path: '/v1/tools/mcp/{mcpId}',
    subject: 'tools.mcp.disconnect',
    summary: 'Disconnect an MCP server: its catalog tools and their agent connections are removed',
    responses: {
      200: successEnvelope(z.object({ mcpId: z.string(), removedTools: z.number().int(), removedAgentConnections: z.number().int() })),
      404: errorBodySchema,
    },
  }),
  apisList: toolOperation({
    operationId: 'tools_apis_list',
    method: 'GET',
    path: '/v1/tools/apis',
    subject: 'tools.apis.list',
    summary: 'Custom APIs',
    responses: { 200: z.object({ count: z.number().int(), apis: z.array(customApiListItem) }) },
  }),
  apisCreate: toolOperation({
    operationId: 'tools_apis_create',
    method: 'POST',
    path: '/v1/tools/apis',
    subject: 'tools.apis.create',
    summary: 'Create a custom API (draft)',
    body: createCustomApiSchema,
    responses: {
      201: successEnvelope(z.object({ id: z.string(), name: z.string(), toolName: z.string(), status: z.literal('draft') })),
      400: errorBodySchema,
      409: errorBodySchema,
    },
  }),
  apisGet: toolOperation({
    operationId: 'tools_apis_get',
    method: 'GET',
    path: '/v1/tools/apis/{integrationId}',
    subject: 'tools.apis.get',
    summary: 'Get a custom API (write-only values redacted)',
    responses: { 200: customApiSchema, 404: errorBodySchema },
  }),
  apisUpdate: toolOperation({
    operationId: 'tools_apis_update',
    method: 'PATCH',
    path: '/v1/tools/apis/{integrationId}',
    subject: 'tools.apis.update',
    summary: 'Update a custom API ([REDACTED] keeps a stored secret; expectedVersion for optimistic concurrency)',
    body: updateCustomApiSchema,
    responses: { 200: successEnvelope(z.object({ id: z.string(), version: z.number().int() })), ...errors, 409: errorBodySchema },
  }),
  apisTest: toolOperation({
    operationId: 'tools_apis_test',
    method: 'POST',
    path: '/v1/tools/apis/{integrationId}/test',
    subject: 'tools.apis.test',
    summary: 'Test a custom API (dry run or real call); a remote failure is an outcome, not an error',
    body: testCustomApiSchema,
    // A real test waits for the remote API (timeoutMs up to 60 s, plus a periodicAuth token).
    timeoutMs: 130_000,
    responses: { 200: successEnvelope(testResult), ...errors },
  }),
  apisEnable: toolOperation({
    operationId: 'tools_apis_enable',
    method: 'POST',
    path: '/v1/tools/apis/{integrationId}/enable',
    subject: 'tools.apis.enable',
    summary: 'Enable and publish a custom API (or re-sync it)',
    responses: {
      200: successEnvelope(z.object({ id: z.string(), toolId: z.string(), status: z.literal('enabled') })),
      ...errors,
      409: errorBodySchema,
    },
  }),
  apisPause: toolOperation({
    operationId: 'tools_apis_pause',
    method: 'POST',
    path: '/v1/tools/apis/{integrationId}/pause',
    subject: 'tools.apis.pause',
    summary: 'Withdraw a custom API from the catalog (configuration and connections kept)',
    responses: { 200: successEnvelope(z.object({ id: z.string(), status: customApiStatus })), 404: errorBodySchema, 409: errorBodySchema },
  }),
  apisDelete: toolOperation({
    operationId: 'tools_apis_delete',
    method: 'DELETE',
    path: '/v1/tools/apis/{integrationId}',
    subject: 'tools.apis.delete',
    summary: 'Delete a custom API, its catalog entry and its agent connections',
    responses: { 200: successEnvelope(z.object({ id: z.string(), removedAgentConnections: z.number().int() })), 404: errorBodySchema },
  }),
};
