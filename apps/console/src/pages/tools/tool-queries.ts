import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { RequestBody } from '../../api/schema';
import type { CustomApiBody } from './custom-api-form';

/**
 * The tools' query keys. The catalog, the custom APIs and the MCP servers are under `all`: a
 * change to any of them reads the catalog again too. An agent's tool connections are its own.
 */
export const toolKeys = {
  all: (workspaceId: string) => ['tools', workspaceId] as const,
  catalog: (workspaceId: string) => [...toolKeys.all(workspaceId), 'catalog'] as const,
  customApis: (workspaceId: string) => [...toolKeys.all(workspaceId), 'apis'] as const,
  customApi: (workspaceId: string, integrationId: string) => [...toolKeys.all(workspaceId), 'api', integrationId] as const,
  mcpServers: (workspaceId: string) => [...toolKeys.all(workspaceId), 'mcp', 'list'] as const,
  mcpServer: (workspaceId: string, mcpId: string) => [...toolKeys.all(workspaceId), 'mcp', mcpId] as const,
  agentTools: (workspaceId: string, agentId: string) => ['agent-tools', workspaceId, agentId] as const,
  availableAgentTools: (workspaceId: string, agentId: string) => [...toolKeys.agentTools(workspaceId, agentId), 'available'] as const,
};

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });
const refreshTools = (queryClient: QueryClient, workspaceId: string) => () =>
  queryClient.invalidateQueries({ queryKey: toolKeys.all(workspaceId) });

/** The workspace's catalog: every tool an agent can be connected to (`GET /v1/tools`). */
export function catalogQuery(workspaceId: string) {
  return queryOptions({
    queryKey: toolKeys.catalog(workspaceId),
    queryFn: () => data(api.GET('/v1/tools', { params: scope(workspaceId) })),
  });
}

export function useCatalog(workspaceId: string) {
  return useQuery(catalogQuery(workspaceId));
}

/** The workspace's custom APIs (`GET /v1/tools/apis`). */
export function customApisQuery(workspaceId: string) {
  return queryOptions({
    queryKey: toolKeys.customApis(workspaceId),
    queryFn: () => data(api.GET('/v1/tools/apis', { params: scope(workspaceId) })),
  });
}

export function useCustomApis(workspaceId: string) {
  return useQuery(customApisQuery(workspaceId));
}

const apiParams = (workspaceId: string, integrationId: string) => ({ ...scope(workspaceId), path: { integrationId } });

/** One custom API as the API reads it back (secrets `[REDACTED]`). */
export function customApiQuery(workspaceId: string, integrationId: string) {
  return queryOptions({
    queryKey: toolKeys.customApi(workspaceId, integrationId),
    queryFn: () => data(api.GET('/v1/tools/apis/{integrationId}', { params: apiParams(workspaceId, integrationId) })),
  });
}

export function useCustomApi(workspaceId: string, integrationId: string) {
  return useQuery(customApiQuery(workspaceId, integrationId));
}

/**
 * A new custom API (`POST /v1/tools/apis`). CustomApiBody types the form's choices (method, modes)
 * as strings and the API checks them: the one place the console hands the API a body it has not
 * typed from the document (`as never`), until the form's choices are the document's enums.
 */
export function createCustomApi(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: ({ body }: { body: CustomApiBody }) =>
      data(api.POST('/v1/tools/apis', { params: scope(workspaceId), body: body as never })),
    onSuccess: refreshTools(queryClient, workspaceId),
  });
}

export function useCreateCustomApi(workspaceId: string) {
  return useMutation(createCustomApi(useQueryClient(), workspaceId));
}

/** Saves a custom API, naming the version the edit began from (`expectedVersion`: someone else's save meanwhile is a 409). */
export function updateCustomApi(queryClient: QueryClient, workspaceId: string, integrationId: string) {
  return mutationOptions({
    mutationFn: ({ body, editedFrom }: { body: CustomApiBody; editedFrom: CustomApiBody | undefined }) =>
      data(
        api.PATCH('/v1/tools/apis/{integrationId}', {
          params: apiParams(workspaceId, integrationId),
          body: { ...body, expectedVersion: editedFrom?.version } as never,
        }),
      ),
    onSuccess: refreshTools(queryClient, workspaceId),
  });
}

export function useUpdateCustomApi(workspaceId: string, integrationId: string) {
  return useMutation(updateCustomApi(useQueryClient(), workspaceId, integrationId));
}

/** Enables (true) or pauses (false) a custom API. */
export function setCustomApiEnabled(queryClient: QueryClient, workspaceId: string, integrationId: string) {
  return mutationOptions({
    mutationFn: (enable: boolean) =>
      enable
        ? data(api.POST('/v1/tools/apis/{integrationId}/enable', { params: apiParams(workspaceId, integrationId) }))
        : data(api.POST('/v1/tools/apis/{integrationId}/pause', { params: apiParams(workspaceId, integrationId) })),
    onSuccess: refreshTools(queryClient, workspaceId),
  });
}

export function useSetCustomApiEnabled(workspaceId: string, integrationId: string) {
  return useMutation(setCustomApiEnabled(useQueryClient(), workspaceId, integrationId));
}

/**
 * Deletes a custom API; its answer counts the agent connections that went with it. The tools are
 * read again, not awaited: the list read again drops the row that asked, so its `onSuccess` (the
 * note of what went) comes first.
 */
export function deleteCustomApi(queryClient: QueryClient, workspaceId: string, integrationId: string) {
  return mutationOptions({
    mutationFn: () => data(api.DELETE('/v1/tools/apis/{integrationId}', { params: apiParams(workspaceId, integrationId) })),
    onSuccess: () => void refreshTools(queryClient, workspaceId)(),
  });
}

export function useDeleteCustomApi(workspaceId: string, integrationId: string) {
  return useMutation(deleteCustomApi(useQueryClient(), workspaceId, integrationId));
}

/**
 * The test runner: a dry run (the request as assembled) or a real call, with the input as typed
 * (JSON: unreadable, it is the mutation's error); its last test is on the API's record after.
 */
export function testCustomApi(queryClient: QueryClient, workspaceId: string, integrationId: string) {
  return mutationOptions({
    mutationFn: ({ dryRun, input, phoneNumber }: { dryRun: boolean; input: string; phoneNumber: string }) =>
      data(
        api.POST('/v1/tools/apis/{integrationId}/test', {
          params: apiParams(workspaceId, integrationId),
          body: { dryRun, input: JSON.parse(input || '{}') as Record<string, unknown>, context: phoneNumber ? { phoneNumber } : {} },
        }),
      ),
    onSuccess: refreshTools(queryClient, workspaceId),
  });
}

export function useTestCustomApi(workspaceId: string, integrationId: string) {
  return useMutation(testCustomApi(useQueryClient(), workspaceId, integrationId));
}

/** The workspace's MCP servers (`GET /v1/tools/mcp`). */
export function mcpServersQuery(workspaceId: string) {
  return queryOptions({
    queryKey: toolKeys.mcpServers(workspaceId),
    queryFn: () => data(api.GET('/v1/tools/mcp', { params: scope(workspaceId) })),
  });
}

export function useMcpServers(workspaceId: string) {
  return useQuery(mcpServersQuery(workspaceId));
}

const mcpParams = (workspaceId: string, mcpId: string) => ({ ...scope(workspaceId), path: { mcpId } });

/** One MCP server with its tools; read every `pollMs` while `polling` and it is not active (an authorization under way). */
export function mcpServerQuery(workspaceId: string, mcpId: string, polling: boolean, pollMs: number) {
  return queryOptions({
    queryKey: toolKeys.mcpServer(workspaceId, mcpId),
    queryFn: () => data(api.GET('/v1/tools/mcp/{mcpId}', { params: mcpParams(workspaceId, mcpId) })),
    refetchInterval: (query) => (polling && query.state.data?.status !== 'active' ? pollMs : false),
  });
}

export function useMcpServer(workspaceId: string, mcpId: string, polling: boolean, pollMs: number) {
  return useQuery(mcpServerQuery(workspaceId, mcpId, polling, pollMs));
}

/** What a server exposes, asked before anything is saved; its answer carries the server's credentials' reach, so it is not kept. */
export function previewMcp(workspaceId: string) {
  return mutationOptions({
    gcTime: 0,
    mutationFn: (body: RequestBody<'tools_mcp_preview'>) => data(api.POST('/v1/tools/mcp/preview', { params: scope(workspaceId), body })),
  });
}

export function usePreviewMcp(workspaceId: string) {
  return useMutation(previewMcp(workspaceId));
}

/**
 * Connects a server (which installs every tool), then keeps only `keep`'s choice of the installed
 * ones (tools/sync) when it leaves some out. Connected already, a failed choice is `choiceFailure`
 * (said on the server's page, where it can be made again: connecting anew would be refused, the
 * name being taken). Not kept in the cache: the body carries the server's credentials.
 */
export function connectMcp(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    gcTime: 0,
    mutationFn: async ({ body, keep }: { body: RequestBody<'tools_mcp_connect'>; keep: ((installed: string[]) => string[]) | null }) => {
      const server = (await data(api.POST('/v1/tools/mcp', { params: scope(workspaceId), body }))).data;
      const installed = server.tools.filter((tool) => tool.installed).map((tool) => tool.mcpToolName);
      const kept = keep ? keep(installed) : installed;
      if (kept.length === installed.length) return { server, choiceFailure: undefined };
      return data(
        api.POST('/v1/tools/mcp/{mcpId}/tools/sync', { params: mcpParams(workspaceId, server.mcpId), body: { tools: kept } }),
      ).then(
        (synced) => ({ server: synced.data, choiceFailure: undefined }),
        (failure: Error) => ({ server, choiceFailure: failure.message }),
      );
    },
    onSuccess: () => void refreshTools(queryClient, workspaceId)(),
  });
}

export function useConnectMcp(workspaceId: string) {
  return useMutation(connectMcp(useQueryClient(), workspaceId));
}

/** Asks the server again what it lists: what was added, updated and removed; the tools are read again whatever the answer. */
export function rediscoverMcp(queryClient: QueryClient, workspaceId: string, mcpId: string) {
  return mutationOptions({
    mutationFn: () => data(api.POST('/v1/tools/mcp/{mcpId}/refresh', { params: mcpParams(workspaceId, mcpId) })),
    onSettled: refreshTools(queryClient, workspaceId),
  });
}

export function useRediscoverMcp(workspaceId: string, mcpId: string) {
  return useMutation(rediscoverMcp(useQueryClient(), workspaceId, mcpId));
}

/** Disconnects a server: its answer counts the tools and agent connections removed with it. */
export function disconnectMcp(queryClient: QueryClient, workspaceId: string, mcpId: string) {
  return mutationOptions({
    mutationFn: () => data(api.DELETE('/v1/tools/mcp/{mcpId}', { params: mcpParams(workspaceId, mcpId) })),
    onSuccess: refreshTools(queryClient, workspaceId),
  });
}

export function useDisconnectMcp(workspaceId: string, mcpId: string) {
  return useMutation(disconnectMcp(useQueryClient(), workspaceId, mcpId));
}

/** Starts an OAuth authorization: the API builds the URL to open. */
export function startMcpAuthorization(workspaceId: string, mcpId: string) {
  return mutationOptions({
    mutationFn: () => data(api.POST('/v1/tools/mcp/{mcpId}/oauth/start', { params: mcpParams(workspaceId, mcpId) })),
  });
}

export function useStartMcpAuthorization(workspaceId: string, mcpId: string) {
  return useMutation(startMcpAuthorization(workspaceId, mcpId));
}

/**
 * Which of the server's tools are installed (tools/sync): those named stay or are added, the
 * others go; then the tools are read again, not awaited: the choice's list is remade from that
 * answer, so the caller's `onSuccess` (its note) must come first.
 */
export function syncMcpTools(queryClient: QueryClient, workspaceId: string, mcpId: string) {
  return mutationOptions({
    mutationFn: (tools: string[]) =>
      data(api.POST('/v1/tools/mcp/{mcpId}/tools/sync', { params: mcpParams(workspaceId, mcpId), body: { tools } })),
    onSuccess: () => void refreshTools(queryClient, workspaceId)(),
  });
}

export function useSyncMcpTools(workspaceId: string, mcpId: string) {
  return useMutation(syncMcpTools(useQueryClient(), workspaceId, mcpId));
}

const agentParams = (workspaceId: string, agentId: string) => ({ ...scope(workspaceId), path: { agentId } });
const refreshAgentTools = (queryClient: QueryClient, workspaceId: string, agentId: string) => () =>
  queryClient.invalidateQueries({ queryKey: toolKeys.agentTools(workspaceId, agentId) });

/** An agent's tool connections (`GET /v1/agents/{agentId}/tools`). */
export function agentToolsQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: toolKeys.agentTools(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/tools', { params: agentParams(workspaceId, agentId) })),
  });
}

export function useAgentTools(workspaceId: string, agentId: string) {
  return useQuery(agentToolsQuery(workspaceId, agentId));
}

/** The catalog's tools as this agent could connect them (`GET …/tools/available`). */
export function availableAgentToolsQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: toolKeys.availableAgentTools(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/tools/available', { params: agentParams(workspaceId, agentId) })),
  });
}

export function useAvailableAgentTools(workspaceId: string, agentId: string) {
  return useQuery(availableAgentToolsQuery(workspaceId, agentId));
}

/** Connects a published tool to the agent. */
export function connectAgentTool(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (toolId: string) =>
      data(api.POST('/v1/agents/{agentId}/tools', { params: agentParams(workspaceId, agentId), body: { toolId } })),
    onSuccess: refreshAgentTools(queryClient, workspaceId, agentId),
  });
}

export function useConnectAgentTool(workspaceId: string, agentId: string) {
  return useMutation(connectAgentTool(useQueryClient(), workspaceId, agentId));
}

/** Activates or deactivates a connection (`status`), or disconnects it (no status). */
export function changeAgentTool(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: ({ id, status }: { id: string; status?: 'active' | 'inactive' }): Promise<unknown> => {
      const params = { ...scope(workspaceId), path: { agentId, toolId: id } };
      return status
        ? data(api.PATCH('/v1/agents/{agentId}/tools/{toolId}', { params, body: { status } }))
        : data(api.DELETE('/v1/agents/{agentId}/tools/{toolId}', { params }));
    },
    onSuccess: refreshAgentTools(queryClient, workspaceId, agentId),
  });
}

export function useChangeAgentTool(workspaceId: string, agentId: string) {
  return useMutation(changeAgentTool(useQueryClient(), workspaceId, agentId));
}
