import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { KnowledgeProposalState } from '@platica/contracts';
import { Database, type Transaction } from '@platica/platform';
import { KnowledgeProposal } from './knowledge-proposal.entity';

/** Knowledge proposals; every lookup is scoped to a workspace. */
@Injectable()
export class KnowledgeProposalRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores a drafted proposal unless its exchange has one already (a redelivered draft):
   * `insert … on conflict do nothing`, then the row of that exchange, whichever wrote it.
   */
  async insertOnce(fields: Omit<KnowledgeProposal, 'createdAt' | 'updatedAt'>): Promise<{ proposal: KnowledgeProposal; created: boolean }> {
    const now = new Date();
    const inserted = await this.db.execute<{ id: string }[]>(
      `insert into tools.knowledge_proposal
         (id, workspace_id, state, conversation_ref, exchange_key, agent_id, answered_by, message_ids, question, answer, edited,
          decided_by, decided_at, base_id, source_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, null, null, null, null, ?, ?)
       on conflict (workspace_id, conversation_ref, exchange_key) do nothing
       returning id`,
      [
        fields.id,
        fields.workspaceId,
        fields.state,
        fields.conversationRef,
        fields.exchangeKey,
        fields.agentId,
        fields.answeredBy,
        JSON.stringify(fields.messageIds),
        fields.question,
        fields.answer,
        fields.edited,
        now,
        now,
      ],
    );
    const proposal = await this.db.em().findOneOrFail(KnowledgeProposal, {
      workspaceId: fields.workspaceId,
      conversationRef: fields.conversationRef,
      exchangeKey: fields.exchangeKey,
    });
    return { proposal, created: inserted.length > 0 };
  }

  async list(workspaceId: string, state: KnowledgeProposalState | undefined, limit: number, offset: number) {
    const rows = await this.db
      .em()
      .find(
        KnowledgeProposal,
        { workspaceId, ...(state ? { state } : {}) },
        { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1, offset },
      );
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  find(workspaceId: string, id: string): Promise<KnowledgeProposal | null> {
    return this.db.em().findOne(KnowledgeProposal, { id, workspaceId });
  }

  /** The proposal, locked for the caller's transaction: two people deciding at once go one after the other. */
  lock(workspaceId: string, id: string, transaction: Transaction): Promise<KnowledgeProposal | null> {
    return this.db.em(transaction).findOne(KnowledgeProposal, { id, workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}
