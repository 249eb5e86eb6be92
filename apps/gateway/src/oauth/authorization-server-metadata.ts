import { SCOPES } from '@platica/contracts';

/** Where the authorization server's endpoints live, below the gateway's public URL. */
export const authorizationServerPaths = {
  authorization: 'oauth/authorize',
  token: 'oauth/token',
  registration: 'oauth/register',
  revocation: 'oauth/revoke',
} as const;

/** RFC 8414 metadata: what an MCP client discovers before registering and authorizing. */
export function authorizationServerMetadata(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/${authorizationServerPaths.authorization}`,
    token_endpoint: `${issuer}/${authorizationServerPaths.token}`,
    registration_endpoint: `${issuer}/${authorizationServerPaths.registration}`,
    revocation_endpoint: `${issuer}/${authorizationServerPaths.revocation}`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${issuer}/docs`,
  };
}
