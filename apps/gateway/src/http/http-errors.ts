import type { FastifyReply } from 'fastify';
import { DomainError, ErrorCode } from '@platica/errors';
import { DEPENDENCY_RETRY_AFTER_SECONDS, errorReply } from '@platica/platform';

/** Answers an error in the spec's `{code, error, details}` shape (through the one `errorReply`). */
export async function sendError(reply: FastifyReply, error: unknown, extraHeaders: Record<string, string> = {}): Promise<void> {
  const { status, body } = errorReply(error, { url: reply.request?.url });
  await reply
    .status(status)
    .headers({ ...extraHeaders, ...retryAfterOf(status, body) })
    .send(body);
}

/**
 * Every 429 and 503 tells the client when to come back (RFC 9110 `Retry-After`, in seconds):
 * the answer's `details.retryAfterSeconds`, whichever service answered.
 */
export function retryAfterOf(status: number, body: unknown): Record<string, string> {
  if (status !== 429 && status !== 503) return {};
  const seconds = (body as { details?: { retryAfterSeconds?: unknown } } | null)?.details?.retryAfterSeconds;
  return { 'retry-after': String(typeof seconds === 'number' ? seconds : status === 429 ? 1 : DEPENDENCY_RETRY_AFTER_SECONDS) };
}

export function notFound(path: string): DomainError {
  return new DomainError(ErrorCode.NotFound, 'Not found', { path });
}
