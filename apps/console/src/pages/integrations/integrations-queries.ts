import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { RequestBody, Schema } from '../../api/schema';
import { toolKeys } from '../tools/tool-queries';

export type IntegrationProvider = Schema<'IntegrationProvider'>;
export type IntegrationInstallation = Schema<'IntegrationInstallation'>;
export type InstallBody = RequestBody<'tools_integrations_install'>;
type UpdateBody = RequestBody<'tools_integrations_update'>;

/**
 * Integrations' query keys, under the tools' (`toolKeys.all`): an install, a choice of tools or an
 * uninstall reads the catalog again too.
 */
export const integrationKeys = {
  all: (workspaceId: string) => [...toolKeys.all(workspaceId), 'integrations'] as const,
  providers: (workspaceId: string) => [...integrationKeys.all(workspaceId), 'providers'] as const,
  installations: (workspaceId: string) => [...integrationKeys.all(workspaceId), 'list'] as const,
  installation: (workspaceId: string, installationId: string) =>
    [...integrationKeys.all(workspaceId), 'installation', installationId] as const,
};

const scope = (workspaceId: string) => ({ query: { workspace: workspaceId } });
const installationParams = (workspaceId: string, installationId: string) => ({ ...scope(workspaceId), path: { installationId } });
const refreshTools = (queryClient: QueryClient, workspaceId: string) => () =>
  queryClient.invalidateQueries({ queryKey: toolKeys.all(workspaceId) });

/** The gallery (`GET /v1/tools/integrations/providers`): fixed by the installation's code, read once per session. */
export function providersQuery(workspaceId: string) {
  return queryOptions({
    queryKey: integrationKeys.providers(workspaceId),
    queryFn: () => data(api.GET('/v1/tools/integrations/providers', { params: scope(workspaceId) })),
    staleTime: Infinity,
  });
}

/** The workspace's installations (`GET /v1/tools/integrations`). */
export function installationsQuery(workspaceId: string) {
  return queryOptions({
    queryKey: integrationKeys.installations(workspaceId),
    queryFn: () => data(api.GET('/v1/tools/integrations', { params: scope(workspaceId) })),
  });
}

/** One installation (`GET /v1/tools/integrations/{installationId}`); read again when the user comes back from the consent tab. */
export function installationQuery(workspaceId: string, installationId: string) {
  return queryOptions({
    queryKey: integrationKeys.installation(workspaceId, installationId),
    queryFn: () => data(api.GET('/v1/tools/integrations/{installationId}', { params: installationParams(workspaceId, installationId) })),
  });
}

/** Installs a provider (`POST /v1/tools/integrations`); the catalog is read again. */
export function installIntegration(queryClient: QueryClient, workspaceId: string) {
  return mutationOptions({
    mutationFn: (body: InstallBody) => data(api.POST('/v1/tools/integrations', { params: scope(workspaceId), body })),
    onSuccess: refreshTools(queryClient, workspaceId),
  });
}

/**
 * What can be done to one installation: authorize (`oauth/start`: the page opens the consent page
 * in a tab of its own), choose tools, change settings or key, pause, resume (each read again,
 * awaited), and uninstall, whose refresh is not awaited and which forgets the installation's own
 * query: reading it again would answer 404 before the page leaves.
 */
export function installationMutations(queryClient: QueryClient, workspaceId: string, installationId: string) {
  const params = installationParams(workspaceId, installationId);
  const refresh = refreshTools(queryClient, workspaceId);
  return {
    authorize: mutationOptions({
      mutationFn: () => data(api.POST('/v1/tools/integrations/{installationId}/oauth/start', { params })),
    }),
    sync: mutationOptions({
      mutationFn: (tools: string[]) => data(api.POST('/v1/tools/integrations/{installationId}/tools/sync', { params, body: { tools } })),
      onSuccess: refresh,
    }),
    update: mutationOptions({
      mutationFn: (body: UpdateBody) => data(api.PATCH('/v1/tools/integrations/{installationId}', { params, body })),
      onSuccess: refresh,
    }),
    pause: mutationOptions({
      mutationFn: () => data(api.POST('/v1/tools/integrations/{installationId}/pause', { params })),
      onSuccess: refresh,
    }),
    resume: mutationOptions({
      mutationFn: () => data(api.POST('/v1/tools/integrations/{installationId}/resume', { params })),
      onSuccess: refresh,
    }),
    uninstall: mutationOptions({
      mutationFn: () => data(api.DELETE('/v1/tools/integrations/{installationId}', { params })),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: integrationKeys.installation(workspaceId, installationId) });
        void refresh();
      },
    }),
  };
}

export function useProviders(workspaceId: string) {
  return useQuery(providersQuery(workspaceId));
}

export function useInstallations(workspaceId: string) {
  return useQuery(installationsQuery(workspaceId));
}

export function useInstallIntegration(workspaceId: string) {
  return useMutation(installIntegration(useQueryClient(), workspaceId));
}

/** One installation and its mutations, for its page. */
export function useInstallation(workspaceId: string, installationId: string) {
  const mutations = installationMutations(useQueryClient(), workspaceId, installationId);
  return {
    installation: useQuery(installationQuery(workspaceId, installationId)),
    authorize: useMutation(mutations.authorize),
    sync: useMutation(mutations.sync),
    update: useMutation(mutations.update),
    pause: useMutation(mutations.pause),
    resume: useMutation(mutations.resume),
    uninstall: useMutation(mutations.uninstall),
  };
}
