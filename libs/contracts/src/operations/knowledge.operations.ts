import { defineOperation, errorBodySchema, successEnvelope } from '../operation';
import {
  createKnowledgeBaseSchema,
  createKnowledgeSourceSchema,
  knowledgeBaseSchema,
  knowledgeBasesListSchema,
  knowledgeListQuerySchema,
  knowledgePagesListSchema,
  knowledgeSearchResultSchema,
  knowledgeSearchSchema,
  knowledgeSourceSchema,
  knowledgeSourcesListSchema,
  updateKnowledgeBaseSchema,
  updateKnowledgeSourceSchema,
} from '../knowledge';

const ADDITION = 'An addition to the spec (docs/knowledge.md).';

function knowledgeOperation<const O extends Omit<Parameters<typeof defineOperation>[0], 'scope' | 'workspace' | 'tag' | 'description'>>(
  operation: O & { detail?: string },
) {
  const { detail, ...rest } = operation;
  return defineOperation({
    ...rest,
    tag: 'knowledge',
    description: detail ? `${ADDITION} ${detail}` : ADDITION,
    scope: operation.method === 'GET' ? 'read' : 'write',
    workspace: 'one',
  } as Omit<O, 'detail'> & { tag: string; description: string; scope: 'read' | 'write'; workspace: 'one' });
}

const base = successEnvelope(knowledgeBaseSchema);
const source = successEnvelope(knowledgeSourceSchema);

/** Knowledge bases, their sources and search (owned by the tools service). */
export const knowledgeOperations = {
  basesList: knowledgeOperation({
    operationId: 'knowledge_bases_list',
    method: 'GET',
    path: '/v1/knowledge/bases',
    subject: 'tools.knowledge.bases.list',
    summary: "The workspace's knowledge bases, by name",
    query: knowledgeListQuerySchema,
    responses: { 200: knowledgeBasesListSchema, 400: errorBodySchema },
  }),
  basesCreate: knowledgeOperation({
    operationId: 'knowledge_bases_create',
    method: 'POST',
    path: '/v1/knowledge/bases',
    subject: 'tools.knowledge.bases.create',
    summary: 'Create a knowledge base',
    detail: 'A name the workspace already has is 409.',
    idempotent: true,
    body: createKnowledgeBaseSchema,
    responses: { 201: base, 400: errorBodySchema, 409: errorBodySchema },
  }),
  basesGet: knowledgeOperation({
    operationId: 'knowledge_bases_get',
    method: 'GET',
    path: '/v1/knowledge/bases/{baseId}',
    subject: 'tools.knowledge.bases.get',
    summary: 'Get a knowledge base',
    responses: { 200: knowledgeBaseSchema, 404: errorBodySchema },
  }),
  basesUpdate: knowledgeOperation({
    operationId: 'knowledge_bases_update',
    method: 'PATCH',
    path: '/v1/knowledge/bases/{baseId}',
    subject: 'tools.knowledge.bases.update',
    summary: "Rename a knowledge base, or change its description or its sources' default language",
    detail: 'A new default language applies to sources added afterwards.',
    body: updateKnowledgeBaseSchema,
    responses: { 200: base, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
  }),
  basesDelete: knowledgeOperation({
    operationId: 'knowledge_bases_delete',
    method: 'DELETE',
    path: '/v1/knowledge/bases/{baseId}',
    subject: 'tools.knowledge.bases.delete',
    summary: 'Delete a knowledge base with its sources and chunks',
    responses: { 200: base, 404: errorBodySchema },
  }),
  sourcesList: knowledgeOperation({
    operationId: 'knowledge_sources_list',
    method: 'GET',
    path: '/v1/knowledge/bases/{baseId}/sources',
    subject: 'tools.knowledge.sources.list',
    summary: "A knowledge base's sources, newest first, with their indexing state",
    query: knowledgeListQuerySchema,
    responses: { 200: knowledgeSourcesListSchema, 400: errorBodySchema, 404: errorBodySchema },
  }),
  sourcesCreate: knowledgeOperation({
    operationId: 'knowledge_sources_create',
    method: 'POST',
    path: '/v1/knowledge/bases/{baseId}/sources',
    subject: 'tools.knowledge.sources.create',
    summary: 'Add a source (a text entry, an uploaded file, a website) and start indexing it',
    detail:
      'Answers at once with status `pending`; indexing runs as a durable workflow and the source turns `ready` or `failed` (with `error`). A file is sent base64 in `contentBase64`; its type is read from its content (PDF, DOCX, HTML, Markdown, plain text) and a body larger than the gateway reads is 413. A website URL goes through the SSRF guard.',
    idempotent: true,
    body: createKnowledgeSourceSchema,
    timeoutMs: 30_000,
    responses: { 201: source, 400: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema, 422: errorBodySchema },
  }),
  sourcesGet: knowledgeOperation({
    operationId: 'knowledge_sources_get',
    method: 'GET',
    path: '/v1/knowledge/bases/{baseId}/sources/{sourceId}',
    subject: 'tools.knowledge.sources.get',
    summary: 'Get a source and its indexing state',
    responses: { 200: knowledgeSourceSchema, 404: errorBodySchema },
  }),
  sourcesUpdate: knowledgeOperation({
    operationId: 'knowledge_sources_update',
    method: 'PATCH',
    path: '/v1/knowledge/bases/{baseId}/sources/{sourceId}',
    subject: 'tools.knowledge.sources.update',
    summary: "Change a source's title, a text entry's text, or a website's page bound and re-crawl schedule",
    detail: 'A changed text is re-indexed; a field that does not apply to the source’s kind is 400 naming it.',
    body: updateKnowledgeSourceSchema,
    responses: { 200: source, 400: errorBodySchema, 404: errorBodySchema },
  }),
  sourcesDelete: knowledgeOperation({
    operationId: 'knowledge_sources_delete',
    method: 'DELETE',
    path: '/v1/knowledge/bases/{baseId}/sources/{sourceId}',
    subject: 'tools.knowledge.sources.delete',
    summary: 'Delete a source and its chunks (an indexing run under way is stopped)',
    responses: { 200: source, 404: errorBodySchema },
  }),
  sourcesReindex: knowledgeOperation({
    operationId: 'knowledge_sources_reindex',
    method: 'POST',
    path: '/v1/knowledge/bases/{baseId}/sources/{sourceId}/reindex',
    subject: 'tools.knowledge.sources.reindex',
    summary: 'Index a source again now (a website is re-crawled; unchanged pages keep their chunks)',
    detail: 'While a run is under way the request joins it (202 with the source as it is).',
    responses: { 202: source, 404: errorBodySchema },
  }),
  sourcePages: knowledgeOperation({
    operationId: 'knowledge_source_pages_list',
    method: 'GET',
    path: '/v1/knowledge/bases/{baseId}/sources/{sourceId}/pages',
    subject: 'tools.knowledge.sources.pages',
    summary: "A website source's pages: indexed, excluded by robots.txt or failed, with their content hash",
    query: knowledgeListQuerySchema,
    responses: { 200: knowledgePagesListSchema, 400: errorBodySchema, 404: errorBodySchema },
  }),
  search: knowledgeOperation({
    operationId: 'knowledge_bases_search',
    method: 'POST',
    path: '/v1/knowledge/bases/{baseId}/search',
    subject: 'tools.knowledge.search',
    summary: 'Try a query: the ranked chunks with their text, title path, URL and scores',
    detail:
      'Text search in each source’s language, and vector similarity when an embeddings endpoint is configured, fused by reciprocal rank. Nothing is written; a POST (scope write) as the query may be long.',
    body: knowledgeSearchSchema,
    responses: { 200: knowledgeSearchResultSchema, 400: errorBodySchema, 404: errorBodySchema },
  }),
};
