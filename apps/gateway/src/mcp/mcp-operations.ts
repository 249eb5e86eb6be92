/**
 * The operations /mcp exposes as tools: one per REST route, with the route the pipeline runs
 * and the zod schemas the owning service validates with. This file is the only one that knows
 * where operations come from: today the gateway's route table; when the operation objects of
 * libs/contracts (issue 20) generate that table, they replace ROUTES here and the names below
 * become their `operationId`s.
 */
import type { z } from 'zod';
import { ROUTES, type Route } from '../routes/route-table';

export interface McpOperation {
  /** Tool name: `conversations_list`, `messages_send`, `chat_send`, `agents_update`… */
  operationId: string;
  summary: string;
  route: Route;
  /** Path parameters, in path order. */
  pathParams: string[];
  query?: z.ZodType;
  body?: z.ZodType;
}

/** Resources whose subject names differ from their path's first segment, folded into it. */
const AREA_ALIASES: Record<string, string> = { turns: 'chat', chats: 'chat', agentTools: 'tools', catalog: 'tools' };

export function operationFromRoute(route: Route): McpOperation {
  const [, resource = '', operation = ''] = route.subject.split('.');
  const segments = route.path.split('/').filter((s) => s && s !== 'v1');
  const area = segments[0] ?? resource;
  const parts = [area];
  const folded = AREA_ALIASES[resource] ?? resource;
  if (folded !== area) parts.push(folded);
  parts.push(operation);
  return {
    operationId: parts.map(snakeCase).join('_'),
    summary: `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
    route,
    pathParams: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
    query: route.schemas?.query,
    body: route.schemas?.body,
  };
}

function snakeCase(value: string): string {
  return value.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, '_');
}

export const MCP_OPERATIONS: readonly McpOperation[] = ROUTES.map(operationFromRoute);
