import type { CatalogTool } from '../catalog/catalog-tool.entity';
import type { IntegrationInstallation } from './installation.entity';
import { parametersOfTool, type IntegrationProvider } from './providers/provider';

/** A provider as the gallery shows it. */
export function presentProvider(provider: IntegrationProvider, available: boolean) {
  return {
    providerId: provider.id,
    name: provider.name,
    description: provider.description,
    icon: provider.icon,
    auth: provider.auth.type,
    available,
    settings: provider.settings.map(({ key, label, description, required, example }) => ({ key, label, description, required, example })),
    tools: provider.tools.map((tool) => ({
      providerToolName: tool.name,
      description: tool.description,
      parameters: parametersOfTool(tool),
    })),
  };
}

/** An installation as the API shows it (credentials never), with the provider's tools and which are installed. */
export function presentInstallation(installation: IntegrationInstallation, provider: IntegrationProvider, installed: CatalogTool[]) {
  const entries = new Map(installed.map((entry) => [entry.providerToolName!, entry]));
  return {
    installationId: installation.id,
    providerId: installation.providerId,
    name: installation.name,
    status: installation.status,
    auth: provider.auth.type,
    authorized: installation.authorized,
    authorizationExpiresAt: installation.authorizationExpiresAt?.toISOString() ?? null,
    settings: installation.settings,
    lastError: installation.lastError ?? null,
    installedCount: entries.size,
    tools: provider.tools.map((tool) => {
      const entry = entries.get(tool.name);
      return {
        providerToolName: tool.name,
        description: tool.description,
        parameters: parametersOfTool(tool),
        installed: Boolean(entry),
        toolId: entry?.id ?? null,
        name: entry?.name ?? null,
      };
    }),
    createdAt: installation.createdAt.toISOString(),
    updatedAt: installation.updatedAt.toISOString(),
  };
}
