import { defineEntity, p } from '@mikro-orm/core';
import type { Scope } from '@platica/contracts';
import { User } from '../identity/user.entity';

/**
 * A refresh token (`pl_rt_…`), stored as its SHA-256. Rotated on every use: the used one is
 * marked `rotatedAt` and a new one of the same `familyId` replaces it. Presenting a rotated
 * token again means it leaked, so the whole family (refresh and access tokens) is revoked.
 */
const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'oauth_refresh_token',
  properties: {
    id: p.text().primary(),
    tokenHash: p.text().unique(),
    familyId: p.text().index(),
    clientId: p.text(),
    user: () => p.manyToOne(User),
    workspaceIds: p.json<string[]>(),
    scopes: p.json<Scope[]>(),
    resource: p.text().nullable(),
    expiresAt: p.datetime(),
    rotatedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class RefreshToken extends RefreshTokenSchema.class {}
RefreshTokenSchema.setClass(RefreshToken);
