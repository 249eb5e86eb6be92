import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { DomainError, ErrorCode, jsonNestingDepth, textIssuesOf, type FieldIssue } from '@platica/errors';

/**
 * Deepest JSON accepted. The API's documents nest a handful of levels (a template's
 * components, an interactive message's rows); 32 leaves room for any of them while nothing
 * downstream (re-serialisation, jsonb) can be driven into deep recursion.
 */
export const MAX_JSON_DEPTH = 32;
/** Room kept in a NATS message for the envelope around a forwarded body (credential, params, query, ids). */
export const ENVELOPE_HEADROOM_BYTES = 64 * 1024;

/** The largest `/v1` or admin body the gateway reads: whatever stays forwardable in one NATS message. */
export function apiBodyLimit(maxPayloadBytes: number): number {
  return maxPayloadBytes - ENVELOPE_HEADROOM_BYTES;
}

/**
 * Text is validated once, here, for every route (the `/v1` routes, the admin API, OAuth):
 *  - JSON bodies are read as bytes: invalid UTF-8 is refused (Node would turn it into U+FFFD
 *    silently), nesting is bounded before parsing, and the body size stays below what one
 *    NATS message can carry (413 otherwise);
 *  - every string of the body, the path parameters and the query, and every key, is refused
 *    with 400 naming the field when PostgreSQL could not store it (NUL, lone surrogates);
 *  - the query string must be valid percent-encoded UTF-8.
 * `/hooks/meta` keeps its raw body (its signature covers the bytes); messaging isolates bad deliveries.
 */
export function installInputGuard(fastify: FastifyInstance, maxPayloadBytes: number): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  // The API speaks JSON only: other media types answer 415.
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: apiBodyLimit(maxPayloadBytes) },
    (request, raw, done) => {
      let text: string;
      try {
        text = guardedJsonText(raw as Buffer);
      } catch (error) {
        done(error as Error);
        return;
      }
      void parseJson(request, text, done);
    },
  );
  fastify.addHook('preValidation', async (request) => {
    const issues = [...queryEncodingIssues(request), ...textIssuesOfRequest(request)];
    if (issues.length) throw DomainError.validation(issues, 'Invalid text in the request');
  });
}

/** The body as text, once it is valid UTF-8 and not nested deeper than MAX_JSON_DEPTH. */
export function guardedJsonText(raw: Buffer): string {
  if (!isUtf8(raw)) throw DomainError.validation([{ path: [], message: 'the body is not valid UTF-8' }], 'Invalid request body');
  const text = raw.toString('utf8');
  const depth = jsonNestingDepth(text, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) {
    throw DomainError.validation([{ path: [], message: `the body nests deeper than ${MAX_JSON_DEPTH} levels` }], 'Invalid request body');
  }
  return text;
}

function textIssuesOfRequest(request: FastifyRequest): FieldIssue[] {
  const body = Buffer.isBuffer(request.body) ? undefined : request.body;
  return [...textIssuesOf(request.params ?? {}), ...textIssuesOf(request.query ?? {}), ...textIssuesOf(body ?? {})];
}

/** Fastify's query parser keeps undecodable sequences as they are; the API refuses them. */
export function queryEncodingIssues(request: Pick<FastifyRequest, 'url'>): FieldIssue[] {
  const start = request.url.indexOf('?');
  if (start < 0) return [];
  const issues: FieldIssue[] = [];
  for (const pair of request.url.slice(start + 1).split('&')) {
    if (!pair) continue;
    const [key = '', value = ''] = pair.split('=', 2);
    const name = strictDecode(key) ?? key;
    if (strictDecode(key) === null || strictDecode(value) === null) {
      issues.push({ path: [name], message: 'must be valid percent-encoded UTF-8' });
    }
  }
  return issues;
}

function strictDecode(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Fastify's own refusals, before a route runs (Fastify's `frameworkErrors`): an id past
 * the router's parameter length and a path that is not valid percent-encoded UTF-8.
 */
export function frameworkError(error: { code?: string; message: string }): DomainError {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new DomainError(ErrorCode.UriTooLong, 'A path parameter is too long', { maxLength: MAX_PARAM_LENGTH });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return DomainError.validation([{ path: [], message: 'the path is not valid percent-encoded UTF-8' }], 'Invalid URL');
  }
  return DomainError.validation([{ path: [], message: error.message }], 'Bad request');
}

/** Fastify's default: the longest path parameter its router matches (ids are far shorter). */
export const MAX_PARAM_LENGTH = 100;
