import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import { tokenPagesQuery, useGroupedPages } from '../../api/grouped-pages';
import type { Answer, RequestBody } from '../../api/schema';

/** Clients a page of the list. */
const CLIENTS_PAGE_SIZE = 50;

/** The clients' query keys. */
export const clientKeys = {
  list: (workspaceId: string, q: string) => ['clients', workspaceId, q] as const,
  detail: (workspaceId: string, clientId: string) => ['client', workspaceId, clientId] as const,
};

type ClientsPage = Answer<'clients_list'>;
export const clientRows = (page: ClientsPage) => page.workspaces.flatMap((w) => w.clients);
export const clientTotal = (page: ClientsPage) => page.workspaces.reduce((sum, w) => sum + w.clientsCount, 0);

/** The workspace's clients, newest first, searched by `q` (`GET /v1/clients?q=`), read page by page. */
export function clientPagesQuery(workspaceId: string, q: string) {
  return tokenPagesQuery(clientKeys.list(workspaceId, q), (pageToken) =>
    data(
      api.GET('/v1/clients', {
        params: { query: { workspace: workspaceId, limit: CLIENTS_PAGE_SIZE, ...(q ? { q } : {}), ...(pageToken ? { pageToken } : {}) } },
      }),
    ),
  );
}

export function useClientPages(workspaceId: string, q: string) {
  return useGroupedPages(clientPagesQuery(workspaceId, q), { rowsOf: clientRows, countOf: clientTotal });
}

/** One client (`GET /v1/clients/{id}`, by id or phone number). */
export function clientQuery(workspaceId: string, clientId: string) {
  return queryOptions({
    queryKey: clientKeys.detail(workspaceId, clientId),
    queryFn: () => data(api.GET('/v1/clients/{id}', { params: { query: { workspace: workspaceId }, path: { id: clientId } } })),
    select: (answer) => answer.workspaces.flatMap((w) => w.clients)[0],
  });
}

export function useClient(workspaceId: string, clientId: string) {
  return useQuery(clientQuery(workspaceId, clientId));
}

/** Blocks or unblocks a client (`PATCH /v1/clients/{id}` with its `status`); then the client is read again. */
export function setClientStatus(queryClient: QueryClient, workspaceId: string, clientId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'clients_update'>) =>
      data(api.PATCH('/v1/clients/{id}', { params: { query: { workspace: workspaceId }, path: { id: clientId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.detail(workspaceId, clientId) }),
  });
}

export function useSetClientStatus(workspaceId: string, clientId: string) {
  return useMutation(setClientStatus(useQueryClient(), workspaceId, clientId));
}
