import { HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode, type ErrorBody } from '@platica/errors';

const logger = new Logger('http');

/** Every error the gateway answers, in the spec's `{code, error, details}` shape. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof DomainError) {
    return { status: error.status, body: error.toBody(), headers: retryAfterOf(error) };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { status, body: { code: status, error: httpMessage(status, error.message), details: '' }, headers: {} };
  }
  const fastifyError = error as { statusCode?: number; code?: string; message?: string };
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large.
    return {
      status: fastifyError.statusCode,
      body: { code: fastifyError.statusCode, error: fastifyError.message ?? 'Bad request', details: fastifyError.code ?? '' },
      headers: {},
    };
  }
  const errorId = randomUUID();
  logger.error({ msg: 'unhandled error', errorId, error: String(error) }, error instanceof Error ? error.stack : undefined);
  return { status: 500, body: { code: 500, error: 'Internal server error', details: { errorId } }, headers: {} };
}

export async function sendError(reply: FastifyReply, error: unknown, extraHeaders: Record<string, string> = {}): Promise<void> {
  const response = errorResponse(error);
  await reply
    .status(response.status)
    .headers({ ...extraHeaders, ...response.headers })
    .send(response.body);
}

/** Every 429 tells the client when to come back (RFC 9110 `Retry-After`, in seconds). */
function retryAfterOf(error: DomainError): Record<string, string> {
  if (error.code !== ErrorCode.RateLimited) return {};
  const seconds = (error.details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return { 'retry-after': String(typeof seconds === 'number' ? seconds : 1) };
}

function httpMessage(status: number, message: string): string {
  if (status === 404) return 'Not found';
  return message;
}

export function notFound(path: string): DomainError {
  return new DomainError(ErrorCode.NotFound, 'Not found', { path });
}
