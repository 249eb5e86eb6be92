import { mutationOptions, queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { RequestBody } from '../../api/schema';
import { useAgent, usePrompt } from '../agent/agent-queries';
import type { Evaluation } from './activation-gate';

/** How often a running evaluation is read again. */
export const EVALUATION_POLL_MS = 2000;

/**
 * The evaluations' query keys: all of an agent's under `agent` (its list is that key itself), so
 * what refreshes the list refreshes each version's latest finished one and an evaluation's page.
 */
export const evaluationKeys = {
  agent: (workspaceId: string, agentId: string) => ['evaluations', workspaceId, agentId] as const,
  latestFinished: (workspaceId: string, agentId: string, promptId: string) =>
    [...evaluationKeys.agent(workspaceId, agentId), 'latest-finished', promptId] as const,
  detail: (workspaceId: string, agentId: string, evaluationId: string, offset: number) =>
    [...evaluationKeys.agent(workspaceId, agentId), 'detail', evaluationId, offset] as const,
};

const agentParams = (workspaceId: string, agentId: string) => ({ query: { workspace: workspaceId }, path: { agentId } });

/** The agent's evaluations (the latest 50, newest first), read again while one is running. */
export function evaluationsQuery(workspaceId: string, agentId: string) {
  return queryOptions({
    queryKey: evaluationKeys.agent(workspaceId, agentId),
    queryFn: () => data(api.GET('/v1/agents/{agentId}/evaluations', { params: agentParams(workspaceId, agentId) })),
    refetchInterval: (query) => (query.state.data?.evaluations.some((e) => e.status === 'running') ? EVALUATION_POLL_MS : false),
  });
}

export function useEvaluations(workspaceId: string, agentId: string) {
  return useQuery(evaluationsQuery(workspaceId, agentId));
}

/** What reads the agent's evaluations again (an activation refused: one may have ended since the page read them). */
export function useRefreshEvaluations(workspaceId: string, agentId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: evaluationKeys.agent(workspaceId, agentId) });
}

/** A version's latest finished evaluation (`?promptId=…&finished=true&limit=1`), null when it has none. */
export function latestFinishedQuery(workspaceId: string, agentId: string, promptId: string) {
  return queryOptions({
    queryKey: evaluationKeys.latestFinished(workspaceId, agentId, promptId),
    queryFn: async () =>
      (
        await data(
          api.GET('/v1/agents/{agentId}/evaluations', {
            params: { query: { workspace: workspaceId, promptId, finished: 'true', limit: 1 }, path: { agentId } },
          }),
        )
      ).evaluations[0] ?? null,
  });
}

/**
 * Each version's latest finished evaluation, asked of the API one version at a time (for the
 * versions `versionsToLookUp` names: those the latest 50 may have left out); null when it has none.
 */
export function useLatestFinished(workspaceId: string, agentId: string, promptIds: string[]): (Evaluation | null | undefined)[] {
  return useQueries({ queries: promptIds.map((promptId) => latestFinishedQuery(workspaceId, agentId, promptId)) }).map(
    (query) => query.data,
  );
}

/** An evaluation with a page of its turns (`GET …/evaluations/{evaluationId}`), read again while it runs. */
export function evaluationQuery(workspaceId: string, agentId: string, evaluationId: string, offset: number, limit: number) {
  return queryOptions({
    queryKey: evaluationKeys.detail(workspaceId, agentId, evaluationId, offset),
    queryFn: () =>
      data(
        api.GET('/v1/agents/{agentId}/evaluations/{evaluationId}', {
          params: { query: { workspace: workspaceId, limit, offset }, path: { agentId, evaluationId } },
        }),
      ),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EVALUATION_POLL_MS : false),
  });
}

export function useEvaluation(workspaceId: string, agentId: string, evaluationId: string, offset: number, limit: number) {
  return useQuery(evaluationQuery(workspaceId, agentId, evaluationId, offset, limit));
}

/** Starts an evaluation (`POST …/evaluations`); the agent's evaluations are read again. */
export function startEvaluation(queryClient: QueryClient, workspaceId: string, agentId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'agents_evaluations_create'>) =>
      data(api.POST('/v1/agents/{agentId}/evaluations', { params: agentParams(workspaceId, agentId), body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.agent(workspaceId, agentId) }),
  });
}

export function useStartEvaluation(workspaceId: string, agentId: string) {
  return useMutation(startEvaluation(useQueryClient(), workspaceId, agentId));
}

/** Cancels a running evaluation (its turns replayed so far stay); the agent's evaluations are read again whatever the answer. */
export function cancelEvaluation(queryClient: QueryClient, workspaceId: string, agentId: string, evaluationId: string) {
  return mutationOptions({
    mutationFn: () =>
      data(
        api.POST('/v1/agents/{agentId}/evaluations/{evaluationId}/cancel', {
          params: { query: { workspace: workspaceId }, path: { agentId, evaluationId } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.agent(workspaceId, agentId) }),
  });
}

export function useCancelEvaluation(workspaceId: string, agentId: string, evaluationId: string) {
  return useMutation(cancelEvaluation(useQueryClient(), workspaceId, agentId, evaluationId));
}

/** The agent and its prompt history, under the agent page's own query keys (one fetch for both pages). */
export function useAgentAndPrompts(workspaceId: string, agentId: string) {
  const agent = useAgent(workspaceId, agentId);
  return { agent, current: agent.data, prompt: usePrompt(workspaceId, agentId) };
}
