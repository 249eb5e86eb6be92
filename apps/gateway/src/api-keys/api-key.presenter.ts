import type { ApiKeyView } from '@platica/contracts';
import type { ApiKey } from '../identity/api-key.entity';

/** An API key as the API shows it: never its value nor its hash. */
export function apiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    workspaceId: key.workspace.id,
    name: key.name,
    ownerId: key.owner.id,
    createdByKeyId: key.createdByKeyId ?? null,
    rateLimitPerSecond: key.rateLimitPerSecond,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    creationDate: key.createdAt.toISOString(),
  };
}
