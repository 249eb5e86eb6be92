import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ToolKind } from '@platica/contracts';
import { Database } from '@platica/platform';
import { AgentToolConnection, CatalogTool } from './catalog-tool.entity';

/** The catalog status of a tool a model may call; a paused custom API's entry stays, `withdrawn`, for its connections. */
export const PUBLISHED = 'active';
export const WITHDRAWN = 'withdrawn';

export interface CatalogFilter {
  kind?: ToolKind;
  mcpId?: string;
  integrationId?: string;
}

/** The workspace catalog and agents' connections to it; every lookup is scoped to a workspace. */
@Injectable()
export class CatalogRepository {
  constructor(private readonly db: Database) {}

  published(workspaceId: string, filter: CatalogFilter = {}, em: EntityManager = this.db.em()): Promise<CatalogTool[]> {
    return em.find(CatalogTool, { workspaceId, status: PUBLISHED, ...definedOnly(filter) }, { orderBy: { updatedAt: 'desc', id: 'asc' } });
  }

  /** The catalog entries installed from one MCP server. */
  mcpTools(workspaceId: string, mcpId: string, em: EntityManager = this.db.em()): Promise<CatalogTool[]> {
    return em.find(CatalogTool, { workspaceId, kind: 'mcp', mcpId }, { orderBy: { mcpToolName: 'asc' } });
  }

  findPublished(workspaceIds: string[], id: string, em: EntityManager = this.db.em()): Promise<CatalogTool | null> {
    return em.findOne(CatalogTool, { id, workspaceId: { $in: workspaceIds }, status: PUBLISHED });
  }

  find(workspaceId: string, id: string, em: EntityManager): Promise<CatalogTool | null> {
    return em.findOne(CatalogTool, { id, workspaceId });
  }

  /** Another tool of the workspace already called `name` (names are what the model calls: unique). */
  async nameTaken(workspaceId: string, name: string, exceptId: string, em: EntityManager): Promise<boolean> {
    return (await em.count(CatalogTool, { workspaceId, name, id: { $ne: exceptId } })) > 0;
  }

  connections(workspaceId: string, agentId: string, em: EntityManager = this.db.em()): Promise<AgentToolConnection[]> {
    return em.find(AgentToolConnection, { workspaceId, agentId }, { orderBy: { connectedAt: 'asc', toolId: 'asc' } });
  }

  connection(workspaceId: string, agentId: string, toolId: string, em: EntityManager = this.db.em()): Promise<AgentToolConnection | null> {
    return em.findOne(AgentToolConnection, { workspaceId, agentId, toolId });
  }

  toolsByIds(workspaceId: string, ids: string[], em: EntityManager = this.db.em()): Promise<CatalogTool[]> {
    return ids.length ? em.find(CatalogTool, { workspaceId, id: { $in: ids } }) : Promise.resolve([]);
  }

  createEntry(em: EntityManager, fields: Omit<CatalogTool, 'createdAt'>): CatalogTool {
    return em.create(CatalogTool, fields);
  }

  async deleteEntry(em: EntityManager, workspaceId: string, id: string): Promise<void> {
    await em.nativeDelete(CatalogTool, { workspaceId, id });
  }

  createConnection(
    em: EntityManager,
    fields: Pick<AgentToolConnection, 'workspaceId' | 'agentId' | 'toolId' | 'status'>,
  ): AgentToolConnection {
    return em.create(AgentToolConnection, fields);
  }

  removeConnection(em: EntityManager, connection: AgentToolConnection): void {
    em.remove(connection);
  }

  /** Removes a tool's every connection; answers how many there were. */
  removeConnectionsOf(workspaceId: string, toolId: string, em: EntityManager): Promise<number> {
    return em.nativeDelete(AgentToolConnection, { workspaceId, toolId });
  }

  /** Writes what the transaction created so far (later lookups in it see those rows). */
  async flush(em: EntityManager): Promise<void> {
    await em.flush();
  }

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.em().transactional(work);
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
