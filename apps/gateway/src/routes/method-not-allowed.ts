import type { FastifyInstance } from 'fastify';
import { DomainError, ErrorCode } from '@platica/errors';
import { sendError } from '../http/http-errors';
import type { Route } from './route-table';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods a path of the route table answers, HEAD with GET (Fastify's exposeHeadRoute) but on a stream. */
export function allowedMethods(routes: readonly Route[]): Map<string, string[]> {
  const byUrl = new Map<string, Set<string>>();
  for (const { url, operation } of routes) {
    const methods = byUrl.get(url) ?? new Set<string>();
    methods.add(operation.method);
    if (operation.method === 'GET' && !operation.streaming) methods.add('HEAD');
    byUrl.set(url, methods);
  }
  return new Map([...byUrl].map(([url, methods]) => [url, METHODS.filter((method) => methods.has(method))]));
}

/**
 * RFC 9110 § 15.5.6: a method the path does not have is 405 with `Allow`, not 404 (the path
 * exists) nor whatever the body's parsing would say. Answered before any credential is read,
 * like the event stream's HEAD: the route table is the public OpenAPI document's.
 */
export function registerMethodNotAllowed(fastify: FastifyInstance, routes: readonly Route[]): void {
  for (const [url, allowed] of allowedMethods(routes)) {
    const streaming = routes.some((route) => route.url === url && route.operation.streaming);
    const missing = METHODS.filter((method) => !allowed.includes(method) && !(streaming && method === 'HEAD'));
    if (missing.length === 0) continue;
    const allow = allowed.join(', ');
    fastify.route({
      method: missing,
      url,
      handler: (request, reply) =>
        sendError(reply, new DomainError(ErrorCode.MethodNotAllowed, `${request.method} is not allowed here; use ${allow}`, { allow }), {
          allow,
        }),
    });
  }
}
