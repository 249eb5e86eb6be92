import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The end of a list the API pages by token: the next page is asked for as the list's end scrolls
 * into view (an IntersectionObserver on this element), and by the Load more button, for the
 * keyboard and for whoever would rather click. Shown only while there is a next page.
 */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => unknown }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;

  useEffect(() => {
    const element = end.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    // Created anew after each page: an end still in view once a page came in asks for the next one.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load.current(), {
      rootMargin: '200px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  if (!hasMore) return null;
  return (
    <div ref={end} className="load-more">
      <button type="button" className="secondary outline" aria-busy={loading} disabled={loading} onClick={() => load.current()}>
        {loading ? t('common.loading') : t('common.loadMore')}
      </button>
    </div>
  );
}
