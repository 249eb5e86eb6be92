import { z } from 'zod';

/**
 * Agent evaluations (docs/agents.md › Evaluations): a candidate prompt replayed against the
 * workspace's recorded turns of the agent, compared turn by turn with what the active version did.
 * Not part of the interface specification.
 */

/** Bounds of one evaluation (docs/agents.md › Evaluations › Bounds). */
export const EVALUATION_LIMITS = {
  maxConversations: 50,
  maxTurns: 500,
  defaultMaxTurns: 200,
  defaultMaxTokens: 1_000_000,
  maxTokens: 20_000_000,
  maxChecks: 20,
  /** Turns replayed at once. */
  concurrency: 4,
  /** Messages of a conversation read for its replays (a turn further back than this is skipped). */
  historyMessages: 500,
} as const;

const instant = z.iso.datetime({ offset: true, error: 'an ISO 8601 date and time with its zone, e.g. 2026-05-01T15:00:00Z' });

export const evaluationCandidateSchema = z
  .object({
    /** A version of the agent's prompt history (`POST /prompt` with `activate: false` makes one). */
    promptId: z.string().min(1).optional(),
    /** A system prompt text, not stored as a version. */
    systemPrompt: z.string().min(1).max(100_000).optional(),
    /** Another model of the configured provider (its id), for the agent's and the guardrails' calls. */
    model: z.string().min(1).max(200).optional(),
  })
  .strict()
  .refine((c) => (c.promptId === undefined) !== (c.systemPrompt === undefined), {
    message: 'give exactly one of promptId and systemPrompt',
    path: ['promptId'],
  });

export const evaluationSampleSchema = z
  .object({
    conversationIds: z.array(z.string().min(1)).min(1).max(EVALUATION_LIMITS.maxConversations).optional(),
    /** The agent's latest conversations (by their latest turn). */
    last: z.number().int().min(1).max(EVALUATION_LIMITS.maxConversations).optional(),
    /** Turns started in [from, to). */
    from: instant.optional(),
    to: instant.optional(),
  })
  .strict()
  .refine((s) => [s.conversationIds, s.last, s.from ?? s.to].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of conversationIds, last, or a date range (from, to)',
    path: ['conversationIds'],
  })
  .refine((s) => s.from === undefined || s.to === undefined || Date.parse(s.from) < Date.parse(s.to), {
    message: 'from must be before to',
    path: ['to'],
  });

/** A graded check of every replayed turn (or of one turn, `turnId`, or of turns whose customer text holds `whenCustomerSays`). */
const scope = { turnId: z.string().min(1).optional(), whenCustomerSays: z.string().min(1).max(500).optional() };
export const evaluationCheckSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('must_mention'), text: z.string().min(1).max(500), ...scope }).strict(),
  z.object({ kind: z.literal('must_not_mention'), text: z.string().min(1).max(500), ...scope }).strict(),
  z.object({ kind: z.literal('must_call_tool'), tool: z.string().min(1).max(200), ...scope }).strict(),
  z.object({ kind: z.literal('must_not_call_tool'), tool: z.string().min(1).max(200), ...scope }).strict(),
  z.object({ kind: z.literal('must_not_request_assistance'), ...scope }).strict(),
]);

export const evaluationCreateSchema = z
  .object({
    candidate: evaluationCandidateSchema,
    sample: evaluationSampleSchema,
    checks: z.array(evaluationCheckSchema).max(EVALUATION_LIMITS.maxChecks).default([]),
    /** A judge model grading each candidate reply against the rubric (1-5, pass at 3 or more). */
    judge: z
      .object({ rubric: z.string().min(1).max(4000), model: z.string().min(1).max(200).optional() })
      .strict()
      .optional(),
    budget: z
      .object({
        maxTurns: z.number().int().min(1).max(EVALUATION_LIMITS.maxTurns).default(EVALUATION_LIMITS.defaultMaxTurns),
        maxTokens: z.number().int().min(1000).max(EVALUATION_LIMITS.maxTokens).default(EVALUATION_LIMITS.defaultMaxTokens),
      })
      .strict()
      .default({ maxTurns: EVALUATION_LIMITS.defaultMaxTurns, maxTokens: EVALUATION_LIMITS.defaultMaxTokens }),
  })
  .strict();

export type EvaluationCreate = z.output<typeof evaluationCreateSchema>;
export type EvaluationCheck = z.output<typeof evaluationCheckSchema>;

/** What one version did in one turn: the active version then (recorded), or the candidate now (replayed). */
export const evaluationBehaviourSchema = z
  .object({
    reply: z.string().nullable(),
    toolCalls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).nullable() })),
    /** Whether the guardrails found a violation (their message answered instead). */
    guardrailViolation: z.boolean(),
    assistanceRequested: z.boolean(),
    delegations: z.array(z.object({ kind: z.enum(['consult', 'delegate', 'complete']), subagent: z.string().nullable() })),
  })
  .meta({ id: 'EvaluationBehaviour' });
export type EvaluationBehaviour = z.output<typeof evaluationBehaviourSchema>;

export const evaluationComparisonSchema = z
  .object({
    replyChanged: z.boolean(),
    /** A line diff of the replies: `-` the recorded line, `+` the candidate's, ` ` both. */
    replyDiff: z.array(z.string()),
    toolCallsAdded: z.array(z.string()),
    toolCallsRemoved: z.array(z.string()),
    /** Tools both called, with different arguments. */
    toolCallsChanged: z.array(z.string()),
    guardrailFlipped: z.boolean(),
    assistanceFlipped: z.boolean(),
    delegationChanged: z.boolean(),
  })
  .meta({ id: 'EvaluationComparison' });
export type EvaluationComparison = z.output<typeof evaluationComparisonSchema>;

export const evaluationCheckResultSchema = z.object({ check: evaluationCheckSchema, passed: z.boolean(), detail: z.string() });
export type EvaluationCheckResult = z.output<typeof evaluationCheckResultSchema>;

export const evaluationJudgementSchema = z.object({ score: z.number().int().min(1).max(5), passed: z.boolean(), reason: z.string() });
export type EvaluationJudgement = z.output<typeof evaluationJudgementSchema>;

export const evaluationTurnSchema = z
  .object({
    turnId: z.string(),
    conversationId: z.string(),
    position: z.number().int(),
    /** `skipped`: the turn could not be replayed (`detail` says why). */
    status: z.enum(['pending', 'replayed', 'skipped']),
    detail: z.string().nullable(),
    customerText: z.string().nullable(),
    recorded: evaluationBehaviourSchema.nullable(),
    candidate: evaluationBehaviourSchema.nullable(),
    comparison: evaluationComparisonSchema.nullable(),
    checks: z.array(evaluationCheckResultSchema),
    judge: evaluationJudgementSchema.nullable(),
    tokens: z.number().int(),
  })
  .meta({ id: 'EvaluationTurn' });
export type EvaluationTurn = z.output<typeof evaluationTurnSchema>;

export const evaluationSummarySchema = z
  .object({
    turns: z.number().int(),
    replayed: z.number().int(),
    skipped: z.number().int(),
    repliesChanged: z.number().int(),
    toolCallsAdded: z.number().int(),
    toolCallsRemoved: z.number().int(),
    toolCallsChanged: z.number().int(),
    guardrailFlips: z.number().int(),
    assistanceFlips: z.number().int(),
    delegationChanges: z.number().int(),
    checksFailed: z.number().int(),
    judgeAverage: z.number().nullable(),
    judgeFailed: z.number().int(),
    /** No failing check and no guardrail flip (the gate of `requireEvaluation`). */
    passed: z.boolean(),
  })
  .meta({ id: 'EvaluationSummary' });
export type EvaluationSummary = z.output<typeof evaluationSummarySchema>;

export const EVALUATION_STATUSES = ['running', 'completed', 'budget_exhausted', 'cancelled', 'failed'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

export const evaluationSchema = z
  .object({
    id: z.string(),
    agentId: z.string(),
    /** `budget_exhausted`: stopped at its turn or token budget, the turns replayed so far summarised. */
    status: z.enum(EVALUATION_STATUSES),
    candidate: z.object({ promptId: z.string().nullable(), systemPrompt: z.string(), model: z.string().nullable() }),
    sample: z.record(z.string(), z.unknown()),
    checks: z.array(evaluationCheckSchema),
    judge: z.object({ rubric: z.string(), model: z.string().nullable() }).nullable(),
    budget: z.object({ maxTurns: z.number().int(), maxTokens: z.number().int() }),
    progress: z.object({ turns: z.number().int(), done: z.number().int(), tokens: z.number().int() }),
    summary: evaluationSummarySchema.nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Evaluation' });

/** The latest evaluations the list answers at most. */
export const EVALUATION_LIST_LIMIT = 50;

/**
 * `GET /v1/agents/{agentId}/evaluations` (not in the interface specification, nor these filters):
 * newest first, at most `limit`; `promptId` keeps one prompt version's, `finished` those that
 * ended (`true`: any status but `running`) or are running (`false`). What the activation gate
 * reads: `?promptId=…&finished=true&limit=1` is a version's latest finished evaluation.
 */
export const evaluationListQuerySchema = z.strictObject({
  promptId: z.string().min(1).max(100).optional(),
  finished: z.enum(['true', 'false'], { error: 'true or false' }).optional(),
  limit: z.coerce.number().int().min(1).max(EVALUATION_LIST_LIMIT).default(EVALUATION_LIST_LIMIT),
});

export const evaluationGetQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(EVALUATION_LIMITS.maxTurns).default(0),
});

export const evaluationDetailSchema = evaluationSchema
  .extend({
    turns: z.object({ items: z.array(evaluationTurnSchema), limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() }),
  })
  .meta({ id: 'EvaluationDetail' });

export const evaluationListSchema = z.object({ evaluations: z.array(evaluationSchema) }).meta({ id: 'EvaluationList' });
