import { Injectable, Logger } from '@nestjs/common';
import type { KnowledgeChunkHit, KnowledgeSearchResult } from '@platica/contracts';
import { ToolsConfigService } from '../../config/tools.config';
import { Embeddings, EmbeddingsUnavailable } from '../indexing/embeddings';
import { KnowledgeSearchRepository, VectorSearchTooSlow } from './knowledge-search.repository';

/** Reciprocal rank fusion's constant (Cormack, Clarke, Büttcher 2009): a chunk's score is Σ 1/(k + rank). */
export const RRF_K = 60;

interface Ranked {
  id: string;
  rank: number;
  score: number;
}

/**
 * Retrieval over a base's chunks (docs/knowledge.md › Search): PostgreSQL text search, each
 * chunk matched in its source's language (the query's distinctive words OR-ed, ranked by
 * ts_rank, so a question need not contain every word), and, with an embeddings endpoint, an
 * exact cosine search (unit vectors: a dot product over every embedded chunk, bounded by
 * KNOWLEDGE_VECTOR_SEARCH_TIMEOUT_MS);
 * the two rankings fused by reciprocal rank.
 */
@Injectable()
export class KnowledgeSearch {
  private readonly logger = new Logger('knowledge-search');

  constructor(
    private readonly repository: KnowledgeSearchRepository,
    private readonly embeddings: Embeddings,
    private readonly config: ToolsConfigService,
  ) {}

  async search(workspaceId: string, baseIds: string[], query: string, limit: number): Promise<KnowledgeSearchResult> {
    const [text, vector] = await Promise.all([
      this.textRanking(workspaceId, baseIds, query),
      this.vectorRanking(workspaceId, baseIds, query),
    ]);
    const top = fuse([text, vector.ranking ?? []]).slice(0, limit);
    const rows = await this.repository.chunks(top.map((hit) => hit.id));
    const textById = new Map(text.map((hit) => [hit.id, hit]));
    const vectorById = new Map((vector.ranking ?? []).map((hit) => [hit.id, hit]));
    const data: KnowledgeChunkHit[] = top.flatMap((hit) => {
      const row = rows.get(hit.id);
      if (!row) return [];
      const t = textById.get(hit.id);
      const v = vectorById.get(hit.id);
      return [
        {
          chunkId: hit.id,
          sourceId: row.source_id,
          title: row.title,
          titlePath: row.title_path,
          url: row.url,
          text: row.text,
          scores: {
            textRank: t?.rank ?? null,
            vectorRank: v?.rank ?? null,
            textScore: t?.score ?? null,
            similarity: v?.score ?? null,
            fused: hit.fused,
          },
        },
      ];
    });
    return { query, vectorSearch: vector.status, data };
  }

  private async textRanking(workspaceId: string, baseIds: string[], query: string): Promise<Ranked[]> {
    const rows = await this.repository.textRanking(workspaceId, baseIds, query);
    return rows.map((row, index) => ({ id: row.id, rank: index + 1, score: Number(row.score) }));
  }

  /** Exact cosine ranking, when embeddings are configured; bounded in time (text ranks alone past it). */
  private async vectorRanking(
    workspaceId: string,
    baseIds: string[],
    query: string,
  ): Promise<{ status: KnowledgeSearchResult['vectorSearch']; ranking?: Ranked[] }> {
    const model = this.embeddings.model;
    if (!model) return { status: 'not-configured' };
    try {
      const [vector] = await this.embeddings.embed([query]);
      const timeoutMs = this.config.values.KNOWLEDGE_VECTOR_SEARCH_TIMEOUT_MS;
      const rows = await this.repository.vectorRanking(workspaceId, baseIds, model, vector!, timeoutMs);
      return { status: 'used', ranking: rows.map((row, index) => ({ id: row.id, rank: index + 1, score: Number(row.similarity) })) };
    } catch (error) {
      if (!(error instanceof EmbeddingsUnavailable || error instanceof VectorSearchTooSlow)) throw error;
      const reason = error.message;
      this.logger.warn({ msg: 'vector search unavailable: text search alone answers', reason });
      return { status: 'unavailable' };
    }
  }
}

/** Reciprocal rank fusion of rankings (best first): Σ 1/(RRF_K + rank) over the rankings a chunk appears in. */
export function fuse(rankings: { id: string; rank: number }[][]): { id: string; fused: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) for (const hit of ranking) scores.set(hit.id, (scores.get(hit.id) ?? 0) + 1 / (RRF_K + hit.rank));
  return [...scores.entries()].map(([id, fused]) => ({ id, fused })).sort((a, b) => b.fused - a.fused || a.id.localeCompare(b.id));
}
