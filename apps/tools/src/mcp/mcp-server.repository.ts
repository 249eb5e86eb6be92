import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { Database, type Transaction } from '@platica/platform';
import { McpServer } from './mcp-server.entity';

/** A workspace's MCP servers; every lookup is scoped to the caller's workspaces. */
@Injectable()
export class McpServerRepository {
  constructor(private readonly db: Database) {}

  create(transaction: Transaction, fields: Omit<McpServer, 'createdAt' | 'updatedAt'>): McpServer {
    return this.db.em(transaction).create(McpServer, fields);
  }

  remove(transaction: Transaction, server: McpServer): void {
    this.db.em(transaction).remove(server);
  }

  list(workspaceIds: string[], transaction?: Transaction): Promise<McpServer[]> {
    return this.db.em(transaction).find(McpServer, { workspaceId: { $in: workspaceIds } }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  find(workspaceIds: string[], id: string, transaction?: Transaction): Promise<McpServer | null> {
    return this.db.em(transaction).findOne(McpServer, { id, workspaceId: { $in: workspaceIds } });
  }

  /** The server, locked for the rest of the transaction (writes of one server happen one after another). */
  findForUpdate(workspaceId: string, id: string, transaction: Transaction): Promise<McpServer | null> {
    return this.db.em(transaction).findOne(McpServer, { id, workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async slugTaken(workspaceId: string, slug: string, transaction: Transaction): Promise<boolean> {
    return (await this.db.em(transaction).count(McpServer, { workspaceId, slug })) > 0;
  }

  /** The server whose OAuth authorization has this state (any workspace: the callback carries no credential). */
  findByOauthState(stateHash: string, transaction?: Transaction): Promise<McpServer | null> {
    return this.db.em(transaction).findOne(McpServer, { oauthStateHash: stateHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
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
