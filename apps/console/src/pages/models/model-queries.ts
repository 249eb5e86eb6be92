import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { Answer, QueryOf, RequestBody, Schema } from '../../api/schema';
import { agentKeys } from '../agent/agent-queries';

/** The models' query keys: a workspace's connections, an agent's model settings, the model cost in a range. */
export const modelKeys = {
  connections: (workspaceId: string) => ['model-connections', workspaceId] as const,
  agentModels: (workspaceId: string, agentId: string) => [...agentKeys.detail(workspaceId, agentId), 'models'] as const,
  usage: (range: QueryOf<'usage_models'>) => ['usage', 'models', range] as const,
};

export type ModelConnection = Schema<'ModelConnection'>;
export type ModelRef = Schema<'ModelRef'>;
export type AgentModels = Schema<'AgentModels'>;
export type ConnectionBody = RequestBody<'models_connections_create'>;
export type ConnectionTest = Answer<'models_connections_test'>;

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });
const connectionParams = (workspaceId: string, connectionId: string) => ({ ...scope(workspaceId), path: { connectionId } });
const refreshConnections = (queryClient: QueryClient, workspaceId: string) => () =>
  queryClient.invalidateQueries({ queryKey: modelKeys.connections(workspaceId) });

/** The workspace's model connections, with their models, prices and breaker (`GET /v1/models/connections`). */
export function connectionsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: modelKeys.connections(workspaceId),
    queryFn: () => data(api.GET('/v1/models/connections', { params: scope(workspaceId) })),
    select: (answer) => answer.workspaces.flatMap((w) => w.connections),
  });
}

export function useConnections(workspaceId: string) {
  return useQuery(connectionsQuery(workspaceId));
}

/** A new connection (`POST /v1/models/connections`); then the list is read again. */
export function createConnection(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: ConnectionBody) => data(api.POST('/v1/models/connections', { params: scope(workspaceId), body })),
    onSuccess: refreshConnections(queryClient, workspaceId),
  });
}

export function useCreateConnection(workspaceId: string) {
  return useMutation(createConnection(useQueryClient(), workspaceId));
}

/** Changes a connection (`PATCH …/{connectionId}`: a credential only when one is typed); then the list is read again. */
export function updateConnection(queryClient: QueryClient, workspaceId: string, connectionId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'models_connections_update'>) =>
      data(api.PATCH('/v1/models/connections/{connectionId}', { params: connectionParams(workspaceId, connectionId), body })),
    onSuccess: refreshConnections(queryClient, workspaceId),
  });
}

export function useUpdateConnection(workspaceId: string, connectionId: string) {
  return useMutation(updateConnection(useQueryClient(), workspaceId, connectionId));
}

/** Deletes a connection (409 while an agent's settings name it); then the list is read again. */
export function removeConnection(queryClient: QueryClient, workspaceId: string, connectionId: string) {
  return mutationOptions({
    mutationFn: () => data(api.DELETE('/v1/models/connections/{connectionId}', { params: connectionParams(workspaceId, connectionId) })),
    onSuccess: refreshConnections(queryClient, workspaceId),
  });
}

export function useRemoveConnection(workspaceId: string, connectionId: string) {
  return useMutation(removeConnection(useQueryClient(), workspaceId, connectionId));
}

/**
 * The one-token call to one of the connection's models (`POST …/test`); then the list is read
 * again, since a call may have moved the connection's breaker.
 */
export function testConnection(queryClient: QueryClient, workspaceId: string, connectionId: string) {
  return mutationOptions({
    mutationFn: (model: string) =>
      data(
        api.POST('/v1/models/connections/{connectionId}/test', { params: connectionParams(workspaceId, connectionId), body: { model } }),
      ),
    onSettled: refreshConnections(queryClient, workspaceId),
  });
}

export function useTestConnection(workspaceId: string, connectionId: string) {
  return useMutation(testConnection(useQueryClient(), workspaceId, connectionId));
}

/** Which model each of an agent's calls uses, and its fallback list (`GET /v1/agents/{agentId}/models`). */
export function agentModelsQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: modelKeys.agentModels(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/models', { params: { ...scope(workspaceId), path: { agentId } } })),
  });
}

export function useAgentModels(workspaceId: string, agentId: string) {
  return useQuery(agentModelsQuery(workspaceId, agentId));
}

/** Saves an agent's model settings (merged); then what shows the agent is read again. */
export function updateAgentModels(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_models_update'>) =>
      data(api.PATCH('/v1/agents/{agentId}/models', { params: { ...scope(workspaceId), path: { agentId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.detail(workspaceId, agentId) }),
  });
}

export function useUpdateAgentModels(workspaceId: string, agentId: string) {
  return useMutation(updateAgentModels(useQueryClient(), workspaceId, agentId));
}

/** Model tokens and cost by UTC day, agent and model in a range (`GET /v1/usage/models`). */
export function modelUsageQuery(range: QueryOf<'usage_models'>) {
  return queryOptions({
    queryKey: modelKeys.usage(range),
    queryFn: () => data(api.GET('/v1/usage/models', { params: { query: range } })),
    select: (answer) => answer.workspaces[0]?.models,
  });
}

export function useModelUsage(range: QueryOf<'usage_models'>) {
  return useQuery(modelUsageQuery(range));
}
