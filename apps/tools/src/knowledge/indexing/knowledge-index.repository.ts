import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { KnowledgeLanguage } from '@platica/contracts';
import { Database, newId } from '@platica/platform';
import { KnowledgeSource } from '../knowledge.entity';
import { vectorBytes, vectorSketch } from '../search/vectors';
import type { Chunk } from './chunking';

/** PostgreSQL's text search configuration for each language. */
export const TEXT_SEARCH_CONFIG: Record<KnowledgeLanguage, string> = { es: 'spanish', en: 'english' };

export interface ChunkOwner {
  workspaceId: string;
  baseId: string;
  sourceId: string;
  pageId: string | null;
  language: KnowledgeLanguage;
  title: string;
  url: string | null;
}

/** What a page's (or a document's) indexing writes: its chunks and their vectors. */
export interface IndexedContent {
  chunks: Chunk[];
  embeddings: number[][] | null;
  model: string | null;
}

export interface QueuedPage {
  id: string;
  url: string;
  contentHash: string | null;
}

/**
 * What indexing writes, in SQL: a source's (or a page's) chunks replaced at once, each with its
 * `tsvector` (headings weighted A, text D) and its unit vector; the crawl queue of page rows.
 */
@Injectable()
export class KnowledgeIndexRepository {
  constructor(private readonly db: Database) {}

  /** A new run of the source: its generation grows and it turns `indexing`; null when the source is gone. */
  async beginGeneration(sourceId: string): Promise<KnowledgeSource | null> {
    return this.db.em().transactional(async (em) => {
      const source = await em.findOne(KnowledgeSource, { id: sourceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!source) return null;
      Object.assign(source, { generation: source.generation + 1, status: 'indexing', error: null, updatedAt: new Date() });
      return source;
    });
  }

  findSource(sourceId: string): Promise<KnowledgeSource | null> {
    return this.db.em().findOne(KnowledgeSource, { id: sourceId });
  }

  /** A document's chunks replaced and the source `ready`, at once; false when a later run took over. */
  async finishDocument(source: KnowledgeSource, generation: number, content: IndexedContent, contentHash: string): Promise<boolean> {
    return this.db.em().transactional(async (em) => {
      const current = await em.findOne(KnowledgeSource, { id: source.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!current || current.generation !== generation) return false;
      const owner = {
        workspaceId: source.workspaceId,
        baseId: source.baseId,
        sourceId: source.id,
        pageId: null,
        language: source.language,
        title: source.title,
        url: null,
      };
      await this.replaceChunks(em, owner, content);
      Object.assign(current, {
        status: 'ready',
        error: null,
        contentHash,
        chunkCount: content.chunks.length,
        pageCount: 1,
        indexedAt: new Date(),
        updatedAt: new Date(),
      });
      return true;
    });
  }

  /** A page indexed: its chunks replaced with its row, at once (a resumed crawl never finds half of it). */
  async writePage(owner: ChunkOwner & { pageId: string }, content: IndexedContent, contentHash: string, generation: number): Promise<void> {
    await this.db.em().transactional(async (em) => {
      await this.replaceChunks(em, owner, content);
      await em.execute(
        `update tools.knowledge_page set status = 'indexed', error = null, title = ?, content_hash = ?, crawl_generation = ?,
           index_count = index_count + 1, fetched_at = now(), indexed_at = now() where id = ?`,
        [owner.title, contentHash, generation, owner.pageId],
      );
    });
  }

  /** A page seen by this crawl without new content: unchanged (chunks kept), excluded or failed (chunks removed). */
  async markPage(
    pageId: string,
    generation: number,
    state: { status: 'indexed' | 'excluded' | 'failed'; error: string | null },
  ): Promise<void> {
    await this.db.em().transactional(async (em) => {
      if (state.status !== 'indexed') await em.execute('delete from tools.knowledge_chunk where page_id = ?', [pageId]);
      await em.execute(
        `update tools.knowledge_page set status = ?, error = ?, crawl_generation = ?, fetched_at = now()${state.status === 'indexed' ? '' : ', content_hash = null'} where id = ?`,
        [state.status, state.error, generation, pageId],
      );
    });
  }

  /** The run's end: the source's state and counts, unless a later run took over. */
  async finishSource(
    sourceId: string,
    generation: number,
    end: {
      status: 'ready' | 'failed';
      error: string | null;
      contentHash: string | null;
      chunks: number;
      pages: number;
      nextCrawlAt: Date | null;
    },
  ): Promise<void> {
    await this.db.execute(
      `update tools.knowledge_source set status = ?, error = ?, content_hash = ?, chunk_count = ?, page_count = ?, indexed_at = now(),
         next_crawl_at = ?, updated_at = now() where id = ? and generation = ?`,
      [end.status, end.error, end.contentHash, end.chunks, end.pages, end.nextCrawlAt, sourceId, generation],
    );
  }

  async failSource(sourceId: string, generation: number, error: string): Promise<void> {
    await this.db.execute(
      `update tools.knowledge_source set status = 'failed', error = ?, updated_at = now() where id = ? and generation = ?`,
      [error, sourceId, generation],
    );
  }

  /** What a crawl skipped (a page's links cut), said on the source unless it already says something. */
  async noteOnSource(sourceId: string, generation: number, note: string): Promise<void> {
    await this.db.execute('update tools.knowledge_source set error = ? where id = ? and generation = ? and error is null', [
      note,
      sourceId,
      generation,
    ]);
  }

  /** In `em`'s transaction: the owner's chunks become `content`'s (nothing else of the source is touched). */
  private async replaceChunks(em: EntityManager, owner: ChunkOwner, { chunks, embeddings, model }: IndexedContent): Promise<void> {
    await em.execute('delete from tools.knowledge_chunk where source_id = ? and page_id is not distinct from ?', [
      owner.sourceId,
      owner.pageId,
    ]);
    if (!chunks.length) return;
    const rows = chunks.map((chunk, ordinal) => ({
      id: newId('kc'),
      ordinal,
      title_path: chunk.titlePath,
      heading: chunk.titlePath.join(' '),
      text: chunk.text,
      embedding: embeddings ? vectorBytes(embeddings[ordinal]!).toString('base64') : null,
      sketch: embeddings ? vectorSketch(embeddings[ordinal]!).toString('base64') : null,
    }));
    const config = TEXT_SEARCH_CONFIG[owner.language];
    await em.execute(
      `insert into tools.knowledge_chunk (id, workspace_id, base_id, source_id, page_id, ordinal, title, title_path, url, text, search, embedding, embedding_sketch, embedding_model, created_at)
       select c.id, ?, ?, ?, ?, c.ordinal, ?, c.title_path, ?, c.text,
              setweight(to_tsvector(?::regconfig, tools.knowledge_fold(c.heading)), 'A') || to_tsvector(?::regconfig, tools.knowledge_fold(c.text)),
              decode(c.embedding, 'base64'), decode(c.sketch, 'base64'), ?, now()
       from jsonb_to_recordset(?::jsonb) as c(id text, ordinal int, title_path jsonb, heading text, text text, embedding text, sketch text)`,
      [
        owner.workspaceId,
        owner.baseId,
        owner.sourceId,
        owner.pageId,
        owner.title,
        owner.url,
        config,
        config,
        embeddings ? model : null,
        JSON.stringify(rows),
      ],
    );
  }

  async chunkCount(sourceId: string): Promise<number> {
    const [row] = await this.db.execute<{ count: string }[]>('select count(*) from tools.knowledge_chunk where source_id = ?', [sourceId]);
    return Number(row?.count ?? 0);
  }

  /**
   * Queues URLs for this crawl (generation): a URL never seen gets a row; a page seen by an
   * earlier crawl is queued again; a page this crawl already fetched or queued is left alone,
   * so no page is fetched twice in one crawl. At most `room` rows are queued. Answers how many were.
   */
  async queuePages(workspaceId: string, sourceId: string, generation: number, urls: string[], room: number): Promise<number> {
    if (!urls.length || room <= 0) return 0;
    const rows = await this.db.execute<{ id: string }[]>(
      `with candidate as (
         select u.url, u.position from jsonb_array_elements_text(?::jsonb) with ordinality as u(url, position)
         where not exists (select 1 from tools.knowledge_page p where p.source_id = ? and p.url = u.url and (p.crawl_generation >= ? or p.status = 'queued'))
         order by u.position limit ?
       )
       insert into tools.knowledge_page as p (id, workspace_id, source_id, url, title, status, error, content_hash, crawl_generation, index_count, fetched_at, indexed_at)
       select 'kp_' || md5(? || candidate.url), ?, ?, candidate.url, '', 'queued', null, null, ? - 1, 0, now(), null from candidate
       on conflict (source_id, url) do update set status = 'queued', error = null
         where p.crawl_generation < excluded.crawl_generation + 1 and p.status <> 'queued'
       returning p.id`,
      [JSON.stringify(urls), sourceId, generation, room, sourceId, workspaceId, sourceId, generation],
    );
    return rows.length;
  }

  /** Pages this crawl has queued or fetched: what counts against its page bound. */
  async pagesInCrawl(sourceId: string, generation: number): Promise<number> {
    const [row] = await this.db.execute<{ count: string }[]>(
      `select count(*) from tools.knowledge_page where source_id = ? and (status = 'queued' or crawl_generation = ?)`,
      [sourceId, generation],
    );
    return Number(row?.count ?? 0);
  }

  nextQueued(sourceId: string, limit: number): Promise<QueuedPage[]> {
    return this.db.execute<QueuedPage[]>(
      `select id, url, content_hash as "contentHash" from tools.knowledge_page where source_id = ? and status = 'queued' order by fetched_at, url limit ?`,
      [sourceId, limit],
    );
  }

  async queuedCount(sourceId: string): Promise<number> {
    const [row] = await this.db.execute<{ count: string }[]>(
      `select count(*) from tools.knowledge_page where source_id = ? and status = 'queued'`,
      [sourceId],
    );
    return Number(row?.count ?? 0);
  }

  /** Pages the finished crawl did not reach any more (removed from the site or beyond the bound): gone, with their chunks. */
  async removeUnseenPages(sourceId: string, generation: number): Promise<void> {
    await this.db.execute(`delete from tools.knowledge_page where source_id = ? and crawl_generation < ? and status <> 'queued'`, [
      sourceId,
      generation,
    ]);
  }

  /** Pages indexed and the hash of their hashes (the source's `contentHash`: it changes when any page does). */
  async crawlSummary(sourceId: string): Promise<{ pages: number; hash: string | null; failed: string[] }> {
    const [row] = await this.db.execute<{ pages: string; hash: string | null }[]>(
      `select count(*) filter (where status = 'indexed') as pages,
              encode(sha256(string_agg(url || ' ' || coalesce(content_hash, ''), E'\\n' order by url)::bytea), 'hex') as hash
       from tools.knowledge_page where source_id = ? and status = 'indexed'`,
      [sourceId],
    );
    const failed = await this.db.execute<{ url: string; error: string }[]>(
      `select url, error from tools.knowledge_page where source_id = ? and status = 'failed' order by url limit 3`,
      [sourceId],
    );
    return { pages: Number(row?.pages ?? 0), hash: row?.hash ?? null, failed: failed.map((page) => `${page.error}`) };
  }
}
