import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';
import { usePageTitle } from './page-title';
import { useWaitingAlerts } from './waiting-alerts';

/**
 * The tab's title carries how many conversations of the workspace wait for a person (`state=waiting`:
 * the agent asked for one and nobody took it; one a person already answers is not counted), so a
 * person on another tab sees a customer waiting: "(3) Inbox · Plática console" (usePageTitle, `page`
 * naming the page). Read under the inbox's query key, so the event stream that refreshes the inbox
 * refreshes the count. The same pages alert the person when an agent asks for one
 * (useWaitingAlerts), if they chose to be.
 */
export function useWaitingTitle(workspaceId: string, refetchInterval: number | false, page: string): void {
  const query = {
    workspace: workspaceId,
    state: 'waiting' as const,
    limit: 1,
  };
  const waiting = useQuery({
    queryKey: ['conversations', query],
    queryFn: () => data(api.GET('/v1/conversations', { params: { query } })),
    refetchInterval,
  });
  const count = waiting.data?.workspaces.reduce((sum, w) => sum + w.conversationsCount, 0) ?? 0;
  usePageTitle(page, count);
  useWaitingAlerts(workspaceId);
}
