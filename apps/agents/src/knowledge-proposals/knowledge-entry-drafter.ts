import { generateText, jsonSchema, tool, type LanguageModel } from 'ai';
import { z } from 'zod';
import { KNOWLEDGE_PROPOSAL_ANSWER_MAX, KNOWLEDGE_PROPOSAL_QUESTION_MAX } from '@platica/contracts';
import type { PersonExchange } from './person-exchange';

/** The drafting call's only tool: no call means the exchange holds nothing reusable. */
export const PROPOSE_KNOWLEDGE_ENTRY = 'propose_knowledge_entry';

const entryArguments = z.object({
  question: z.string().trim().min(1).max(KNOWLEDGE_PROPOSAL_QUESTION_MAX),
  answer: z.string().trim().min(1).max(KNOWLEDGE_PROPOSAL_ANSWER_MAX),
});

const proposeTool = tool({
  description:
    "Propose one knowledge entry: a question future customers may ask and the business's answer as the person gave it. Call it only when the person's answer holds reusable knowledge.",
  inputSchema: jsonSchema<Record<string, unknown>>({
    type: 'object',
    properties: {
      question: { type: 'string', description: 'The question in general terms, without the customer’s name or personal data' },
      answer: { type: 'string', description: 'The answer as the business states it, from the person’s words only' },
    },
    required: ['question', 'answer'],
    additionalProperties: false,
  }),
});

/**
 * The drafting model call (docs/knowledge-from-people.md): the exchange as a transcript, one tool
 * offered. The entry is built from the person's words only; an exchange with nothing to reuse
 * (a greeting, an order's status, a complaint handled) gets no call, and so no proposal.
 */
export async function draftKnowledgeEntry(
  model: LanguageModel,
  exchange: PersonExchange,
  abortSignal: AbortSignal,
): Promise<{ question: string; answer: string } | null> {
  const answer = await generateText({
    model,
    system: [
      'You help a business keep its knowledge base. You read an exchange where a person of the business answered a customer.',
      `If the person's answer holds knowledge other customers could reuse (a fact, a policy, a price, a procedure), call ${PROPOSE_KNOWLEDGE_ENTRY} once,`,
      'with the question in general terms and the answer from what the person said, leaving out the customer’s personal data.',
      'If it holds nothing reusable (a greeting, one customer’s order or account, a complaint handled), reply with the single word NONE.',
    ].join('\n'),
    prompt: exchange.transcript.map((line) => `${line.speaker}: ${line.text}`).join('\n'),
    tools: { [PROPOSE_KNOWLEDGE_ENTRY]: proposeTool },
    toolChoice: 'auto',
    maxRetries: 2,
    abortSignal,
  });
  const call = answer.toolCalls.find((c) => c.toolName === PROPOSE_KNOWLEDGE_ENTRY);
  if (!call) return null;
  const parsed = entryArguments.safeParse(call.input ?? {});
  return parsed.success ? parsed.data : null;
}
