import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { ReplyDraftCounts } from '@platica/contracts';
import { Database, type Transaction } from '@platica/platform';
import { ReplyDraft } from './reply-draft.entity';

/** Reply drafts; every lookup is scoped to a workspace. */
@Injectable()
export class ReplyDraftRepository {
  constructor(private readonly db: Database) {}

  async create(fields: Omit<ReplyDraft, 'createdAt' | 'outcome' | 'messageId' | 'decidedAt'>): Promise<ReplyDraft> {
    const em = this.db.em();
    const draft = em.create(ReplyDraft, { ...fields, outcome: null, messageId: null, decidedAt: null });
    await em.flush();
    return draft;
  }

  /** The draft of the conversation, locked for the caller's transaction (two outcomes recorded at once go one after the other). */
  lock(workspaceId: string, conversationRef: string, id: string, transaction: Transaction): Promise<ReplyDraft | null> {
    return this.db.em(transaction).findOne(ReplyDraft, { id, workspaceId, conversationRef }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The drafts made in [from, to) and what became of them. */
  async counts(workspaceId: string, from: Date | null, to: Date | null): Promise<Omit<ReplyDraftCounts, 'usedRate'>> {
    const [row] = await this.db.execute<Record<string, string>[]>(
      `select count(*) as drafted,
              count(*) filter (where outcome = 'as_drafted') as as_drafted,
              count(*) filter (where outcome = 'edited') as edited,
              count(*) filter (where outcome = 'not_used') as not_used,
              count(*) filter (where outcome is null) as pending
         from agents.reply_draft
        where workspace_id = ? and (?::timestamptz is null or created_at >= ?) and (?::timestamptz is null or created_at < ?)`,
      [workspaceId, from, from, to, to],
    );
    return {
      drafted: Number(row?.drafted ?? 0),
      asDrafted: Number(row?.as_drafted ?? 0),
      edited: Number(row?.edited ?? 0),
      notUsed: Number(row?.not_used ?? 0),
      pending: Number(row?.pending ?? 0),
    };
  }
}
