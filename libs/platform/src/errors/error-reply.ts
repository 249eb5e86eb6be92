import { HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RpcReply } from '@platica/contracts';
import { DomainError, ErrorCode, type ErrorBody } from '@platica/errors';
import { unavailableDependency, type Dependency } from './unavailable-dependency';

const logger = new Logger('errors');

/** A reply carrying an error: the spec's body, and the code's name so it survives a hop over NATS. */
export interface ErrorReply extends RpcReply<ErrorBody> {
  error: ErrorCode;
}

/**
 * The one place an error becomes a reply, for NATS handlers and HTTP alike: a DomainError is
 * its status and body; a framework's client error (Nest's HttpException, Fastify's 4xx such as
 * malformed JSON or an unsupported media type) keeps its status in the spec's shape; a
 * dependency that cannot be reached (the database, NATS, Redis, Temporal) is a 503 naming it,
 * which clients retry; anything else is a 500 whose error id is logged with the error, so
 * on-call can find it.
 */
export function errorReply(error: unknown, context: Record<string, unknown> = {}): ErrorReply {
  if (error instanceof DomainError) return { status: error.status, body: error.toBody(), error: error.code };
  const clientError = frameworkClientError(error);
  if (clientError) return clientError;
  const dependency = unavailableDependency(error);
  if (dependency) {
    logger.warn({ msg: `${dependency} is unavailable`, error: String(error), ...context });
    const unavailable = dependencyUnavailable(dependency);
    return { status: unavailable.status, body: unavailable.toBody(), error: unavailable.code };
  }
  const errorId = randomUUID();
  logger.error({ msg: 'unhandled error', errorId, error: String(error), ...context }, error instanceof Error ? error.stack : undefined);
  return { status: 500, body: { code: 500, error: 'Internal server error', details: { errorId } }, error: ErrorCode.Internal };
}

/** Seconds a client is told to wait before retrying a request a dependency's outage refused. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** The 503 of a dependency that cannot be reached; `details.retryAfterSeconds` becomes `Retry-After`. */
export function dependencyUnavailable(dependency: Dependency): DomainError {
  return new DomainError(ErrorCode.Unavailable, `Service unavailable: the ${dependency} cannot be reached; retry later`, {
    reason: `${dependency}_unavailable`,
    retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SECONDS,
  });
}

function frameworkClientError(error: unknown): ErrorReply | null {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status >= 500) return null;
    return {
      status,
      body: { code: status, error: status === 404 ? 'Not found' : error.message, details: '' },
      error: codeOfClientStatus(status),
    };
  }
  const fastifyError = error as { statusCode?: unknown; code?: unknown; message?: unknown } | null;
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const status = fastifyError.statusCode;
    const message = typeof fastifyError.message === 'string' ? fastifyError.message : 'Bad request';
    return {
      status,
      body: { code: status, error: message, details: typeof fastifyError.code === 'string' ? fastifyError.code : '' },
      error: codeOfClientStatus(status),
    };
  }
  return null;
}

/** The code a framework's own client error stands for (ours always carry their code). */
function codeOfClientStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ErrorCode.Unauthenticated;
    case 403:
      return ErrorCode.Forbidden;
    case 404:
      return ErrorCode.NotFound;
    case 409:
      return ErrorCode.Conflict;
    case 413:
      return ErrorCode.PayloadTooLarge;
    case 415:
      return ErrorCode.UnsupportedMediaType;
    case 422:
      return ErrorCode.Unprocessable;
    case 429:
      return ErrorCode.RateLimited;
    default:
      return ErrorCode.Validation;
  }
}

/** The DomainError a reply of another service carries, rebuilt from its code name. */
export function errorOfReply(subject: string, reply: RpcReply): DomainError {
  const body = reply.body as Partial<ErrorBody> | null;
  const code = (reply as Partial<ErrorReply>).error;
  if (code && (Object.values(ErrorCode) as string[]).includes(code) && typeof body?.error === 'string') {
    return new DomainError(code, body.error, body.details ?? '');
  }
  return new DomainError(ErrorCode.UpstreamFailed, `${subject} answered ${reply.status}`, '');
}
