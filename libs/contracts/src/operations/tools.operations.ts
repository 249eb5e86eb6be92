import { defineOperation, type HttpMethod } from '../operation';

/** The tools service's public operations (spec › Tools). Not built yet: they answer 501. */
const TOOLS = 'tools (catalog, custom APIs, MCP servers)';

function pendingTool(operationId: string, method: HttpMethod, path: string, subject: string, summary: string) {
  const read = method === 'GET';
  return defineOperation({
    operationId,
    method,
    path,
    subject,
    summary,
    tag: path.startsWith('/v1/agents') ? 'agent tools' : 'tools',
    scope: read ? 'read' : 'write',
    // Spec, Endpoints › General rules: tool operations need `?workspace=` for multi-workspace credentials.
    workspace: read && path.startsWith('/v1/agents') ? 'all' : 'one',
    pending: TOOLS,
    responses: {},
  });
}

export const toolOperations = {
  agentToolsList: pendingTool(
    'agents_tools_list',
    'GET',
    '/v1/agents/{agentId}/tools',
    'tools.agentTools.list',
    "An agent's tool connections",
  ),
  agentToolsAvailable: pendingTool(
    'agents_tools_available',
    'GET',
    '/v1/agents/{agentId}/tools/available',
    'tools.agentTools.available',
    'The catalog, flagged with what the agent has connected',
  ),
  agentToolsConnect: pendingTool(
    'agents_tools_connect',
    'POST',
    '/v1/agents/{agentId}/tools',
    'tools.agentTools.connect',
    'Connect a catalog tool to an agent',
  ),
  agentToolsUpdate: pendingTool(
    'agents_tools_update',
    'PATCH',
    '/v1/agents/{agentId}/tools/{toolId}',
    'tools.agentTools.update',
    "Activate or deactivate an agent's tool connection",
  ),
  agentToolsDisconnect: pendingTool(
    'agents_tools_disconnect',
    'DELETE',
    '/v1/agents/{agentId}/tools/{toolId}',
    'tools.agentTools.disconnect',
    'Disconnect a tool from an agent (the tool stays)',
  ),
  catalogList: pendingTool('tools_list', 'GET', '/v1/tools', 'tools.catalog.list', "The workspace's tool catalog"),
  catalogGet: pendingTool('tools_get', 'GET', '/v1/tools/{toolId}', 'tools.catalog.get', 'Get a catalog tool'),
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
  apisList: pendingTool('tools_apis_list', 'GET', '/v1/tools/apis', 'tools.apis.list', 'Custom APIs'),
  apisCreate: pendingTool('tools_apis_create', 'POST', '/v1/tools/apis', 'tools.apis.create', 'Create a custom API (draft)'),
  apisGet: pendingTool('tools_apis_get', 'GET', '/v1/tools/apis/{integrationId}', 'tools.apis.get', 'Get a custom API'),
  apisUpdate: pendingTool('tools_apis_update', 'PATCH', '/v1/tools/apis/{integrationId}', 'tools.apis.update', 'Update a custom API'),
  apisTest: pendingTool(
    'tools_apis_test',
    'POST',
    '/v1/tools/apis/{integrationId}/test',
    'tools.apis.test',
    'Test a custom API (dry run or real call)',
  ),
  apisEnable: pendingTool(
    'tools_apis_enable',
    'POST',
    '/v1/tools/apis/{integrationId}/enable',
    'tools.apis.enable',
    'Enable and publish a custom API',
  ),
  apisPause: pendingTool(
    'tools_apis_pause',
    'POST',
    '/v1/tools/apis/{integrationId}/pause',
    'tools.apis.pause',
    'Withdraw a custom API from the catalog',
  ),
  apisDelete: pendingTool(
    'tools_apis_delete',
    'DELETE',
    '/v1/tools/apis/{integrationId}',
    'tools.apis.delete',
    'Delete a custom API and its connections',
  ),
};
