import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Database } from '@platica/platform';
import { McpServer } from './mcp-server.entity';

/** The unit of work a service passes back to repositories inside `transaction`. */
export type Transaction = EntityManager;

/** A workspace's MCP servers; every lookup is scoped to the caller's workspaces. */
@Injectable()
export class McpServerRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.em().transactional(work);
  }

  create(em: EntityManager, fields: Omit<McpServer, 'createdAt' | 'updatedAt'>): McpServer {
    return em.create(McpServer, fields);
  }

  remove(em: EntityManager, server: McpServer): void {
    em.remove(server);
  }

  list(workspaceIds: string[], em: EntityManager = this.db.em()): Promise<McpServer[]> {
    return em.find(McpServer, { workspaceId: { $in: workspaceIds } }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  find(workspaceIds: string[], id: string, em: EntityManager = this.db.em()): Promise<McpServer | null> {
    return em.findOne(McpServer, { id, workspaceId: { $in: workspaceIds } });
  }

  byIds(workspaceId: string, ids: string[], em: EntityManager = this.db.em()): Promise<McpServer[]> {
    return ids.length ? em.find(McpServer, { workspaceId, id: { $in: ids } }) : Promise.resolve([]);
  }

  /** The server, locked for the rest of the transaction (writes of one server happen one after another). */
  findForUpdate(workspaceId: string, id: string, em: EntityManager): Promise<McpServer | null> {
    return em.findOne(McpServer, { id, workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async slugTaken(workspaceId: string, slug: string, em: EntityManager): Promise<boolean> {
    return (await em.count(McpServer, { workspaceId, slug })) > 0;
  }

  /** The server whose OAuth authorization has this state (any workspace: the callback carries no credential). */
  findByOauthState(stateHash: string, em: EntityManager = this.db.em()): Promise<McpServer | null> {
    return em.findOne(McpServer, { oauthStateHash: stateHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Stores new sealed credentials (a refreshed OAuth token) and, when given, a status. */
  async updateSecrets(workspaceId: string, id: string, secretsSealed: string, status?: McpServer['status']): Promise<void> {
    await this.db
      .em()
      .nativeUpdate(McpServer, { id, workspaceId }, { secretsSealed, ...(status ? { status } : {}), updatedAt: new Date() });
  }

  async markStatus(workspaceId: string, id: string, status: McpServer['status'], error: string | null): Promise<void> {
    await this.db.em().nativeUpdate(McpServer, { id, workspaceId }, { status, lastError: error, updatedAt: new Date() });
  }

  /** Records the outcome of a contact that failed (the server's `status` says so). */
  async markError(workspaceId: string, id: string, error: string): Promise<void> {
    await this.db.em().nativeUpdate(McpServer, { id, workspaceId }, { status: 'error', lastError: error, updatedAt: new Date() });
  }
}
