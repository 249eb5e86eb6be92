import { Controller, Get } from '@nestjs/common';
import { SCOPES } from '@platica/contracts';
import { GatewayConfigService } from '../config/gateway-config.service';
import { authorizationServerMetadata } from './authorization-server-metadata';

/**
 * Discovery: RFC 9728 protected-resource metadata (where every 401 and 403 challenge points),
 * naming the gateway itself as the authorization server, and that server's RFC 8414 metadata.
 */
@Controller('.well-known')
export class WellKnownController {
  constructor(private readonly config: GatewayConfigService) {}

  @Get('oauth-protected-resource')
  protectedResource(): Record<string, unknown> {
    return this.resourceMetadata(this.config.publicUrl, 'Plática API');
  }

  /** RFC 9728 § 3.1: the metadata of the resource `{base}/mcp`, where MCP clients look first. */
  @Get('oauth-protected-resource/mcp')
  mcpResource(): Record<string, unknown> {
    return this.resourceMetadata(`${this.config.publicUrl}/mcp`, 'Plática MCP server');
  }

  private resourceMetadata(resource: string, name: string): Record<string, unknown> {
    const base = this.config.publicUrl;
    return {
      resource,
      resource_name: name,
      authorization_servers: [base],
      scopes_supported: [...SCOPES],
      bearer_methods_supported: ['header'],
      resource_documentation: `${base}/docs`,
    };
  }

  @Get('oauth-authorization-server')
  authorizationServer(): Record<string, unknown> {
    return authorizationServerMetadata(this.config.publicUrl);
  }
}
