import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '@platica/platform';

/** The credit limit's one write: the claim of a billing period's `workspace.credit_limit.reached` event. */
@Injectable()
export class CreditRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the period's "reached" for the workspace: true for the first claim of the period
   * (its caller records the event in the same transaction), false once it was claimed. One statement.
   */
  async claimReached(
    transaction: Transaction,
    claim: { workspaceId: string; periodStart: Date; creditLimit: number; billableMessages: number },
  ): Promise<boolean> {
    const rows = await this.db.em(transaction).execute<{ workspace_id: string }[]>(
      `insert into messaging.credit_limit_reached (workspace_id, period_start, credit_limit, billable_messages)
         values (?, ?, ?, ?) on conflict do nothing returning workspace_id`,
      [claim.workspaceId, claim.periodStart, claim.creditLimit, claim.billableMessages],
    );
    return rows.length > 0;
  }
}
