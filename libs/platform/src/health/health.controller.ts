import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DomainError, ErrorCode } from '@platica/errors';
import { errorReply } from '../errors/error-reply';
import { Readiness } from './readiness';

/** Liveness and readiness probes, for Kubernetes and for the local stack runner. */
@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Get('healthz')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const { ready, checks } = await this.readiness.evaluate();
    if (ready) {
      await reply.status(200).send({ status: 'ready', checks });
    } else {
      const { status, body } = errorReply(new DomainError(ErrorCode.Unavailable, 'Not ready', checks));
      await reply.status(status).send(body);
    }
  }
}
