import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { RequestBody, Schema } from '../../api/schema';

export type KnowledgeBase = Schema<'KnowledgeBase'>;
export type KnowledgeSource = Schema<'KnowledgeSource'>;
export type KnowledgePage = Schema<'KnowledgePage'>;
export type KnowledgeChunkHit = Schema<'KnowledgeChunkHit'>;
export type NewSource = RequestBody<'knowledge_sources_create'>;

/** While a source is waiting for or under its indexing run, its base's sources are read again this often. */
export const INDEXING_POLL_MS = 2_000;

/**
 * The knowledge bases' query keys, all under `all` (which the proposals page's base choices share):
 * a change to a base or a source reads the lists, the base's counts and the choices again.
 */
export const knowledgeKeys = {
  all: (workspaceId: string) => ['knowledge-bases', workspaceId] as const,
  list: (workspaceId: string) => [...knowledgeKeys.all(workspaceId), 'list'] as const,
  base: (workspaceId: string, baseId: string) => [...knowledgeKeys.all(workspaceId), baseId] as const,
  sources: (workspaceId: string, baseId: string) => [...knowledgeKeys.base(workspaceId, baseId), 'sources'] as const,
  pages: (workspaceId: string, baseId: string, sourceId: string) =>
    [...knowledgeKeys.sources(workspaceId, baseId), sourceId, 'pages'] as const,
};

/** Whether a source's indexing has yet to settle: the page keeps reading it until it is `ready` or `failed`. */
export function isSettling(source: Pick<KnowledgeSource, 'status'>): boolean {
  return source.status === 'pending' || source.status === 'indexing';
}

/** When the sources are read next: soon while one of them is settling, else not until something asks. */
export function pollWhileSettling(sources: Pick<KnowledgeSource, 'status'>[] | undefined): number | false {
  return sources?.some(isSettling) ? INDEXING_POLL_MS : false;
}

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });
const baseParams = (workspaceId: string, baseId: string) => ({ ...scope(workspaceId), path: { baseId } });
const sourceParams = (workspaceId: string, baseId: string, sourceId: string) => ({ ...scope(workspaceId), path: { baseId, sourceId } });
const refreshAll = (queryClient: QueryClient, workspaceId: string) => () =>
  queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(workspaceId) });

/** The workspace's bases, by name (GET /v1/knowledge/bases; 200, the API's most). */
export function basesQuery(workspaceId: string) {
  return queryOptions({
    queryKey: knowledgeKeys.list(workspaceId),
    queryFn: () => data(api.GET('/v1/knowledge/bases', { params: { query: { workspace: workspaceId, limit: 200 } } })),
  });
}

export function useBases(workspaceId: string) {
  return useQuery(basesQuery(workspaceId));
}

/** One base with its counts; read again with its sources while any is indexing (the counts change as they settle). */
export function baseQuery(workspaceId: string, baseId: string, polling: boolean) {
  return queryOptions({
    queryKey: knowledgeKeys.base(workspaceId, baseId),
    queryFn: () => data(api.GET('/v1/knowledge/bases/{baseId}', { params: baseParams(workspaceId, baseId) })),
    refetchInterval: polling ? INDEXING_POLL_MS : false,
  });
}

export function useBase(workspaceId: string, baseId: string, polling: boolean) {
  return useQuery(baseQuery(workspaceId, baseId, polling));
}

/** A base's sources, newest first, read every INDEXING_POLL_MS while one of them is settling. */
export function sourcesQuery(workspaceId: string, baseId: string) {
  return queryOptions({
    queryKey: knowledgeKeys.sources(workspaceId, baseId),
    queryFn: () =>
      data(
        api.GET('/v1/knowledge/bases/{baseId}/sources', {
          params: { ...baseParams(workspaceId, baseId), query: { workspace: workspaceId, limit: 200 } },
        }),
      ),
    refetchInterval: (query) => pollWhileSettling(query.state.data?.data),
  });
}

export function useSources(workspaceId: string, baseId: string) {
  return useQuery(sourcesQuery(workspaceId, baseId));
}

/** A website source's pages, by URL, read again while its crawl is under way. */
export function pagesQuery(workspaceId: string, baseId: string, sourceId: string, crawling: boolean) {
  return queryOptions({
    queryKey: knowledgeKeys.pages(workspaceId, baseId, sourceId),
    queryFn: () =>
      data(
        api.GET('/v1/knowledge/bases/{baseId}/sources/{sourceId}/pages', {
          params: { ...sourceParams(workspaceId, baseId, sourceId), query: { workspace: workspaceId, limit: 200 } },
        }),
      ),
    refetchInterval: crawling ? INDEXING_POLL_MS : false,
  });
}

export function usePages(workspaceId: string, baseId: string, sourceId: string, crawling: boolean) {
  return useQuery(pagesQuery(workspaceId, baseId, sourceId, crawling));
}

/** Creates a base; its name taken is the API's 409 naming `name`. */
export function createBase(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'knowledge_bases_create'>) =>
      data(api.POST('/v1/knowledge/bases', { params: scope(workspaceId), body })),
    onSuccess: refreshAll(queryClient, workspaceId),
  });
}

export function useCreateBase(workspaceId: string) {
  return useMutation(createBase(useQueryClient(), workspaceId));
}

/** Renames a base or changes its description or default language. */
export function updateBase(queryClient: QueryClient, workspaceId: string, baseId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'knowledge_bases_update'>) =>
      data(api.PATCH('/v1/knowledge/bases/{baseId}', { params: baseParams(workspaceId, baseId), body })),
    onSuccess: refreshAll(queryClient, workspaceId),
  });
}

export function useUpdateBase(workspaceId: string, baseId: string) {
  return useMutation(updateBase(useQueryClient(), workspaceId, baseId));
}

/** Deletes a base with its sources and chunks; its own queries are dropped rather than read again (it is gone). */
export function deleteBase(queryClient: QueryClient, workspaceId: string, baseId: string) {
  return mutationOptions({
    mutationFn: () => data(api.DELETE('/v1/knowledge/bases/{baseId}', { params: baseParams(workspaceId, baseId) })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: knowledgeKeys.base(workspaceId, baseId) });
      return queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(workspaceId) });
    },
  });
}

export function useDeleteBase(workspaceId: string, baseId: string) {
  return useMutation(deleteBase(useQueryClient(), workspaceId, baseId));
}

/** Adds a source (a text entry, a file, a website); it answers `pending` and the sources' polling follows it. */
export function addSource(queryClient: QueryClient, workspaceId: string, baseId: string) {
  return mutationOptions({
    mutationFn: (body: NewSource) =>
      data(api.POST('/v1/knowledge/bases/{baseId}/sources', { params: baseParams(workspaceId, baseId), body })),
    onSuccess: refreshAll(queryClient, workspaceId),
  });
}

export function useAddSource(workspaceId: string, baseId: string) {
  return useMutation(addSource(useQueryClient(), workspaceId, baseId));
}

/** Indexes a source again now (a website is re-crawled; unchanged pages keep their chunks). */
export function reindexSource(queryClient: QueryClient, workspaceId: string, baseId: string) {
  return mutationOptions({
    mutationFn: (sourceId: string) =>
      data(api.POST('/v1/knowledge/bases/{baseId}/sources/{sourceId}/reindex', { params: sourceParams(workspaceId, baseId, sourceId) })),
    onSuccess: refreshAll(queryClient, workspaceId),
  });
}

export function useReindexSource(workspaceId: string, baseId: string) {
  return useMutation(reindexSource(useQueryClient(), workspaceId, baseId));
}

/** Deletes a source with its chunks. */
export function deleteSource(queryClient: QueryClient, workspaceId: string, baseId: string) {
  return mutationOptions({
    mutationFn: (sourceId: string) =>
      data(api.DELETE('/v1/knowledge/bases/{baseId}/sources/{sourceId}', { params: sourceParams(workspaceId, baseId, sourceId) })),
    onSuccess: refreshAll(queryClient, workspaceId),
  });
}

export function useDeleteSource(workspaceId: string, baseId: string) {
  return useMutation(deleteSource(useQueryClient(), workspaceId, baseId));
}

/** A try-out query: the ranked chunks with their scores. It writes nothing, so nothing is read again. */
export function searchBase(workspaceId: string, baseId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'knowledge_bases_search'>) =>
      data(api.POST('/v1/knowledge/bases/{baseId}/search', { params: baseParams(workspaceId, baseId), body })),
  });
}

export function useSearchBase(workspaceId: string, baseId: string) {
  return useMutation(searchBase(workspaceId, baseId));
}

/** A file's bytes as base64, read in the browser: the API takes an upload as `contentBase64` in its JSON body. */
export function fileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // A data URL is `data:<type>;base64,<bytes>`: what follows the comma is the base64.
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
