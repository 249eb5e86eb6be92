import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { Database, type Transaction } from '@platica/platform';
import { KnowledgeBase, KnowledgePage, KnowledgeSource } from './knowledge.entity';

export interface Page<T> {
  items: T[];
  hasMore: boolean;
}

/** Knowledge bases, sources and website pages; every lookup is scoped to a workspace. */
@Injectable()
export class KnowledgeRepository {
  constructor(private readonly db: Database) {}

  createBase(transaction: Transaction, fields: Omit<KnowledgeBase, 'createdAt' | 'updatedAt'>): KnowledgeBase {
    return this.db.em(transaction).create(KnowledgeBase, fields);
  }

  async listBases(workspaceId: string, limit: number, offset: number): Promise<Page<KnowledgeBase>> {
    const rows = await this.db.em().find(KnowledgeBase, { workspaceId }, { orderBy: { name: 'asc', id: 'asc' }, limit: limit + 1, offset });
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  findBase(workspaceId: string, id: string, transaction?: Transaction): Promise<KnowledgeBase | null> {
    return this.db.em(transaction).findOne(KnowledgeBase, { id, workspaceId });
  }

  async baseNameTaken(workspaceId: string, name: string, exceptId: string | null, transaction: Transaction): Promise<boolean> {
    return (await this.db.em(transaction).count(KnowledgeBase, { workspaceId, name, ...(exceptId ? { id: { $ne: exceptId } } : {}) })) > 0;
  }

  /** Sources and chunks per base (what the base's view counts). */
  async countsOf(baseIds: string[]): Promise<Map<string, { sources: number; chunks: number }>> {
    const counts = new Map(baseIds.map((id) => [id, { sources: 0, chunks: 0 }]));
    if (!baseIds.length) return counts;
    const rows = await this.db.execute<{ base_id: string; sources: string; chunks: string }[]>(
      'select base_id, count(*) as sources, coalesce(sum(chunk_count), 0) as chunks from tools.knowledge_source where base_id in (?) group by base_id',
      [baseIds],
    );
    for (const row of rows) counts.set(row.base_id, { sources: Number(row.sources), chunks: Number(row.chunks) });
    return counts;
  }

  removeBase(transaction: Transaction, base: KnowledgeBase): void {
    this.db.em(transaction).remove(base);
  }

  createSource(transaction: Transaction, fields: Omit<KnowledgeSource, 'createdAt' | 'updatedAt'>): KnowledgeSource {
    return this.db.em(transaction).create(KnowledgeSource, fields);
  }

  async listSources(workspaceId: string, baseId: string, limit: number, offset: number): Promise<Page<KnowledgeSource>> {
    const rows = await this.db
      .em()
      .find(KnowledgeSource, { workspaceId, baseId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1, offset });
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  findSource(workspaceId: string, baseId: string, id: string, transaction?: Transaction): Promise<KnowledgeSource | null> {
    return this.db.em(transaction).findOne(KnowledgeSource, { id, baseId, workspaceId });
  }

  /** The source, locked for the rest of the transaction (an indexing step and an API change of one source go one after the other). */
  lockSource(id: string, transaction: Transaction): Promise<KnowledgeSource | null> {
    return this.db.em(transaction).findOne(KnowledgeSource, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** A source with its bytes (files), for indexing. */
  sourceWithContent(id: string): Promise<KnowledgeSource | null> {
    return this.db.em().findOne(KnowledgeSource, { id }, { populate: ['content'] });
  }

  removeSource(transaction: Transaction, source: KnowledgeSource): void {
    this.db.em(transaction).remove(source);
  }

  async listPages(sourceId: string, limit: number, offset: number): Promise<Page<KnowledgePage>> {
    const rows = await this.db.em().find(KnowledgePage, { sourceId }, { orderBy: { url: 'asc' }, limit: limit + 1, offset });
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }
}
