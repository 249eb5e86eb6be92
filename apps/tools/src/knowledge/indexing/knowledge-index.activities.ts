import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Context } from '@temporalio/activity';
import type { KnowledgeIndexActivities, KnowledgeIndexingStart } from '@platica/workflows/activities';
import { KnowledgeRepository } from '../knowledge.repository';
import { chunkBlocks } from './chunking';
import { extractDocument, extractMarkdown, UnreadableDocument, type ExtractedDocument } from './document-text';
import { Embeddings } from './embeddings';
import { KnowledgeIndexRepository } from './knowledge-index.repository';
import { PageProblem } from './page-fetcher';
import { WebsiteCrawler } from './website-crawler';

const HOUR_MS = 3_600_000;

/**
 * The tools worker's side of a source's indexing. The rows are the state: the source's
 * `generation` names the run, a page row its crawl; every step can be retried (a crashed
 * worker's step runs again and finds what was done).
 */
@Injectable()
export class KnowledgeIndexActivitiesFactory {
  private readonly logger = new Logger('knowledge-indexing');

  constructor(
    private readonly sources: KnowledgeRepository,
    private readonly index: KnowledgeIndexRepository,
    private readonly crawler: WebsiteCrawler,
    private readonly embeddings: Embeddings,
  ) {}

  activities(): KnowledgeIndexActivities {
    return {
      beginKnowledgeIndexing: (sourceId) => this.begin(sourceId),
      indexKnowledgeDocument: (sourceId, generation) => this.indexDocument(sourceId, generation),
      crawlKnowledgeSlice: (sourceId, generation) => this.crawlSlice(sourceId, generation),
      finishKnowledgeCrawl: (sourceId, generation) => this.finishCrawl(sourceId, generation),
    };
  }

  private async begin(sourceId: string): Promise<KnowledgeIndexingStart> {
    const source = await this.index.beginGeneration(sourceId);
    if (!source) return { path: 'nothing', generation: 0 };
    if (source.kind !== 'website') return { path: 'document', generation: source.generation };
    try {
      await this.crawler.seed(source, source.generation);
    } catch (error) {
      if (!(error instanceof PageProblem)) throw error;
      await this.fail(sourceId, source.generation, error.message);
      return { path: 'nothing', generation: source.generation };
    }
    return { path: 'website', generation: source.generation };
  }

  private async indexDocument(sourceId: string, generation: number): Promise<void> {
    const source = await this.sources.sourceWithContent(sourceId);
    if (!source || source.generation !== generation) return; // deleted, or a later run took over
    let document: ExtractedDocument;
    try {
      document =
        source.kind === 'text' ? extractMarkdown(source.text ?? '') : await extractDocument(Buffer.from(source.content!), source.fileType!);
    } catch (error) {
      if (!(error instanceof UnreadableDocument)) throw error;
      await this.fail(sourceId, generation, error.message);
      return;
    }
    const chunks = chunkBlocks(document.blocks, source.title);
    if (!chunks.length) {
      await this.fail(sourceId, generation, 'the document has no text to index');
      return;
    }
    const vectors = this.embeddings.model ? await this.embeddings.embed(chunks.map((c) => `${c.titlePath.join(' › ')}\n${c.text}`)) : null;
    const hash = createHash('sha256')
      .update(source.kind === 'text' ? (source.text ?? '') : Buffer.from(source.content!))
      .digest('hex');
    const written = await this.index.finishDocument(
      source,
      generation,
      { chunks, embeddings: vectors, model: this.embeddings.model },
      hash,
    );
    if (!written) return;
    this.logger.log({ msg: 'knowledge source indexed', sourceId, chunks: chunks.length });
  }

  private async crawlSlice(sourceId: string, generation: number): Promise<{ queued: number }> {
    const source = await this.index.findSource(sourceId);
    if (!source || source.generation !== generation) return { queued: 0 };
    const { queued, notes } = await this.crawler.slice(source, generation, () => Context.current().heartbeat());
    if (notes.length) await this.index.noteOnSource(sourceId, generation, notes[0]!);
    return { queued };
  }

  private async finishCrawl(sourceId: string, generation: number): Promise<{ recrawlInMs: number | null }> {
    const source = await this.index.findSource(sourceId);
    if (!source || source.generation !== generation) return { recrawlInMs: null };
    await this.index.removeUnseenPages(sourceId, generation);
    const summary = await this.index.crawlSummary(sourceId);
    const chunks = await this.index.chunkCount(sourceId);
    const every = source.website?.recrawlEveryHours ?? null;
    const nextCrawlAt = every ? new Date(Date.now() + every * HOUR_MS) : null;
    const failed = summary.pages === 0;
    const error = failed
      ? (summary.failed[0] ?? 'no page of the site could be indexed')
      : (source.error ?? (summary.failed.length ? `some pages failed: ${summary.failed.join('; ')}` : null));
    await this.index.finishSource(sourceId, generation, {
      status: failed ? 'failed' : 'ready',
      error,
      contentHash: summary.hash,
      chunks,
      pages: summary.pages,
      nextCrawlAt,
    });
    this.logger.log({ msg: 'knowledge crawl finished', sourceId, pages: summary.pages, chunks });
    return { recrawlInMs: every ? every * HOUR_MS : null };
  }

  private async fail(sourceId: string, generation: number, error: string): Promise<void> {
    await this.index.failSource(sourceId, generation, error);
  }
}
