import { Injectable } from '@nestjs/common';
import { Database } from '@platica/platform';

/** Candidates each ranking contributes to the fusion. */
export const CANDIDATES = 50;

export interface ChunkRow {
  id: string;
  source_id: string;
  title: string;
  title_path: string[];
  url: string | null;
  text: string;
}

/** The SQL of knowledge search: the text ranking, the exact vector ranking and the chunks they name. */
@Injectable()
export class KnowledgeSearchRepository {
  constructor(private readonly db: Database) {}

  /** Chunks matching any word of the query in their source's language, by ts_rank_cd (normalised by length). */
  textRanking(workspaceId: string, baseIds: string[], query: string): Promise<{ id: string; score: number }[]> {
    return this.db.execute<{ id: string; score: number }[]>(
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
  }

  /** Every embedded chunk of the bases against the query's unit vector (a dot product), within `timeoutMs` (a statement timeout past it). */
  async vectorRanking(
    workspaceId: string,
    baseIds: string[],
    model: string,
    vector: number[],
    timeoutMs: number,
  ): Promise<{ id: string; similarity: number }[]> {
    return this.db.em().transactional(async (em) => {
      await em.execute(`set local statement_timeout = ${Math.round(timeoutMs)}`);
      return em.execute<{ id: string; similarity: number }[]>(
        `select c.id, (select sum(x * y) from unnest(c.embedding, ?::real[]) as v(x, y)) as similarity
         from tools.knowledge_chunk c
         where c.workspace_id = ? and c.base_id in (?) and c.embedding_model = ? and c.embedding is not null
         order by similarity desc nulls last, c.id
         limit ${CANDIDATES}`,
        [`{${vector.join(',')}}`, workspaceId, baseIds, model],
      );
    });
  }

  async chunks(ids: string[]): Promise<Map<string, ChunkRow>> {
    if (!ids.length) return new Map();
    const rows = await this.db.execute<ChunkRow[]>(
      'select id, source_id, title, title_path, url, text from tools.knowledge_chunk where id in (?)',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}
