import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';

export interface ExchangeRef {
  workspaceId: string;
  conversationRef: string;
  exchangeKey: string;
}

/** Which exchanges were drafted (agents.drafted_exchange); each statement is atomic on its own. */
@Injectable()
export class DraftedExchangeRepository {
  constructor(private readonly db: Database) {}

  /**
   * Takes the exchange for drafting: true when it was never taken, or its holder left it
   * `drafting` for longer than `staleAfterMs` (that consumer died mid-way); false when another
   * consumer holds it or it is done.
   */
  async claim(exchange: ExchangeRef, staleAfterMs: number): Promise<boolean> {
    const rows = await this.db.execute<{ outcome: string }[]>(
      `insert into agents.drafted_exchange (workspace_id, conversation_ref, exchange_key, outcome, proposal_id, updated_at)
       values (?, ?, ?, 'drafting', null, now())
       on conflict (workspace_id, conversation_ref, exchange_key) do update set updated_at = now()
         where agents.drafted_exchange.outcome = 'drafting' and agents.drafted_exchange.updated_at < now() - make_interval(secs => ?)
       returning outcome`,
      [exchange.workspaceId, exchange.conversationRef, exchange.exchangeKey, staleAfterMs / 1000],
    );
    return rows.length > 0;
  }

  async finish(exchange: ExchangeRef, outcome: 'proposed' | 'nothing', proposalId: string | null): Promise<void> {
    await this.db.execute(
      `update agents.drafted_exchange set outcome = ?, proposal_id = ?, updated_at = now()
        where workspace_id = ? and conversation_ref = ? and exchange_key = ?`,
      [outcome, proposalId, exchange.workspaceId, exchange.conversationRef, exchange.exchangeKey],
    );
  }

  /** Lets the exchange go after a failure, so the event's redelivery drafts it again. */
  async release(exchange: ExchangeRef): Promise<void> {
    await this.db.execute(
      `delete from agents.drafted_exchange where workspace_id = ? and conversation_ref = ? and exchange_key = ? and outcome = 'drafting'`,
      [exchange.workspaceId, exchange.conversationRef, exchange.exchangeKey],
    );
  }
}
