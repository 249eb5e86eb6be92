import { defineEntity, p } from '@mikro-orm/core';

/**
 * An OAuth client registered through dynamic client registration (RFC 7591): an MCP client
 * (desktop app, IDE, agent framework). Public clients only: they prove themselves with PKCE,
 * so no secret is issued.
 */
const OAuthClientSchema = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_client',
  properties: {
    id: p.text().primary(),
    clientName: p.text().nullable(),
    /** Exact strings compared on every authorization request (OAuth 2.1: exact match). */
    redirectUris: p.json<string[]>(),
    /** The rest of the registration metadata the client sent, answered back as registered. */
    metadata: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /**
     * When a user first consented to this client. Until then its redirect URIs are untrusted
     * (errors are shown on our own page, RFC 9700 §4.11.2) and the client expires.
     */
    authorizedAt: p.datetime().nullable(),
  },
});
export class OAuthClient extends OAuthClientSchema.class {}
OAuthClientSchema.setClass(OAuthClient);
