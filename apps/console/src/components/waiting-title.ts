import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api/client';

/**
 * The tab's title carries how many open conversations of the workspace wait for a person
 * (`operation=assistance`, not finished: the inbox's "needs a human"), so a person on another
 * tab sees a customer waiting: "(3) Plática console". Read under the inbox's query key, so the
 * event stream that refreshes the inbox refreshes the count; the plain title comes back on leaving.
 */
export function useWaitingTitle(workspaceId: string, refetchInterval: number | false): void {
  const { t } = useTranslation();
  const query = {
    workspace: workspaceId,
    operation: 'assistance' as const,
    status: ['initiated', 'active'],
    limit: 1,
  };
  const waiting = useQuery({
    queryKey: ['conversations', query],
    queryFn: () => data(api.GET('/v1/conversations', { params: { query } })),
    refetchInterval,
  });
  const count = waiting.data?.workspaces.reduce((sum, w) => sum + w.conversationsCount, 0) ?? 0;
  const title = t('app.title');
  useEffect(() => {
    document.title = count > 0 ? t('app.titleWaiting', { count, title }) : title;
    return () => {
      document.title = title;
    };
  }, [count, title, t]);
}
