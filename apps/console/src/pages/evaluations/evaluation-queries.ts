import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';

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
