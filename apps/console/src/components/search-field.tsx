import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before the search is sent: one request per word, not per key. */
export const SEARCH_DELAY_MS = 300;
/** The API's bound on `q` (a longer one is its 400). */
const MAX_QUERY = 200;

/**
 * A search box whose value lives elsewhere (the URL's `q`): what is typed is handed to `onSearch`
 * once typing pauses (SEARCH_DELAY_MS), trimmed; Enter sends it at once. A value changed from
 * outside (filters cleared, back and forward) replaces what the box shows.
 */
export function SearchField({
  label,
  hint,
  value,
  onSearch,
}: {
  label: string;
  hint: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  search.current = onSearch;

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  const send = (q: string) => {
    if (q === sent.current) return;
    sent.current = q;
    search.current(q);
  };
  useEffect(() => {
    const timer = setTimeout(() => send(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      role="search"
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        send(text.trim());
      }}
    >
      <label>
        {label}
        <input type="search" value={text} maxLength={MAX_QUERY} placeholder={hint} onChange={(event) => setText(event.target.value)} />
      </label>
    </form>
  );
}
