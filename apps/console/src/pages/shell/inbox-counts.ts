import { useQueries } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { operations } from '../../api/openapi';

type ListQuery = NonNullable<operations['conversations_list']['parameters']['query']>;

/**
 * The inbox's views the sidebar counts, each the inbox's own URL filter (so the count is what the
 * view then lists): waiting for a person, the signed-in person's, and nobody's.
 */
export const INBOX_VIEWS = [
  { key: 'state.waiting', filter: { state: 'waiting' }, attention: true },
  { key: 'assign.viewMine', filter: { assignee: 'me' }, attention: false },
  { key: 'assign.viewUnassigned', filter: { assignee: 'none' }, attention: false },
] as const;

/**
 * How many conversations each view holds: `GET /v1/conversations` with `limit=1`, reading its
 * `conversationsCount`. Under the inbox's query key (`conversations`), so the event stream that
 * refreshes the inbox refreshes the counts; the waiting one is the tab title's query (waiting-title.ts), read once.
 */
export function useInboxCounts(workspaceId: string, refetchInterval: number | false): (number | undefined)[] {
  const answers = useQueries({
    queries: INBOX_VIEWS.map(({ filter }) => {
      const query: ListQuery = { workspace: workspaceId, ...filter, limit: 1 };
      return {
        queryKey: ['conversations', query],
        queryFn: () => data(api.GET('/v1/conversations', { params: { query } })),
        refetchInterval,
        enabled: Boolean(workspaceId),
      };
    }),
  });
  return answers.map((answer) => answer.data?.workspaces.reduce((sum, w) => sum + w.conversationsCount, 0));
}
