import { Injectable } from '@nestjs/common';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { KnowledgeLanguage } from '@platica/contracts';
import { Database } from '@platica/platform';
import { TEXT_SEARCH_CONFIG } from '../indexing/knowledge-index.repository';
import { BestScores, dotProduct, sketchBounds } from './vectors';

/** Candidates each ranking contributes to the fusion. */
export const CANDIDATES = 50;
/** A query word in this share of the bases' chunks (or in COMMON_AT_MOST of them) is too common to rank by. */
const COMMON_SHARE = 0.1;
const COMMON_AT_MOST = 1_000;
/** Sketches a cursor fetch reads (~0.5 MB at 256 dimensions), and full vectors a statement reads: the scan yields to other work between reads. */
const VECTOR_BATCH = 2_000;

/** The exact vector scan did not finish within KNOWLEDGE_VECTOR_SEARCH_TIMEOUT_MS. */
export class VectorSearchTooSlow extends Error {
  constructor() {
    super('the vector search took too long');
  }
}

export interface ChunkRow {
  id: string;
  source_id: string;
  title: string;
  title_path: string[];
  url: string | null;
  text: string;
}

/** The queries of knowledge search: the text ranking, the exact vector ranking and the chunks they name. */
@Injectable()
export class KnowledgeSearchRepository {
  constructor(private readonly db: Database) {}

  /**
   * Chunks matching any distinctive word of the query in their source's language, by ts_rank
   * (normalised by length). Plain text search has no inverse document frequency: a word in a
   * large share of the bases' chunks ("server" in a server's manual) would outweigh the rare ones
   * and make every chunk a candidate. Each word's chunk count is read from the GIN index, bounded
   * at the common bound, and words at the bound are left out (the two rarest words always stay).
   */
  async textRanking(workspaceId: string, baseIds: string[], query: string): Promise<{ id: string; score: number }[]> {
    const [{ total, languages } = { total: '0', languages: [] }] = await this.db.execute<{ total: string; languages: string[] }[]>(
      `select coalesce(sum(chunk_count), 0) as total, coalesce(array_agg(distinct language), '{}') as languages
       from tools.knowledge_source where workspace_id = ? and base_id in (?)`,
      [workspaceId, baseIds],
    );
    // Only the languages the bases' sources are in: each is a pass over the index per word.
    const present = (Object.keys(TEXT_SEARCH_CONFIG) as KnowledgeLanguage[]).filter((language) => languages.includes(language));
    if (!present.length) return [];
    const common = Math.min(COMMON_AT_MOST, Math.max(10, Math.ceil(Number(total) * COMMON_SHARE)));
    const terms = await this.db.execute<{ language: KnowledgeLanguage; lexeme: string; chunks: string }[]>(
      `with t as (${present
        .map(
          () =>
            'select distinct ?::text as language, lexeme from unnest(tsvector_to_array(to_tsvector(?::regconfig, tools.knowledge_fold(?)))) as lexeme',
        )
        .join(' union ')})
       select t.language, t.lexeme,
              (select count(*) from (select 1 from tools.knowledge_chunk c
                 where c.workspace_id = ? and c.base_id in (?) and c.search @@ quote_literal(t.lexeme)::tsquery limit ?) x) as chunks
       from t`,
      [...present.flatMap((language) => [language, TEXT_SEARCH_CONFIG[language], query]), workspaceId, baseIds, common],
    );
    const queryOf = (language: KnowledgeLanguage) => {
      const ranked = terms
        .filter((term) => term.language === language && Number(term.chunks) > 0)
        .sort((a, b) => Number(a.chunks) - Number(b.chunks));
      const kept = ranked.filter((term, index) => index < 2 || Number(term.chunks) < common);
      return kept.length ? kept.map((term) => `'${term.lexeme.replace(/'/g, "''")}'`).join(' | ') : null;
    };
    const es = present.includes('es') ? queryOf('es') : null;
    const en = present.includes('en') ? queryOf('en') : null;
    if (!es && !en) return [];
    // Each chunk is matched in its source's language, the sources of a language as one array (a
    // join on sources made PostgreSQL scan the GIN index once per source).
    if (!es || !en) {
      const [words, language] = es ? [es, 'es'] : [en!, 'en'];
      return this.db.execute<{ id: string; score: number }[]>(
        `select c.id, ts_rank(c.search, ?::tsquery, 1) as score
         from tools.knowledge_chunk c
         where c.workspace_id = ? and c.base_id in (?) and c.search @@ ?::tsquery
           and c.source_id = any(array(select id from tools.knowledge_source where workspace_id = ? and base_id in (?) and language = ?))
         order by score desc, c.id
         limit ${CANDIDATES}`,
        [words, workspaceId, baseIds, words, workspaceId, baseIds, language],
      );
    }
    return this.db.execute<{ id: string; score: number }[]>(
      `with q as (
         select ?::tsquery as es, ?::tsquery as en,
                array(select id from tools.knowledge_source where workspace_id = ? and base_id in (?) and language = 'en') as en_sources
       )
       select c.id, ts_rank(c.search, case when c.source_id = any(q.en_sources) then q.en else q.es end, 1) as score
       from q, tools.knowledge_chunk c
       where c.workspace_id = ? and c.base_id in (?) and (c.search @@ q.es or c.search @@ q.en)
         and c.search @@ (case when c.source_id = any(q.en_sources) then q.en else q.es end)
       order by score desc, c.id
       limit ${CANDIDATES}`,
      [es, en, workspaceId, baseIds, workspaceId, baseIds],
    );
  }

  /**
   * Every embedded chunk of the bases against the query's unit vector, ranked exactly, in two reads
   * (vectors.ts): every chunk's sketch through a cursor, giving bounds of its similarity, then the
   * full vectors of the chunks whose upper bound reaches the CANDIDATES-th best lower bound (no
   * other can be among the best), scored here. Past `timeoutMs` it stops (VectorSearchTooSlow):
   * the bound holds the search's time, not the scan's coverage.
   */
  async vectorRanking(
    workspaceId: string,
    baseIds: string[],
    model: string,
    vector: number[],
    timeoutMs: number,
  ): Promise<{ id: string; similarity: number }[]> {
    const deadline = performance.now() + timeoutMs;
    const inTime = () => {
      if (performance.now() > deadline) throw new VectorSearchTooSlow();
    };
    const query = Float32Array.from(vector);
    const pool = await (this.db.orm.em.getDriver().getConnection() as PostgreSqlConnection).getNativeClient();
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`set local statement_timeout = ${Math.round(timeoutMs)}`);
      await client.query(
        `declare sketches no scroll cursor for
           select id, embedding_sketch as sketch from tools.knowledge_chunk
           where workspace_id = $1 and base_id = any($2) and embedding_model = $3 and embedding_sketch is not null`,
        [workspaceId, baseIds, model],
      );
      const lows = new BestScores(CANDIDATES);
      let candidates: { id: string; high: number }[] = [];
      for (;;) {
        inTime();
        const { rows } = await client.query<{ id: string; sketch: Buffer }>(`fetch ${VECTOR_BATCH} from sketches`);
        for (const row of rows) {
          const bounds = sketchBounds(row.sketch, query);
          if (!bounds) continue;
          lows.offer(row.id, bounds.low);
          if (bounds.high >= lows.floor()) candidates.push({ id: row.id, high: bounds.high });
        }
        const floor = lows.floor();
        candidates = candidates.filter((candidate) => candidate.high >= floor);
        if (rows.length < VECTOR_BATCH) break;
      }
      const best = new BestScores(CANDIDATES);
      for (let start = 0; start < candidates.length; start += VECTOR_BATCH) {
        inTime();
        const { rows } = await client.query<{ id: string; embedding: Buffer }>(
          'select id, embedding from tools.knowledge_chunk where workspace_id = $1 and id = any($2)',
          [workspaceId, candidates.slice(start, start + VECTOR_BATCH).map((candidate) => candidate.id)],
        );
        for (const row of rows) {
          const similarity = dotProduct(row.embedding, query);
          if (similarity !== null) best.offer(row.id, similarity);
        }
      }
      await client.query('commit');
      return best.ranking();
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw /statement timeout/.test(String(error)) ? new VectorSearchTooSlow() : error;
    } finally {
      client.release();
    }
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
