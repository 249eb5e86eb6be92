import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { RequestBody } from '../../api/schema';

/** The team's query keys. */
export const teamKeys = {
  team: (workspaceId: string) => ['team', workspaceId] as const,
};

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });
const refreshTeam = (queryClient: QueryClient, workspaceId: string) => () =>
  queryClient.invalidateQueries({ queryKey: teamKeys.team(workspaceId) });

/** The workspace's people and pending invitations (`GET /v1/team`). */
export function teamQuery(workspaceId: string) {
  return queryOptions({ queryKey: teamKeys.team(workspaceId), queryFn: () => data(api.GET('/v1/team', { params: scope(workspaceId) })) });
}

export function useTeam(workspaceId: string) {
  return useQuery(teamQuery(workspaceId));
}

/** Invites a colleague (`POST /v1/team/invitations`); its link is in this answer only, never kept in the cache. */
export function inviteColleague(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'team_invite'>) => data(api.POST('/v1/team/invitations', { params: scope(workspaceId), body })),
    gcTime: 0,
    onSuccess: refreshTeam(queryClient, workspaceId),
  });
}

export function useInviteColleague(workspaceId: string) {
  return useMutation(inviteColleague(useQueryClient(), workspaceId));
}

/** Changes a member's role; the team is read again whatever the answer. */
export function changeRole(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: ({ userId, role }: { userId: string } & RequestBody<'team_members_update'>) =>
      data(api.PATCH('/v1/team/members/{userId}', { params: { ...scope(workspaceId), path: { userId } }, body: { role } })),
    onSettled: refreshTeam(queryClient, workspaceId),
  });
}

export function useChangeRole(workspaceId: string) {
  return useMutation(changeRole(useQueryClient(), workspaceId));
}

/** Removes a member (their sessions and keys end at once); the team is read again whatever the answer. */
export function removeMember(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (userId: string) => data(api.DELETE('/v1/team/members/{userId}', { params: { ...scope(workspaceId), path: { userId } } })),
    onSettled: refreshTeam(queryClient, workspaceId),
  });
}

export function useRemoveMember(workspaceId: string) {
  return useMutation(removeMember(useQueryClient(), workspaceId));
}

/** Cancels a pending invitation; the team is read again whatever the answer. */
export function cancelInvitation(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (invitationId: string) =>
      data(api.DELETE('/v1/team/invitations/{invitationId}', { params: { ...scope(workspaceId), path: { invitationId } } })),
    onSettled: refreshTeam(queryClient, workspaceId),
  });
}

export function useCancelInvitation(workspaceId: string) {
  return useMutation(cancelInvitation(useQueryClient(), workspaceId));
}
