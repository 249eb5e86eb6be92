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
    revokedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['workspace', 'name'], name: 'api_key_workspace_name_unique' }],
});
export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);
