import { Injectable, Logger } from '@nestjs/common';
import type { KnowledgeChunkHit, KnowledgeSearchResult } from '@platica/contracts';
import { Database } from '@platica/platform';
import { ToolsConfigService } from '../../config/tools.config';
import { Embeddings, EmbeddingsUnavailable } from '../indexing/embeddings';

/** Candidates each ranking contributes to the fusion. */
const CANDIDATES = 50;
/** Reciprocal rank fusion's constant (Cormack, Clarke, Büttcher 2009): a chunk's score is Σ 1/(k + rank). */
export const RRF_K = 60;

interface Ranked {
  id: string;
  rank: number;
  score: number;
}

/**
 * Retrieval over a base's chunks (docs/knowledge.md › Search): PostgreSQL text search, each
 * chunk matched in its source's language (the query's words OR-ed, ranked by ts_rank_cd, so a
 * question need not contain every word), and, with an embeddings endpoint, an exact cosine
 * search (unit vectors: a dot product, bounded by KNOWLEDGE_VECTOR_SEARCH_TIMEOUT_MS); the two
 * rankings fused by reciprocal rank.
 */
@Injectable()
export class KnowledgeSearch {
  private readonly logger = new Logger('knowledge-search');

  constructor(
    private readonly db: Database,
    private readonly embeddings: Embeddings,
    private readonly config: ToolsConfigService,
  ) {}

  async search(workspaceId: string, baseIds: string[], query: string, limit: number): Promise<KnowledgeSearchResult> {
    const [text, vector] = await Promise.all([this.textRanking(workspaceId, baseIds, query), this.vectorRanking(workspaceId, baseIds, query)]);
    const fused = fuse([text, vector.ranking ?? []]);
    const top = fused.slice(0, limit);
    const rows = await this.chunks(top.map((hit) => hit.id));
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
          scores: { textRank: t?.rank ?? null, vectorRank: v?.rank ?? null, textScore: t?.score ?? null, similarity: v?.score ?? null, fused: hit.fused },
        },
      ];
    });
    return { query, vectorSearch: vector.status, data };
  }

  /** Text ranking: chunks matching any word of the query in their source's language. */
  async textRanking(workspaceId: string, baseIds: string[], query: string): Promise<Ranked[]> {
    const rows = await this.db.execute<{ id: string; score: number }[]>(
      `with q as (
         select nullif(replace(plainto_tsquery('spanish', tools.knowledge_fold(?))::text, ' & ', ' | '), '')::tsquery as es,
                nullif(replace(plainto_tsquery('english', tools.knowledge_fold(?))::text, ' & ', ' | '), '')::tsquery as en
       )
       select c.id, ts_rank_cd(c.search, case s.language when 'en' then q.en else q.es end, 1) as score
       from q, tools.knowledge_chunk c join tools.knowledge_source s on s.id = c.source_id
       where c.workspace_id = ? and c.base_id in (?) and (c.search @@ q.es or c.search @@ q.en)
         and c.search @@ (case s.language when 'en' then q.en else q.es end)
       order by score desc, c.id
       limit ${CANDIDATES}`,
      [query, query, workspaceId, baseIds],
    );
    return rows.map((row, index) => ({ id: row.id, rank: index + 1, score: Number(row.score) }));
  }

  /** Exact cosine ranking, when embeddings are configured; bounded in time (text ranks alone past it). */
  private async vectorRanking(workspaceId: string, baseIds: string[], query: string): Promise<{ status: KnowledgeSearchResult['vectorSearch']; ranking?: Ranked[] }> {
    const model = this.embeddings.model;
    if (!model) return { status: 'not-configured' };
    try {
      const [vector] = await this.embeddings.embed([query]);
      const rows = await this.db.em().transactional(async (em) => {
        await em.execute(`set local statement_timeout = ${this.config.values.KNOWLEDGE_VECTOR_SEARCH_TIMEOUT_MS}`);
        return em.execute<{ id: string; similarity: number }[]>(
          `select c.id, (select sum(x * y) from unnest(c.embedding, ?::real[]) as v(x, y)) as similarity
           from tools.knowledge_chunk c
           where c.workspace_id = ? and c.base_id in (?) and c.embedding_model = ? and c.embedding is not null
           order by similarity desc nulls last, c.id
           limit ${CANDIDATES}`,
          [`{${vector!.join(',')}}`, workspaceId, baseIds, model],
        );
      });
      return { status: 'used', ranking: rows.map((row, index) => ({ id: row.id, rank: index + 1, score: Number(row.similarity) })) };
    } catch (error) {
      const reason = error instanceof EmbeddingsUnavailable ? error.message : /statement timeout/.test(String(error)) ? 'the vector search took too long' : null;
      if (reason === null) throw error;
      this.logger.warn({ msg: 'vector search unavailable: text search alone answers', reason });
      return { status: 'unavailable' };
    }
  }

  private async chunks(ids: string[]): Promise<Map<string, { source_id: string; title: string; title_path: string[]; url: string | null; text: string }>> {
    if (!ids.length) return new Map();
    const rows = await this.db.execute<{ id: string; source_id: string; title: string; title_path: string[]; url: string | null; text: string }[]>(
      'select id, source_id, title, title_path, url, text from tools.knowledge_chunk where id in (?)',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}

/** Reciprocal rank fusion of rankings (best first): Σ 1/(RRF_K + rank) over the rankings a chunk appears in. */
export function fuse(rankings: { id: string; rank: number }[][]): { id: string; fused: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) for (const hit of ranking) scores.set(hit.id, (scores.get(hit.id) ?? 0) + 1 / (RRF_K + hit.rank));
  return [...scores.entries()].map(([id, fused]) => ({ id, fused })).sort((a, b) => b.fused - a.fused || a.id.localeCompare(b.id));
}
