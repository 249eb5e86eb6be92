import { Injectable } from '@nestjs/common';
import { integrationOperations as ops, type OperationRequest, type RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode, type FieldIssue } from '@platica/errors';
import { newId, type Transaction, UnitOfWork, withStatus, writeScope } from '@platica/platform';
import type { CatalogTool } from '../catalog/catalog-tool.entity';
import { CatalogRepository, PUBLISHED, WITHDRAWN } from '../catalog/catalog.repository';
import { ToolsConfigService } from '../config/tools.config';
import type { IntegrationInstallation } from './installation.entity';
import { presentInstallation, presentProvider } from './installation.presenter';
import { InstallationRepository } from './installation.repository';
import { IntegrationSecretBox } from './integration-secrets';
import { PROVIDERS, providerOf } from './providers';
import { parametersOfTool, type IntegrationProvider, type ProviderTool } from './providers/provider';

/**
 * First-party integrations as a tool source (docs/tools.md › Integrations): the gallery of
 * providers, and each workspace's installations: install (settings, an API key), choose tools,
 * pause and resume, uninstall. Installed tools are catalog entries of kind `integration`, named
 * `<providerId>_<providerToolName>`. OAuth is IntegrationOauthFlow's, a turn's call IntegrationToolCalls'.
 */
@Injectable()
export class IntegrationsService {
  constructor(
    private readonly installations: InstallationRepository,
    private readonly catalog: CatalogRepository,
    private readonly secrets: IntegrationSecretBox,
    private readonly config: ToolsConfigService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  providers(_request: OperationRequest<typeof ops.providers>) {
    const providers = PROVIDERS.map((provider) => presentProvider(provider, this.available(provider)));
    return { count: providers.length, providers };
  }

  async list(request: OperationRequest<typeof ops.list>) {
    const workspaceId = writeScope(request).id;
    const installations = await this.installations.list(workspaceId);
    const tools = await this.installations.toolsOf(
      workspaceId,
      installations.map((i) => i.id),
    );
    const items = installations.map((installation) =>
      presentInstallation(installation, this.providerOf(installation), tools.get(installation.id) ?? []),
    );
    return { count: items.length, installations: items };
  }

  async install(request: OperationRequest<typeof ops.install>) {
    const { body } = request;
    const workspaceId = writeScope(request).id;
    const provider = providerOf(body.providerId);
    if (!provider)
      throw DomainError.validation([
        { path: ['providerId'], message: `${body.providerId} is not a provider (see GET /v1/tools/integrations/providers)` },
      ]);
    const settings = this.checkedSettings(provider, body.settings);
    const issues: FieldIssue[] = [...unknownTools(provider, body.tools ?? [])];
    if (provider.auth.type === 'api_key' && !body.credentials?.apiKey)
      issues.push({ path: ['credentials', 'apiKey'], message: `required: ${provider.name} is authorized with an API key` });
    if (provider.auth.type === 'oauth2' && body.credentials)
      issues.push({ path: ['credentials'], message: `${provider.name} is authorized with OAuth: install, then POST …/oauth/start` });
    if (issues.length) throw DomainError.validation(issues);
    if (!this.available(provider)) throw unavailable(provider);
    const oauth = provider.auth.type === 'oauth2';
    const view = await this.unitOfWork.run(async (transaction) => {
      const installation = this.installations.create(transaction, {
        id: newId('ins'),
        workspaceId,
        providerId: provider.id,
        name: body.name ?? provider.name,
        status: oauth ? 'authorization_required' : 'active',
        settings,
        secretsSealed: this.secrets.seal({ apiKey: body.credentials?.apiKey }),
        authorized: !oauth,
        authorizationExpiresAt: null,
        oauthStateHash: null,
        lastError: null,
      });
      const chosen = body.tools ? provider.tools.filter((tool) => body.tools!.includes(tool.name)) : provider.tools;
      const installed = await this.installTools(transaction, installation, chosen, oauth ? WITHDRAWN : PUBLISHED);
      return presentInstallation(installation, provider, installed);
    });
    const message = oauth
      ? `${provider.name} installed; it requires OAuth: POST /v1/tools/integrations/{installationId}/oauth/start and open authorizationUrl`
      : `${provider.name} installed; ${view.installedCount} tools in the catalog`;
    return withStatus(201, { status: 'success', message, data: view });
  }

  async get(request: OperationRequest<typeof ops.get>) {
    const installation = await this.readable(request);
    return presentInstallation(
      installation,
      this.providerOf(installation),
      await this.installations.tools(installation.workspaceId, installation.id),
    );
  }

  async update(request: OperationRequest<typeof ops.update>) {
    const { body } = request;
    const first = await this.writable(request);
    const provider = this.providerOf(first);
    if (body.credentials && provider.auth.type !== 'api_key')
      throw DomainError.validation([{ path: ['credentials'], message: `${provider.name} is authorized with OAuth: POST …/oauth/start` }]);
    const settings = body.settings ? this.checkedSettings(provider, body.settings) : undefined;
    const view = await this.unitOfWork.run(async (transaction) => {
      const installation = await this.lock(first.workspaceId, first.id, transaction);
      if (body.name) installation.name = body.name;
      if (settings) installation.settings = settings;
      if (body.credentials) {
        installation.secretsSealed = this.secrets.seal({
          ...this.secrets.open(installation.secretsSealed),
          apiKey: body.credentials.apiKey,
        });
      }
      installation.updatedAt = new Date();
      return presentInstallation(
        installation,
        provider,
        await this.installations.tools(installation.workspaceId, installation.id, transaction),
      );
    });
    return { status: 'success', message: 'Installation updated', data: view };
  }

  async sync(request: OperationRequest<typeof ops.sync>) {
    const { body } = request;
    const first = await this.writable(request);
    const provider = this.providerOf(first);
    const unknown = unknownTools(provider, body.tools);
    if (unknown.length)
      throw DomainError.validation(unknown, `Only ${provider.name}'s tools can be installed (see GET /v1/tools/integrations/providers)`);
    const result = await this.unitOfWork.run(async (transaction) => {
      const installation = await this.lock(first.workspaceId, first.id, transaction);
      const wanted = new Set(body.tools);
      const entries = await this.installations.tools(installation.workspaceId, installation.id, transaction);
      const installedNames = new Set(entries.map((entry) => entry.providerToolName!));
      const toRemove = entries.filter((entry) => !wanted.has(entry.providerToolName!));
      const toInstall = provider.tools.filter((tool) => wanted.has(tool.name) && !installedNames.has(tool.name));
      const removedAgentConnections = await this.uninstallTools(transaction, installation.workspaceId, toRemove);
      const status = installation.status === 'active' ? PUBLISHED : WITHDRAWN;
      const installedNow = await this.installTools(transaction, installation, toInstall, status);
      installation.updatedAt = new Date();
      const kept = entries.filter((entry) => wanted.has(entry.providerToolName!));
      return {
        ...presentInstallation(installation, provider, [...kept, ...installedNow]),
        installed: toInstall.map((tool) => tool.name),
        uninstalled: toRemove.map((entry) => entry.providerToolName!),
        removedAgentConnections,
      };
    });
    return { status: 'success', message: 'Integration tools synchronized', data: result };
  }

  async pause(request: OperationRequest<typeof ops.pause>) {
    const view = await this.setStatus(request, 'paused');
    return { status: 'success', message: 'Integration paused; its tools left the catalog, agent connections kept', data: view };
  }

  async resume(request: OperationRequest<typeof ops.resume>) {
    const view = await this.setStatus(request, 'active');
    return { status: 'success', message: 'Integration resumed; its tools are back in the catalog', data: view };
  }

  async uninstall(request: OperationRequest<typeof ops.uninstall>) {
    const first = await this.writable(request);
    const result = await this.unitOfWork.run(async (transaction) => {
      const installation = await this.lock(first.workspaceId, first.id, transaction);
      const entries = await this.installations.tools(installation.workspaceId, installation.id, transaction);
      const removedAgentConnections = await this.uninstallTools(transaction, installation.workspaceId, entries);
      this.installations.remove(transaction, installation);
      return { installationId: installation.id, removedTools: entries.length, removedAgentConnections };
    });
    return { status: 'success', message: 'Integration uninstalled; its tools and their agent connections were removed', data: result };
  }

  /**
   * Publishes (`active`) or withdraws (`paused`) an installation's tools. Resuming needs an
   * authorization: an OAuth installation paused before it had one goes back to waiting for it.
   */
  private async setStatus(request: RpcRequest, wanted: 'active' | 'paused') {
    const first = await this.writable(request);
    const provider = this.providerOf(first);
    return this.unitOfWork.run(async (transaction) => {
      const installation = await this.lock(first.workspaceId, first.id, transaction);
      const status = wanted === 'active' && !installation.authorized ? 'authorization_required' : wanted;
      Object.assign(installation, { status, updatedAt: new Date() });
      const entries = await this.installations.tools(installation.workspaceId, installation.id, transaction);
      await this.publish(transaction, installation, entries);
      return presentInstallation(installation, provider, entries);
    });
  }

  /** Brings the catalog status of an installation's tools in line with its own: published only while `active`. */
  async publish(transaction: Transaction, installation: IntegrationInstallation, entries: CatalogTool[]): Promise<void> {
    const status = installation.status === 'active' ? PUBLISHED : WITHDRAWN;
    for (const entry of entries.filter((e) => e.status !== status)) Object.assign(entry, { status, updatedAt: new Date() });
    await this.catalog.flush(transaction);
  }

  /** Installs provider tools into the catalog (kind `integration`). */
  private async installTools(
    transaction: Transaction,
    installation: IntegrationInstallation,
    tools: ProviderTool[],
    status: string,
  ): Promise<CatalogTool[]> {
    const created: CatalogTool[] = [];
    for (const tool of tools) {
      const base = `${installation.providerId}_${tool.name}`;
      let name = base;
      for (let n = 2; await this.catalog.nameTaken(installation.workspaceId, name, '', transaction); n++) name = `${base}_${n}`;
      created.push(
        this.catalog.createEntry(transaction, {
          id: newId('tool'),
          workspaceId: installation.workspaceId,
          name,
          description: tool.description,
          kind: 'integration',
          parameters: parametersOfTool(tool),
          status,
          mcpId: null,
          mcpToolName: null,
          integrationId: null,
          installationId: installation.id,
          providerId: installation.providerId,
          providerToolName: tool.name,
          updatedAt: new Date(),
        }),
      );
      // Names are checked against the database: two tools of one installation must see each other.
      await this.catalog.flush(transaction);
    }
    return created;
  }

  /** Removes catalog entries and every agent connection to them; answers how many connections went. */
  private async uninstallTools(transaction: Transaction, workspaceId: string, entries: CatalogTool[]): Promise<number> {
    let connections = 0;
    for (const entry of entries) {
      connections += await this.catalog.removeConnectionsOf(workspaceId, entry.id, transaction);
      await this.catalog.deleteEntry(transaction, workspaceId, entry.id);
    }
    return connections;
  }

  /** The settings the provider asks for, required ones present and each well formed; unknown keys refused. */
  private checkedSettings(provider: IntegrationProvider, settings: Record<string, string>): Record<string, string> {
    const known = new Set(provider.settings.map((s) => s.key));
    const issues: FieldIssue[] = [
      ...Object.keys(settings)
        .filter((key) => !known.has(key))
        .map((key) => ({ path: ['settings', key], message: `${provider.name} has no setting ${key}` })),
      ...provider.settings
        .filter((s) => s.required && !settings[s.key]?.trim())
        .map((s) => ({ path: ['settings', s.key], message: 'required' })),
    ];
    if (!issues.length) issues.push(...(provider.settingsProblems?.(settings) ?? []));
    if (issues.length) throw DomainError.validation(issues);
    return Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, value.trim()]));
  }

  /** An OAuth provider without its client configured cannot be installed. */
  available(provider: IntegrationProvider): boolean {
    return provider.auth.type === 'api_key' || provider.auth.endpoints(this.config.values) !== null;
  }

  providerOf(installation: IntegrationInstallation): IntegrationProvider {
    const provider = providerOf(installation.providerId);
    // A provider is removed from the code only with a migration that removes its installations.
    if (!provider) throw new Error(`installation ${installation.id} names an unknown provider ${installation.providerId}`);
    return provider;
  }

  private async readable(request: RpcRequest): Promise<IntegrationInstallation> {
    const id = request.params.installationId ?? '';
    const installation = await this.installations.find(writeScope(request).id, id);
    if (!installation) throw DomainError.notFound('Integration installation', id);
    return installation;
  }

  /** The installation the request names, in the workspace it may write to; 404 otherwise. */
  async writable(request: RpcRequest): Promise<IntegrationInstallation> {
    const id = request.params.installationId ?? '';
    const installation = await this.installations.find(writeScope(request).id, id);
    if (!installation) throw DomainError.notFound('Integration installation', id);
    return installation;
  }

  async lock(workspaceId: string, id: string, transaction: Transaction): Promise<IntegrationInstallation> {
    const installation = await this.installations.findForUpdate(workspaceId, id, transaction);
    if (!installation) throw DomainError.notFound('Integration installation', id);
    return installation;
  }
}

function unknownTools(provider: IntegrationProvider, names: string[]): FieldIssue[] {
  return names.flatMap((name, index) =>
    provider.tools.some((tool) => tool.name === name)
      ? []
      : [{ path: ['tools', index], message: `${name} is not a tool of ${provider.name}` }],
  );
}

export function unavailable(provider: IntegrationProvider): DomainError {
  return new DomainError(
    ErrorCode.Unprocessable,
    `${provider.name} is not available on this installation: its OAuth client is not configured`,
    {
      providerId: provider.id,
    },
  );
}
