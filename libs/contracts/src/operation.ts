import { z } from 'zod';
import type { RpcRequest } from './rpc';

/**
 * An operation object states one endpoint once: its HTTP face (method, path, scope,
 * workspace rule), the NATS subject of the service that owns it, the schemas of its input
 * and of every answer it gives. The gateway's route table, the OpenAPI document and the
 * `/mcp` tools are generated from these objects, and each service binds one handler to each
 * (`@Handles`), which validates the input with the same schemas before the handler runs.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * `all`: reads may span every workspace of the credential.
 * `one`: the operation targets exactly one workspace; a multi-workspace credential must name
 *        it with `?workspace=` (spec, Endpoints › General rules). Writes are always `one`.
 */
export type WorkspaceRule = 'all' | 'one';

/** One failing field: the spec's `{path: [<field>...], message}`. */
export const fieldIssueSchema = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() });

/** The spec's error body, the answer of every 4xx and 5xx. */
export const errorBodySchema = z
  .object({
    code: z.number().int().describe('The HTTP status'),
    error: z.string(),
    details: z.union([z.string(), z.array(fieldIssueSchema), z.record(z.string(), z.unknown())]),
  })
  .meta({ id: 'Error' });

/** The answers an operation gives, by HTTP status. */
export type Responses = { readonly [status: number]: z.ZodType };

/** A subject one service answers for others (never routed by the gateway). */
export interface InternalOperation {
  readonly subject: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses: Responses;
}

export interface PublicOperation extends InternalOperation {
  /** Unique; also the name of the operation's `/mcp` tool. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI path syntax: `/v1/agents/{agentId}`. */
  readonly path: string;
  readonly summary: string;
  /** The area an operation belongs to (OpenAPI tag, permission area). */
  readonly tag: string;
  readonly scope: 'read' | 'write';
  readonly workspace: WorkspaceRule;
  readonly description?: string;
  /** The capability that will deliver it: until then it answers 501 after authentication. */
  readonly pending?: string;
  /**
   * Takes an `Idempotency-Key` header (an `idempotencyKey` argument over /mcp): the gateway
   * answers a retry with the same key from its record instead of calling the service again
   * (docs/sending-messages.md › Retrying safely). Set on the operations that create or send.
   */
  readonly idempotent?: true;
  /** How long the owning service may take, when longer than PLATICA_RPC_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /**
   * An answer the gateway serves itself (no service answers `subject`, no /mcp tool): its media
   * type; any type (the wildcard) for bytes whose type the answer's `Content-Type` names (customer media).
   */
  readonly streaming?: 'text/event-stream' | '*/*';
}

export type Operation = PublicOperation | InternalOperation;

export function isPublicOperation(operation: Operation): operation is PublicOperation {
  return 'operationId' in operation;
}

export function defineOperation<const O extends PublicOperation>(operation: O): O {
  if (operation.method !== 'GET' && (operation.scope !== 'write' || operation.workspace !== 'one')) {
    throw new Error(`${operation.operationId}: a write needs scope "write" and workspace "one"`);
  }
  return operation;
}

export function defineInternalOperation<const O extends InternalOperation>(operation: O): O {
  return operation;
}

/** A body only TypeScript checks: for internal calls between our own services. */
export function trusted<T>(): z.ZodType<T, T> {
  return z.custom<T>(() => true);
}

/** `{agentId: string}` from `/v1/agents/{agentId}`. */
type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string }
  : Record<never, string>;

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** What a handler receives: the envelope with params, query and body already validated. */
export type OperationRequest<O extends Operation> = Omit<RpcRequest, 'params' | 'query' | 'body'> & {
  params: O extends PublicOperation ? PathParams<O['path']> : Record<string, string>;
  query: O['query'] extends z.ZodType ? z.output<O['query']> : RpcRequest['query'];
  body: Parsed<O['body']>;
};

/** What a caller puts in the envelope's body: the input of the operation's body schema. */
export type OperationBody<O extends Operation> = O['body'] extends z.ZodType ? z.input<O['body']> : unknown;

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessBody<R extends Responses> = { [S in keyof R & SuccessStatus]: z.output<R[S]> }[keyof R & SuccessStatus];

/** What a caller gets from a 2xx answer: the output of the operation's success schemas. */
export type OperationReply<O extends Operation> = [keyof O['responses'] & SuccessStatus] extends [never]
  ? unknown
  : SuccessBody<O['responses']>;

/** The statuses a 2xx answer of the operation may have. */
export function successStatuses(operation: Operation): number[] {
  return Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
}

/** The success envelope many writes answer with (spec, Endpoints › General rules). */
export function successEnvelope<Data extends z.ZodType>(data: Data) {
  return z.object({ status: z.literal('success'), message: z.string(), data });
}
