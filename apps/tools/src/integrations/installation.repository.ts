import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { Database, newId, type Transaction } from '@platica/platform';
import { CatalogTool } from '../catalog/catalog-tool.entity';
import { IntegrationInstallation, IntegrationRun } from './installation.entity';

/** A workspace's installations and their run log; every lookup is scoped to the caller's workspace. */
@Injectable()
export class InstallationRepository {
  constructor(private readonly db: Database) {}

  create(transaction: Transaction, fields: Omit<IntegrationInstallation, 'createdAt' | 'updatedAt'>): IntegrationInstallation {
    return this.db.em(transaction).create(IntegrationInstallation, fields);
  }

  remove(transaction: Transaction, installation: IntegrationInstallation): void {
    this.db.em(transaction).remove(installation);
  }

  list(workspaceId: string): Promise<IntegrationInstallation[]> {
    return this.db.em().find(IntegrationInstallation, { workspaceId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  find(workspaceId: string, id: string, transaction?: Transaction): Promise<IntegrationInstallation | null> {
    return this.db.em(transaction).findOne(IntegrationInstallation, { id, workspaceId });
  }

  /** The installation, locked for the rest of the transaction (writes of one installation happen one after another). */
  findForUpdate(workspaceId: string, id: string, transaction: Transaction): Promise<IntegrationInstallation | null> {
    return this.db.em(transaction).findOne(IntegrationInstallation, { id, workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The installation whose OAuth authorization has this state (any workspace: the callback carries no credential). */
  findByOauthState(stateHash: string, transaction: Transaction): Promise<IntegrationInstallation | null> {
    return this.db
      .em(transaction)
      .findOne(IntegrationInstallation, { oauthStateHash: stateHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The catalog entries installed from one installation. */
  tools(workspaceId: string, installationId: string, transaction?: Transaction): Promise<CatalogTool[]> {
    return this.db
      .em(transaction)
      .find(CatalogTool, { workspaceId, kind: 'integration', installationId }, { orderBy: { providerToolName: 'asc' } });
  }

  /** Installed tools of several installations, by installation. */
  async toolsOf(workspaceId: string, installationIds: string[]): Promise<Map<string, CatalogTool[]>> {
    const byInstallation = new Map<string, CatalogTool[]>();
    if (!installationIds.length) return byInstallation;
    const entries = await this.db.em().find(CatalogTool, { workspaceId, kind: 'integration', installationId: { $in: installationIds } });
    for (const entry of entries) byInstallation.set(entry.installationId!, [...(byInstallation.get(entry.installationId!) ?? []), entry]);
    return byInstallation;
  }

  /** Stores what a call or a callback changed: new sealed credentials, a status, an error. */
  async update(
    workspaceId: string,
    id: string,
    fields: Partial<Pick<IntegrationInstallation, 'secretsSealed' | 'status' | 'lastError' | 'authorized' | 'authorizationExpiresAt'>>,
  ): Promise<void> {
    await this.db.em().nativeUpdate(IntegrationInstallation, { id, workspaceId }, { ...fields, updatedAt: new Date() });
  }

  async recordRun(run: Omit<IntegrationRun, 'id' | 'createdAt'>): Promise<void> {
    await this.db.em().insert(IntegrationRun, { ...run, id: newId('run'), createdAt: new Date() });
  }
}
