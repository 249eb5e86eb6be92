import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { QueryOf, RequestBody, Schema } from '../../api/schema';

export type KnowledgeProposal = Schema<'KnowledgeProposal'>;
export type ProposalState = NonNullable<QueryOf<'knowledge_proposals_list'>['state']>;

/** The proposals queue's query keys: every list under `all`, so a decision refreshes each state's view. */
export const proposalKeys = {
  all: (workspaceId: string) => ['knowledge-proposals', workspaceId] as const,
  list: (workspaceId: string, state: ProposalState) => [...proposalKeys.all(workspaceId), state] as const,
  bases: (workspaceId: string) => ['knowledge-bases', workspaceId, 'choices'] as const,
};

/** Proposals in one state, newest first (GET /v1/knowledge/proposals?state=). */
export function proposalsQuery(workspaceId: string, state: ProposalState) {
  return queryOptions({
    queryKey: proposalKeys.list(workspaceId, state),
    queryFn: () => data(api.GET('/v1/knowledge/proposals', { params: { query: { workspace: workspaceId, state, limit: 100 } } })),
  });
}

export function useProposals(workspaceId: string, state: ProposalState) {
  return useQuery(proposalsQuery(workspaceId, state));
}

/** The bases a proposal can be accepted into (GET /v1/knowledge/bases), by name. */
export function baseChoicesQuery(workspaceId: string) {
  return queryOptions({
    queryKey: proposalKeys.bases(workspaceId),
    queryFn: () => data(api.GET('/v1/knowledge/bases', { params: { query: { workspace: workspaceId, limit: 200 } } })),
    staleTime: 60_000,
  });
}

export function useBaseChoices(workspaceId: string) {
  return useQuery(baseChoicesQuery(workspaceId));
}

const params = (workspaceId: string, proposalId: string) => ({ query: { workspace: workspaceId }, path: { proposalId } });

/** Edits a pending proposal's question or answer; the queue is read again. */
export function editProposal(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: RequestBody<'knowledge_proposals_update'> }) =>
      data(api.PATCH('/v1/knowledge/proposals/{proposalId}', { params: params(workspaceId, id), body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all(workspaceId) }),
  });
}

export function useEditProposal(workspaceId: string) {
  return useMutation(editProposal(useQueryClient(), workspaceId));
}

/** Accepts a proposal into a base (a text source, indexed like any entry); every state's list is read again. */
export function acceptProposal(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: RequestBody<'knowledge_proposals_accept'> }) =>
      data(api.POST('/v1/knowledge/proposals/{proposalId}/accept', { params: params(workspaceId, id), body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all(workspaceId) }),
  });
}

export function useAcceptProposal(workspaceId: string) {
  return useMutation(acceptProposal(useQueryClient(), workspaceId));
}

/** Discards a proposal: it never reaches a base. */
export function discardProposal(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (id: string) => data(api.POST('/v1/knowledge/proposals/{proposalId}/discard', { params: params(workspaceId, id) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all(workspaceId) }),
  });
}

export function useDiscardProposal(workspaceId: string) {
  return useMutation(discardProposal(useQueryClient(), workspaceId));
}
