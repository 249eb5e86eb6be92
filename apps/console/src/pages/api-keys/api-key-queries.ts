import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { Answer, RequestBody } from '../../api/schema';

/** The API keys' query keys. */
export const apiKeyKeys = {
  list: (workspaceId: string) => ['api-keys', workspaceId] as const,
};

export type ApiKey = Answer<'api_keys_list'>['workspaces'][number]['apiKeys'][number];

/** The workspace's API keys (`GET /v1/api-keys`), their values never included. */
export function apiKeysQuery(workspaceId: string) {
  return queryOptions({
    queryKey: apiKeyKeys.list(workspaceId),
    queryFn: () => data(api.GET('/v1/api-keys', { params: { query: { workspace: workspaceId } } })),
    select: (answer) => answer.workspaces.flatMap((w) => w.apiKeys),
  });
}

export function useApiKeys(workspaceId: string) {
  return useQuery(apiKeysQuery(workspaceId));
}

/**
 * Creates a key (`POST /v1/api-keys`): its value is in this answer only, not kept in the cache
 * once done (`gcTime: 0`). The list read again is the workspace the answer names.
 */
export function createApiKey(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'api_keys_create'>) =>
      data(api.POST('/v1/api-keys', { params: { query: { workspace: workspaceId } }, body })),
    gcTime: 0,
    onSuccess: (answer) => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(answer.data.workspaceId) }),
  });
}

export function useCreateApiKey(workspaceId: string) {
  return useMutation(createApiKey(useQueryClient(), workspaceId));
}

/** Revokes a key (null) or rotates it (the new value, in this answer only); then its workspace's keys are read again. */
export function changeApiKey(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ action, key }: { action: 'revoke' | 'rotate'; key: Pick<ApiKey, 'id' | 'workspaceId'> }) => {
      const params = { query: { workspace: key.workspaceId }, path: { id: key.id } };
      return action === 'revoke'
        ? data(api.DELETE('/v1/api-keys/{id}', { params })).then(() => null)
        : data(api.POST('/v1/api-keys/{id}/rotate', { params })).then((answer) => answer.data);
    },
    gcTime: 0,
    onSuccess: (_answer, { key }) => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(key.workspaceId) }),
  });
}

export function useChangeApiKey() {
  return useMutation(changeApiKey(useQueryClient()));
}
