import { Injectable } from '@nestjs/common';
import {
  internalOperations,
  mcpOauthCallbackSchema,
  toolOperations as ops,
  type McpOauthCallbackResult,
  type OperationRequest,
} from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { UnitOfWork } from '@platica/platform';
import { messageOf } from './mcp-credentials';
import { McpOauth, stateHashOf } from './mcp-oauth';
import { McpSecretBox } from './mcp-secrets';
import { McpServerRepository } from './mcp-server.repository';
import { McpService } from './mcp.service';

/**
 * Authorizing an MCP server connected with `auth.type: oauth`: the start (discovery, client
 * registration, the authorization URL) and the authorization server's redirect (tokens
 * stored, then the tools discovered).
 */
@Injectable()
export class McpOauthFlow {
  constructor(
    private readonly mcp: McpService,
    private readonly servers: McpServerRepository,
    private readonly secrets: McpSecretBox,
    private readonly oauth: McpOauth,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async oauthStart(request: OperationRequest<typeof ops.mcpOauthStart>) {
    const server = await this.mcp.writable(request);
    if (server.authType !== 'oauth') {
      throw new DomainError(ErrorCode.Conflict, 'This MCP server was not connected with auth.type oauth', {
        mcpId: server.id,
        auth: server.authType,
      });
    }
    const secrets = this.secrets.open(server.secretsSealed);
    let started;
    try {
      started = await this.oauth.start(server.url, secrets.oauth ?? {});
    } catch (error) {
      throw DomainError.refused(
        ErrorCode.Unprocessable,
        DomainReason.McpUnreachable,
        `OAuth discovery or registration failed: ${messageOf(error)}`,
        {
          error: messageOf(error),
        },
      );
    }
    await this.unitOfWork.run(async (transaction) => {
      const locked = await this.mcp.lock(server.workspaceId, server.id, transaction);
      const current = this.secrets.open(locked.secretsSealed);
      Object.assign(locked, {
        secretsSealed: this.secrets.seal({ ...current, oauth: { ...started.oauth, tokens: current.oauth?.tokens } }),
        oauthStateHash: stateHashOf(started.state),
        updatedAt: new Date(),
      });
    });
    return { mcpId: server.id, authorizationUrl: started.authorizationUrl, redirectUri: this.oauth.redirectUri };
  }

  /** The authorization server's redirect, forwarded by the gateway: tokens stored, then the tools discovered. Never throws. */
  async oauthCallback(request: OperationRequest<typeof internalOperations.tools.mcpOauthCallback>): Promise<McpOauthCallbackResult> {
    const callback = mcpOauthCallbackSchema.safeParse(request.body ?? {});
    if (!callback.success || !callback.data.state) return { ok: false, mcpId: null, message: 'The callback carries no state.' };
    const { state, code, error, errorDescription } = callback.data;
    const server = await this.unitOfWork.run(async (transaction) => {
      const found = await this.servers.findByOauthState(stateHashOf(state), transaction);
      // A state is good once.
      if (found) Object.assign(found, { oauthStateHash: null });
      return found;
    });
    if (!server) return { ok: false, mcpId: null, message: 'This authorization is unknown or was already used. Start it again.' };
    if (error || !code) {
      const why = `the authorization server answered ${error ?? 'no code'}${errorDescription ? `: ${errorDescription}` : ''}`;
      await this.servers.markStatus(
        server.workspaceId,
        server.id,
        server.status === 'active' ? 'authorization_lapsed' : 'authorization_required',
        why,
      );
      return { ok: false, mcpId: server.id, message: `Not authorized: ${why}.` };
    }
    const secrets = this.secrets.open(server.secretsSealed);
    try {
      const oauth = await this.oauth.finish(secrets.oauth ?? {}, code);
      await this.servers.updateSecrets(server.workspaceId, server.id, this.secrets.seal({ ...secrets, oauth }));
    } catch (failure) {
      await this.servers.markStatus(
        server.workspaceId,
        server.id,
        'authorization_required',
        `the token exchange failed: ${messageOf(failure)}`,
      );
      return { ok: false, mcpId: server.id, message: `The token exchange failed: ${messageOf(failure)}` };
    }
    try {
      const fresh = (await this.servers.find([server.workspaceId], server.id))!;
      const result = await this.mcp.rediscover(fresh);
      return {
        ok: true,
        mcpId: server.id,
        message: `Authorized: ${result.installedCount} tools installed from ${server.name}. You can close this window.`,
      };
    } catch (failure) {
      return { ok: true, mcpId: server.id, message: `Authorized, but the tools could not be listed yet: ${messageOf(failure)}` };
    }
  }
}
