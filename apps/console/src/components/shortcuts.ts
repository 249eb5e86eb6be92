import { useEffect, useRef } from 'react';

/**
 * The console's keyboard shortcuts (listed to the user by the help dialog, docs/console.md):
 * `/` the page's search, `j`/`k` the next/previous conversation, Ctrl/Cmd+Enter send the reply,
 * Escape close the open conversation, `?` this list.
 */
export type Shortcut = '/' | 'j' | 'k' | '?' | 'Escape' | 'Mod+Enter';

/** What shortcutOf reads of a keydown: the KeyboardEvent's fields, so the rule is testable without a browser. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'defaultPrevented'> & {
  target: EventTarget | null;
};

const LETTERS: readonly Shortcut[] = ['/', 'j', 'k', '?'];

/** Whether a key pressed there is typed text (a field, a list box, an editable region), not a command. */
function typing(target: EventTarget | null): boolean {
  const element = target as (Partial<HTMLElement> & { tagName?: string }) | null;
  if (!element?.tagName) return false;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable === true;
}

/** Whether the key was pressed inside an open dialog: it handles its own keys (Escape closes it), the page behind waits. */
function inDialog(target: EventTarget | null): boolean {
  const element = target as Partial<Element> | null;
  return typeof element?.closest === 'function' && element.closest('dialog[open]') !== null;
}

/**
 * The shortcut a key press means, if any. Letters are ignored while typing in a field (a `j` in
 * the reply is a `j`) and with Ctrl, Cmd or Alt held (the browser's own shortcuts); Ctrl/Cmd+Enter
 * and Escape work from a field too. A press inside an open dialog, one a handler already took
 * (defaultPrevented) or one composing text (an IME) is nobody's shortcut.
 */
export function shortcutOf(press: KeyPress): Shortcut | undefined {
  if (press.defaultPrevented || press.isComposing || inDialog(press.target)) return undefined;
  if (press.key === 'Enter') return (press.ctrlKey || press.metaKey) && !press.altKey ? 'Mod+Enter' : undefined;
  if (press.key === 'Escape') return 'Escape';
  if (press.ctrlKey || press.metaKey || press.altKey || typing(press.target)) return undefined;
  return LETTERS.find((letter) => letter === press.key);
}

/**
 * Runs the given handlers on their shortcuts while the calling component is shown (one window
 * listener per caller; a shortcut a caller has no handler for is left to the others and the
 * browser). A handled press's default is prevented: `/` is not typed into the field it focuses.
 */
export function useShortcuts(handlers: Partial<Record<Shortcut, () => void>>): void {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      const handler = shortcut && current.current[shortcut];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
