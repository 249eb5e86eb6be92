import {
  generateText,
  InvalidToolInputError,
  jsonSchema,
  NoSuchToolError,
  tool,
  ToolChoiceViolationError,
  type LanguageModel,
} from 'ai';
import { z } from 'zod';
import type { EvaluationJudgement } from '@platica/contracts';

/** The judge's only tool: its grade of the candidate's reply. */
export const GRADE_REPLY = 'grade_reply';

const NO_GRADE: EvaluationJudgement = { score: 1, passed: false, reason: 'the judge gave no grade' };

/** A grade of 3 or more passes. */
const PASSING_SCORE = 3;

const gradeArguments = z.object({
  score: z.coerce.number().int().min(1).max(5).catch(1),
  reason: z.string().catch(''),
});

const gradeTool = tool({
  description: "Grade the candidate's reply against the rubric.",
  inputSchema: jsonSchema<Record<string, unknown>>({
    type: 'object',
    properties: {
      score: { type: 'integer', minimum: 1, maximum: 5, description: '1: fails the rubric, 5: fully meets it' },
      reason: { type: 'string', description: 'One or two sentences' },
    },
    required: ['score', 'reason'],
    additionalProperties: false,
  }),
});

/**
 * The judge model's grade of a replayed turn: the admin's rubric, what the customer said, the
 * reply the active version gave then and the candidate's. A judge that does not grade fails the turn.
 */
export async function judgeReply(
  model: LanguageModel,
  rubric: string,
  turn: { customerText: string; recordedReply: string | null; candidateReply: string | null },
  abortSignal: AbortSignal,
): Promise<EvaluationJudgement> {
  let calls: { toolName: string; input: unknown }[];
  try {
    ({ toolCalls: calls } = await generateText({
      model,
      system: [
        "You grade a customer-service agent's reply against a rubric. You never answer the customer.",
        `Call ${GRADE_REPLY} once with a score from 1 to 5.`,
        'Rubric:',
        rubric,
      ].join('\n'),
      prompt: [
        `Customer: ${turn.customerText}`,
        `Previous reply: ${turn.recordedReply ?? '(none)'}`,
        `Candidate reply: ${turn.candidateReply ?? '(none)'}`,
      ].join('\n\n'),
      tools: { [GRADE_REPLY]: gradeTool },
      toolChoice: 'required',
      maxRetries: 0,
      abortSignal,
    }));
  } catch (error) {
    // A judge that answers in words, or calls a tool it was not given, grades nothing: the turn fails, the evaluation goes on.
    if (ToolChoiceViolationError.isInstance(error) || NoSuchToolError.isInstance(error) || InvalidToolInputError.isInstance(error)) return NO_GRADE;
    throw error;
  }
  const call = calls.find((c) => c.toolName === GRADE_REPLY);
  if (!call) return NO_GRADE;
  const { score, reason } = gradeArguments.parse(call.input ?? {});
  return { score, passed: score >= PASSING_SCORE, reason: reason.slice(0, 1000) };
}
