import { defineSignal } from '@temporalio/workflow';

/** What a source's indexing run does first: its kind decides the path; `nothing` when the source was deleted or its crawl could not start (it is then `failed`). */
export interface KnowledgeIndexingStart {
  path: 'document' | 'website' | 'nothing';
  /** The crawl's number: pages a crawl has seen carry it, so a resumed crawl skips them. */
  generation: number;
}

/** What the tools service's worker does for a knowledge source; implemented there. */
export interface KnowledgeIndexActivities {
  /** The source turns `indexing` under a new generation. */
  beginKnowledgeIndexing(sourceId: string): Promise<KnowledgeIndexingStart>;
  /** A text entry or a file: extracted, chunked, embedded, its chunks replaced; the source ends `ready` or `failed`. */
  indexKnowledgeDocument(sourceId: string, generation: number): Promise<void>;
  /**
   * The next pages of a crawl, each fetched once per generation (its row keyed by source and
   * URL); a page whose content hash is unchanged keeps its chunks. Answers how many pages
   * the crawl still has queued.
   */
  crawlKnowledgeSlice(sourceId: string, generation: number): Promise<{ queued: number }>;
  /** Pages this crawl no longer found are removed; the source ends `ready` (or `failed`); when to crawl again, if scheduled. */
  finishKnowledgeCrawl(sourceId: string, generation: number): Promise<{ recrawlInMs: number | null }>;
}

export interface KnowledgeIndexInput {
  sourceId: string;
  /** A crawl carried on after continue-as-new: its generation (no new one is begun). */
  resumeGeneration?: number;
}

/** Index again now: a text changed, a person asked, a website's settings changed. */
export const reindexKnowledgeSignal = defineSignal('reindexKnowledge');

/** One workflow per source: a reindex request joins the run under way. */
export function knowledgeIndexWorkflowId(sourceId: string): string {
  return `knowledge-index-${sourceId}`;
}
