import type { FastifyReply } from 'fastify';
import { DomainError, ErrorCode } from '@platica/errors';
import { errorReply } from '@platica/platform';

/** Answers an error in the spec's `{code, error, details}` shape (through the one `errorReply`). */
export async function sendError(reply: FastifyReply, error: unknown, extraHeaders: Record<string, string> = {}): Promise<void> {
  const { status, body } = errorReply(error, { url: reply.request?.url });
  await reply.status(status).headers(extraHeaders).send(body);
}

export function notFound(path: string): DomainError {
  return new DomainError(ErrorCode.NotFound, 'Not found', { path });
}
