import { z } from 'zod';
import { DomainError, type FieldIssue } from '@platica/errors';
import type { PublicOperation } from '@platica/contracts';
import type { OperationInput } from '../routes/route-pipeline';

type JsonSchema = Record<string, unknown> & { type?: unknown; properties?: Record<string, unknown>; required?: string[] };

/** A /mcp tool: an operation, its input schema, and how its arguments become a REST request. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
  operation: PublicOperation;
  pathParams: string[];
  queryFields: string[];
  /** `fields`: the body's fields are top-level arguments; `nested`: the body is the `body` argument. */
  bodyMode: 'fields' | 'nested' | 'none';
}

const WORKSPACE_ARGUMENT = {
  type: 'string',
  description:
    'Workspace id (see workspaces_list). Required for writes when the token covers several workspaces, as ?workspace= is for REST.',
};

/** The tool argument standing for the `Idempotency-Key` header, on the operations that take one. */
export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotencyKey';

const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    'As the Idempotency-Key header of REST: a retry with the same key and arguments within 24 h gets the first answer again ' +
    'instead of sending twice; other arguments under the key are refused (422), a retry while the first runs is a 409.',
};

/**
 * The tool of one operation object, named by its operationId. Its input schema is the JSON
 * Schema of the very zod schemas the owning service validates the REST request with (path
 * parameters, query, body), so a tool accepts what the endpoint accepts; the service validates
 * the call again (`@Handles`), exactly as for REST.
 */
export function toolFor(operation: PublicOperation): McpTool {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const pathParams = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  for (const name of pathParams) {
    properties[name] = { type: 'string', description: `Path parameter {${name}}` };
    required.push(name);
  }
  const query = operation.query ? jsonSchemaOf(operation.query) : null;
  const queryFields = Object.keys(query?.properties ?? {});
  Object.assign(properties, query?.properties ?? {});
  properties.workspace = WORKSPACE_ARGUMENT;
  if (operation.idempotent) properties[IDEMPOTENCY_KEY_ARGUMENT] = IDEMPOTENCY_KEY_SCHEMA;

  let bodyMode: McpTool['bodyMode'] = 'none';
  const { method } = operation;
  if (operation.body || method === 'POST' || method === 'PATCH') {
    const body: JsonSchema = operation.body ? jsonSchemaOf(operation.body) : { type: 'object', additionalProperties: true };
    const fields = body.type === 'object' && body.properties ? Object.keys(body.properties) : null;
    if (fields && fields.length > 0 && !fields.some((f) => f in properties)) {
      bodyMode = 'fields';
      Object.assign(properties, body.properties);
      required.push(...(body.required ?? []));
    } else {
      bodyMode = 'nested';
      properties.body = { ...body, description: `The request body of ${operation.method} ${operation.path}` };
      if (operation.body && !operation.body.safeParse(undefined).success) required.push('body');
    }
  }
  const write = operation.scope === 'write';
  return {
    name: operation.operationId,
    description: [
      `${operation.summary}: ${operation.method} ${operation.path} (${write ? 'needs platica:write' : 'platica:read'}), the same request and answer as the REST endpoint.`,
      operation.description,
      operation.pending ? `Not built yet: answers 501 (${operation.pending}).` : undefined,
    ]
      .filter(Boolean)
      .join(' '),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
    annotations: {
      title: operation.summary,
      readOnlyHint: !write,
      destructiveHint: method === 'DELETE',
      idempotentHint: method !== 'POST',
    },
    operation,
    pathParams,
    queryFields,
    bodyMode,
  };
}

/** A tool call's arguments as the REST request they stand for. Unknown arguments are refused, as REST refuses unknown paths. */
export function requestFor(tool: McpTool, args: Record<string, unknown>): Omit<OperationInput, 'requestId'> {
  const issues: FieldIssue[] = [];
  const params: Record<string, string> = {};
  for (const name of tool.pathParams) {
    const value = args[name];
    if (typeof value === 'string' && value.length > 0) params[name] = value;
    else issues.push({ path: [name], message: 'required: a non-empty string' });
  }
  // Query values travel as a query string would carry them, so the service parses them as it parses REST's.
  const query: Record<string, string | string[]> = {};
  for (const name of [...tool.queryFields, 'workspace']) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    query[name] = Array.isArray(value) ? value.map(String) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  let body: unknown = null;
  const known = new Set([...tool.pathParams, ...tool.queryFields, 'workspace']);
  const idempotent = tool.operation.idempotent === true;
  if (idempotent) known.add(IDEMPOTENCY_KEY_ARGUMENT);
  if (tool.bodyMode === 'nested') body = args.body ?? null;
  else if (tool.bodyMode === 'fields') body = Object.fromEntries(Object.entries(args).filter(([name]) => !known.has(name)));
  else {
    const unknown = Object.keys(args).filter((name) => !known.has(name));
    for (const name of unknown) issues.push({ path: [name], message: 'unknown argument' });
  }
  if (issues.length > 0) throw DomainError.validation(issues);
  return { params, query, body, ...(idempotent ? { idempotencyKey: args[IDEMPOTENCY_KEY_ARGUMENT] } : {}) };
}

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json;
}
