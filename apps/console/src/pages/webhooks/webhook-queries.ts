import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { Answer, QueryOf, RequestBody } from '../../api/schema';

/** The webhooks' query keys: a workspace's list, and a webhook's deliveries (each page under them). */
export const webhookKeys = {
  list: (workspaceId: string) => ['webhooks', workspaceId] as const,
  deliveries: (webhookId: string) => ['deliveries', webhookId] as const,
  deliveriesPage: (webhookId: string, query: QueryOf<'webhooks_deliveries_list'>) => [...webhookKeys.deliveries(webhookId), query] as const,
};

export type Webhook = Answer<'webhooks_list'>['workspaces'][number]['webhooks'][number];
/** What a webhook form sends: the API's create body, and any of it on update. */
export type WebhookBody = RequestBody<'webhooks_create'>;

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });
const refreshList = (queryClient: QueryClient, workspaceId: string) => () =>
  queryClient.invalidateQueries({ queryKey: webhookKeys.list(workspaceId) });

/** The webhooks of a workspace (a query every webhook page shares). */
export function webhooksQuery(workspaceId: string) {
  return queryOptions({
    queryKey: webhookKeys.list(workspaceId),
    queryFn: () => data(api.GET('/v1/webhooks', { params: scope(workspaceId) })),
    select: (answer) => answer.workspaces.flatMap((w) => w.webhooks),
  });
}

export function useWebhooks(workspaceId: string) {
  return useQuery(webhooksQuery(workspaceId));
}

/** A new webhook (`POST /v1/webhooks`); then the list is read again. */
export function createWebhook(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: WebhookBody) => data(api.POST('/v1/webhooks', { params: scope(workspaceId), body })),
    onSuccess: refreshList(queryClient, workspaceId),
  });
}

export function useCreateWebhook(workspaceId: string) {
  return useMutation(createWebhook(useQueryClient(), workspaceId));
}

/** Changes a webhook (`PATCH /v1/webhooks/{id}`: its settings, or `active` to pause or resume it); then the list is read again. */
export function updateWebhook(queryClient: QueryClient, workspaceId: string, webhookId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'webhooks_update'>) =>
      data(api.PATCH('/v1/webhooks/{id}', { params: { ...scope(workspaceId), path: { id: webhookId } }, body })),
    onSuccess: refreshList(queryClient, workspaceId),
  });
}

export function useUpdateWebhook(workspaceId: string, webhookId: string) {
  return useMutation(updateWebhook(useQueryClient(), workspaceId, webhookId));
}

/** Deletes a webhook; then the list is read again. */
export function removeWebhook(queryClient: QueryClient, workspaceId: string, webhookId: string) {
  return mutationOptions({
    mutationFn: () => data(api.DELETE('/v1/webhooks/{id}', { params: { ...scope(workspaceId), path: { id: webhookId } } })),
    onSuccess: refreshList(queryClient, workspaceId),
  });
}

export function useRemoveWebhook(workspaceId: string, webhookId: string) {
  return useMutation(removeWebhook(useQueryClient(), workspaceId, webhookId));
}

/** A page of a webhook's deliveries, newest first, with every attempt (`GET /v1/webhooks/{id}/deliveries`). */
export function deliveriesQuery(webhookId: string, query: QueryOf<'webhooks_deliveries_list'>) {
  return queryOptions({
    queryKey: webhookKeys.deliveriesPage(webhookId, query),
    queryFn: () => data(api.GET('/v1/webhooks/{id}/deliveries', { params: { query, path: { id: webhookId } } })),
  });
}

export function useDeliveries(webhookId: string, query: QueryOf<'webhooks_deliveries_list'>) {
  return useQuery(deliveriesQuery(webhookId, query));
}

/** Delivers one again (`POST …/deliveries/{deliveryId}/retry`); then the deliveries are read again. */
export function redeliver(queryClient: QueryClient, workspaceId: string, webhookId: string) {
  return mutationOptions({
    mutationFn: (deliveryId: string) =>
      data(
        api.POST('/v1/webhooks/{id}/deliveries/{deliveryId}/retry', {
          params: { ...scope(workspaceId), path: { id: webhookId, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}

export function useRedeliver(workspaceId: string, webhookId: string) {
  return useMutation(redeliver(useQueryClient(), workspaceId, webhookId));
}
