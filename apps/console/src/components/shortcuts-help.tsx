import { createPortal } from 'react-dom';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../i18n/en';
import { useShortcuts } from './shortcuts';

/** Each shortcut's keys as shown (several ways of pressing it, each one or more keys) and what it does. */
const SHORTCUTS: { keys: string[][]; does: MessageKey }[] = [
  { keys: [['/']], does: 'shortcuts.search' },
  { keys: [['j'], ['k']], does: 'shortcuts.nextPrevious' },
  {
    keys: [
      ['Ctrl', 'Enter'],
      ['⌘', 'Enter'],
    ],
    does: 'shortcuts.send',
  },
  { keys: [['Esc']], does: 'shortcuts.close' },
  { keys: [['?']], does: 'shortcuts.help' },
];

/**
 * The keyboard shortcuts listed in a modal <dialog>, opened with `?` or the top bar's button and
 * closed with Escape or its Close button; focus then returns to what had it before (the button, or
 * wherever `?` was pressed), so a keyboard user carries on where they were.
 */
export function ShortcutsHelp() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const open = () => {
    if (!dialog.current || dialog.current.open) return;
    opener.current = document.activeElement;
    dialog.current.showModal();
  };
  const restoreFocus = () => {
    const element = opener.current;
    opener.current = null;
    if (element instanceof HTMLElement && element.isConnected) element.focus();
  };
  useShortcuts({ '?': open });

  return (
    <>
      {/* Shown as its own key, `?`, to keep the top bar one line on a laptop; named in words. */}
      <button
        type="button"
        className="secondary outline shortcuts-button"
        aria-haspopup="dialog"
        title={t('shortcuts.button')}
        onClick={open}
      >
        <kbd aria-hidden="true">?</kbd>
        <span className="visually-hidden">{t('shortcuts.button')}</span>
      </button>
      {/* In the body, not where the button is: the dialog keeps the page's colours wherever its button stands (the dark sidebar). */}
      {createPortal(
        <dialog ref={dialog} aria-labelledby="shortcuts-heading" onClose={restoreFocus}>
          <article>
            <h2 id="shortcuts-heading">{t('shortcuts.heading')}</h2>
            <dl className="shortcuts">
              {SHORTCUTS.map(({ keys, does }) => (
                <div key={does}>
                  <dt>
                    {keys.map((combination, i) => (
                      <span key={combination.join('+')}>
                        {i > 0 && ` ${t('shortcuts.or')} `}
                        {combination.map((key, j) => (
                          <span key={key}>
                            {j > 0 && '+'}
                            <kbd>{key}</kbd>
                          </span>
                        ))}
                      </span>
                    ))}
                  </dt>
                  <dd>{t(does)}</dd>
                </div>
              ))}
            </dl>
            <p>
              <small>{t('shortcuts.typing')}</small>
            </p>
            <footer>
              <form method="dialog">
                <button type="submit">{t('shortcuts.closeDialog')}</button>
              </form>
            </footer>
          </article>
        </dialog>,
        document.body,
      )}
    </>
  );
}
