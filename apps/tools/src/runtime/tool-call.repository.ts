import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '@platica/platform';
import { AgentToolConnection, CatalogTool } from '../catalog/catalog-tool.entity';
import { PUBLISHED } from '../catalog/catalog.repository';
import { CustomApi } from '../custom-apis/custom-api.entity';
import { IntegrationInstallation } from '../integrations/installation.entity';
import { McpServer } from '../mcp/mcp-server.entity';

/** What a tool call needs to know before it runs: whether the agent may call it, and what is behind it. */
export interface ToolCallTarget {
  connectionStatus: string | null;
  /** The published catalog entry (null when absent or not published). */
  tool: CatalogTool | null;
  /** The custom API behind an `api` tool. */
  api: CustomApi | null;
  /** The server behind an `mcp` tool. */
  server: McpServer | null;
  /** The installation behind an `integration` tool. */
  installation: IntegrationInstallation | null;
}

/**
 * A tool call's lookups in one statement: the agent's connection, the catalog entry, and the
 * custom API or MCP server behind it, every part scoped to the workspace. (Four ORM queries
 * side by side cost the call 4 ms at p50 and 12 ms at p99 on the 2-core machine.) Rows come back
 * as JSON and are hydrated into the entities the callers use.
 */
@Injectable()
export class ToolCallRepository {
  constructor(private readonly db: Database) {}

  async target(workspaceId: string, agentId: string, toolId: string, transaction?: Transaction): Promise<ToolCallTarget> {
    const em = this.db.em(transaction);
    const [row] = await em.getConnection().execute<LookupRow[]>(
      `select
         (select c.status from tools.agent_tool_connection c
           where c.workspace_id = ? and c.agent_id = ? and c.tool_id = ?) as connection_status,
         (select row_to_json(t) from tools.catalog_tool t where t.workspace_id = ? and t.id = ? and t.status = ?) as tool,
         (select row_to_json(a) from tools.custom_api a where a.workspace_id = ? and a.id = ?) as api,
         (select row_to_json(s) from tools.mcp_server s
           where s.workspace_id = ? and s.id = (select t.mcp_id from tools.catalog_tool t where t.workspace_id = ? and t.id = ?)) as server,
         (select row_to_json(i) from tools.integration_installation i
           where i.workspace_id = ? and i.id = (select t.installation_id from tools.catalog_tool t where t.workspace_id = ? and t.id = ?)) as installation`,
      [
        workspaceId,
        agentId,
        toolId,
        workspaceId,
        toolId,
        PUBLISHED,
        workspaceId,
        toolId,
        workspaceId,
        workspaceId,
        toolId,
        workspaceId,
        workspaceId,
        toolId,
      ],
    );
    return {
      connectionStatus: row?.connection_status ?? null,
      tool: row?.tool ? em.map(CatalogTool, withDates(row.tool)) : null,
      api: row?.api ? em.map(CustomApi, withDates(row.api)) : null,
      server: row?.server ? em.map(McpServer, withDates(row.server)) : null,
      installation: row?.installation ? em.map(IntegrationInstallation, withDates(row.installation)) : null,
    };
  }
}

interface LookupRow {
  connection_status: AgentToolConnection['status'] | null;
  tool: Record<string, unknown> | null;
  api: Record<string, unknown> | null;
  server: Record<string, unknown> | null;
  installation: Record<string, unknown> | null;
}

/** JSON carries timestamps as text: the entities' `*_at` columns become dates again. */
function withDates(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [column, column.endsWith('_at') && typeof value === 'string' ? new Date(value) : value]),
  );
}
