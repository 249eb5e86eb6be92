import { Injectable } from '@nestjs/common';
import {
  integrationOauthCallbackSchema,
  integrationOperations as ops,
  type IntegrationOauthCallbackResult,
  type internalOperations,
  type OperationRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { UnitOfWork } from '@platica/platform';
import { ToolsConfigService } from '../config/tools.config';
import { InstallationRepository } from './installation.repository';
import { IntegrationOauth, stateHashOf } from './integration-oauth';
import { IntegrationSecretBox } from './integration-secrets';
import { IntegrationsService, unavailable } from './integrations.service';

/**
 * Authorizing an OAuth provider's installation from the dashboard: the start (a PKCE
 * authorization URL with a one-time state) and the provider's redirect (the code traded for
 * tokens, the installation active and its tools published).
 */
@Injectable()
export class IntegrationOauthFlow {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly installations: InstallationRepository,
    private readonly secrets: IntegrationSecretBox,
    private readonly oauth: IntegrationOauth,
    private readonly config: ToolsConfigService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async oauthStart(request: OperationRequest<typeof ops.oauthStart>) {
    const first = await this.integrations.writable(request);
    const provider = this.integrations.providerOf(first);
    if (provider.auth.type !== 'oauth2') {
      throw new DomainError(ErrorCode.Conflict, `${provider.name} is authorized with an API key (PATCH credentials), not OAuth`, {
        installationId: first.id,
        auth: provider.auth.type,
      });
    }
    const endpoints = provider.auth.endpoints(this.config.values);
    if (!endpoints) throw unavailable(provider);
    const started = this.oauth.start(provider.auth, endpoints);
    await this.unitOfWork.run(async (transaction) => {
      const installation = await this.integrations.lock(first.workspaceId, first.id, transaction);
      const current = this.secrets.open(installation.secretsSealed);
      Object.assign(installation, {
        secretsSealed: this.secrets.seal({ ...current, oauth: { ...current.oauth, pending: started.pending } }),
        oauthStateHash: stateHashOf(started.state),
        updatedAt: new Date(),
      });
    });
    return { installationId: first.id, authorizationUrl: started.authorizationUrl, redirectUri: this.oauth.redirectUri };
  }

  /** The provider's redirect, forwarded by the gateway: tokens stored, the installation active. Never throws. */
  async oauthCallback(
    request: OperationRequest<typeof internalOperations.tools.integrationOauthCallback>,
  ): Promise<IntegrationOauthCallbackResult> {
    const callback = integrationOauthCallbackSchema.safeParse(request.body ?? {});
    if (!callback.success || !callback.data.state) return { ok: false, installationId: null, message: 'The callback carries no state.' };
    const { state, code, error, errorDescription } = callback.data;
    const found = await this.unitOfWork.run(async (transaction) => {
      const installation = await this.installations.findByOauthState(stateHashOf(state), transaction);
      // A state is good once.
      if (installation) Object.assign(installation, { oauthStateHash: null });
      return installation;
    });
    if (!found) return { ok: false, installationId: null, message: 'This authorization is unknown or was already used. Start it again.' };
    const provider = this.integrations.providerOf(found);
    const endpoints = provider.auth.type === 'oauth2' ? provider.auth.endpoints(this.config.values) : null;
    const secrets = this.secrets.open(found.secretsSealed);
    const pending = secrets.oauth?.pending;
    if (error || !code || !endpoints || !pending) {
      const why = `${provider.name} answered ${error ?? 'no code'}${errorDescription ? `: ${errorDescription}` : ''}`;
      await this.installations.update(found.workspaceId, found.id, { lastError: why });
      return { ok: false, installationId: found.id, message: `Not authorized: ${why}.` };
    }
    let tokens;
    try {
      tokens = await this.oauth.finish(endpoints, pending, code);
    } catch (failure) {
      const why = `the token exchange failed: ${failure instanceof Error ? failure.message : String(failure)}`;
      await this.installations.update(found.workspaceId, found.id, { lastError: why });
      return { ok: false, installationId: found.id, message: `Not authorized: ${why}` };
    }
    await this.unitOfWork.run(async (transaction) => {
      const installation = await this.integrations.lock(found.workspaceId, found.id, transaction);
      Object.assign(installation, {
        secretsSealed: this.secrets.seal({ ...secrets, oauth: { tokens } }),
        authorized: true,
        authorizationExpiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
        status: installation.status === 'paused' ? 'paused' : 'active',
        lastError: null,
        updatedAt: new Date(),
      });
      await this.integrations.publish(
        transaction,
        installation,
        await this.installations.tools(installation.workspaceId, installation.id, transaction),
      );
    });
    return {
      ok: true,
      installationId: found.id,
      message: `${provider.name} is authorized: its tools are in the catalog. You can close this window.`,
    };
  }
}
