import { Controller, Get } from '@nestjs/common';
import { SCOPES } from '@platica/contracts';
import { GatewayConfigService } from '../config/gateway-config.service';

/**
 * RFC 9728 protected-resource metadata, where every 401 and 403 challenge points. The
 * authorization server (RFC 8414, the browser flow) arrives with the MCP/OAuth issue; until
 * then tokens are minted through the admin API and no `authorization_servers` is announced.
 */
@Controller('.well-known')
export class WellKnownController {
  constructor(private readonly config: GatewayConfigService) {}

  @Get('oauth-protected-resource')
  protectedResource(): Record<string, unknown> {
    const base = this.config.publicUrl;
    return {
      resource: base,
      resource_name: 'Plática API',
      scopes_supported: [...SCOPES],
      bearer_methods_supported: ['header'],
      resource_documentation: `${base}/docs`,
    };
  }
}
