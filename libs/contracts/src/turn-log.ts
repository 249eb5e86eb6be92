import { z } from 'zod';

/**
 * The turn log of a conversation (docs/agents.md › Turn log): what each agent turn did, newest last.
 * Not part of the interface specification; read with `GET /v1/conversations/{id}/turns`.
 */
export const turnLogGuardrailSchema = z
  .object({
    /** `disabled`: the agent has no guardrails on; `skipped`: nothing the customer said to judge (a chat turn's instruction only, or a later model call of the turn). */
    status: z.enum(['no_violation', 'violation', 'disabled', 'skipped']),
    source: z.enum(['lexicon', 'llm_guardrail']).nullable(),
    ruleIndex: z.number().int().nullable(),
    severity: z.enum(['low', 'medium', 'high']).nullable(),
    categories: z.array(z.string()),
    matchedTerms: z.array(z.string()),
  })
  .meta({ id: 'TurnLogGuardrail' });

export const turnLogToolCallSchema = z
  .object({
    toolCallId: z.string(),
    name: z.string(),
    outcome: z.enum(['ok', 'error']),
    durationMs: z.number().int(),
    /** The tool's error, when it failed (never its output: that may hold customer data). */
    error: z.string().nullable(),
    at: z.string(),
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
  })
  .meta({ id: 'TurnLogEntry' });

export const turnLogResponseSchema = z
  .object({ conversationId: z.string(), turns: z.array(turnLogEntrySchema), count: z.number().int() })
  .meta({ id: 'TurnLog' });

export const turnLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type TurnLogGuardrail = z.output<typeof turnLogGuardrailSchema>;
export type TurnLogToolCall = z.output<typeof turnLogToolCallSchema>;
export type TurnLogDelegation = z.output<typeof turnLogDelegationSchema>;
export type TurnLogSummary = z.output<typeof turnLogSummarySchema>;
export type TurnLogEntry = z.output<typeof turnLogEntrySchema>;
