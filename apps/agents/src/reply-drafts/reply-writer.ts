import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import type { AgentKnowledgeSearchAnswer, TurnHistoryItem } from '@platica/contracts';

type Hit = AgentKnowledgeSearchAnswer['hits'][number];

/** History messages the draft's model call reads. */
const HISTORY = 20;

/**
 * The draft's model call: the agent's instructions, the knowledge found (numbered), the
 * conversation; no tools at all, so a draft cannot act (docs/knowledge-from-people.md › Reply
 * drafts). The model marks what it used as [n]; the markers are taken out of the text and name
 * the draft's sources (all passages given, when it marks none).
 */
export async function writeReplyDraft(
  model: LanguageModel,
  input: { agentPrompt: string; history: TurnHistoryItem[]; hits: Hit[] },
  abortSignal: AbortSignal,
): Promise<{ text: string; used: Hit[] }> {
  const knowledge = input.hits
    .map((hit, index) => `[${index + 1}] ${[...hit.titlePath].join(' › ') || hit.title}\n${hit.text}`)
    .join('\n\n');
  const answer = await generateText({
    model,
    system: [
      'You draft a reply that a person of the business will read, edit and send to the customer themselves.',
      'Write only from the knowledge below; where it does not answer, say briefly what is missing instead of inventing it.',
      'Mark each passage you use with its number in brackets, like [1]. Write in the customer’s language.',
      'The agent’s instructions, for tone and policy:',
      input.agentPrompt,
      'Knowledge:',
      knowledge,
    ].join('\n'),
    messages: conversationOf(input.history),
    maxRetries: 1,
    abortSignal,
  });
  return citedIn(answer.text, input.hits);
}

/** The markers taken out of the text, and the passages they name (all of them when none is named). */
export function citedIn(text: string, hits: Hit[]): { text: string; used: Hit[] } {
  const cited = new Set<number>();
  const clean = text
    .replace(/\s?\[(\d{1,2})\]/g, (marker, number: string) => {
      const index = Number(number) - 1;
      if (index < 0 || index >= hits.length) return marker;
      cited.add(index);
      return '';
    })
    .trim();
  const used = cited.size ? [...cited].sort((a, b) => a - b).map((index) => hits[index]!) : hits;
  return { text: clean, used };
}

function conversationOf(history: TurnHistoryItem[]): ModelMessage[] {
  const shown = history.filter((item) => item.role !== 'system' && item.status !== 'failed' && item.content.trim()).slice(-HISTORY);
  const messages: ModelMessage[] = shown.map((item) =>
    item.role === 'user' ? { role: 'user', content: item.content } : { role: 'assistant', content: item.content },
  );
  // The call ends on the customer's words: a conversation whose last message is a reply still asks for the next one.
  if (messages.at(-1)?.role !== 'user') messages.push({ role: 'user', content: '(Draft the next reply to the customer.)' });
  return messages;
}
