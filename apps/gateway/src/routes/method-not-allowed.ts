import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
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

/** The methods each path of a Nest controller answers (the admin API), read from its decorators. */
export function controllerMethods(controller: Type): Map<string, string[]> {
  const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  const byUrl = new Map<string, string[]>();
  for (const name of Object.getOwnPropertyNames(controller.prototype)) {
    const handler = (controller.prototype as Record<string, unknown>)[name];
    if (name === 'constructor' || typeof handler !== 'function') continue;
    const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
    if (path === undefined) continue;
    const url = `/${[base, path]
      .map((part) => part.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/')}`;
    byUrl.set(url, [...(byUrl.get(url) ?? []), RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod]]);
  }
  return byUrl;
}

/**
 * RFC 9110 § 15.5.6: a method the path does not have is 405 with `Allow`, not 404 (the path
 * exists) nor whatever the body's parsing would say. Answered before any credential is read,
 * like the event stream's HEAD: the route table is the public OpenAPI document's.
 */
export function registerMethodNotAllowed(fastify: FastifyInstance, routes: readonly Route[]): void {
  const streaming = new Set(routes.filter((route) => route.operation.streaming).map((route) => route.url));
  registerMethodsNotAllowed(fastify, allowedMethods(routes), streaming);
}

/** Each path's other methods answer 405 naming the `allowed` ones (a stream's HEAD is refused by the stream itself). */
export function registerMethodsNotAllowed(
  fastify: FastifyInstance,
  allowedByUrl: Map<string, string[]>,
  streaming = new Set<string>(),
): void {
  for (const [url, allowed] of allowedByUrl) {
    const missing = METHODS.filter((method) => !allowed.includes(method) && !(streaming.has(url) && method === 'HEAD'));
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
