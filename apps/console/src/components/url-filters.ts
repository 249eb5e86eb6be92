import { useSearchParams } from 'react-router';

/**
 * A page's filters kept in the URL's query, so a filtered list can be bookmarked and shared.
 * Setting one replaces the history entry (typing in a filter is not a navigation); an empty value
 * removes it.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  return {
    filter: (name: string) => params.get(name) ?? '',
    has: (name: string) => params.has(name),
    setFilter: (name: string, value: string) => {
      // From the address as it is now, not the params of the last render (which react-router's
      // functional update also reads): a change made a moment before, such as Clear filters,
      // may not have been rendered yet, and would be undone.
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next, { replace: true });
    },
    clearFilters: () => setParams(new URLSearchParams(), { replace: true }),
  };
}
