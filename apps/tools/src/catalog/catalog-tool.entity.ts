import { defineEntity, p } from '@mikro-orm/core';
import type { ToolKind } from '@platica/contracts';

/**
 * The workspace catalog (spec › Catalog tool): one row per published tool, whatever its
 * origin. A custom API's row has the API's id; an MCP server's tools will carry `mcpId` and
 * `mcpToolName`. `name` is unique in the workspace: it is what the model calls.
 */
const CatalogToolSchema = defineEntity({
  name: 'CatalogTool',
  tableName: 'catalog_tool',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    name: p.text(),
    description: p.text(),
    kind: p.text().$type<ToolKind>(),
    parameters: p.json<Record<string, unknown>>(),
    status: p.text(),
    mcpId: p.text().nullable(),
    mcpToolName: p.text().nullable(),
    integrationId: p.text().nullable(),
    /** Kind `integration`: the installation, its provider and the provider's name of the tool. */
    installationId: p.text().nullable(),
    providerId: p.text().nullable(),
    providerToolName: p.text().nullable(),
    /** Kind `knowledge`: the knowledge base its search tool searches (docs/knowledge.md). */
    knowledgeBaseId: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'name'], name: 'catalog_tool_workspace_name_unique' }],
  indexes: [
    { properties: ['workspaceId', 'updatedAt'], name: 'catalog_tool_workspace_index' },
    { properties: ['installationId'], name: 'catalog_tool_installation_index' },
  ],
});
export class CatalogTool extends CatalogToolSchema.class {}
CatalogToolSchema.setClass(CatalogTool);

/**
 * An agent's connection to a catalog tool (spec › Agent tool connection). No foreign key to
 * the catalog: a paused custom API leaves the catalog but keeps its connections.
 */
const AgentToolConnectionSchema = defineEntity({
  name: 'AgentToolConnection',
  tableName: 'agent_tool_connection',
  properties: {
    workspaceId: p.text(),
    agentId: p.text().primary(),
    toolId: p.text().primary(),
    status: p.enum(['active', 'inactive'] as const),
    connectedAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['toolId'], name: 'agent_tool_connection_tool_index' }],
});
export class AgentToolConnection extends AgentToolConnectionSchema.class {}
AgentToolConnectionSchema.setClass(AgentToolConnection);
