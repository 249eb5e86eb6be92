import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from './client';

/**
 * The workspace's assignment (GET /v1/assignment): its mode, who is available, and its people
 * (whom a conversation can be assigned to); `change` sends PATCH /v1/assignment (the mode, an
 * admin's; the signed-in person's own availability) and shows its answer.
 */
export function useAssignment(workspaceId: string) {
  const queryClient = useQueryClient();
  const key = ['assignment', workspaceId];
  const scope = { query: { workspace: workspaceId } };
  const settings = useQuery({ queryKey: key, queryFn: () => data(api.GET('/v1/assignment', { params: scope })), staleTime: 30_000 });
  const change = useMutation({
    mutationFn: (body: { mode?: 'none' | 'round_robin'; available?: boolean }) =>
      data(api.PATCH('/v1/assignment', { params: scope, body })),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  return { settings, change };
}
