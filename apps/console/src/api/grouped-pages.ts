import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/** A page of a list the API answers grouped by workspace and pages by token. */
type TokenPage = { nextPageToken?: string | null };

/**
 * The query of such a list, read on page by page as it is scrolled (the API's `nextPageToken`).
 * A page token is bound to the query it was given with: `queryKey` names it.
 */
export function tokenPagesQuery<Page extends TokenPage>(
  queryKey: readonly unknown[],
  fetchPage: (pageToken: string | undefined) => Promise<Page>,
  refetchInterval: number | false = false,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last: Page) => last.nextPageToken ?? undefined,
    refetchInterval,
  });
}

/** The rows of the pages read so far, each shown once (one that moved between two pages' reads stays where it was first read). */
export function rowsOnce<Page, Row extends { id: string }>(pages: readonly Page[], rowsOf: (page: Page) => Row[]): Row[] {
  const seen = new Set<string>();
  return pages.flatMap(rowsOf).filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}

/**
 * A list read with `tokenPagesQuery`: its rows (`rowsOnce`), `total` (the API's count of every
 * match, from the first page) and `loadMore`.
 */
export function useGroupedPages<Page extends TokenPage, Row extends { id: string }>(
  query: ReturnType<typeof tokenPagesQuery<Page>>,
  shape: { rowsOf: (page: Page) => Row[]; countOf: (page: Page) => number },
) {
  const pages = useInfiniteQuery(query);
  const first = pages.data?.pages[0];
  return {
    pages,
    rows: rowsOnce(pages.data?.pages ?? [], shape.rowsOf),
    total: first ? shape.countOf(first) : 0,
    loadMore: () => !pages.isFetchingNextPage && pages.fetchNextPage(),
  };
}

/**
 * The items of pages read from the newest (a conversation's messages), oldest first, each once:
 * pages come newest first, each chronological within, and an item may be on two pages read at
 * different times (a page read again after a new message pushed one down).
 */
export function newestPagesFirst<Item extends { id: string }>(pages: readonly { messages: Item[] }[]): Item[] {
  return rowsOnce([...pages].reverse(), (page) => page.messages);
}
