import { useEffect, useId, useState, type RefObject } from 'react';

export type Suggestion = { id: string; label: string; hint?: string };
type Match = { start: number; query: string; caret: number };

/**
 * A list of suggestions under a text field, for what is being typed at the caret (`find`: the
 * `/shortcut` of a canned reply, the `@` of a mention): filtered as one types, ArrowDown and
 * ArrowUp move through it, Enter or Tab picks, Escape closes it (and only it), a click picks too.
 * The field keeps the focus (`aria-activedescendant` names the option shown as chosen).
 */
export function Suggestions({
  field,
  find,
  options,
  onPick,
  label,
}: {
  field: RefObject<HTMLTextAreaElement | null>;
  find: (text: string, caret: number) => { start: number; query: string } | null;
  options: (query: string) => Suggestion[];
  onPick: (option: Suggestion, match: Match) => void;
  label: string;
}) {
  const listId = useId();
  const [match, setMatch] = useState<Match | null>(null);
  const [active, setActive] = useState(0);
  const shown = match ? options(match.query).slice(0, 8) : [];
  const open = shown.length > 0;
  const chosen = shown[Math.min(active, shown.length - 1)];

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    const read = () => {
      const caret = element.selectionStart ?? element.value.length;
      const found = find(element.value, caret);
      setMatch(found ? { ...found, caret } : null);
    };
    const onInput = () => {
      read();
      setActive(0);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') read();
    };
    element.addEventListener('input', onInput);
    element.addEventListener('keyup', onKey);
    element.addEventListener('click', read);
    return () => {
      element.removeEventListener('input', onInput);
      element.removeEventListener('keyup', onKey);
      element.removeEventListener('click', read);
    };
  }, [field, find]);

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    const pick = (option: Suggestion) => {
      if (match) onPick(option, match);
      setMatch(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!open) return;
      const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
      if (event.key in moves) setActive((at) => (at + moves[event.key]! + shown.length) % shown.length);
      else if ((event.key === 'Enter' || event.key === 'Tab') && chosen) pick(chosen);
      else if (event.key === 'Escape') setMatch(null);
      else return;
      // The list's key: not a new line, not the page's shortcut (Escape leaves the page, Ctrl+Enter sends).
      event.preventDefault();
      event.stopPropagation();
    };
    element.addEventListener('keydown', onKeyDown);
    element.setAttribute('aria-autocomplete', 'list');
    if (open) {
      element.setAttribute('aria-controls', listId);
      element.setAttribute('aria-activedescendant', `${listId}-${chosen?.id ?? ''}`);
    } else {
      element.removeAttribute('aria-controls');
      element.removeAttribute('aria-activedescendant');
    }
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [field, open, shown, chosen, match, onPick, listId]);

  if (!open) return null;
  return (
    <ul id={listId} role="listbox" aria-label={label} className="suggestions">
      {shown.map((option) => (
        <li
          key={option.id}
          id={`${listId}-${option.id}`}
          role="option"
          aria-selected={option === chosen}
          onMouseDown={(event) => {
            // The field keeps the focus; the option is picked.
            event.preventDefault();
            if (match) onPick(option, match);
            setMatch(null);
          }}
        >
          <strong>{option.label}</strong>
          {option.hint && <small> {option.hint}</small>}
        </li>
      ))}
    </ul>
  );
}
