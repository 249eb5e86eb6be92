import { mutationOptions, queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { tokenPagesQuery, useGroupedPages } from '../../api/grouped-pages';
import type { Answer, QueryOf, RequestBody } from '../../api/schema';
import { liveKeys } from '../../api/live-keys';

/** A conversation list's filters (`GET /v1/conversations`), its page token aside. */
export type ConversationsQuery = Omit<QueryOf<'conversations_list'>, 'pageToken'>;
type ConversationsPage = Answer<'conversations_list'>;

/** Conversations a page: a list reads on (the API's `nextPageToken`) as it is scrolled. */
export const INBOX_PAGE_SIZE = 25;

/**
 * The inbox's query keys. Every conversation list and count is under `all`, which the event
 * stream marks stale (api/live-updates.ts); each filter set is a list of its own.
 */
export const inboxKeys = {
  all: liveKeys.inbox,
  pages: (query: ConversationsQuery) => [...inboxKeys.all, 'pages', query] as const,
  list: (query: ConversationsQuery) => [...inboxKeys.all, 'list', query] as const,
  assignment: (workspaceId: string) => ['assignment', workspaceId] as const,
};

export const conversationRows = (page: ConversationsPage) => page.workspaces.flatMap((w) => w.conversations);
export const conversationTotal = (page: ConversationsPage) => page.workspaces.reduce((sum, w) => sum + w.conversationsCount, 0);
/** Whether a search's count stopped at its bound ("1,000 or more"; docs/sending-messages.md › Searching). */
export const conversationTotalCapped = (page: ConversationsPage | undefined) =>
  page?.workspaces.some((w) => w.conversationsCountCapped) ?? false;

/** The inbox's list read page by page (`GET /v1/conversations`). */
export function conversationPagesQuery(query: ConversationsQuery, refetchInterval: number | false = false) {
  return tokenPagesQuery(
    inboxKeys.pages(query),
    (pageToken) => data(api.GET('/v1/conversations', { params: { query: { ...query, ...(pageToken ? { pageToken } : {}) } } })),
    refetchInterval,
  );
}

export function useConversationPages(query: ConversationsQuery, refetchInterval: number | false) {
  return useGroupedPages(conversationPagesQuery(query, refetchInterval), { rowsOf: conversationRows, countOf: conversationTotal });
}

/** One page of conversations (`GET /v1/conversations`, its `limit` the most wanted). */
export function conversationListQuery(query: ConversationsQuery, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: inboxKeys.list(query),
    queryFn: () => data(api.GET('/v1/conversations', { params: { query } })),
    refetchInterval,
  });
}

export function useConversationList(query: ConversationsQuery, enabled = true) {
  return useQuery({ ...conversationListQuery(query), select: conversationRows, enabled });
}

/** How many conversations match: a list of `limit=1`, its `conversationsCount`. */
export function conversationCountQuery(query: Omit<ConversationsQuery, 'limit'>, refetchInterval: number | false = false) {
  return { ...conversationListQuery({ ...query, limit: 1 }, refetchInterval), select: conversationTotal };
}

export function useConversationCount(query: Omit<ConversationsQuery, 'limit'>, refetchInterval: number | false) {
  return useQuery(conversationCountQuery(query, refetchInterval));
}

/** Several counts at once (the sidebar's views); while `workspaceId` is unknown, none. */
export function useConversationCounts(workspaceId: string, queries: Omit<ConversationsQuery, 'limit'>[], refetchInterval: number | false) {
  return useQueries({
    queries: queries.map((query) => ({ ...conversationCountQuery(query, refetchInterval), enabled: Boolean(workspaceId) })),
  }).map((answer) => answer.data);
}

/**
 * The workspace's assignment (GET /v1/assignment): its mode, who is available, and its people
 * (whom a conversation can be assigned to). Read at most every 30 s: it changes seldom.
 */
export function assignmentQuery(workspaceId: string) {
  return queryOptions({
    queryKey: inboxKeys.assignment(workspaceId),
    queryFn: () => data(api.GET('/v1/assignment', { params: { query: { workspace: workspaceId } } })),
    staleTime: 30_000,
  });
}

export function useAssignment(workspaceId: string) {
  return useQuery(assignmentQuery(workspaceId));
}

/** PATCH /v1/assignment (the mode, an admin's; the signed-in person's own availability): its answer is the assignment shown. */
export function changeAssignment(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'assignment_update'>) =>
      data(api.PATCH('/v1/assignment', { params: { query: { workspace: workspaceId } }, body })),
    onSuccess: (answer) => queryClient.setQueryData(inboxKeys.assignment(workspaceId), answer),
  });
}

export function useChangeAssignment(workspaceId: string) {
  return useMutation(changeAssignment(useQueryClient(), workspaceId));
}
