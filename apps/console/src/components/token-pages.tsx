import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Paging through a list the API pages by token: the tokens of the pages before this one (the
 * last is this page's), so Previous needs no token of its own.
 */
export function useTokenPages() {
  const [tokens, setTokens] = useState<string[]>([]);
  return {
    /** What the list's query takes for this page (nothing on the first). */
    query: tokens.length ? { pageToken: tokens[tokens.length - 1]! } : {},
    hasPrevious: tokens.length > 0,
    previous: () => setTokens(tokens.slice(0, -1)),
    next: (token: string) => setTokens([...tokens, token]),
    /** Back to the first page (the filters changed: the tokens no longer apply). */
    reset: () => setTokens([]),
  };
}

/** Previous and Next under a list, each shown only when there is such a page. */
export function PageButtons({ pages, nextPageToken }: { pages: ReturnType<typeof useTokenPages>; nextPageToken: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      {pages.hasPrevious && (
        <button type="button" className="secondary outline" onClick={pages.previous}>
          {t('common.previousPage')}
        </button>
      )}
      {nextPageToken && (
        <button type="button" className="secondary outline" onClick={() => pages.next(nextPageToken)}>
          {t('common.nextPage')}
        </button>
      )}
    </div>
  );
}
