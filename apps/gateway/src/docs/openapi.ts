import { z } from 'zod';
import { mintTokenRequestSchema, seedDocumentSchema } from '@platica/contracts';
import { ROUTES, type Route } from '../routes/route-table';

type JsonSchema = Record<string, unknown>;

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Validation error or bad format; `details` lists `{path, message}` per failing field',
  '401': 'Missing, invalid, expired or revoked credential',
  '403': 'No permission, or an OAuth token without the write scope (`insufficient_scope`)',
  '404': 'Not found (also for another workspace’s resources)',
  '429': 'Rate limit exceeded; wait until X-RateLimit-Reset',
  '503': 'The owning service is unavailable',
  '504': 'The owning service did not answer in time',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

function errorResponses(extra: string[] = []): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const status of [...Object.keys(ERROR_STATUSES), ...extra]) {
    responses[status] = {
      description: ERROR_STATUSES[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

function operationOf(route: Route): Record<string, unknown> {
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const workspaceParameter = {
    name: 'workspace',
    in: 'query',
    required: false,
    description:
      route.workspace === 'one'
        ? 'Required when the credential covers several workspaces (GET /v1/workspaces lists them)'
        : 'Restricts the answer to one of the credential’s workspaces',
    schema: { type: 'string' },
  };
  const queryParameters: unknown[] = [];
  const query = route.schemas?.query ? jsonSchema(route.schemas.query, 'input') : undefined;
  const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(properties)) {
    if (name !== 'workspace') queryParameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  const operation: Record<string, unknown> = {
    operationId: route.subject.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase()),
    tags: [route.path.split('/')[2] ?? 'v1'],
    parameters: [...pathParameters, workspaceParameter, ...queryParameters],
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: route.schemas?.response ? jsonSchema(route.schemas.response, 'output') : {} } },
      },
      ...errorResponses(route.pending ? ['501'] : []),
    },
  };
  if (route.schemas?.body) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.schemas.body, 'input') } } };
  }
  if (route.pending) {
    operation.description = `Not implemented yet (answers 501): ${route.pending}.`;
    operation['x-platica-pending'] = route.pending;
  }
  return operation;
}

/**
 * The OpenAPI 3.1 document, generated from the route table and the same zod schemas the
 * services validate with, so it cannot drift from what the API accepts.
 */
export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  const admin = (summary: string, body: z.ZodType, status: string) => ({
    tags: ['admin'],
    summary,
    security: [{ adminToken: [] }],
    requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } },
    responses: { [status]: { description: 'Success' }, ...errorResponses(['501']) },
  });
  paths['/admin/v1/seed'] = { post: admin('Apply a seed document (SEED.md): a workspace and everything in it', seedDocumentSchema, '200') };
  paths['/admin/v1/tokens'] = { post: admin('Mint an OAuth access token without the browser flow', mintTokenRequestSchema, '201') };

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
      schemas: {
        Error: {
          type: 'object',
          required: ['code', 'error', 'details'],
          properties: {
            code: { type: 'integer', description: 'The HTTP status' },
            error: { type: 'string' },
            details: {
              oneOf: [
                { type: 'string' },
                { type: 'object' },
                {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { path: { type: 'array', items: { type: ['string', 'integer'] } }, message: { type: 'string' } },
                  },
                },
              ],
            },
          },
        },
      },
    },
  };
}
