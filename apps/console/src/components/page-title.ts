import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title names the page: "Inbox · Plática console", so a person with several tabs (and
 * a screen reader on arriving) knows which is which. Where a page counts the conversations
 * waiting for a person (useWaitingTitle), the count comes first: "(3) Inbox · Plática console".
 * The plain title comes back on leaving.
 */
export function usePageTitle(page: string, waiting = 0): void {
  const { t } = useTranslation();
  const title = t('app.title');
  useEffect(() => {
    const named = page ? t('app.pageTitle', { page, title }) : title;
    document.title = waiting > 0 ? t('app.titleWaiting', { count: waiting, title: named }) : named;
    return () => {
      document.title = title;
    };
  }, [page, waiting, title, t]);
}
