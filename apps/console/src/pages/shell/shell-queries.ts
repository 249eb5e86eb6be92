import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';

/** The shell's query keys. */
export const shellKeys = {
  workspaces: ['workspaces'] as const,
};

/** The workspaces the session's grant covers (every workspace of the user: the console is a first-party client). */
export const workspacesQuery = queryOptions({
  queryKey: shellKeys.workspaces,
  queryFn: () => data(api.GET('/v1/workspaces')),
  staleTime: 60_000,
});

export function useWorkspaces() {
  return useQuery(workspacesQuery);
}

/**
 * Whether the signed-in user is an `admin` of the workspace (an `agent`, a human support agent,
 * reaches the inbox, conversations and clients only: apps/gateway/src/auth/workspace-roles.ts).
 */
export function useIsAdmin(workspaceId: string | undefined): boolean {
  return useWorkspaces().data?.workspaces.find((w) => w.id === workspaceId)?.role === 'admin';
}
