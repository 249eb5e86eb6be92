import { generateText, jsonSchema, tool, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { TurnHistoryItem } from '@platica/contracts';

/** The evaluator's only tool (ARCHITECTURE.md › Agent runtime: fixed name and arguments). */
export const FLAG_GUARDRAIL_VIOLATION = 'flag_guardrail_violation';

export interface EvaluatorVerdict {
  ruleIndex: number | null;
  severity: 'low' | 'medium' | 'high';
  categories: string[];
  matchedTerms: string[];
}

const flagArguments = z.object({
  ruleIndex: z.coerce.number().int().nonnegative().nullable().catch(null),
  severity: z.enum(['low', 'medium', 'high']).catch('medium'),
  categories: z.array(z.string()).catch([]),
  matchedTerms: z.array(z.string()).catch([]),
});

const flagTool = tool({
  description:
    "Flag the customer's message as violating one of the rules. Call it only when a rule is clearly broken; do not call it otherwise.",
  inputSchema: jsonSchema<Record<string, unknown>>({
    type: 'object',
    properties: {
      ruleIndex: { type: 'integer', description: 'The number of the broken rule, as listed (0-based)' },
      severity: { type: 'string', enum: ['low', 'medium', 'high'] },
      categories: { type: 'array', items: { type: 'string' }, description: 'Short labels, e.g. harassment, hate, spam' },
      matchedTerms: { type: 'array', items: { type: 'string' }, description: "The customer's words that break the rule" },
    },
    required: ['ruleIndex', 'severity', 'categories', 'matchedTerms'],
    additionalProperties: false,
  }),
});

/**
 * What the customer said in this turn, as one text: their messages after the latest message the
 * latest reply was given (its `seenUpTo`), or, for a reply that records none (a person's), after
 * the reply. Position alone would miss a message that arrived while the reply was being
 * delivered: it is stored before the reply, yet the reply never saw it.
 */
export function customerTextOfTurn(history: TurnHistoryItem[]): string {
  return customerMessagesOfTurn(history).join('\n');
}

/** The customer's messages of this turn (as customerTextOfTurn reads them), each trimmed, empty ones left out. */
export function customerMessagesOfTurn(history: TurnHistoryItem[]): string[] {
  const lastReply = history.findLastIndex((item) => item.role === 'assistant' && item.status !== 'failed');
  const horizon = history[lastReply]?.seenUpTo;
  const seenAt = horizon === undefined ? -1 : history.findIndex((item) => item.id === horizon);
  return history
    .slice((seenAt >= 0 ? seenAt : lastReply) + 1)
    .filter((item) => item.role === 'user' && item.content.trim())
    .map((item) => item.content.trim());
}

/**
 * The evaluator model call: the agent's rules and the customer's latest message, exactly one
 * tool offered; no call means no violation.
 */
export async function evaluateGuardrails(
  model: LanguageModel,
  rules: string[],
  customerText: string,
  abortSignal: AbortSignal,
): Promise<EvaluatorVerdict | null> {
  const answer = await generateText({
    model,
    system: [
      'You check a customer message against the rules of a business. You never answer the customer.',
      `If the message breaks a rule, call ${FLAG_GUARDRAIL_VIOLATION}; otherwise reply with the single word OK.`,
      'Rules:',
      ...rules.map((rule, index) => `${index}. ${rule}`),
    ].join('\n'),
    prompt: customerText,
    tools: { [FLAG_GUARDRAIL_VIOLATION]: flagTool },
    toolChoice: 'auto',
    maxRetries: 0,
    abortSignal,
  });
  const call = answer.toolCalls.find((c) => c.toolName === FLAG_GUARDRAIL_VIOLATION);
  if (!call) return null;
  const args = flagArguments.parse(call.input ?? {});
  return { ...args, ruleIndex: args.ruleIndex !== null && args.ruleIndex < rules.length ? args.ruleIndex : null };
}
