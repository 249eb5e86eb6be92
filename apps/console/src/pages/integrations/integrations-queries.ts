import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../../api/client';
import type { components, operations } from '../../api/openapi';
import { toolsKey } from '../tools/tools-page';

export type IntegrationProvider = components['schemas']['IntegrationProvider'];
export type IntegrationInstallation = components['schemas']['IntegrationInstallation'];
export type InstallBody = operations['tools_integrations_install']['requestBody']['content']['application/json'];
type UpdateBody = operations['tools_integrations_update']['requestBody']['content']['application/json'];

/** Integrations' queries, under the tools' key: an install or uninstall refreshes the catalog too. */
const integrationsKey = (workspaceId: string) => [...toolsKey(workspaceId), 'integrations'];
const inWorkspace = (workspaceId: string) => ({ query: { workspace: workspaceId } });

/** The gallery (GET /v1/tools/integrations/providers): fixed by the installation's code, read once per session. */
export function useProviders(workspaceId: string) {
  return useQuery({
    queryKey: [...integrationsKey(workspaceId), 'providers'],
    queryFn: () => data(api.GET('/v1/tools/integrations/providers', { params: inWorkspace(workspaceId) })),
    staleTime: Infinity,
  });
}

/** The workspace's installations (GET /v1/tools/integrations) and installing one. */
export function useInstallations(workspaceId: string) {
  const queryClient = useQueryClient();
  const installations = useQuery({
    queryKey: [...integrationsKey(workspaceId), 'list'],
    queryFn: () => data(api.GET('/v1/tools/integrations', { params: inWorkspace(workspaceId) })),
  });
  const install = useMutation({
    mutationFn: (body: InstallBody) => data(api.POST('/v1/tools/integrations', { params: inWorkspace(workspaceId), body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: toolsKey(workspaceId) }),
  });
  return { installations, install };
}

/**
 * One installation (GET /v1/tools/integrations/{installationId}) and what can be done to it:
 * authorize (the provider's consent page opens in a new tab; the page reads the installation
 * again when the user comes back to it), choose tools, change settings or key, pause, resume, uninstall.
 */
export function useInstallation(workspaceId: string, installationId: string) {
  const queryClient = useQueryClient();
  const params = { ...inWorkspace(workspaceId), path: { installationId } };
  const refresh = () => queryClient.invalidateQueries({ queryKey: toolsKey(workspaceId) });
  const installation = useQuery({
    queryKey: [...integrationsKey(workspaceId), installationId],
    queryFn: () => data(api.GET('/v1/tools/integrations/{installationId}', { params })),
  });
  const authorize = useMutation({
    mutationFn: () => data(api.POST('/v1/tools/integrations/{installationId}/oauth/start', { params })),
  });
  const sync = useMutation({
    mutationFn: (tools: string[]) => data(api.POST('/v1/tools/integrations/{installationId}/tools/sync', { params, body: { tools } })),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: (body: UpdateBody) => data(api.PATCH('/v1/tools/integrations/{installationId}', { params, body })),
    onSuccess: refresh,
  });
  const pause = useMutation({
    mutationFn: () => data(api.POST('/v1/tools/integrations/{installationId}/pause', { params })),
    onSuccess: refresh,
  });
  const resume = useMutation({
    mutationFn: () => data(api.POST('/v1/tools/integrations/{installationId}/resume', { params })),
    onSuccess: refresh,
  });
  const uninstall = useMutation({
    mutationFn: () => data(api.DELETE('/v1/tools/integrations/{installationId}', { params })),
    onSuccess: refresh,
  });
  return { installation, authorize, sync, update, pause, resume, uninstall };
}
