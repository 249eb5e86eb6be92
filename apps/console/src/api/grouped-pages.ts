import { useInfiniteQuery } from '@tanstack/react-query';

/**
 * A list the API answers grouped by workspace and pages by token (`nextPageToken`), read on page
 * by page as it is scrolled: its rows, each shown once (one that moved between two pages' reads
 * stays where it was first read), `total` (the API's count of every match, from the first page)
 * and `loadMore`. A page token is bound to the query it was given with: `queryKey` names it.
 */
export function useGroupedPages<Page extends { nextPageToken?: string | null }, Row extends { id: string }>(options: {
  queryKey: unknown[];
  fetchPage: (pageToken: string | undefined) => Promise<Page>;
  rowsOf: (page: Page) => Row[];
  countOf: (page: Page) => number;
  refetchInterval?: number | false;
}) {
  const pages = useInfiniteQuery({
    queryKey: options.queryKey,
    queryFn: ({ pageParam }) => options.fetchPage(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    refetchInterval: options.refetchInterval ?? false,
  });
  const seen = new Set<string>();
  const rows = (pages.data?.pages ?? []).flatMap(options.rowsOf).filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
  const first = pages.data?.pages[0];
  return { pages, rows, total: first ? options.countOf(first) : 0, loadMore: () => !pages.isFetchingNextPage && pages.fetchNextPage() };
}
