import type { DiscoveredTool } from './mcp-server.entity';

/**
 * Catalog names of MCP tools (spec › Catalog tool: `mcp_<tool>_<slug>`): the tool's original
 * name (characters a model provider refuses become `_`) and the server's slug, a lowercase
 * form of the name it was connected with, unique in the workspace.
 */
const SLUG_MAX = 24;

export function slugOf(serverName: string): string {
  const slug = serverName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/_+$/, '');
  return slug || 'server';
}

/** The n-th candidate slug for a name (the first is the plain slug, then `_2`, `_3`…). */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}_${n}`;
}

export function catalogNameOf(mcpToolName: string, slug: string): string {
  return `mcp_${mcpToolName.replace(/[^A-Za-z0-9_-]/g, '_')}_${slug}`;
}

/** The JSON Schema the model gets: the server's input schema, always an object with properties. */
export function parametersOf(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const schema = { ...inputSchema };
  if (schema.type === undefined) schema.type = 'object';
  if (schema.type === 'object' && (typeof schema.properties !== 'object' || schema.properties === null)) schema.properties = {};
  return schema;
}

/**
 * Tools with `execution.taskSupport: required` answer only task-augmented calls (tools/call with
 * `task`, then polling tasks/get and tasks/result), which the SDK offers as experimental and a
 * turn's synchronous tool call does not make: they are listed but never installed.
 */
export function installable(tool: DiscoveredTool): boolean {
  return tool.taskSupport !== 'required';
}

export const TASK_REQUIRED_REASON =
  'the server runs this tool only as a task (execution.taskSupport: required), which Plática does not call';

/** The description a catalog entry of the tool gets. */
export function descriptionOf(tool: DiscoveredTool): string {
  return tool.description || tool.title || tool.name;
}
