import { z } from 'zod';
import {
  PUBLIC_OPERATIONS,
  errorBodySchema,
  mintTokenRequestSchema,
  seedDocumentSchema,
  updateWorkspaceRequestSchema,
  type PublicOperation,
} from '@platica/contracts';

type JsonSchema = Record<string, unknown>;

/** Statuses every operation can answer, whatever it does: the gateway's own (auth, limits, routing). */
const COMMON_ERRORS: Record<number, string> = {
  400: 'Validation error or bad format; `details` lists `{path, message}` per failing field',
  401: 'Missing, invalid, expired or revoked credential',
  403: 'No permission, or an OAuth token without the write scope (`insufficient_scope`)',
  404: 'Not found (also for another workspace’s resources and workspaces the credential does not cover)',
  413: 'Body too large for the forwarding path',
  414: 'A path parameter is too long',
  415: 'Unsupported media type: send application/json',
  429: 'Rate limit exceeded (or too many failed authentications from this address); retry after `Retry-After` seconds',
  431: 'Request headers too large',
  500: 'Unexpected error; `details.errorId` is logged',
  503: 'The owning service, or a dependency it needs (`details.reason`: database, NATS, Redis, Temporal), is unavailable; retry after `Retry-After` seconds',
  504: 'The owning service did not answer in time',
};

const STATUS_TEXT: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted: the work runs later',
  402: 'The workspace reached its credit limit (`details`: `creditLimit`, `billableMessages`, `billingPeriod`)',
  409: 'Conflict with the resource’s state',
  422: 'The request is valid but cannot be carried out (channel or resource rules)',
  501: 'Not implemented yet',
  502: 'A provider (Meta, the model) failed',
};

/** A stream resumes after the event a reconnecting EventSource names (the HTML standard's server-sent events). */
const LAST_EVENT_ID_HEADER = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  description: 'Resume after this event (its `id:`); the `lastEventId` query parameter says the same for clients that cannot send headers',
  schema: { type: 'string' },
};

/** The IETF `Idempotency-Key` header draft, on the operations marked `idempotent` (docs/sending-messages.md › Retrying safely). */
const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A unique value per request (a UUID, say) that makes a retry safe: within 24 h, the same key with the same request answers ' +
    'the first answer again, with `Idempotent-Replayed: true`, without doing it twice; another request under the key is a 422, ' +
    'a retry while the first still runs a 409. A 4xx or 503 answer frees the key. Keys are per workspace. Without it, nothing changes.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
};

const IDEMPOTENCY_ERRORS: Record<number, string> = {
  409: 'Conflict with the resource’s state, or a request with the same `Idempotency-Key` is still in progress (`details.reason`: `idempotency_key_in_progress`)',
  422: 'The request is valid but cannot be carried out (channel or resource rules), or the `Idempotency-Key` was used with another request (`details.reason`: `idempotency_key_reused`)',
};

/** Bytes of any type (customer media): `Content-Type` names theirs. */
const BINARY = { type: 'string', format: 'binary' };

/**
 * The gateway refuses every string, key and parameter carrying NUL (PostgreSQL cannot store it;
 * routes/input-guard.ts): declared on each string schema of the document, so a client generated
 * from it, or a fuzzer, knows such a value is a 400. (Lone surrogates are refused too; a JSON
 * Schema pattern cannot single them out without refusing every emoji's pair.)
 */
const NO_NUL = '^[^\\u0000]*$';

function declareNoNul(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) declareNoNul(item);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as JsonSchema;
  const type = node.type;
  const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
  if (isString && node.format !== 'binary' && node.pattern === undefined && node.enum === undefined && node.const === undefined) node.pattern = NO_NUL;
  if (typeof node.additionalProperties === 'object' && node.additionalProperties !== null && node.propertyNames === undefined) {
    node.propertyNames = { pattern: NO_NUL };
  }
  for (const value of Object.values(node)) declareNoNul(value);
}

/**
 * Turns zod schemas into the document's JSON Schemas, hoisting named schemas (`.meta({id})`)
 * into `components.schemas` so every operation refers to one definition.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const { $schema: _schema, $defs, ...rest } = converted;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
      this.components[name] = this.relink(definition);
    return this.relink(rest);
  }

  private relink(schema: JsonSchema): JsonSchema {
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  }
}

function responseOf(status: number, description: string, schema: JsonSchema, mediaType = 'application/json'): Record<string, unknown> {
  return { description, content: { [mediaType]: { schema } } };
}

function operationObject(operation: PublicOperation, schemas: SchemaConverter): Record<string, unknown> {
  const errorRef = { $ref: '#/components/schemas/Error' };
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(operation.responses)) {
    const code = Number(status);
    responses[status] = responseOf(
      code,
      STATUS_TEXT[code] ?? COMMON_ERRORS[code] ?? 'Error',
      code >= 400 ? errorRef : operation.streaming === '*/*' ? BINARY : schemas.convert(schema, 'output'),
      code < 400 ? operation.streaming : undefined,
    );
  }
  if (operation.idempotent) {
    for (const [status, description] of Object.entries(IDEMPOTENCY_ERRORS)) responses[status] = responseOf(Number(status), description, errorRef);
  }
  // Every operation can meet the gateway's own refusals (the edge, auth, limits, routing).
  const extra = operation.pending ? [501] : [];
  for (const status of [...Object.keys(COMMON_ERRORS).map(Number), ...extra]) {
    responses[String(status)] ??= responseOf(status, COMMON_ERRORS[status] ?? STATUS_TEXT[status] ?? 'Error', errorRef);
  }

  const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string', minLength: 1, pattern: NO_NUL },
  }));
  const workspaceParameter = {
    name: 'workspace',
    in: 'query',
    required: false,
    description:
      operation.workspace === 'one'
        ? 'Required when the credential covers several workspaces (GET /v1/workspaces lists them)'
        : 'Restricts the answer to one of the credential’s workspaces',
    // An empty value is a 400 ("must be one workspace id"), as is NUL.
    schema: { type: 'string', minLength: 1, pattern: NO_NUL },
  };
  const query = operation.query ? schemas.convert(operation.query, 'input') : undefined;
  const required = new Set((query?.required ?? []) as string[]);
  const queryParameters = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => name !== 'workspace')
    .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));

  const document: Record<string, unknown> = {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.tag],
    parameters: [
      ...pathParameters,
      workspaceParameter,
      ...queryParameters,
      ...(operation.streaming === 'text/event-stream' ? [LAST_EVENT_ID_HEADER] : []),
      ...(operation.idempotent ? [IDEMPOTENCY_KEY_HEADER] : []),
    ],
    responses,
  };
  if (operation.description) document.description = operation.description;
  if (operation.body) {
    document.requestBody = { required: true, content: { 'application/json': { schema: schemas.convert(operation.body, 'input') } } };
  }
  if (operation.pending) {
    document.description = `Not implemented yet (answers 501): ${operation.pending}.`;
    document['x-platica-pending'] = operation.pending;
  }
  return document;
}

/** The admin API (ARCHITECTURE.md › Admin API), served by the gateway itself. */
function adminPaths(schemas: SchemaConverter): Record<string, Record<string, unknown>> {
  const errors = Object.fromEntries(
    // 429: too many failed authentications from the address (the admin token is throttled as API keys are).
    [400, 401, 404, 413, 415, 429, 431, 500, 501].map((status) => [
      String(status),
      responseOf(status, COMMON_ERRORS[status] ?? STATUS_TEXT[status] ?? 'Error', { $ref: '#/components/schemas/Error' }),
    ]),
  );
  const admin = (operationId: string, summary: string, status: number, body: JsonSchema, answer: JsonSchema) => ({
    operationId,
    tags: ['admin'],
    summary,
    security: [{ adminToken: [] }],
    requestBody: { required: true, content: { 'application/json': { schema: body } } },
    responses: { [String(status)]: responseOf(status, STATUS_TEXT[status] ?? 'Success', answer), ...errors },
  });
  return {
    '/admin/v1/seed': {
      post: admin(
        'admin_seed',
        'Apply a seed document (docs/seed.md): a workspace and everything in it',
        200,
        schemas.convert(seedDocumentSchema, 'input'),
        {
          type: 'object',
          description: 'Every id, keyed by the `ref` given in the document, and the value of each new API key',
        },
      ),
    },
    '/admin/v1/tokens': {
      post: admin(
        'admin_tokens_mint',
        'Mint an OAuth access token without the browser flow',
        201,
        schemas.convert(mintTokenRequestSchema, 'input'),
        {
          type: 'object',
          required: ['token', 'expiresAt', 'scopes', 'workspaceIds'],
          properties: {
            token: { type: 'string' },
            expiresAt: { type: 'string' },
            scopes: { type: 'array', items: { type: 'string' } },
            workspaceIds: { type: 'array', items: { type: 'string' } },
          },
        },
      ),
    },
    '/admin/v1/workspaces/{workspaceId}': {
      patch: {
        ...admin(
          'admin_workspaces_update',
          "Set a workspace's operator settings: its credit limit (docs/usage.md › Credit limit)",
          200,
          schemas.convert(updateWorkspaceRequestSchema, 'input'),
          {
            type: 'object',
            required: ['id', 'name', 'timezone', 'creditLimit'],
            properties: {
              id: { type: 'string' },
              name: { type: 'string' },
              timezone: { type: 'string' },
              creditLimit: { type: ['integer', 'null'] },
            },
          },
        ),
        parameters: [{ name: 'workspaceId', in: 'path', required: true, schema: { type: 'string' } }],
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document, generated from the operation objects alone: the same zod schemas
 * the services validate requests with and answer with, so it cannot drift from the API.
 */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const schemas = new SchemaConverter();
  schemas.convert(errorBodySchema, 'output'); // hoists the named Error schema every error response refers to
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of PUBLIC_OPERATIONS) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = operationObject(operation, schemas);
  }
  Object.assign(paths, adminPaths(schemas));
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods) as JsonSchema[]) {
      declareNoNul(operation.parameters);
      declareNoNul(operation.requestBody);
    }
  }
  // Not on Error: its details name what the client sent, a refused NUL included.
  for (const [name, schema] of Object.entries(schemas.components)) if (name !== 'Error') declareNoNul(schema);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Plática API',
      version: '1.0.0',
      description:
        'Conversational agents on WhatsApp, Instagram, Messenger and internal chat. Every request carries `Authorization: Bearer <pl_key_… or pl_at_…>`; answers carry X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (epoch seconds). Errors are `{code, error, details}`.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key (pl_key_…) or an OAuth access token (pl_at_…)' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'PLATICA_ADMIN_TOKEN' },
      },
      schemas: schemas.components,
    },
  };
}
