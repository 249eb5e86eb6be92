import type { ModelMessage, UserContent } from 'ai';
import type { TurnHistoryItem } from '@platica/contracts';
import type { Agent, SupportInformation } from '../agents/agent.entity';

/** What of an agent shapes its prompt. */
export type PromptedAgent = Pick<Agent, 'systemPrompt' | 'supportInformation' | 'enableFileAttachments'>;

/**
 * The messages of one turn (ARCHITECTURE.md › Agent runtime: what the model sees): the
 * agent's active system prompt with its support information, then the conversation's
 * history, chronological and within `historyChars` (newest kept), the business's
 * instructions in place as system messages. This turn's `additionalInstructions` follow the
 * system prompt, so the conversation still ends with what the customer said.
 */
export function turnMessages(
  agent: PromptedAgent,
  history: TurnHistoryItem[],
  additionalInstructions: string | null,
  historyChars: number,
): ModelMessage[] {
  const messages: ModelMessage[] = [{ role: 'system', content: systemPromptOf(agent) }];
  // Not stored anywhere: the next turn is built without them.
  if (additionalInstructions)
    messages.push({ role: 'system', content: `Additional instructions for this reply only:\n${additionalInstructions}` });
  messages.push(...withinBudget(history, historyChars).flatMap((item) => modelMessageOf(item, agent.enableFileAttachments)));
  return messages;
}

export function systemPromptOf(agent: PromptedAgent): string {
  const support = supportLines(agent.supportInformation);
  return support.length ? `${agent.systemPrompt}\n\nSupport information:\n${support.join('\n')}` : agent.systemPrompt;
}

function supportLines(info: SupportInformation | null | undefined): string[] {
  if (!info) return [];
  const lines: string[] = [];
  if (info.supportAddress) lines.push(`- Address: ${info.supportAddress}`);
  if (info.supportEmail) lines.push(`- Email: ${info.supportEmail}`);
  if (info.supportPhone) lines.push(`- Phone: ${info.supportPhone}`);
  for (const [day, hours] of Object.entries(info.serviceHours ?? {})) {
    lines.push(`- Service hours, ${day}: ${hours.start} to ${hours.end} (${hours.availability})`);
  }
  return lines;
}

/** The newest items whose text fits the budget; the latest item always goes in. Failed replies never do. */
function withinBudget(history: TurnHistoryItem[], historyChars: number): TurnHistoryItem[] {
  const kept: TurnHistoryItem[] = [];
  let used = 0;
  for (const item of [...history].reverse()) {
    if (item.status === 'failed') continue;
    used += item.content.length;
    if (used > historyChars && kept.length) break;
    kept.push(item);
  }
  return kept.reverse();
}

function modelMessageOf(item: TurnHistoryItem, attachments: boolean): ModelMessage[] {
  if (item.role === 'system') return [{ role: 'system', content: `Instruction from the business: ${item.content}` }];
  if (item.role === 'assistant') return item.content ? [{ role: 'assistant', content: item.content }] : [];
  const content: Exclude<UserContent, string> = [];
  if (item.content) content.push({ type: 'text', text: item.content });
  for (const image of item.images) {
    // Images are visual content when the agent takes attachments (spec › Chat rule 5); otherwise named only.
    if (attachments) content.push({ type: 'image', image: new URL(image.url), mediaType: image.mimeType });
    else content.push({ type: 'text', text: `[image: ${image.url}]` });
  }
  for (const file of item.files) {
    content.push({
      type: 'text',
      text: `[file${file.filename ? ` ${file.filename}` : ''} (${file.mimeType ?? 'unknown type'}): ${file.url}]`,
    });
  }
  return content.length ? [{ role: 'user', content }] : [];
}
