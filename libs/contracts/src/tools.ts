import { z } from 'zod';

/**
 * The tools service (spec › Catalog tool, Custom API, Tools: workspace catalog, agent
 * connections, custom APIs; ARCHITECTURE.md › agent tool connections). Schemas validate only
 * (no transforms beyond defaults), so the same ones can feed the OpenAPI document.
 */

/** What every read of a custom API shows instead of a write-only value; sent back in a PATCH it keeps the stored one. */
export const REDACTED = '[REDACTED]';

/** Header and param names whose values are credentials (spec: "sensitive headers and params"): custom APIs' and webhooks' write-only values. */
const SENSITIVE_NAME =
  /^(authorization|proxy-authorization|cookie|key|sig|code)$|api[-_]?key|token|secret|passw(or)?d|signature|session|credential|private/i;

export function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

export const CUSTOM_API_LIMITS = {
  nameMax: 62,
  descriptionMin: 10,
  descriptionMax: 1024,
  variables: 50,
  params: 25,
  headers: 25,
  timeoutMinMs: 1_000,
  timeoutMaxMs: 60_000,
  timeoutDefaultMs: 30_000,
  maxBytesDefault: 32_000,
} as const;

export const CONTEXT_FIELDS = [
  'phoneNumber',
  'workspaceId',
  'conversationId',
  'agentId',
  'agentName',
  'channelId',
  'lastMessages',
] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

export const TEST_OUTCOMES = ['success', 'http-error', 'network-error', 'schema-error', 'mapping-error'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

/** The spec's kinds, and `knowledge`: a knowledge base's search tool (an addition, docs/knowledge.md › Agents). */
export const TOOL_KINDS = ['mcp', 'api', 'integration', 'legacy', 'knowledge'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

const keyValue = z.object({
  key: z.string().min(1, 'must not be empty').max(256),
  value: z.string().max(8_192),
  enabled: z.boolean().optional(),
});
export type KeyValue = z.output<typeof keyValue>;

const bodySchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  /** `raw`: JSON text with `{{variable}}` placeholders (a JSON value is accepted too). */
  z.object({ mode: z.literal('json'), raw: z.union([z.string().max(100_000), z.record(z.string(), z.unknown()), z.array(z.unknown())]) }),
  z.object({ mode: z.literal('text'), raw: z.string().max(100_000) }),
  z.object({ mode: z.literal('form-urlencoded'), pairs: z.array(keyValue).max(50) }),
]);

const authSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('bearer'), token: z.string().min(1).max(8_192) }),
  z.object({ type: z.literal('basic'), username: z.string().max(512), password: z.string().max(8_192) }),
  z.object({
    type: z.literal('apikey'),
    key: z.string().min(1).max(256),
    value: z.string().min(1).max(8_192),
    in: z.enum(['header', 'query']).default('header'),
  }),
]);

export const customApiRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  url: z
    .string()
    .min(1)
    .max(2_048)
    .regex(/^(https?:\/\/|\{\{)/i, 'an http(s) URL'),
  params: z.array(keyValue).max(CUSTOM_API_LIMITS.params, `at most ${CUSTOM_API_LIMITS.params} params`).default([]),
  headers: z.array(keyValue).max(CUSTOM_API_LIMITS.headers, `at most ${CUSTOM_API_LIMITS.headers} headers`).default([]),
  body: bodySchema.default({ mode: 'none' }),
  auth: authSchema.default({ type: 'none' }),
  settings: z
    .object({
      timeoutMs: z
        .number()
        .int()
        .min(CUSTOM_API_LIMITS.timeoutMinMs, `at least ${CUSTOM_API_LIMITS.timeoutMinMs}`)
        .max(CUSTOM_API_LIMITS.timeoutMaxMs, `at most ${CUSTOM_API_LIMITS.timeoutMaxMs}`)
        .default(CUSTOM_API_LIMITS.timeoutDefaultMs),
    })
    .default({ timeoutMs: CUSTOM_API_LIMITS.timeoutDefaultMs }),
});
export type CustomApiRequest = z.output<typeof customApiRequestSchema>;

const VARIABLE_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;

export const customApiVariableSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'letters, digits and "_", starting with a letter or "_", at most 64'),
    type: z.enum(VARIABLE_TYPES).default('string'),
    description: z.string().max(1_024).optional(),
    required: z.boolean().default(false),
    mode: z.enum(['ai', 'constant', 'context']).default('ai'),
    constantValue: z.unknown().optional(),
    contextField: z.enum(CONTEXT_FIELDS).optional(),
    enum: z.array(z.unknown()).min(1).max(200).optional(),
    format: z.string().max(100).optional(),
    pattern: z
      .string()
      .max(1_000)
      .refine((pattern) => compiles(pattern), 'a valid regular expression')
      .optional(),
    minLength: z.number().int().min(0).optional(),
    maxLength: z.number().int().min(0).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    items: z.record(z.string(), z.unknown()).optional(),
    default: z.unknown().optional(),
  })
  .superRefine((variable, ctx) => {
    if (variable.mode === 'constant' && variable.constantValue === undefined)
      ctx.addIssue({ code: 'custom', path: ['constantValue'], message: 'required with mode constant' });
    if (variable.mode !== 'constant' && variable.constantValue !== undefined)
      ctx.addIssue({ code: 'custom', path: ['constantValue'], message: 'only with mode constant' });
    if (variable.mode === 'context' && !variable.contextField)
      ctx.addIssue({ code: 'custom', path: ['contextField'], message: 'required with mode context' });
    if (variable.mode !== 'context' && variable.contextField)
      ctx.addIssue({ code: 'custom', path: ['contextField'], message: 'only with mode context' });
    if (variable.minimum !== undefined && variable.maximum !== undefined && variable.minimum > variable.maximum)
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'must not be below minimum' });
    if (variable.minLength !== undefined && variable.maxLength !== undefined && variable.minLength > variable.maxLength)
      ctx.addIssue({ code: 'custom', path: ['maxLength'], message: 'must not be below minLength' });
  });
export type CustomApiVariable = z.output<typeof customApiVariableSchema>;

const mappingSchema = z.object({
  bodyStrategy: z.enum(['merge', 'replace', 'none']).default('none'),
  /** Fixed pairs added to every JSON body: an object, or `{key, value}` pairs. */
  extraBody: z.union([z.record(z.string(), z.unknown()), z.array(keyValue).max(50)]).optional(),
});
export type CustomApiMapping = z.output<typeof mappingSchema>;

const fieldList = z.array(z.string().min(1).max(256)).max(100);
const responseSchema = z.object({
  path: z.string().max(256).optional(),
  strictPath: z.boolean().default(false),
  include: fieldList.optional(),
  exclude: fieldList.optional(),
  maxBytes: z.number().int().min(100).max(1_000_000).default(CUSTOM_API_LIMITS.maxBytesDefault),
});
export type CustomApiResponse = z.output<typeof responseSchema>;

/**
 * A token fetched from `url` and injected into every call (spec: "injects a token obtained by
 * a scheduled job"; its inner fields are not shown, these are ours). Fetched when first
 * needed and again every `refreshSeconds`.
 */
const periodicAuthSchema = z.object({
  enabled: z.boolean().default(true),
  url: z
    .string()
    .max(2_048)
    .regex(/^https?:\/\//i, 'an http(s) URL'),
  method: z.enum(['GET', 'POST']).default('POST'),
  headers: z.array(keyValue).max(CUSTOM_API_LIMITS.headers).default([]),
  /** Sent as is (e.g. a JSON or form body with client credentials): write-only. */
  body: z.string().max(8_192).optional(),
  /** Where the token is in the JSON answer. */
  tokenPath: z.string().min(1).max(256).default('access_token'),
  refreshSeconds: z.number().int().min(30).max(86_400).default(3_000),
  inject: z
    .object({
      in: z.enum(['header', 'query']).default('header'),
      name: z.string().min(1).max(256).default('Authorization'),
      prefix: z.string().max(64).default('Bearer '),
    })
    .default({ in: 'header', name: 'Authorization', prefix: 'Bearer ' }),
});
export type PeriodicAuth = z.output<typeof periodicAuthSchema>;

/** The outbound JSON body signed as a JWT (HS256 with `key`), sent as `{ [field]: "<jwt>" }` (spec: a key; the rest is ours). */
const encryptPayloadSchema = z.object({
  enabled: z.boolean().default(true),
  key: z.string().min(1).max(4_096),
  algorithm: z.enum(['HS256', 'HS384', 'HS512']).default('HS256'),
  field: z.string().min(1).max(100).default('payload'),
});
export type EncryptPayload = z.output<typeof encryptPayloadSchema>;

const customApiFields = {
  name: z
    .string()
    .max(CUSTOM_API_LIMITS.nameMax, `at most ${CUSTOM_API_LIMITS.nameMax} characters`)
    .regex(/^[a-z0-9][a-z0-9_]*$/, 'lowercase letters, digits and "_", starting with a letter or digit'),
  description: z
    .string()
    .min(CUSTOM_API_LIMITS.descriptionMin, `at least ${CUSTOM_API_LIMITS.descriptionMin} characters`)
    .max(CUSTOM_API_LIMITS.descriptionMax, `at most ${CUSTOM_API_LIMITS.descriptionMax} characters`),
  request: customApiRequestSchema,
  variables: z.array(customApiVariableSchema).max(CUSTOM_API_LIMITS.variables, `at most ${CUSTOM_API_LIMITS.variables} variables`),
  passContext: z.boolean(),
  context: z.object({ lastMessagesN: z.number().int().min(1).max(50).default(10) }),
  mapping: mappingSchema,
  response: responseSchema,
  periodicAuth: periodicAuthSchema.nullable(),
  encryptPayload: encryptPayloadSchema.nullable(),
};

/** PostgreSQL stores no NUL character in text or jsonb: such input is refused up front (400), never a 500. */
function checkNoNul(value: unknown, ctx: z.RefinementCtx): void {
  if (JSON.stringify(value).includes('\\u0000'))
    ctx.addIssue({ code: 'custom', path: [], message: 'text must not contain NUL characters' });
}

/** The rules that span fields: unique variable names, context variables only with passContext. */
function checkDefinition(
  value: { variables?: CustomApiVariable[]; passContext?: boolean },
  ctx: z.RefinementCtx,
  passContextOf: (value: { passContext?: boolean }) => boolean | undefined,
): void {
  const seen = new Set<string>();
  (value.variables ?? []).forEach((variable, index) => {
    if (seen.has(variable.name)) ctx.addIssue({ code: 'custom', path: ['variables', index, 'name'], message: 'used twice' });
    seen.add(variable.name);
    if (variable.mode === 'context' && passContextOf(value) === false)
      ctx.addIssue({ code: 'custom', path: ['variables', index, 'mode'], message: 'context variables need passContext: true' });
  });
}

export const createCustomApiSchema = z
  .object({
    ...customApiFields,
    variables: customApiFields.variables.default([]),
    passContext: customApiFields.passContext.default(false),
    context: customApiFields.context.default({ lastMessagesN: 10 }),
    mapping: customApiFields.mapping.default({ bodyStrategy: 'none' }),
    response: customApiFields.response.default({ strictPath: false, maxBytes: CUSTOM_API_LIMITS.maxBytesDefault }),
    periodicAuth: customApiFields.periodicAuth.default(null),
    encryptPayload: customApiFields.encryptPayload.default(null),
  })
  .superRefine((value, ctx) => {
    checkNoNul(value, ctx);
    checkDefinition(value, ctx, (v) => v.passContext ?? false);
  });
export type CreateCustomApi = z.output<typeof createCustomApiSchema>;

/** PATCH: the create fields, all optional, plus `expectedVersion`. Unknown fields (e.g. `status`, which PATCH never changes) are ignored. */
export const updateCustomApiSchema = z
  .object({
    ...Object.fromEntries(Object.entries(customApiFields).map(([key, schema]) => [key, schema.optional()])),
    expectedVersion: z.number().int().min(0).optional(),
  } as { [K in keyof typeof customApiFields]: z.ZodOptional<(typeof customApiFields)[K]> } & {
    expectedVersion: z.ZodOptional<z.ZodNumber>;
  })
  .superRefine((value, ctx) => {
    const { expectedVersion: _version, ...fields } = value;
    if (!Object.values(fields).some((field) => field !== undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'send at least one field to change' });
    checkNoNul(value, ctx);
    // passContext may be unchanged (undefined): the service checks against the stored value.
    checkDefinition(value, ctx, (v) => v.passContext);
  });
export type UpdateCustomApi = z.output<typeof updateCustomApiSchema>;

/** The conversation a call runs for (test `context`, or the turn's). */
export const callContextSchema = z.object({
  phoneNumber: z.string().max(100).nullable().optional(),
  workspaceId: z.string().max(100).nullable().optional(),
  conversationId: z.string().max(200).nullable().optional(),
  agentId: z.string().max(100).nullable().optional(),
  agentName: z.string().max(200).nullable().optional(),
  channelId: z.string().max(100).nullable().optional(),
  messages: z
    .array(z.union([z.string().max(100_000), z.object({ role: z.string().max(50), content: z.string().max(100_000) })]))
    .max(200)
    .optional(),
});
export type CallContext = z.output<typeof callContextSchema>;

/** A test may be sent without a body: a real call with no input. */
export const testCustomApiSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    dryRun: z.boolean().default(false),
    input: z.record(z.string(), z.unknown()).default({}),
    context: callContextSchema.default({}),
  }),
);

export const catalogQuerySchema = z.object({
  kind: z.enum(TOOL_KINDS).optional(),
  mcpId: z.string().max(200).optional(),
  integrationId: z.string().max(200).optional(),
  workspace: z.string().optional(),
});

export const connectToolSchema = z.object({
  toolId: z
    .string({ error: 'required' })
    .min(1, 'required')
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'a tool id'),
  status: z.enum(['active', 'inactive']).default('active'),
});

export const updateConnectionSchema = z.object({ status: z.enum(['active', 'inactive'], { error: 'active or inactive' }) });

/**
 * MCP servers (spec › Tools: MCP servers; bodies per ARCHITECTURE.md › MCP server bodies).
 * Header values and credentials are write-only: reads name the headers, never their values.
 */
export const MCP_LIMITS = {
  nameMax: 100,
  urlMax: 2_048,
  headers: 25,
  tools: 500,
  /** A tool call waits this long without a word from the server (a progress notification restarts the wait)… */
  timeoutDefaultMs: 30_000,
  /** …and never longer than this in all, progress or not. */
  maxTimeoutDefaultMs: 70_000,
  timeoutMinMs: 1_000,
  /**
   * A slow tool (a report, a search) may run for minutes when it reports progress; the turn's
   * wait for any tool (TOOL_CALL_WAIT_MS) is derived from this bound.
   */
  maxTimeoutMaxMs: 300_000,
} as const;

/**
 * How long a turn waits for a tool's answer: the longest call the tools service lets run (an MCP
 * call's `maxTimeoutMs` bound; a custom API's 60 s and its periodicAuth token fit within it),
 * plus a margin for NATS and the tools service. The tools service enforces each tool's own limit;
 * this is only the turn's backstop.
 */
export const TOOL_CALL_WAIT_MS = MCP_LIMITS.maxTimeoutMaxMs + 15_000;

/**
 * A server's state: `active` (its tools were discovered at the last contact), `error` (the
 * last refresh could not reach it or was refused), `authorization_required` (an OAuth server
 * not authorized yet: `oauth/start`), `authorization_lapsed` (its OAuth tokens expired or were
 * revoked and could not be refreshed: authorize again with `oauth/start`).
 */
export const MCP_STATUSES = ['active', 'error', 'authorization_required', 'authorization_lapsed'] as const;
export type McpStatus = (typeof MCP_STATUSES)[number];

const mcpUrl = z.string({ error: 'required' }).min(1, 'required').max(MCP_LIMITS.urlMax);
const mcpHeaders = z
  .record(
    z
      .string()
      .min(1)
      .max(256)
      .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'an HTTP header name'),
    z.string().max(8_192),
  )
  .refine((headers) => Object.keys(headers).length <= MCP_LIMITS.headers, `at most ${MCP_LIMITS.headers} headers`);

export const mcpAuthSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('bearer'), token: z.string().min(1).max(8_192) }),
  /** OAuth 2.1 (MCP authorization): RFC 9728/8414 discovery, dynamic client registration unless `clientId` is given, PKCE. */
  z.object({
    type: z.literal('oauth'),
    scope: z.string().max(1_000).optional(),
    clientId: z.string().min(1).max(500).optional(),
    clientSecret: z.string().min(1).max(2_000).optional(),
  }),
]);
export type McpAuth = z.output<typeof mcpAuthSchema>;

export const previewMcpSchema = z.object({ url: mcpUrl, headers: mcpHeaders.optional(), auth: mcpAuthSchema.optional() }).strict();

/** How the tools of one server are called (connect's optional `limits`; defaults when absent). */
export const mcpLimitsSchema = z
  .object({
    /** A tool result's JSON is cut to this many bytes before the model reads it (as custom API responses). */
    maxBytes: z.number().int().min(100).max(1_000_000).default(CUSTOM_API_LIMITS.maxBytesDefault),
    timeoutMs: z.number().int().min(MCP_LIMITS.timeoutMinMs).max(MCP_LIMITS.maxTimeoutMaxMs).default(MCP_LIMITS.timeoutDefaultMs),
    maxTimeoutMs: z.number().int().min(MCP_LIMITS.timeoutMinMs).max(MCP_LIMITS.maxTimeoutMaxMs).default(MCP_LIMITS.maxTimeoutDefaultMs),
  })
  .strict()
  .refine((limits) => limits.maxTimeoutMs >= limits.timeoutMs, { path: ['maxTimeoutMs'], message: 'at least timeoutMs' });
export type McpLimits = z.output<typeof mcpLimitsSchema>;

export const connectMcpSchema = z
  .object({
    name: z.string({ error: 'required' }).trim().min(1, 'required').max(MCP_LIMITS.nameMax),
    url: mcpUrl,
    headers: mcpHeaders.optional(),
    auth: mcpAuthSchema.optional(),
    limits: mcpLimitsSchema.optional(),
  })
  .strict();

export const syncMcpToolsSchema = z
  .object({ tools: z.array(z.string().min(1).max(200), { error: 'an array of mcpToolName' }).max(MCP_LIMITS.tools) })
  .strict();

/** What the gateway forwards from `GET /hooks/mcp/oauth/callback`. */
export const mcpOauthCallbackSchema = z.object({
  state: z.string().max(500).default(''),
  code: z.string().max(4_000).optional(),
  error: z.string().max(500).optional(),
  errorDescription: z.string().max(2_000).optional(),
});
export type McpOauthCallback = z.output<typeof mcpOauthCallbackSchema>;

/** The tools service's answer to a forwarded callback: what the page shown to the user says. */
export interface McpOauthCallbackResult {
  ok: boolean;
  mcpId: string | null;
  message: string;
}

/** A catalog tool (spec › Catalog tool). */
export interface CatalogToolView {
  id: string;
  name: string;
  description: string;
  kind: ToolKind;
  parameters: Record<string, unknown>;
  status: string;
  mcpId: string | null;
  mcpToolName: string | null;
  mcpName: string | null;
  mcpStatus: string | null;
  integrationId: string | null;
  integrationName: string | null;
  integrationStatus: string | null;
  installationId: string | null;
  providerId: string | null;
  providerToolName: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** A tool a turn offers the model: its catalog name, description and JSON Schema. */
export interface RuntimeTool {
  toolId: string;
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** The catalog kind (`api`, `mcp`, `integration`, `knowledge`): a knowledge search's passages are numbered and cited. */
  kind?: string;
}

export interface RuntimeAgentToolsRequest {
  workspaceId: string;
  agentId: string;
}

export interface RuntimeExecuteRequest {
  workspaceId: string;
  agentId: string;
  toolId: string;
  /** The call's id as the model gave it (recorded with the run). */
  toolCallId: string;
  arguments: Record<string, unknown>;
  /** What `context` variables read: the conversation as the API shows it (`conversationId` is its thread id). */
  context: CallContext;
  /** The conversation's document id (`conv_…`), for the run log. */
  conversationRef?: string;
  /** An evaluation's call (docs/agents.md › Evaluations): a custom API's request is assembled, nothing is called or recorded. */
  dryRun?: boolean;
}

/** A tool call's result as the model gets it: the trimmed answer, or what went wrong (never thrown). */
export interface RuntimeExecuteResult {
  ok: boolean;
  outcome: TestOutcome;
  httpStatus: number | null;
  durationMs: number;
  /** The trimmed response (ok) or the error text (not ok). */
  output: unknown;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
