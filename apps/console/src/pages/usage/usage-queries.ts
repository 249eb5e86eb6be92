import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { QueryOf } from '../../api/schema';

type UsageRange = Omit<QueryOf<'usage_actors'>, 'breakdown'>;
type Breakdown = NonNullable<QueryOf<'usage_conversations'>['breakdown']>;

/** The usage page's query keys. */
export const usageKeys = {
  conversations: (range: UsageRange, breakdown: Breakdown) => ['usage', 'conversations', range, breakdown] as const,
  actors: (range: UsageRange) => ['usage', 'actors', range] as const,
};

/** The conversations' summary, autonomy rate and daily series in a range, by `breakdown` (`GET /v1/usage/conversations`). */
export function usageConversationsQuery(range: UsageRange, breakdown: Breakdown) {
  return queryOptions({
    queryKey: usageKeys.conversations(range, breakdown),
    queryFn: () => data(api.GET('/v1/usage/conversations', { params: { query: { ...range, breakdown } } })),
    select: (answer) => answer.workspaces[0]?.conversations,
  });
}

export function useUsageConversations(range: UsageRange, breakdown: Breakdown) {
  return useQuery(usageConversationsQuery(range, breakdown));
}

/** The billable messages by actor in a range (`GET /v1/usage/actors`). */
export function usageActorsQuery(range: UsageRange) {
  return queryOptions({
    queryKey: usageKeys.actors(range),
    queryFn: () => data(api.GET('/v1/usage/actors', { params: { query: range } })),
    select: (answer) => answer.workspaces[0]?.actors,
  });
}

export function useUsageActors(range: UsageRange) {
  return useQuery(usageActorsQuery(range));
}
