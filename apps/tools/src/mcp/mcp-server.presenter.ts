import type { CatalogTool } from '../catalog/catalog-tool.entity';
import { installable, TASK_REQUIRED_REASON } from './mcp-naming';
import type { McpServer } from './mcp-server.entity';

/** An MCP server as the API shows it, with its discovered tools and which of them are installed. */
export function presentMcpServer(server: McpServer, installed: CatalogTool[]) {
  const entries = new Map(installed.map((entry) => [entry.mcpToolName!, entry]));
  return {
    mcpId: server.id,
    status: server.status,
    name: server.name,
    url: server.url,
    transport: server.transport ?? null,
    protocolVersion: server.protocolVersion ?? null,
    serverInfo: server.serverInfo ?? null,
    headers: server.headerNames,
    auth: server.authType,
    lastError: server.lastError ?? null,
    lastRefreshAt: server.lastRefreshAt?.toISOString() ?? null,
    limits: { maxBytes: server.maxBytes, timeoutMs: server.callTimeoutMs, maxTimeoutMs: server.maxCallTimeoutMs },
    toolCount: server.tools.length,
    installedCount: entries.size,
    createdAt: server.createdAt.toISOString(),
    updatedAt: server.updatedAt.toISOString(),
    tools: server.tools.map((tool) => {
      const entry = entries.get(tool.name);
      return {
        mcpToolName: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        installed: Boolean(entry),
        installable: installable(tool),
        notInstallableReason: installable(tool) ? null : TASK_REQUIRED_REASON,
        toolId: entry?.id ?? null,
        name: entry?.name ?? null,
      };
    }),
  };
}
