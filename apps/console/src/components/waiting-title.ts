import { useConversationCount } from '../pages/inbox/inbox-queries';
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
  const count = useConversationCount({ workspace: workspaceId, state: 'waiting' }, refetchInterval).data ?? 0;
  usePageTitle(page, count);
  useWaitingAlerts(workspaceId);
}
