import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { QueryOf } from '../../api/schema';

/** The scheduled messages' query keys: every list under `all`, read again after a change. */
export const scheduledKeys = {
  all: ['scheduled'] as const,
  list: (query: QueryOf<'messages_scheduled_list'>) => [...scheduledKeys.all, query] as const,
};

/** A page of the workspace's scheduled messages with the API's filters (`GET /v1/messages/scheduled`). */
export function scheduledQuery(query: QueryOf<'messages_scheduled_list'>) {
  return queryOptions({
    queryKey: scheduledKeys.list(query),
    queryFn: () => data(api.GET('/v1/messages/scheduled', { params: { query } })),
  });
}

export function useScheduled(query: QueryOf<'messages_scheduled_list'>) {
  return useQuery(scheduledQuery(query));
}

const messageParams = (workspaceId: string, messageId: string) => ({ query: { workspace: workspaceId }, path: { messageId } });

/** A new send time for a pending message (`PATCH`); then the lists are read again. */
export function rescheduleMessage(queryClient: QueryClient, workspaceId: string, messageId: string) {
  return mutationOptions({
    mutationFn: (scheduleTime: string) =>
      data(api.PATCH('/v1/messages/scheduled/{messageId}', { params: messageParams(workspaceId, messageId), body: { scheduleTime } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledKeys.all }),
  });
}

export function useRescheduleMessage(workspaceId: string, messageId: string) {
  return useMutation(rescheduleMessage(useQueryClient(), workspaceId, messageId));
}

/** Cancels a pending message (`DELETE`); then the lists are read again. */
export function cancelScheduledMessage(queryClient: QueryClient, workspaceId: string, messageId: string) {
  return mutationOptions({
    mutationFn: () => data(api.DELETE('/v1/messages/scheduled/{messageId}', { params: messageParams(workspaceId, messageId) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledKeys.all }),
  });
}

export function useCancelScheduledMessage(workspaceId: string, messageId: string) {
  return useMutation(cancelScheduledMessage(useQueryClient(), workspaceId, messageId));
}
