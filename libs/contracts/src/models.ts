import { z } from 'zod';

/**
 * Model connections, per-agent model settings and model cost (docs/agents.md › Models and
 * fallback, docs/usage.md › Model cost); not in the interface specification.
 */
export const MODEL_PROVIDERS = ['openai_compatible', 'anthropic', 'google'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** A price per million tokens, in US dollars; none shipped: the business enters what its provider charges. */
const pricePerMillion = z.number().min(0).max(100_000).nullable();

export const modelOfferSchema = z
  .strictObject({
    /** The provider's model id (`gpt-4o-mini`, `claude-sonnet-4-5`, `gemini-2.5-flash`, `meta-llama/llama-3.1-70b`). */
    id: z.string().trim().min(1).max(200),
    inputUsdPerMillion: pricePerMillion.default(null),
    outputUsdPerMillion: pricePerMillion.default(null),
  })
  .meta({ id: 'ModelOffer' });
export type ModelOffer = z.output<typeof modelOfferSchema>;

const connectionName = z.string().trim().min(1).max(100);
const models = z
  .array(modelOfferSchema)
  .min(1)
  .max(100)
  .refine((list) => new Set(list.map((m) => m.id)).size === list.length, 'each model id once');
/** Write-only: sealed at rest, never returned, sent only to the origin it was saved with. */
const credential = z.string().min(1).max(8_000);

export const modelConnectionCreateSchema = z.strictObject({
  name: connectionName,
  provider: z.enum(MODEL_PROVIDERS),
  /** Required for `openai_compatible` (`https://api.openai.com/v1`); for `anthropic` and `google`, their public API unless set. */
  baseUrl: z.string().trim().max(2_000).optional(),
  credential: credential.optional(),
  models,
  /** The workspace's default model: this connection's first model (one connection at a time; the installation's `LLM_*` otherwise). */
  default: z.boolean().optional(),
});
export type ModelConnectionCreate = z.output<typeof modelConnectionCreateSchema>;

export const modelConnectionUpdateSchema = z.strictObject({
  name: connectionName.optional(),
  /** `null`: the provider's public API (not for `openai_compatible`). A new origin needs the credential sent again. */
  baseUrl: z.string().trim().max(2_000).nullable().optional(),
  /** A new credential; `null` removes it. */
  credential: credential.nullable().optional(),
  models: models.optional(),
  default: z.boolean().optional(),
});
export type ModelConnectionUpdate = z.output<typeof modelConnectionUpdateSchema>;

export const modelConnectionSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    provider: z.enum(MODEL_PROVIDERS),
    /** `null`: the provider's public API. */
    baseUrl: z.string().nullable(),
    /** Whether a credential is stored (it is never returned). */
    hasCredential: z.boolean(),
    models: z.array(modelOfferSchema),
    default: z.boolean(),
    /**
     * The circuit breaker (docs/agents.md › Circuit breaker): `open` while calls skip this
     * connection after `failures` failures in a row, until `openUntil`.
     */
    breaker: z.object({ state: z.enum(['closed', 'open']), failures: z.number().int(), openUntil: z.string().nullable() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ModelConnection' });

export const modelConnectionTestSchema = z
  .object({
    ok: z.boolean(),
    model: z.string(),
    durationMs: z.number().int(),
    /** The provider's error when it failed: status, code and message (the credential never in it). */
    error: z.object({ status: z.number().int().nullable(), code: z.string().nullable(), message: z.string() }).nullable(),
  })
  .meta({ id: 'ModelConnectionTest' });

export const modelConnectionTestBodySchema = z.strictObject({
  /** One of the connection's models; its first by default. */
  model: z.string().trim().min(1).max(200).optional(),
});

/**
 * A model an agent uses: a model of one of the workspace's connections, or (`connectionId`
 * null) of the installation's connection (`LLM_*`: LLM_MODEL or one of LLM_ALLOWED_MODELS).
 */
export const modelRefSchema = z
  .strictObject({ connectionId: z.string().trim().min(1).max(100).nullable(), model: z.string().trim().min(1).max(200) })
  .meta({ id: 'ModelRef' });
export type ModelRef = z.output<typeof modelRefSchema>;

/** Which model each of an agent's calls uses; `null`: the workspace's default model. */
export const agentModelsSchema = z
  .object({
    /** The agent's replies (and a working message written by the model). A sub-agent answers with its own settings. */
    reply: modelRefSchema.nullable(),
    /** The guardrail evaluator. */
    guardrail: modelRefSchema.nullable(),
    /** Recall and context summaries. */
    summary: modelRefSchema.nullable(),
    /** Tried in order when a call's model fails in a way retrying it will not fix soon. */
    fallback: z.array(modelRefSchema),
  })
  .meta({ id: 'AgentModels' });
export type AgentModels = z.output<typeof agentModelsSchema>;

export const agentModelsUpdateSchema = z.strictObject({
  reply: modelRefSchema.nullable().optional(),
  guardrail: modelRefSchema.nullable().optional(),
  summary: modelRefSchema.nullable().optional(),
  fallback: z.array(modelRefSchema).max(5).optional(),
});
export type AgentModelsUpdate = z.output<typeof agentModelsUpdateSchema>;

export const NO_AGENT_MODELS: AgentModels = { reply: null, guardrail: null, summary: null, fallback: [] };

const usageBound = z.iso.date().or(z.iso.datetime({ offset: true }));
export const modelUsageQuerySchema = z.looseObject({
  workspace: z.string().optional(),
  /** A UTC day (`2026-11-01`) or an instant; default: 30 days before `endDate`. */
  startDate: usageBound.optional(),
  /** A UTC day (included whole) or an instant; default: now. */
  endDate: usageBound.optional(),
});

const tokensAndCost = {
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** The priced calls' cost, US dollars (calls of a model without prices cost nothing here: see `unpricedCalls`). */
  costUsd: z.number(),
  unpricedCalls: z.number().int(),
};

export const modelUsageSchema = z
  .object({
    range: z.object({ startDate: z.string(), endDate: z.string() }),
    totals: z.object(tokensAndCost),
    /** One row per UTC day, agent, connection and model with at least one call, by day, agent, model. */
    rows: z.array(
      z.object({
        date: z.string(),
        agentId: z.string().nullable(),
        connectionId: z.string().nullable(),
        model: z.string(),
        ...tokensAndCost,
      }),
    ),
  })
  .meta({ id: 'ModelUsage' });
