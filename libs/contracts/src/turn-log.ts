import { z } from 'zod';

/**
 * The turn log of a conversation (docs/agents.md › Turn log): what each agent turn did, newest last.
 * Not part of the interface specification; read with `GET /v1/conversations/{id}/turns`.
 */
export const turnLogGuardrailSchema = z
  .object({
    /** `disabled`: the agent has no guardrails on; `skipped`: nothing the customer said to judge (a chat turn's instruction only, or a later model call of the turn). */
    status: z.enum(['no_violation', 'violation', 'disabled', 'skipped']),
    source: z.enum(['lexicon', 'openai', 'llm_guardrail']).nullable(),
    ruleIndex: z.number().int().nullable(),
    severity: z.enum(['low', 'medium', 'high']).nullable(),
    categories: z.array(z.string()),
    matchedTerms: z.array(z.string()),
    /**
     * The moderation endpoint's answer on the customer's text (docs/agents.md › Moderation endpoint):
     * `failed` let the turn go on unjudged by it; absent when it was not asked.
     */
    moderation: z.enum(['flagged', 'passed', 'failed']).optional(),
  })
  .meta({ id: 'TurnLogGuardrail' });

export const turnLogToolCallSchema = z
  .object({
    toolCallId: z.string(),
    name: z.string(),
    outcome: z.enum(['ok', 'error']),
    durationMs: z.number().int(),
    /** The tool's error, when it failed. */
    error: z.string().nullable(),
    at: z.string(),
    /** The model's arguments, values under secret-looking names `[redacted]`; null when not recorded. */
    arguments: z.record(z.string(), z.unknown()).nullable(),
    /** The tool's result as the model read it (JSON text, at most 2,000 characters), secrets redacted; null when not recorded. */
    result: z.string().nullable(),
  })
  .meta({ id: 'TurnLogToolCall' });

export const turnLogDelegationSchema = z
  .object({
    kind: z.enum(['consult', 'delegate', 'complete']),
    subagentId: z.string().nullable(),
    subagentName: z.string().nullable(),
    /** The delegation's reason, the consultation's question or the completion's summary. */
    note: z.string(),
    at: z.string(),
  })
  .meta({ id: 'TurnLogDelegation' });

export const turnLogSummarySchema = z
  .object({
    /** `recall`: the client's previous conversation; `context`: this conversation's older messages. */
    kind: z.enum(['recall', 'context']),
    /** The conversation summarised (the previous one for `recall`). */
    conversationId: z.string(),
    /** How many messages went into it (for `context`, the new ones folded into the running summary). */
    messageCount: z.number().int(),
    summary: z.string(),
    at: z.string(),
  })
  .meta({ id: 'TurnLogSummary' });

export const turnLogModelCallSchema = z
  .object({
    /**
     * What the call was for: `reply` the agent's answer (one per round of the turn), `guardrail`
     * the guardrail evaluator (`llm_guardrail`), `summary` the agent's memory (recall or context),
     * `subagent` a consulted sub-agent's answer, `working_message` a working message written from its `aiPrompt`.
     */
    purpose: z.enum(['reply', 'guardrail', 'summary', 'subagent', 'working_message']),
    /** The turn's round: 0 its first model call, n the call after n rounds of tool calls (a consultation: the round that asked for it); `null` for a working message. */
    round: z.number().int().nullable(),
    /** The attempt of the runtime's step that made it: a step retried after a failure calls the model again, recorded again. */
    attempt: z.number().int(),
    model: z.string(),
    /** The provider's host (LLM_BASE_URL's); `null` for the built-in development model. */
    provider: z.string().nullable(),
    /** The workspace's model connection that served it (docs/agents.md › Models and fallback); `null`: the installation's (`LLM_*`). */
    connectionId: z.string().nullable().optional(),
    /** The agent whose model settings chose the model (a sub-agent's own). */
    agentId: z.string().nullable().optional(),
    /** What the call cost, US dollars, by the model's prices when it was made; `null` without prices or usage. */
    costUsd: z.number().nullable().optional(),
    /** Which of the call's models this was: 0 the first chosen, n the n-th fallback tried after it. */
    fallbackIndex: z.number().int().optional(),
    outcome: z.enum(['ok', 'error']),
    /** When it began. */
    at: z.string(),
    durationMs: z.number().int(),
    /** As the provider reported them; `null` when it reported no usage. */
    inputTokens: z.number().int().nullable(),
    outputTokens: z.number().int().nullable(),
    /** Why the model stopped; `null` when the call failed. */
    finishReason: z.enum(['stop', 'length', 'content_filter', 'tool_calls', 'error', 'interrupted', 'other']).nullable(),
    /** How many tool calls the model asked for. */
    toolCallCount: z.number().int(),
    /** Why the call failed: the provider's HTTP status and error code when it answered, and a short message (never the prompt, the reply or the API key). */
    error: z.object({ status: z.number().int().nullable(), code: z.string().nullable(), message: z.string() }).nullable(),
  })
  .meta({ id: 'TurnLogModelCall' });

export const turnLogChunkSchema = z
  .object({ chunkId: z.string(), title: z.string(), url: z.string().nullable() })
  .meta({ id: 'TurnLogChunk' });

/** What the turn's knowledge searches found and the reply cited (docs/knowledge.md › Agents). */
export const turnLogKnowledgeSchema = z
  .object({
    /** The passages the turn's searches returned, in the order the model read them (its citation numbers), each chunk once. */
    retrieved: z.array(turnLogChunkSchema),
    /** The passages the reply cited by number (`[1]`); what the customer was told came from. */
    cited: z.array(turnLogChunkSchema),
    /** The agent answers only from knowledge and the reply cited nothing: it said it does not know instead (and asked for a person, with assistance on). */
    unknown: z.boolean(),
  })
  .meta({ id: 'TurnLogKnowledge' });

export const turnLogEntrySchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    agentId: z.string().nullable(),
    speakerAgentId: z.string().nullable(),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    /** `null` while the turn runs. */
    outcome: z.enum(['answered', 'guardrail', 'assistance', 'silent', 'failed']).nullable(),
    detail: z.string().nullable(),
    guardrail: turnLogGuardrailSchema.nullable(),
    toolCalls: z.array(turnLogToolCallSchema),
    delegations: z.array(turnLogDelegationSchema),
    summaries: z.array(turnLogSummarySchema),
    /** Each model call of the turn (the agent's, the evaluator's, the summaries', a sub-agent's), in the order they began. */
    modelCalls: z.array(turnLogModelCallSchema),
    /** The knowledge the reply drew on; `null` when the agent has no knowledge tool and does not answer only from knowledge. */
    knowledge: turnLogKnowledgeSchema.nullable(),
  })
  .meta({ id: 'TurnLogEntry' });

export const turnLogResponseSchema = z
  .object({ conversationId: z.string(), turns: z.array(turnLogEntrySchema), count: z.number().int() })
  .meta({ id: 'TurnLog' });

export const turnLogQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type TurnLogGuardrail = z.output<typeof turnLogGuardrailSchema>;
export type TurnLogToolCall = z.output<typeof turnLogToolCallSchema>;
export type TurnLogDelegation = z.output<typeof turnLogDelegationSchema>;
export type TurnLogSummary = z.output<typeof turnLogSummarySchema>;
export type TurnLogModelCall = z.output<typeof turnLogModelCallSchema>;
export type TurnLogEntry = z.output<typeof turnLogEntrySchema>;
export type TurnLogChunk = z.output<typeof turnLogChunkSchema>;
export type TurnLogKnowledge = z.output<typeof turnLogKnowledgeSchema>;
