import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendError } from '../http/http-errors';

/** Errors of the gateway's Nest routes (admin, OAuth, health, unknown paths) in the spec's shape. */
@Catch()
export class SpecErrorFilter implements ExceptionFilter {
  async catch(error: unknown, host: ArgumentsHost): Promise<void> {
    await sendError(host.switchToHttp().getResponse<FastifyReply>(), error);
  }
}
