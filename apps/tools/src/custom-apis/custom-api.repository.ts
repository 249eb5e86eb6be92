import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Database, newId } from '@platica/platform';
import { CustomApi, CustomApiRun } from './custom-api.entity';

/** The unit of work a service passes back to repositories inside `transaction`. */
export type Transaction = EntityManager;

/** Custom APIs and their run log; every lookup is scoped to the caller's workspaces. */
@Injectable()
export class CustomApiRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.em().transactional(work);
  }

  create(em: EntityManager, fields: Omit<CustomApi, 'createdAt' | 'updatedAt'>): CustomApi {
    return em.create(CustomApi, fields);
  }

  remove(em: EntityManager, api: CustomApi): void {
    em.remove(api);
  }

  list(workspaceId: string): Promise<CustomApi[]> {
    return this.db.em().find(CustomApi, { workspaceId }, { orderBy: { updatedAt: 'desc', id: 'asc' } });
  }

  find(workspaceIds: string[], id: string, em: EntityManager = this.db.em()): Promise<CustomApi | null> {
    return em.findOne(CustomApi, { id, workspaceId: { $in: workspaceIds } });
  }

  /** The API, locked for the rest of the transaction (writes of one API happen one after another). */
  findForUpdate(workspaceId: string, id: string, em: EntityManager): Promise<CustomApi | null> {
    return em.findOne(CustomApi, { id, workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async nameTaken(workspaceId: string, name: string, exceptId: string | null, em: EntityManager): Promise<boolean> {
    return (await em.count(CustomApi, { workspaceId, name, ...(exceptId ? { id: { $ne: exceptId } } : {}) })) > 0;
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
