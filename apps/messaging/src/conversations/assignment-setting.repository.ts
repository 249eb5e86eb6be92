import { LockMode } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { AssignmentMode } from '@platica/contracts';
import { Database, type Transaction } from '@platica/platform';
import { AssignmentSetting } from './assignment-setting.entity';

/** What a workspace's assignment setting holds (its row, or the default of a workspace without one). */
export type AssignmentState = Pick<AssignmentSetting, 'mode' | 'available' | 'lastAssignee'>;

/** The settings of a workspace without a row: nobody is assigned automatically. */
export const DEFAULT_ASSIGNMENT: AssignmentState = { mode: 'none', available: [], lastAssignee: null };

@Injectable()
export class AssignmentSettingRepository {
  constructor(private readonly db: Database) {}

  async find(workspaceId: string, transaction?: Transaction): Promise<AssignmentState> {
    return (await this.db.em(transaction).findOne(AssignmentSetting, { workspaceId })) ?? DEFAULT_ASSIGNMENT;
  }

  /** The row locked for the transaction (created when missing), changed by `change` and written. */
  async change(transaction: Transaction, workspaceId: string, change: (setting: AssignmentState) => Partial<AssignmentState>) {
    const em = this.db.em(transaction);
    let setting = await em.findOne(AssignmentSetting, { workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!setting) {
      // Two first changes at once: one inserts, the other waits on its row, then locks it.
      await em.execute(
        `insert into messaging.assignment_setting (workspace_id, mode, available, last_assignee, updated_at)
           values (?, 'none', '[]', null, now()) on conflict (workspace_id) do nothing`,
        [workspaceId],
      );
      setting = await em.findOneOrFail(AssignmentSetting, { workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    }
    em.assign(setting, { ...change(setting), updatedAt: new Date() });
    await em.flush();
    return setting as AssignmentState;
  }

  /** The mode only, locked, without creating a row (the hot path of an assistance request). */
  async lockIfRoundRobin(transaction: Transaction, workspaceId: string): Promise<AssignmentState | null> {
    return this.db
      .em(transaction)
      .findOne(AssignmentSetting, { workspaceId, mode: 'round_robin' as AssignmentMode }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}
