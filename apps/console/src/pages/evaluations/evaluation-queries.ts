import { useQueries, useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { Evaluation } from './activation-gate';

/** How often a running evaluation is read again. */
export const EVALUATION_POLL_MS = 2000;

/** The agent's evaluations (the latest 50, newest first), read again while one is running. */
export function useEvaluations(workspaceId: string, agentId: string) {
  return useQuery({
    queryKey: ['evaluations', workspaceId, agentId],
    queryFn: () => data(api.GET('/v1/agents/{agentId}/evaluations', { params: { query: { workspace: workspaceId }, path: { agentId } } })),
    refetchInterval: (query) => (query.state.data?.evaluations.some((e) => e.status === 'running') ? EVALUATION_POLL_MS : false),
  });
}

/**
 * Each version's latest finished evaluation, asked of the API one version at a time (for the
 * versions `versionsToLookUp` names: those the latest 50 may have left out); null when it has none.
 * Under the evaluations' key, so what refreshes the list refreshes these.
 */
export function useLatestFinished(workspaceId: string, agentId: string, promptIds: string[]): (Evaluation | null | undefined)[] {
  return useQueries({
    queries: promptIds.map((promptId) => ({
      queryKey: ['evaluations', workspaceId, agentId, 'latest-finished', promptId],
      queryFn: async () =>
        (
          await data(
            api.GET('/v1/agents/{agentId}/evaluations', {
              params: { query: { workspace: workspaceId, promptId, finished: 'true', limit: 1 }, path: { agentId } },
            }),
          )
        ).evaluations[0] ?? null,
    })),
  }).map((query) => query.data);
}

/** The agent and its prompt history, under the agent page's own query keys (one fetch for both pages). */
export function useAgentAndPrompts(workspaceId: string, agentId: string) {
  const params = { query: { workspace: workspaceId }, path: { agentId } };
  const agent = useQuery({ queryKey: ['agent', workspaceId, agentId], queryFn: () => data(api.GET('/v1/agents/{agentId}', { params })) });
  const prompt = useQuery({
    queryKey: ['prompt', workspaceId, agentId],
    queryFn: () => data(api.GET('/v1/agents/{agentId}/prompt', { params })),
  });
  return { agent, current: agent.data?.workspaces.flatMap((w) => w.agents)[0], prompt };
}
