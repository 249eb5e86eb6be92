import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

/** An API key reaches exactly one workspace. Only its SHA-256 is stored; the value is shown once. */
const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_key',
  properties: {
    id: p.text().primary(),
    workspace: () => p.manyToOne(Workspace),
    owner: () => p.manyToOne(User),
    name: p.text(),
    keyHash: p.text().unique(),
    rateLimitPerSecond: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** From then on the key answers 401; null: it does not expire. */
    expiresAt: p.datetime().nullable(),
    /** Updated at most once a minute per key (IdentityRepository.credentialForApiKey). */
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    /** The key whose request created this one (null: a user, the dashboard or the seed); revoking it revokes this one. */
    createdByKeyId: p.text().nullable().index(),
  },
  // A name is unique among the workspace's live keys: a revoked key's name can be given again.
  uniques: [
    {
      name: 'api_key_workspace_name_unique',
      expression:
        'create unique index "api_key_workspace_name_unique" on "gateway"."api_key" ("workspace_id", "name") where "revoked_at" is null',
    },
  ],
});
export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);
