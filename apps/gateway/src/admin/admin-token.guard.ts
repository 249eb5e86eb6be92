import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError, ErrorCode } from '@platica/errors';
import { constantTimeEquals } from '@platica/platform';
import { GatewayConfigService } from '../config/gateway-config.service';
import { AuthFailureLimiter } from '../rate-limit/auth-failure-limiter';

/** The admin API answers only `Authorization: Bearer <PLATICA_ADMIN_TOKEN>`, and is off (404) when the variable is unset. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(
    private readonly config: GatewayConfigService,
    private readonly authFailures: AuthFailureLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const expected = this.config.values.PLATICA_ADMIN_TOKEN;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!expected) throw new DomainError(ErrorCode.NotFound, 'Not found', { path: request.url });
    return this.authFailures.guard(request.ip, () => {
      const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!given || !constantTimeEquals(given, expected)) {
        throw new DomainError(ErrorCode.Unauthenticated, 'Invalid admin token', 'Authorization');
      }
      return true;
    });
  }
}
