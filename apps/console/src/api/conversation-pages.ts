import { api, data } from './client';
import { useGroupedPages } from './grouped-pages';
import type { operations } from './openapi';

type ListQuery = NonNullable<operations['conversations_list']['parameters']['query']>;
type ConversationChange = operations['conversations_update']['requestBody']['content']['application/json'];

/** Conversations a page: a list reads on (the API's `nextPageToken`) as it is scrolled. */
export const INBOX_PAGE_SIZE = 25;

/**
 * A conversation list read page by page (`GET /v1/conversations`), under the inbox's query key,
 * so the event stream that marks the inbox stale refreshes it. Each filter set is a list of its own.
 */
export function useConversationPages(query: Omit<ListQuery, 'pageToken'>, refetchInterval: number | false) {
  return useGroupedPages({
    queryKey: ['conversations', query],
    fetchPage: (pageToken) => data(api.GET('/v1/conversations', { params: { query: { ...query, ...(pageToken ? { pageToken } : {}) } } })),
    rowsOf: (page) => page.workspaces.flatMap((w) => w.conversations),
    countOf: (page) => page.workspaces.reduce((sum, w) => sum + w.conversationsCount, 0),
    refetchInterval,
  });
}

/** PATCH /v1/conversations/{id} in a workspace: take over, hand back, close, reopen, tags, owners, assignee. */
export function updateConversation(workspaceId: string, id: string, body: ConversationChange) {
  return data(api.PATCH('/v1/conversations/{id}', { params: { query: { workspace: workspaceId }, path: { id } }, body }));
}
