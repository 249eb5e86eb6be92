import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { Answer, QueryOf, RequestBody } from '../../api/schema';

/** How often a campaign with an unsettled run, and an unsettled run's recipients, are read again. */
const RUN_POLL_MS = 2000;

/** The campaigns' query keys. */
export const campaignKeys = {
  list: (query: QueryOf<'campaigns_list'>) => ['campaigns', query] as const,
  detail: (workspaceId: string, campaignId: string) => ['campaign', workspaceId, campaignId] as const,
  recipients: (campaignId: string, runId: string, query: QueryOf<'campaigns_run_recipients_list'>) =>
    ['campaign-run-recipients', campaignId, runId, query] as const,
  templates: (workspaceId: string) => ['templates', workspaceId, 'approved'] as const,
};

export type Campaign = Answer<'campaigns_get'>['workspaces'][number]['campaigns'][number];

/** A page of the workspace's campaigns (`GET /v1/campaigns`). */
export function campaignsQuery(query: QueryOf<'campaigns_list'>) {
  return queryOptions({ queryKey: campaignKeys.list(query), queryFn: () => data(api.GET('/v1/campaigns', { params: { query } })) });
}

export function useCampaigns(query: QueryOf<'campaigns_list'>) {
  return useQuery(campaignsQuery(query));
}

/** A campaign with its runs (`GET /v1/campaigns/{campaignId}`), read again every 2 s while a run is unsettled. */
export function campaignQuery(workspaceId: string, campaignId: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(workspaceId, campaignId),
    queryFn: () => data(api.GET('/v1/campaigns/{campaignId}', { params: { query: { workspace: workspaceId }, path: { campaignId } } })),
    select: (answer) => answer.workspaces.flatMap((w) => w.campaigns)[0],
    refetchInterval: (query) =>
      query.state.data?.workspaces.flatMap((w) => w.campaigns).some((c) => c.runs.some((r) => r.status !== 'completed'))
        ? RUN_POLL_MS
        : false,
  });
}

export function useCampaign(workspaceId: string, campaignId: string) {
  return useQuery(campaignQuery(workspaceId, campaignId));
}

/** A run's recipients with their outcomes, read again every 2 s until the run is `settled`. */
export function runRecipientsQuery(campaignId: string, runId: string, query: QueryOf<'campaigns_run_recipients_list'>, settled: boolean) {
  return queryOptions({
    queryKey: campaignKeys.recipients(campaignId, runId, query),
    queryFn: () => data(api.GET('/v1/campaigns/{campaignId}/runs/{runId}/recipients', { params: { path: { campaignId, runId }, query } })),
    refetchInterval: settled ? false : RUN_POLL_MS,
  });
}

export function useRunRecipients(campaignId: string, runId: string, query: QueryOf<'campaigns_run_recipients_list'>, settled: boolean) {
  return useQuery(runRecipientsQuery(campaignId, runId, query, settled));
}

/** Approved WhatsApp templates of the workspace, each with how many parameters a send takes. */
export function approvedTemplatesQuery(workspaceId: string) {
  return queryOptions({
    queryKey: campaignKeys.templates(workspaceId),
    queryFn: () => data(api.GET('/v1/templates', { params: { query: { workspace: workspaceId, status: 'approved' } } })),
    select: (answer) => answer.templates,
  });
}

export function useApprovedTemplates(workspaceId: string) {
  return useQuery(approvedTemplatesQuery(workspaceId));
}

const campaignParams = (workspaceId: string, campaignId: string) => ({ query: { workspace: workspaceId }, path: { campaignId } });
const refreshCampaign = (queryClient: QueryClient, workspaceId: string, campaignId: string) => () =>
  queryClient.invalidateQueries({ queryKey: campaignKeys.detail(workspaceId, campaignId) });

/** Changes a campaign's fields (`PATCH`); then it is read again. */
export function updateCampaign(queryClient: QueryClient, workspaceId: string, campaignId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'campaigns_update'>) =>
      data(api.PATCH('/v1/campaigns/{campaignId}', { params: campaignParams(workspaceId, campaignId), body })),
    onSuccess: refreshCampaign(queryClient, workspaceId, campaignId),
  });
}

export function useUpdateCampaign(workspaceId: string, campaignId: string) {
  return useMutation(updateCampaign(useQueryClient(), workspaceId, campaignId));
}

/** Sends the campaign (`POST …/send`: now or at dates); then it is read again, its new run with it. */
export function sendCampaign(queryClient: QueryClient, workspaceId: string, campaignId: string) {
  return mutationOptions({
    mutationFn: (body: RequestBody<'campaigns_send'>) =>
      data(api.POST('/v1/campaigns/{campaignId}/send', { params: campaignParams(workspaceId, campaignId), body })),
    onSuccess: refreshCampaign(queryClient, workspaceId, campaignId),
  });
}

export function useSendCampaign(workspaceId: string, campaignId: string) {
  return useMutation(sendCampaign(useQueryClient(), workspaceId, campaignId));
}
