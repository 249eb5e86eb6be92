import { defineEntity, p } from '@mikro-orm/core';
import { CUSTOM_API_LIMITS, MCP_LIMITS, type McpStatus } from '@platica/contracts';

/** A tool as the MCP server listed it at the last discovery. */
export interface DiscoveredTool {
  name: string;
  title: string | null;
  description: string;
  inputSchema: Record<string, unknown>;
  /** `execution.taskSupport` as listed: a `required` tool answers only task-augmented calls, which Plática does not make. */
  taskSupport?: 'forbidden' | 'optional' | 'required';
}

/**
 * A workspace's connection to an MCP server (spec › Tools: MCP servers). `tools` is what the
 * last discovery found; which of them are installed is what the catalog holds (rows with this
 * `mcpId`); `excluded` remembers the ones a sync left out, so a refresh does not put them back.
 * Header values and the bearer token are write-only: sealed together in `secretsSealed`
 * (encrypted at rest); `headerNames` is what reads show.
 */
const McpServerSchema = defineEntity({
  name: 'McpServer',
  tableName: 'mcp_server',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    name: p.text(),
    /** The part of its tools' catalog names after the tool's: `mcp_<tool>_<slug>`. */
    slug: p.text(),
    url: p.text(),
    status: p.text().$type<McpStatus>(),
    transport: p.enum(['streamable-http', 'sse'] as const).nullable(),
    protocolVersion: p.text().nullable(),
    serverInfo: p.json<{ name: string; version: string }>().nullable(),
    authType: p.enum(['none', 'bearer', 'oauth'] as const),
    headerNames: p.json<string[]>(),
    secretsSealed: p.text(),
    tools: p.json<DiscoveredTool[]>(),
    excluded: p.json<string[]>(),
    lastError: p.text().nullable(),
    /** How its tools are called (connect's `limits`): results cut to `maxBytes`; a call waits `callTimeoutMs` since the last progress, `maxCallTimeoutMs` in all. */
    maxBytes: p.integer().default(CUSTOM_API_LIMITS.maxBytesDefault),
    callTimeoutMs: p.integer().default(MCP_LIMITS.timeoutDefaultMs),
    maxCallTimeoutMs: p.integer().default(MCP_LIMITS.maxTimeoutDefaultMs),
    /** SHA-256 of the `state` of an OAuth authorization under way (the callback finds the server by it). */
    oauthStateHash: p.text().nullable(),
    lastRefreshAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'slug'], name: 'mcp_server_workspace_slug_unique' }],
  indexes: [
    { properties: ['workspaceId', 'createdAt'], name: 'mcp_server_workspace_index' },
    { properties: ['oauthStateHash'], name: 'mcp_server_oauth_state_index' },
  ],
});
export class McpServer extends McpServerSchema.class {}
McpServerSchema.setClass(McpServer);
