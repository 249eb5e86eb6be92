import type { FastifyReply } from 'fastify';
import { DomainError, ErrorCode } from '@platica/errors';
import { errorReply } from '@platica/platform';

/** Answers an error in the spec's `{code, error, details}` shape (through the one `errorReply`). */
export async function sendError(reply: FastifyReply, error: unknown, extraHeaders: Record<string, string> = {}): Promise<void> {
  const { status, body } = errorReply(error, { url: reply.request?.url });
  await reply
    .status(status)
    .headers({ ...extraHeaders, ...retryAfterOf(error) })
    .send(body);
}

/** Every 429 tells the client when to come back (RFC 9110 `Retry-After`, in seconds). */
function retryAfterOf(error: unknown): Record<string, string> {
  if (!(error instanceof DomainError) || error.code !== ErrorCode.RateLimited) return {};
  const seconds = (error.details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return { 'retry-after': String(typeof seconds === 'number' ? seconds : 1) };
}

export function notFound(path: string): DomainError {
  return new DomainError(ErrorCode.NotFound, 'Not found', { path });
}
