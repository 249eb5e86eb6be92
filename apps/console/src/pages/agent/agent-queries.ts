import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { RequestBody } from '../../api/schema';

/**
 * The agents' query keys. Everything of the workspace's agents is under `all` (the list, each
 * agent, its prompt history, guardrails, assist rules and sub-agents): a change to one agent reads
 * again what shows it (its `lastUpdate` moved, the list's names may have).
 */
export const agentKeys = {
  all: (workspaceId: string) => ['agents', workspaceId] as const,
  list: (workspaceId: string) => [...agentKeys.all(workspaceId), 'list'] as const,
  detail: (workspaceId: string, agentId: string) => [...agentKeys.all(workspaceId), agentId] as const,
  prompt: (workspaceId: string, agentId: string) => [...agentKeys.detail(workspaceId, agentId), 'prompt'] as const,
  guardrails: (workspaceId: string, agentId: string) => [...agentKeys.detail(workspaceId, agentId), 'guardrails'] as const,
  assistRules: (workspaceId: string, agentId: string) => [...agentKeys.detail(workspaceId, agentId), 'assist-rules'] as const,
  subagents: (workspaceId: string, agentId: string) => [...agentKeys.detail(workspaceId, agentId), 'subagents'] as const,
  availableSubagents: (workspaceId: string, agentId: string) => [...agentKeys.detail(workspaceId, agentId), 'subagents-available'] as const,
};

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });
const agentParams = (workspaceId: string, agentId: string) => ({ ...scope(workspaceId), path: { agentId } });
const refreshAgents = (queryClient: QueryClient, workspaceId: string) => () =>
  queryClient.invalidateQueries({ queryKey: agentKeys.all(workspaceId) });

/** The workspace's agents (`GET /v1/agents`): an admin's to read, so `enabled` only for one. */
export function agentsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: agentKeys.list(workspaceId),
    queryFn: () => data(api.GET('/v1/agents', { params: scope(workspaceId) })),
    select: (answer) => answer.workspaces.flatMap((w) => w.agents),
  });
}

export function useAgents(workspaceId: string, enabled = true) {
  return useQuery({ ...agentsQuery(workspaceId), enabled });
}

/** One agent (`GET /v1/agents/{agentId}`). */
export function agentQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.detail(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}', { params: agentParams(workspaceId, agentId) })),
    select: (answer) => answer.workspaces.flatMap((w) => w.agents)[0],
  });
}

export function useAgent(workspaceId: string, agentId: string) {
  return useQuery(agentQuery(workspaceId, agentId));
}

/** What reads the workspace's agents again: after a 409, the edit dropped, the form takes the agent as it is now. */
export function useReloadAgents(workspaceId: string) {
  return refreshAgents(useQueryClient(), workspaceId);
}

/** The agent's prompt history and active version (`GET /v1/agents/{agentId}/prompt`). */
export function promptQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.prompt(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/prompt', { params: agentParams(workspaceId, agentId) })),
  });
}

export function usePrompt(workspaceId: string, agentId: string) {
  return useQuery(promptQuery(workspaceId, agentId));
}

/** A new agent (`POST /v1/agents`), with an optional first prompt. */
export function createAgent(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_create'>) => data(api.POST('/v1/agents', { params: scope(workspaceId), body })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useCreateAgent(workspaceId: string) {
  return useMutation(createAgent(useQueryClient(), workspaceId));
}

/** A copy of the agent under a new name (`POST …/copy`). */
export function copyAgent(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_copy'>) =>
      data(api.POST('/v1/agents/{agentId}/copy', { params: agentParams(workspaceId, agentId), body })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useCopyAgent(workspaceId: string, agentId: string) {
  return useMutation(copyAgent(useQueryClient(), workspaceId, agentId));
}

/** Deletes the agent: what showed it is dropped from the cache (not read again: it is gone), the list read again. */
export function deleteAgent(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: () => data(api.DELETE('/v1/agents/{agentId}', { params: agentParams(workspaceId, agentId) })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: agentKeys.detail(workspaceId, agentId) });
      return queryClient.invalidateQueries({ queryKey: agentKeys.all(workspaceId) });
    },
  });
}

export function useDeleteAgent(workspaceId: string, agentId: string) {
  return useMutation(deleteAgent(useQueryClient(), workspaceId, agentId));
}

/** Saves the agent's settings (`PATCH /v1/agents/{agentId}`, naming the `expectedLastUpdate` the edit began from). */
export function updateAgent(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_update'>) =>
      data(api.PATCH('/v1/agents/{agentId}', { params: agentParams(workspaceId, agentId), body })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useUpdateAgent(workspaceId: string, agentId: string) {
  return useMutation(updateAgent(useQueryClient(), workspaceId, agentId));
}

/** A new prompt version (`POST …/prompt`), active at once or not. */
export function createPrompt(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_prompt_create'>) =>
      data(api.POST('/v1/agents/{agentId}/prompt', { params: agentParams(workspaceId, agentId), body })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useCreatePrompt(workspaceId: string, agentId: string) {
  return useMutation(createPrompt(useQueryClient(), workspaceId, agentId));
}

/** Activates a version (`PATCH …/prompt`); the activation gate's 409 is the caller's to show. */
export function activatePrompt(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (promptId: string) =>
      data(api.PATCH('/v1/agents/{agentId}/prompt', { params: agentParams(workspaceId, agentId), body: { promptId } })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useActivatePrompt(workspaceId: string, agentId: string) {
  return useMutation(activatePrompt(useQueryClient(), workspaceId, agentId));
}

/** The agent's guardrails (`GET …/guardrails`). */
export function guardrailsQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.guardrails(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/guardrails', { params: agentParams(workspaceId, agentId) })),
  });
}

export function useGuardrails(workspaceId: string, agentId: string) {
  return useQuery(guardrailsQuery(workspaceId, agentId));
}

/** Saves the guardrails; the agent's lastUpdate moved, so the agents are read again (the settings form's next save names it). */
export function updateGuardrails(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_guardrails_update'>) =>
      data(api.PATCH('/v1/agents/{agentId}/guardrails', { params: agentParams(workspaceId, agentId), body })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useUpdateGuardrails(workspaceId: string, agentId: string) {
  return useMutation(updateGuardrails(useQueryClient(), workspaceId, agentId));
}

/** The agent's assist rules (`GET …/assist-rules`). */
export function assistRulesQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.assistRules(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/assist-rules', { params: agentParams(workspaceId, agentId) })),
  });
}

export function useAssistRules(workspaceId: string, agentId: string) {
  return useQuery(assistRulesQuery(workspaceId, agentId));
}

/** Saves the assist rules; the agents are read again. */
export function updateAssistRules(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_assist_rules_update'>) =>
      data(api.PATCH('/v1/agents/{agentId}/assist-rules', { params: agentParams(workspaceId, agentId), body })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useUpdateAssistRules(workspaceId: string, agentId: string) {
  return useMutation(updateAssistRules(useQueryClient(), workspaceId, agentId));
}

/**
 * What the sub-agent form sends: the fields of the chosen task, and of its kind (connect:
 * `subagentId`; create: `name` and `systemPrompt`; edit: `name`).
 */
export type SubagentBody = RequestBody<'agents_subagents_update'> &
  Partial<Pick<RequestBody<'agents_subagents_connect'>, 'subagentId'>> &
  Partial<Pick<RequestBody<'agents_subagents_create'>, 'systemPrompt'>>;

/** The agent's sub-agent connections, each with the connected agent's state (`GET …/subagents`). */
export function subagentsQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.subagents(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/subagents', { params: agentParams(workspaceId, agentId) })),
  });
}

export function useSubagents(workspaceId: string, agentId: string) {
  return useQuery(subagentsQuery(workspaceId, agentId));
}

/** The workspace's agents this one could connect (`GET …/subagents/available`). */
export function availableSubagentsQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.availableSubagents(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/subagents/available', { params: agentParams(workspaceId, agentId) })),
  });
}

export function useAvailableSubagents(workspaceId: string, agentId: string) {
  return useQuery(availableSubagentsQuery(workspaceId, agentId));
}

/** Connects an agent of the workspace (`POST …/subagents`); a missing `subagentId` is the API's 400 to name. */
export function connectSubagent(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: ({ subagentId = '', ...rest }: SubagentBody) =>
      data(api.POST('/v1/agents/{agentId}/subagents', { params: agentParams(workspaceId, agentId), body: { ...rest, subagentId } })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useConnectSubagent(workspaceId: string, agentId: string) {
  return useMutation(connectSubagent(useQueryClient(), workspaceId, agentId));
}

/** Creates a new agent and connects it (`POST …/subagents/create`); a missing `name` is the API's 400 to name. */
export function createSubagent(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: ({ name = '', ...rest }: SubagentBody) =>
      data(api.POST('/v1/agents/{agentId}/subagents/create', { params: agentParams(workspaceId, agentId), body: { ...rest, name } })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useCreateSubagent(workspaceId: string, agentId: string) {
  return useMutation(createSubagent(useQueryClient(), workspaceId, agentId));
}

const connectionParams = (workspaceId: string, agentId: string, subagentId: string) => ({
  ...scope(workspaceId),
  path: { agentId, subagentId },
});

/** Changes a connection (its task, status, criteria or name). */
export function updateSubagent(queryClient: QueryClient, workspaceId: string, agentId: string, subagentId: string) {
  return mutationOptions({
    mutationFn: (body: SubagentBody) =>
      data(api.PATCH('/v1/agents/{agentId}/subagents/{subagentId}', { params: connectionParams(workspaceId, agentId, subagentId), body })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useUpdateSubagent(workspaceId: string, agentId: string, subagentId: string) {
  return useMutation(updateSubagent(useQueryClient(), workspaceId, agentId, subagentId));
}

/** Removes a connection (the connected agent stays). */
export function disconnectSubagent(queryClient: QueryClient, workspaceId: string, agentId: string, subagentId: string) {
  return mutationOptions({
    mutationFn: () =>
      data(api.DELETE('/v1/agents/{agentId}/subagents/{subagentId}', { params: connectionParams(workspaceId, agentId, subagentId) })),
    onSuccess: refreshAgents(queryClient, workspaceId),
  });
}

export function useDisconnectSubagent(workspaceId: string, agentId: string, subagentId: string) {
  return useMutation(disconnectSubagent(useQueryClient(), workspaceId, agentId, subagentId));
}
