import { Injectable } from '@nestjs/common';
import { apiKeyOperations, type ApiKeyView, type OperationRequest, type RpcRequest } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import { hashCredential, newCredential, readScope, withStatus, writeScope } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { API_KEY_PREFIX } from '../credentials/credential';
import { CredentialRevocations } from '../credentials/credential-revocations';
import type { ApiKey } from '../identity/api-key.entity';
import { ApiKeyRepository } from '../identity/api-key.repository';
import { apiKeyView } from './api-key.presenter';

/** The spec's request rate (Limits): a key created through the API gets it; the seed may give more. */
const DEFAULT_RATE_LIMIT_PER_SECOND = 30;

/**
 * API key management (docs/authentication.md › API keys). Who may call it is the route
 * pipeline's concern (an API key, or an OAuth user with the `admin` role). A revoked or
 * rotated value is told to every gateway replica at once (CredentialRevocations), so it
 * answers 401 on the next request wherever it lands.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly revocations: CredentialRevocations,
    private readonly config: GatewayConfigService,
  ) {}

  async list(request: OperationRequest<typeof apiKeyOperations.list>) {
    const workspaces = readScope(request);
    const keys = await this.keys.list(workspaces.map((w) => w.id));
    return {
      workspaces: workspaces.map((workspace) => {
        const apiKeys = keys.filter((k) => k.workspace.id === workspace.id).map(apiKeyView);
        return { id: workspace.id, name: workspace.name, apiKeys, apiKeysCount: apiKeys.length };
      }),
    };
  }

  async create(request: OperationRequest<typeof apiKeyOperations.create>) {
    const value = newCredential(API_KEY_PREFIX);
    const maxLive = this.config.values.PLATICA_API_KEYS_PER_WORKSPACE;
    const created = await this.keys.create({
      workspaceId: writeScope(request).id,
      // Who created it, for the record (an API key's owner, or the signed-in user): the key belongs to the workspace.
      ownerId: actingUser(request),
      // A key minted by a key lives no longer than it: revoking the parent revokes it.
      createdByKeyId: request.auth.credentialType === 'api_key' ? request.auth.principal.replace(/^key:/, '') : null,
      name: request.body.name.trim(),
      keyHash: hashCredential(value),
      rateLimitPerSecond: DEFAULT_RATE_LIMIT_PER_SECOND,
      expiresAt: request.body.expiresAt ? new Date(request.body.expiresAt) : null,
      maxLive,
    });
    if ('refused' in created) {
      switch (created.refused) {
        case 'name_taken':
          throw new DomainError(ErrorCode.Conflict, 'An API key with this name exists in the workspace', [
            { path: ['name'], message: 'already used by a live key of the workspace' },
          ]);
        case 'limit_reached':
          throw DomainError.refused(
            ErrorCode.Unprocessable,
            DomainReason.WorkspaceLimitReached,
            `The workspace has ${maxLive} live API keys, the most it may hold: revoke one first`,
            { limit: maxLive, setting: 'PLATICA_API_KEYS_PER_WORKSPACE' },
          );
        case 'parent_revoked':
          throw new DomainError(ErrorCode.Unauthenticated, 'The API key making this request was revoked', {});
      }
    }
    return withStatus(201, {
      status: 'success' as const,
      message: 'API key created: store its value now, it is not shown again',
      data: withValue(created.key, value),
    });
  }

  async revoke(request: OperationRequest<typeof apiKeyOperations.revoke>) {
    const revoked = await this.keys.revoke(writeScope(request).id, request.params.id);
    if (!revoked) throw DomainError.notFound('API key', request.params.id);
    // Told again on a repeated revoke: harmless, and covers a replica that missed the first.
    await this.revocations.publish(revoked.revokedHashes);
    return { status: 'success' as const, message: 'API key revoked', data: apiKeyView(revoked.key) };
  }

  /**
   * A new value for the same key (id, name, expiry kept); the old value stops at once: no grace
   * period. Only a live key: a revoked or expired one is refused (409), and of concurrent
   * rotations only one succeeds, the others answer 409 (ApiKeyRepository.swapHash).
   */
  async rotate(request: OperationRequest<typeof apiKeyOperations.rotate>) {
    const key = await this.keys.find(writeScope(request).id, request.params.id);
    if (!key) throw DomainError.notFound('API key', request.params.id);
    if (key.revokedAt) {
      throw new DomainError(ErrorCode.Conflict, 'A revoked API key cannot be rotated: create a new key', {
        id: key.id,
        revokedAt: key.revokedAt.toISOString(),
      });
    }
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
      throw new DomainError(ErrorCode.Conflict, 'An expired API key cannot be rotated: create a new key', {
        id: key.id,
        expiresAt: key.expiresAt.toISOString(),
      });
    }
    const value = newCredential(API_KEY_PREFIX);
    if (!(await this.keys.swapHash(key.id, key.keyHash, hashCredential(value)))) {
      throw new DomainError(ErrorCode.Conflict, 'The API key was rotated, revoked or expired by another request meanwhile: try again', {
        id: key.id,
      });
    }
    await this.revocations.publish([key.keyHash]);
    return {
      status: 'success' as const,
      message: 'API key rotated: store its new value now, the old one no longer works',
      data: withValue(key, value),
    };
  }
}

function withValue(key: ApiKey, value: string): ApiKeyView & { key: string } {
  return { ...apiKeyView(key), key: value };
}

function actingUser(request: RpcRequest): string {
  // Both credentials that reach public operations carry a user: an API key's owner, an OAuth token's user.
  if (!request.auth.userId) throw new DomainError(ErrorCode.Forbidden, 'Only a user or an API key can create API keys', {});
  return request.auth.userId;
}
