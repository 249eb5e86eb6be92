import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { OAuthError } from './oauth-error';
import { OAuthGrantRepository } from './oauth-grant.repository';
import { parseScope, redirectUriProblem } from './oauth-rules';

const SUPPORTED_GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** RFC 7591 §2 client metadata, as far as this server uses it; other fields are kept as sent. */
export const clientRegistrationSchema = z.looseObject({
  redirect_uris: z.array(z.string()).min(1),
  client_name: z.string().max(200).optional(),
  client_uri: z.string().max(2000).optional(),
  logo_uri: z.string().max(2000).optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
  scope: z.string().optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(200).optional(),
});

/**
 * Dynamic client registration (RFC 7591): open, as MCP clients expect, and harmless since a
 * client gets nothing until a user consents. Every client is public: a requested
 * `token_endpoint_auth_method` is replaced by `none` (§3.2.1 lets the server do so).
 */
@Injectable()
export class OAuthClientRegistration {
  constructor(private readonly grants: OAuthGrantRepository) {}

  async register(body: unknown): Promise<Record<string, unknown>> {
    const parsed = clientRegistrationSchema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const field = first?.path.join('.') || 'body';
      throw new OAuthError(
        field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata',
        `${field}: ${first?.message ?? 'invalid'}`,
      );
    }
    const metadata = parsed.data;
    metadata.redirect_uris.forEach((uri, index) => {
      const problem = redirectUriProblem(uri);
      if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${problem}`);
    });
    const grantTypes = metadata.grant_types ?? ['authorization_code'];
    const unsupported = grantTypes.filter((g) => !SUPPORTED_GRANT_TYPES.includes(g));
    if (unsupported.length > 0) throw new OAuthError('invalid_client_metadata', `grant_types: ${unsupported.join(', ')} not supported`);
    const responseTypes = metadata.response_types ?? ['code'];
    if (responseTypes.some((r) => r !== 'code')) throw new OAuthError('invalid_client_metadata', 'response_types: only code is supported');
    if (metadata.scope !== undefined) {
      try {
        parseScope(metadata.scope);
      } catch (error) {
        throw new OAuthError('invalid_client_metadata', `scope: ${(error as Error).message}`);
      }
    }
    const registered = {
      ...metadata,
      redirect_uris: [...new Set(metadata.redirect_uris)],
      grant_types: grantTypes,
      response_types: responseTypes,
      token_endpoint_auth_method: 'none',
    };
    const client = await this.grants.registerClient({
      clientName: metadata.client_name ?? null,
      redirectUris: registered.redirect_uris,
      metadata: registered,
    });
    return { ...registered, client_id: client.id, client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000) };
  }
}
