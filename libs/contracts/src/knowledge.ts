import { z } from 'zod';

/**
 * Knowledge bases (an addition to the spec, docs/knowledge.md): a workspace's own documents,
 * owned by the tools service as a third tool source. A base holds sources (a text entry, an
 * uploaded file, a website); indexing turns each into chunks searched by PostgreSQL text
 * search in the source's language and, when an embeddings endpoint is configured, by vector
 * similarity, the two fused by reciprocal rank fusion.
 */
const instant = z.string().describe('ISO 8601');

/** Text search configurations a source may be indexed with (PostgreSQL `regconfig` names). */
export const KNOWLEDGE_LANGUAGES = ['es', 'en'] as const;
export type KnowledgeLanguage = (typeof KNOWLEDGE_LANGUAGES)[number];

export const KNOWLEDGE_SOURCE_KINDS = ['text', 'file', 'website'] as const;
export type KnowledgeSourceKind = (typeof KNOWLEDGE_SOURCE_KINDS)[number];

/** `pending`: waiting for its indexing run; `indexing`: a run is under way; `failed`: `error` says why. */
export const KNOWLEDGE_SOURCE_STATUSES = ['pending', 'indexing', 'ready', 'failed'] as const;
export type KnowledgeSourceStatus = (typeof KNOWLEDGE_SOURCE_STATUSES)[number];

/** `page`: the URL alone; `sitemap`: the URLs its sitemap lists; `crawl`: links followed from the URL, within its origin. */
export const WEBSITE_MODES = ['page', 'sitemap', 'crawl'] as const;
export type WebsiteMode = (typeof WEBSITE_MODES)[number];

/** A website page's state: `queued` for the crawl under way, `indexed` (its chunks are searchable), `excluded` (robots.txt), `failed` (`error` says why). */
export const KNOWLEDGE_PAGE_STATUSES = ['queued', 'indexed', 'excluded', 'failed'] as const;
export type KnowledgePageStatus = (typeof KNOWLEDGE_PAGE_STATUSES)[number];

/** File types recognised by their content (magic bytes, then the text's shape), never by name. */
export const KNOWLEDGE_FILE_TYPES = ['pdf', 'docx', 'html', 'markdown', 'text'] as const;
export type KnowledgeFileType = (typeof KNOWLEDGE_FILE_TYPES)[number];

export const KNOWLEDGE_TEXT_MAX_CHARS = 200_000;
export const WEBSITE_MAX_PAGES = 1_000;
export const KNOWLEDGE_SEARCH_MAX_LIMIT = 50;

const name = z.string().trim().min(1, 'must not be empty').max(120);
const description = z.string().trim().max(2_000);
const language = z.enum(KNOWLEDGE_LANGUAGES).describe('the text search language: es (Spanish) or en (English)');

export const knowledgeListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const createKnowledgeBaseSchema = z.strictObject({
  name,
  description: description.optional(),
  language: language.optional().describe('the default language of its sources (es when not given)'),
});

export const updateKnowledgeBaseSchema = z
  .strictObject({ name: name.optional(), description: description.optional(), language: language.optional() })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of name, description, language');

const textSource = z.strictObject({
  kind: z.literal('text'),
  title: name.describe('the entry’s title (the first element of its chunks’ title path)'),
  text: z.string().trim().min(1, 'must not be empty').max(KNOWLEDGE_TEXT_MAX_CHARS).describe('plain text or Markdown'),
  language: language.optional(),
});

const fileSource = z.strictObject({
  kind: z.literal('file'),
  fileName: z.string().trim().min(1).max(255).describe('shown as the source’s title; the type is read from the content, not the name'),
  contentBase64: z
    .string()
    .min(1, 'must not be empty')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')
    .describe('the file’s bytes, base64: PDF, DOCX, HTML, Markdown or plain text (UTF-8)'),
  language: language.optional(),
});

const websiteSource = z.strictObject({
  kind: z.literal('website'),
  url: z.url({ protocol: /^https?$/ }).max(2_000),
  mode: z.enum(WEBSITE_MODES).default('page'),
  maxPages: z.number().int().min(1).max(WEBSITE_MAX_PAGES).default(50).describe('the most pages one crawl indexes'),
  recrawlEveryHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .nullable()
    .default(null)
    .describe('re-crawl on this schedule (only changed pages are re-indexed); null: on demand only'),
  language: language.optional(),
});

export const createKnowledgeSourceSchema = z.discriminatedUnion('kind', [textSource, fileSource, websiteSource]);
export type CreateKnowledgeSource = z.output<typeof createKnowledgeSourceSchema>;

export const updateKnowledgeSourceSchema = z
  .strictObject({
    title: name.optional(),
    text: textSource.shape.text.optional().describe('text sources only'),
    maxPages: websiteSource.shape.maxPages.unwrap().optional().describe('website sources only'),
    recrawlEveryHours: websiteSource.shape.recrawlEveryHours.unwrap().optional().describe('website sources only'),
  })
  .refine((body) => Object.keys(body).length > 0, 'give at least one field to change');

export const knowledgeSearchSchema = z.strictObject({
  query: z.string().trim().min(1, 'must not be empty').max(1_000),
  limit: z.number().int().min(1).max(KNOWLEDGE_SEARCH_MAX_LIMIT).default(5),
});

export const knowledgeBaseSchema = z
  .object({
    id: z.string().describe('kb_…'),
    name: z.string(),
    description: z.string(),
    language,
    sourceCount: z.number().int(),
    chunkCount: z.number().int(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'KnowledgeBase' });
export type KnowledgeBaseView = z.output<typeof knowledgeBaseSchema>;

export const knowledgeSourceSchema = z
  .object({
    id: z.string().describe('ks_…'),
    baseId: z.string(),
    kind: z.enum(KNOWLEDGE_SOURCE_KINDS),
    title: z.string(),
    status: z.enum(KNOWLEDGE_SOURCE_STATUSES),
    error: z.string().nullable().describe('why the last indexing failed (status failed) or what it skipped'),
    contentHash: z.string().nullable().describe('SHA-256 of what was last indexed (a website: of its pages’ hashes)'),
    language,
    fileType: z.enum(KNOWLEDGE_FILE_TYPES).nullable().describe('file sources: the type read from the content'),
    byteSize: z.number().int().nullable().describe('file sources: the upload’s size'),
    website: z
      .object({
        url: z.string(),
        mode: z.enum(WEBSITE_MODES),
        maxPages: z.number().int(),
        recrawlEveryHours: z.number().int().nullable(),
        nextCrawlAt: instant.nullable(),
      })
      .nullable(),
    chunkCount: z.number().int(),
    pageCount: z.number().int().describe('website sources: pages indexed; 1 for others once ready'),
    indexedAt: instant.nullable(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'KnowledgeSource' });
export type KnowledgeSourceView = z.output<typeof knowledgeSourceSchema>;

export const knowledgePageSchema = z
  .object({
    url: z.string(),
    title: z.string(),
    status: z.enum(KNOWLEDGE_PAGE_STATUSES),
    error: z.string().nullable(),
    contentHash: z.string().nullable(),
    indexCount: z.number().int().describe('how many times its chunks were (re)written: a page unchanged on re-crawl keeps its count'),
    fetchedAt: instant,
    indexedAt: instant.nullable(),
  })
  .meta({ id: 'KnowledgePage' });

export const knowledgeChunkHitSchema = z
  .object({
    chunkId: z.string(),
    sourceId: z.string(),
    title: z.string().describe('the source’s title, or the page’s'),
    titlePath: z.array(z.string()).describe('the headings above the chunk, outermost first'),
    url: z.string().nullable().describe('the page’s URL (website sources)'),
    text: z.string(),
    scores: z.object({
      textRank: z.number().int().nullable().describe('1-based rank in the text search; null when it did not match'),
      vectorRank: z.number().int().nullable().describe('1-based rank by cosine similarity; null without embeddings'),
      textScore: z.number().nullable().describe('ts_rank, normalised by length'),
      similarity: z.number().nullable().describe('cosine similarity'),
      fused: z.number().describe('reciprocal rank fusion: Σ 1/(60 + rank)'),
    }),
  })
  .meta({ id: 'KnowledgeChunkHit' });
export type KnowledgeChunkHit = z.output<typeof knowledgeChunkHitSchema>;

export const knowledgeSearchResultSchema = z.object({
  query: z.string(),
  vectorSearch: z
    .enum(['used', 'not-configured', 'unavailable'])
    .describe('unavailable: the embeddings endpoint failed; text search alone answered'),
  data: z.array(knowledgeChunkHitSchema).describe('best first'),
});
export type KnowledgeSearchResult = z.output<typeof knowledgeSearchResultSchema>;

const pagination = z.object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() });

export const knowledgeBasesListSchema = z.object({ data: z.array(knowledgeBaseSchema).describe('by name'), pagination });
export const knowledgeSourcesListSchema = z.object({ data: z.array(knowledgeSourceSchema).describe('newest first'), pagination });
export const knowledgePagesListSchema = z.object({ data: z.array(knowledgePageSchema).describe('by URL'), pagination });
