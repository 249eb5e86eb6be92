import { useInfiniteQuery } from '@tanstack/react-query';
import { api, data } from './client';
import type { operations } from './openapi';

type ListQuery = NonNullable<operations['conversations_list']['parameters']['query']>;

/** Conversations a page: a list reads on (the API's `nextPageToken`) as it is scrolled. */
export const INBOX_PAGE_SIZE = 25;

/**
 * A conversation list read page by page (`GET /v1/conversations`), under the inbox's query key,
 * so the event stream that marks the inbox stale refreshes it. A page token is bound to the
 * filters it was given with: each filter set is a list of its own. A conversation that moved up
 * between two pages' reads is shown once, where it was first read; `total` is the API's count.
 */
export function useConversationPages(query: Omit<ListQuery, 'pageToken'>, refetchInterval: number | false) {
  const pages = useInfiniteQuery({
    queryKey: ['conversations', query],
    queryFn: ({ pageParam }) =>
      data(api.GET('/v1/conversations', { params: { query: { ...query, ...(pageParam ? { pageToken: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    refetchInterval,
  });
  const seen = new Set<string>();
  const rows = (pages.data?.pages ?? [])
    .flatMap((page) => page.workspaces.flatMap((w) => w.conversations))
    .filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  const total = pages.data?.pages[0]?.workspaces.reduce((sum, w) => sum + w.conversationsCount, 0) ?? 0;
  return { pages, rows, total, loadMore: () => !pages.isFetchingNextPage && pages.fetchNextPage() };
}
