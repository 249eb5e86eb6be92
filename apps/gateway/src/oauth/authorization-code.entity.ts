import { defineEntity, p } from '@mikro-orm/core';
import type { Scope } from '@platica/contracts';
import { User } from '../identity/user.entity';

/**
 * An authorization code the consent page issued: single use, short-lived, bound to its
 * client, redirect URI and PKCE challenge. Only its SHA-256 is stored. `familyId` names the
 * tokens it is exchanged for, so a replayed code revokes them (RFC 6749 §4.1.2).
 */
const AuthorizationCodeSchema = defineEntity({
  name: 'AuthorizationCode',
  tableName: 'oauth_authorization_code',
  properties: {
    id: p.text().primary(),
    codeHash: p.text().unique(),
    clientId: p.text(),
    user: () => p.manyToOne(User),
    workspaceIds: p.json<string[]>(),
    scopes: p.json<Scope[]>(),
    redirectUri: p.text(),
    codeChallenge: p.text(),
    /** RFC 8707 resource indicator, when the client sent one. */
    resource: p.text().nullable(),
    familyId: p.text(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AuthorizationCode extends AuthorizationCodeSchema.class {}
AuthorizationCodeSchema.setClass(AuthorizationCode);
