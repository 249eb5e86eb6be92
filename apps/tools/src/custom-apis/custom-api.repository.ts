import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { Database, newId, type Transaction } from '@platica/platform';
import { CustomApi, CustomApiRun } from './custom-api.entity';

/** Custom APIs and their run log; every lookup is scoped to the caller's workspaces. */
@Injectable()
export class CustomApiRepository {
  constructor(private readonly db: Database) {}

  create(transaction: Transaction, fields: Omit<CustomApi, 'createdAt' | 'updatedAt'>): CustomApi {
    return this.db.em(transaction).create(CustomApi, fields);
  }

  remove(transaction: Transaction, api: CustomApi): void {
    this.db.em(transaction).remove(api);
  }

  list(workspaceId: string): Promise<CustomApi[]> {
    return this.db.em().find(CustomApi, { workspaceId }, { orderBy: { updatedAt: 'desc', id: 'asc' } });
  }

  find(workspaceIds: string[], id: string, transaction?: Transaction): Promise<CustomApi | null> {
    return this.db.em(transaction).findOne(CustomApi, { id, workspaceId: { $in: workspaceIds } });
  }

  /** The API, locked for the rest of the transaction (writes of one API happen one after another). */
  findForUpdate(workspaceId: string, id: string, transaction: Transaction): Promise<CustomApi | null> {
    return this.db.em(transaction).findOne(CustomApi, { id, workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async nameTaken(workspaceId: string, name: string, exceptId: string | null, transaction: Transaction): Promise<boolean> {
    return (await this.db.em(transaction).count(CustomApi, { workspaceId, name, ...(exceptId ? { id: { $ne: exceptId } } : {}) })) > 0;
  }

  async recordRun(run: Omit<CustomApiRun, 'id' | 'createdAt'>, updateLastTest: boolean): Promise<void> {
    await this.db.em().transactional(async (em) => {
      em.create(CustomApiRun, { ...run, id: newId('run') });
      if (updateLastTest) {
        await em.nativeUpdate(CustomApi, { id: run.customApiId }, { lastTestOutcome: run.outcome, lastTestAt: new Date() });
      }
    });
  }
}
