import { z } from 'zod';
import { defineOperation, errorBodySchema, successEnvelope, type HttpMethod } from '../operation';
import {
  TEST_OUTCOMES,
  TOOL_KINDS,
  ToolSubjects,
  catalogQuerySchema,
  connectToolSchema,
  createCustomApiSchema,
  testCustomApiSchema,
  updateConnectionSchema,
  updateCustomApiSchema,
} from '../tools';

/** The tools service's public operations (spec › Tools). MCP servers are not built yet: they answer 501. */
const MCP = 'MCP servers';

function pendingTool(operationId: string, method: HttpMethod, path: string, subject: string, summary: string) {
  const read = method === 'GET';
  return defineOperation({
    operationId,
    method,
    path,
    subject,
    summary,
    tag: 'tools',
    scope: read ? 'read' : 'write',
    workspace: 'one',
    pending: MCP,
    responses: {},
  });
}

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
    subject: ToolSubjects.agentToolsList,
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
    subject: ToolSubjects.agentToolsAvailable,
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
    subject: ToolSubjects.agentToolsConnect,
    summary: 'Connect a published catalog tool to an agent',
    body: connectToolSchema,
    responses: { 201: successEnvelope(toolConnectionSchema), ...errors, 409: errorBodySchema },
  }),
  agentToolsUpdate: toolOperation({
    operationId: 'agents_tools_update',
    method: 'PATCH',
    path: '/v1/agents/{agentId}/tools/{toolId}',
    subject: ToolSubjects.agentToolsUpdate,
    summary: "Activate or deactivate an agent's tool connection",
    body: updateConnectionSchema,
    responses: { 200: successEnvelope(toolConnectionSchema), ...errors },
  }),
  agentToolsDisconnect: toolOperation({
    operationId: 'agents_tools_disconnect',
    method: 'DELETE',
    path: '/v1/agents/{agentId}/tools/{toolId}',
    subject: ToolSubjects.agentToolsDisconnect,
    summary: 'Disconnect a tool from an agent (the tool stays)',
    responses: { 200: successEnvelope(z.object({ agentId: z.string(), toolId: z.string() })), 404: errorBodySchema },
  }),
  catalogList: toolOperation({
    operationId: 'tools_list',
    method: 'GET',
    path: '/v1/tools',
    subject: ToolSubjects.catalogList,
    summary: "The workspace's tool catalog, most recently updated first",
    query: catalogQuerySchema,
    responses: { 200: z.object({ count: z.number().int(), tools: z.array(catalogToolSchema) }), 400: errorBodySchema },
  }),
  catalogGet: toolOperation({
    operationId: 'tools_get',
    method: 'GET',
    path: '/v1/tools/{toolId}',
    subject: ToolSubjects.catalogGet,
    summary: 'Get a catalog tool',
    responses: { 200: catalogToolSchema, 404: errorBodySchema },
  }),
  mcpPreview: pendingTool(
    'tools_mcp_preview',
    'POST',
    '/v1/tools/mcp/preview',
    'tools.mcp.preview',
    'What an MCP server exposes (nothing saved)',
  ),
  mcpList: pendingTool('tools_mcp_list', 'GET', '/v1/tools/mcp', 'tools.mcp.list', 'Connected MCP servers'),
  mcpConnect: pendingTool('tools_mcp_connect', 'POST', '/v1/tools/mcp', 'tools.mcp.connect', 'Connect an MCP server'),
  mcpGet: pendingTool('tools_mcp_get', 'GET', '/v1/tools/mcp/{mcpId}', 'tools.mcp.get', 'Get an MCP server with its tools'),
  mcpOauthStart: pendingTool(
    'tools_mcp_oauth_start',
    'POST',
    '/v1/tools/mcp/{mcpId}/oauth/start',
    'tools.mcp.oauthStart',
    'Start authorizing an MCP server that requires OAuth',
  ),
  mcpRefresh: pendingTool(
    'tools_mcp_refresh',
    'POST',
    '/v1/tools/mcp/{mcpId}/refresh',
    'tools.mcp.refresh',
    "Re-discover an MCP server's tools",
  ),
  mcpSync: pendingTool(
    'tools_mcp_sync',
    'POST',
    '/v1/tools/mcp/{mcpId}/tools/sync',
    'tools.mcp.sync',
    'Choose which discovered tools stay installed',
  ),
  mcpDisconnect: pendingTool('tools_mcp_disconnect', 'DELETE', '/v1/tools/mcp/{mcpId}', 'tools.mcp.disconnect', 'Disconnect an MCP server'),
  apisList: toolOperation({
    operationId: 'tools_apis_list',
    method: 'GET',
    path: '/v1/tools/apis',
    subject: ToolSubjects.apisList,
    summary: 'Custom APIs',
    responses: { 200: z.object({ count: z.number().int(), apis: z.array(customApiListItem) }) },
  }),
  apisCreate: toolOperation({
    operationId: 'tools_apis_create',
    method: 'POST',
    path: '/v1/tools/apis',
    subject: ToolSubjects.apisCreate,
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
    subject: ToolSubjects.apisGet,
    summary: 'Get a custom API (write-only values redacted)',
    responses: { 200: customApiSchema, 404: errorBodySchema },
  }),
  apisUpdate: toolOperation({
    operationId: 'tools_apis_update',
    method: 'PATCH',
    path: '/v1/tools/apis/{integrationId}',
    subject: ToolSubjects.apisUpdate,
    summary: 'Update a custom API ([REDACTED] keeps a stored secret; expectedVersion for optimistic concurrency)',
    body: updateCustomApiSchema,
    responses: { 200: successEnvelope(z.object({ id: z.string(), version: z.number().int() })), ...errors, 409: errorBodySchema },
  }),
  apisTest: toolOperation({
    operationId: 'tools_apis_test',
    method: 'POST',
    path: '/v1/tools/apis/{integrationId}/test',
    subject: ToolSubjects.apisTest,
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
    subject: ToolSubjects.apisEnable,
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
    subject: ToolSubjects.apisPause,
    summary: 'Withdraw a custom API from the catalog (configuration and connections kept)',
    responses: { 200: successEnvelope(z.object({ id: z.string(), status: customApiStatus })), 404: errorBodySchema, 409: errorBodySchema },
  }),
  apisDelete: toolOperation({
    operationId: 'tools_apis_delete',
    method: 'DELETE',
    path: '/v1/tools/apis/{integrationId}',
    subject: ToolSubjects.apisDelete,
    summary: 'Delete a custom API, its catalog entry and its agent connections',
    responses: { 200: successEnvelope(z.object({ id: z.string(), removedAgentConnections: z.number().int() })), 404: errorBodySchema },
  }),
};
