import { defineEntity, p } from '@mikro-orm/core';
import type {
  KnowledgeFileType,
  KnowledgeLanguage,
  KnowledgePageStatus,
  KnowledgeSourceKind,
  KnowledgeSourceStatus,
  WebsiteMode,
} from '@platica/contracts';

/** A workspace's knowledge base (docs/knowledge.md): a named set of sources searched together. */
const KnowledgeBaseSchema = defineEntity({
  name: 'KnowledgeBase',
  tableName: 'knowledge_base',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    name: p.text(),
    description: p.text(),
    /** The default language of sources added to it. */
    language: p.text().$type<KnowledgeLanguage>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'name'], name: 'knowledge_base_workspace_name_unique' }],
});
export class KnowledgeBase extends KnowledgeBaseSchema.class {}
KnowledgeBaseSchema.setClass(KnowledgeBase);

/** A website source's settings. */
export interface WebsiteSettings {
  url: string;
  mode: WebsiteMode;
  maxPages: number;
  recrawlEveryHours: number | null;
}

/**
 * One source of a base: a text entry, an uploaded file (its bytes kept, so a re-index needs no
 * new upload) or a website. `generation` grows with every indexing request: an indexing run
 * carries the generation it was started for, and a run outdated by a later request stops.
 */
const KnowledgeSourceSchema = defineEntity({
  name: 'KnowledgeSource',
  tableName: 'knowledge_source',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    baseId: p.text(),
    kind: p.text().$type<KnowledgeSourceKind>(),
    title: p.text(),
    status: p.text().$type<KnowledgeSourceStatus>(),
    error: p.text().nullable(),
    contentHash: p.text().nullable(),
    language: p.text().$type<KnowledgeLanguage>(),
    /** Text entries: the text; files: null (the bytes are in `content`). */
    text: p.text().nullable(),
    content: p.blob().nullable().lazy(),
    fileType: p.text().$type<KnowledgeFileType>().nullable(),
    byteSize: p.integer().nullable(),
    website: p.json<WebsiteSettings>().nullable(),
    nextCrawlAt: p.datetime().nullable(),
    generation: p.integer(),
    chunkCount: p.integer(),
    pageCount: p.integer(),
    indexedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['baseId', 'createdAt'], name: 'knowledge_source_base_index' }],
});
export class KnowledgeSource extends KnowledgeSourceSchema.class {}
KnowledgeSourceSchema.setClass(KnowledgeSource);

/**
 * A website page, one row per (source, URL): a crawl that resumes or re-crawls finds it here,
 * and a page whose `contentHash` has not changed keeps its chunks (nothing re-embedded).
 */
const KnowledgePageSchema = defineEntity({
  name: 'KnowledgePage',
  tableName: 'knowledge_page',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    sourceId: p.text(),
    url: p.text(),
    title: p.text(),
    status: p.text().$type<KnowledgePageStatus>(),
    error: p.text().nullable(),
    contentHash: p.text().nullable(),
    /** Which crawl (the source's generation) last saw it: pages a finished crawl did not see are removed. */
    crawlGeneration: p.integer(),
    indexCount: p.integer(),
    fetchedAt: p.datetime(),
    indexedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['sourceId', 'url'], name: 'knowledge_page_source_url_unique' }],
});
export class KnowledgePage extends KnowledgePageSchema.class {}
KnowledgePageSchema.setClass(KnowledgePage);

/**
 * A searchable piece of a source (or of a website page): by headings and size, with the
 * headings above it. `search` is its `tsvector` in the source's language (written with the
 * chunk, accents removed); `embedding` a unit vector (cosine similarity is a dot product)
 * when an embeddings endpoint is configured, as float32 bytes, and its sketch, a quarter of
 * those bytes, that search scans first (search/vectors.ts). Written and read by SQL in KnowledgeChunkRepository.
 */
const KnowledgeChunkSchema = defineEntity({
  name: 'KnowledgeChunk',
  tableName: 'knowledge_chunk',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    baseId: p.text(),
    sourceId: p.text(),
    pageId: p.text().nullable(),
    ordinal: p.integer(),
    title: p.text(),
    titlePath: p.json<string[]>(),
    url: p.text().nullable(),
    text: p.text(),
    search: p.text().columnType('tsvector').lazy(),
    embedding: p.blob().nullable().lazy(),
    embeddingSketch: p.blob().nullable().lazy(),
    embeddingModel: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [
    { properties: ['sourceId', 'pageId'], name: 'knowledge_chunk_source_index' },
    { properties: ['baseId'], name: 'knowledge_chunk_base_index' },
  ],
});
export class KnowledgeChunk extends KnowledgeChunkSchema.class {}
KnowledgeChunkSchema.setClass(KnowledgeChunk);
