import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';

/** The agents' query keys. */
export const agentKeys = {
  list: (workspaceId: string) => ['agents', workspaceId] as const,
};

/** The workspace's agents (`GET /v1/agents`): an admin's to read, so `enabled` only for one. */
export function agentsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: agentKeys.list(workspaceId),
    queryFn: () => data(api.GET('/v1/agents', { params: { query: { workspace: workspaceId } } })),
    select: (answer) => answer.workspaces.flatMap((w) => w.agents),
  });
}

export function useAgents(workspaceId: string, enabled = true) {
  return useQuery({ ...agentsQuery(workspaceId), enabled });
}
