import { Injectable } from '@nestjs/common';
import type { ToolKind } from '@platica/contracts';
import { Database, type Transaction } from '@platica/platform';
import { AgentToolConnection, CatalogTool } from './catalog-tool.entity';

/** The catalog status of a tool a model may call; a paused custom API's entry stays, `withdrawn`, for its connections. */
export const PUBLISHED = 'active';
export const WITHDRAWN = 'withdrawn';

/** Fields of one kind only (integration, knowledge): null unless given. */
type KindField = 'installationId' | 'providerId' | 'providerToolName' | 'knowledgeBaseId';

export interface CatalogFilter {
  kind?: ToolKind;
  mcpId?: string;
  integrationId?: string;
}

/** The workspace catalog and agents' connections to it; every lookup is scoped to a workspace. */
@Injectable()
export class CatalogRepository {
  constructor(private readonly db: Database) {}

  /**
   * `integrationId` names a custom API (spec › Catalog tool) or an integration's installation
   * (docs/tools.md › Integrations): the tools of either.
   */
  published(workspaceId: string, filter: CatalogFilter = {}, transaction?: Transaction): Promise<CatalogTool[]> {
    const { integrationId, ...rest } = filter;
    const source = integrationId === undefined ? {} : { $or: [{ integrationId }, { installationId: integrationId }] };
    return this.db
      .em(transaction)
      .find(
        CatalogTool,
        { workspaceId, status: PUBLISHED, ...definedOnly(rest), ...source },
        { orderBy: { updatedAt: 'desc', id: 'asc' } },
      );
  }

  /**
   * The name and status of the MCP servers some of the workspace's tools come from, read here by
   * table so the catalog does not depend on the mcp folder (which installs into the catalog).
   */
  async mcpServerSummaries(workspaceId: string, ids: string[]): Promise<{ id: string; name: string; status: string }[]> {
    if (!ids.length) return [];
    return this.db.execute<{ id: string; name: string; status: string }[]>(
      'select id, name, status from tools.mcp_server where workspace_id = ? and id in (?)',
      [workspaceId, ids],
    );
  }

  /** The catalog entries installed from one MCP server. */
  mcpTools(workspaceId: string, mcpId: string, transaction?: Transaction): Promise<CatalogTool[]> {
    return this.db.em(transaction).find(CatalogTool, { workspaceId, kind: 'mcp', mcpId }, { orderBy: { mcpToolName: 'asc' } });
  }

  findPublished(workspaceIds: string[], id: string, transaction?: Transaction): Promise<CatalogTool | null> {
    return this.db.em(transaction).findOne(CatalogTool, { id, workspaceId: { $in: workspaceIds }, status: PUBLISHED });
  }

  find(workspaceId: string, id: string, transaction: Transaction): Promise<CatalogTool | null> {
    return this.db.em(transaction).findOne(CatalogTool, { id, workspaceId });
  }

  /** Another tool of the workspace already called `name` (names are what the model calls: unique). */
  async nameTaken(workspaceId: string, name: string, exceptId: string, transaction: Transaction): Promise<boolean> {
    return (await this.db.em(transaction).count(CatalogTool, { workspaceId, name, id: { $ne: exceptId } })) > 0;
  }

  connections(workspaceId: string, agentId: string, transaction?: Transaction): Promise<AgentToolConnection[]> {
    return this.db.em(transaction).find(AgentToolConnection, { workspaceId, agentId }, { orderBy: { connectedAt: 'asc', toolId: 'asc' } });
  }

  connection(workspaceId: string, agentId: string, toolId: string, transaction?: Transaction): Promise<AgentToolConnection | null> {
    return this.db.em(transaction).findOne(AgentToolConnection, { workspaceId, agentId, toolId });
  }

  toolsByIds(workspaceId: string, ids: string[], transaction?: Transaction): Promise<CatalogTool[]> {
    return ids.length ? this.db.em(transaction).find(CatalogTool, { workspaceId, id: { $in: ids } }) : Promise.resolve([]);
  }

  /** A new entry; the fields of kinds `integration` and `knowledge` are null unless given. */
  createEntry(
    transaction: Transaction,
    fields: Omit<CatalogTool, 'createdAt' | KindField> & Partial<Pick<CatalogTool, KindField>>,
  ): CatalogTool {
    return this.db.em(transaction).create(CatalogTool, {
      installationId: null,
      providerId: null,
      providerToolName: null,
      knowledgeBaseId: null,
      ...fields,
    });
  }

  async deleteEntry(transaction: Transaction, workspaceId: string, id: string): Promise<void> {
    await this.db.em(transaction).nativeDelete(CatalogTool, { workspaceId, id });
  }

  createConnection(
    transaction: Transaction,
    fields: Pick<AgentToolConnection, 'workspaceId' | 'agentId' | 'toolId' | 'status'>,
  ): AgentToolConnection {
    return this.db.em(transaction).create(AgentToolConnection, fields);
  }

  removeConnection(transaction: Transaction, connection: AgentToolConnection): void {
    this.db.em(transaction).remove(connection);
  }

  /** Removes a tool's every connection; answers how many there were. */
  removeConnectionsOf(workspaceId: string, toolId: string, transaction: Transaction): Promise<number> {
    return this.db.em(transaction).nativeDelete(AgentToolConnection, { workspaceId, toolId });
  }

  /** Writes what the transaction created so far (later lookups in it see those rows). */
  async flush(transaction: Transaction): Promise<void> {
    await this.db.em(transaction).flush();
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
