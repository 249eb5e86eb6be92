import { generateText, type LanguageModel } from 'ai';
import type { TurnHistoryItem } from '@platica/contracts';

/** The summariser's instructions; tests recognise its calls by their first words. */
export const SUMMARIZER_INSTRUCTIONS = [
  'You summarise customer-service conversations for the agent who will continue them.',
  'Write a short factual summary (at most 12 lines): who the customer is, what they asked for, what was answered or agreed, what is still pending.',
  'Keep names, numbers, dates, order or ticket ids exactly. Write in the language of the conversation. No preamble.',
].join(' ');

/** A conversation's messages as the summariser reads them; failed replies never went out, so they are left out. */
export function transcriptOf(history: TurnHistoryItem[]): string {
  return history
    .filter((item) => item.status !== 'failed')
    .map((item) => {
      const who = item.role === 'user' ? 'Customer' : item.role === 'assistant' ? 'Agent' : 'Business instruction';
      const attached = [
        ...item.images.filter((i) => i.url).map((i) => `[image ${i.url}]`),
        ...item.files.filter((f) => f.url).map((f) => `[file ${f.filename ?? f.url}]`),
      ];
      return `${who}: ${[item.content, ...attached].filter(Boolean).join(' ')}`;
    })
    .join('\n');
}

/**
 * One model call: the summary of `history`, continuing `earlier` (a running summary the new
 * messages extend) when given.
 */
export async function summarize(
  model: LanguageModel,
  history: TurnHistoryItem[],
  earlier: string | null,
  abortSignal: AbortSignal,
): Promise<string> {
  const transcript = transcriptOf(history);
  const prompt = earlier
    ? `Summary of the conversation so far:\n${earlier}\n\nMessages since then:\n${transcript}\n\nWrite the updated summary.`
    : `Conversation:\n${transcript}`;
  const answer = await generateText({ model, system: SUMMARIZER_INSTRUCTIONS, prompt, maxRetries: 0, abortSignal });
  const text = answer.text.trim();
  if (!text) throw new Error('the summariser answered with no text');
  return text;
}
