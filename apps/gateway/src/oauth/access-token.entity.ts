import { defineEntity, p } from '@mikro-orm/core';
import type { Scope } from '@platica/contracts';
import { User } from '../identity/user.entity';

/**
 * An OAuth access token (`pl_at_…`): a user, the workspaces they granted and the scopes.
 * Only its SHA-256 is stored. Minted by the admin API or the OAuth token endpoint.
 */
const AccessTokenSchema = defineEntity({
  name: 'AccessToken',
  tableName: 'oauth_access_token',
  properties: {
    id: p.text().primary(),
    tokenHash: p.text().unique(),
    user: () => p.manyToOne(User),
    workspaceIds: p.json<string[]>(),
    scopes: p.json<Scope[]>(),
    /** The OAuth client it was issued to; null when minted through the admin API. */
    clientId: p.text().nullable(),
    /** The grant it belongs to (authorization code and its refresh tokens); null for admin-minted tokens. */
    familyId: p.text().nullable().index(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AccessToken extends AccessTokenSchema.class {}
AccessTokenSchema.setClass(AccessToken);
