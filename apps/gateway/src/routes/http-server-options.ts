import type { FastifyReply, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { DomainError, ErrorCode } from '@platica/errors';
import { errorReply } from '@platica/platform';
import { sendError } from '../http/http-errors';
import { frameworkError, MAX_PARAM_LENGTH } from './input-guard';

/**
 * The gateway's HTTP server: every refusal made before a route runs answers in the spec's
 * `{code, error, details}` shape, through the same mapping as the routes (errorResponse).
 */
export function gatewayHttpOptions(): Pick<FastifyServerOptions, 'routerOptions' | 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    // Under routerOptions: Fastify 5 warns (FSTDEP022) of router options given at the top level.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply as FastifyReply, frameworkError(error));
    },
    clientErrorHandler: writeClientError,
  };
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over Node's
 * 16 KiB `maxHeaderSize`, a control character in a header, a malformed request line): the
 * answer is written on the socket, so it is built here in the spec's shape.
 */
export function writeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = errorReply(clientErrorOf(error));
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

function clientErrorOf(error: Error & { code?: string }): DomainError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new DomainError(ErrorCode.HeadersTooLarge, 'The request headers are too large', { maxBytes: 16 * 1024 });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new DomainError(ErrorCode.RequestTimeout, 'The request was not received in time', '');
    case 'HPE_INVALID_HEADER_TOKEN':
      return DomainError.validation(
        [{ path: ['headers'], message: 'a header name or value holds a character HTTP does not allow' }],
        'Invalid header',
      );
    case undefined:
    default:
      return DomainError.validation(
        [{ path: [], message: `the request is not valid HTTP (${error.code ?? 'parse error'})` }],
        'Bad request',
      );
  }
}
