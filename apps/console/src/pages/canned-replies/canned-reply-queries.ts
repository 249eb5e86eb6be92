import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { RequestBody, Schema } from '../../api/schema';

export type CannedReply = Schema<'CannedReply'>;

/** The canned replies' query keys. */
export const cannedReplyKeys = {
  list: (workspaceId: string) => ['canned-replies', workspaceId] as const,
};

/** The workspace's canned replies (GET /v1/canned-replies), read once per minute at most: they change seldom. */
export function cannedRepliesQuery(workspaceId: string) {
  return queryOptions({
    queryKey: cannedReplyKeys.list(workspaceId),
    queryFn: () => data(api.GET('/v1/canned-replies', { params: { query: { workspace: workspaceId } } })),
    staleTime: 60_000,
  });
}

export function useCannedReplies(workspaceId: string) {
  return useQuery(cannedRepliesQuery(workspaceId));
}

type CannedReplyFields = RequestBody<'canned_replies_create'>;

/** Adds a canned reply (POST), or changes the one `editingId` names (PATCH); then the list is read again. */
export function saveCannedReply(queryClient: QueryClient, workspaceId: string, editingId: string | undefined) {
  const params = { query: { workspace: workspaceId } };
  return mutationOptions({
    mutationFn: (body: CannedReplyFields) =>
      editingId
        ? data(api.PATCH('/v1/canned-replies/{id}', { params: { ...params, path: { id: editingId } }, body }))
        : data(api.POST('/v1/canned-replies', { params, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list(workspaceId) }),
  });
}

export function useSaveCannedReply(workspaceId: string, editingId: string | undefined) {
  return useMutation(saveCannedReply(useQueryClient(), workspaceId, editingId));
}

/** Deletes a canned reply; the list is read again whatever the answer. */
export function removeCannedReply(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (id: string) =>
      data(api.DELETE('/v1/canned-replies/{id}', { params: { query: { workspace: workspaceId }, path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedReplyKeys.list(workspaceId) }),
  });
}

export function useRemoveCannedReply(workspaceId: string) {
  return useMutation(removeCannedReply(useQueryClient(), workspaceId));
}
