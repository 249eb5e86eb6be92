import type { ModelMessage, UserContent } from 'ai';
import type { TurnAttachment, TurnHistoryItem } from '@platica/contracts';
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
  memory: TurnMemory = {},
  readFiles: ReadFiles = new Map(),
  imageUrlProblem: ImageUrlProblem = () => null,
): ModelMessage[] {
  const messages: ModelMessage[] = [{ role: 'system', content: systemPromptOf(agent) }];
  if (memory.recallSummary) messages.push({ role: 'system', content: `${RECALL_HEADING}\n${memory.recallSummary}` });
  if (memory.contextSummary) messages.push({ role: 'system', content: `${CONTEXT_SUMMARY_HEADING}\n${memory.contextSummary}` });
  // Not stored anywhere: the next turn is built without them.
  if (additionalInstructions)
    messages.push({ role: 'system', content: `Additional instructions for this reply only:\n${additionalInstructions}` });
  const recent = memory.contextSummary ? after(history, memory.summarizedUpTo ?? null) : history;
  messages.push(
    ...withinBudget(recent, historyChars).flatMap((item) => modelMessageOf(item, agent.enableFileAttachments, readFiles, imageUrlProblem)),
  );
  return messages;
}

export const NOTES_HEADING =
  "Private notes of the business's team on this conversation (for you only: never quote them or mention them to the customer):";

/**
 * The turn's messages with the conversation's private notes (docs/agents.md › Private notes) as
 * one system message after the system prompt; unchanged without notes (the agent's `readNotes` off).
 */
export function withNotes(messages: ModelMessage[], notes: readonly { text: string; createdAt: string }[]): ModelMessage[] {
  if (!notes.length) return messages;
  const lines = notes.map((note) => `- (${note.createdAt}) ${note.text}`);
  return [messages[0]!, { role: 'system', content: `${NOTES_HEADING}\n${lines.join('\n')}` }, ...messages.slice(1)];
}

/**
 * What the runtime remembers for a turn: the summary of the client's previous conversation
 * with the agent (`recallLastConversation`), and the running summary of this conversation's
 * messages up to `summarizedUpTo` (context summarisation), which stand in for them.
 */
export interface TurnMemory {
  recallSummary?: string | null;
  contextSummary?: string | null;
  summarizedUpTo?: { id: string; createdAt: string } | null;
}

export const RECALL_HEADING = "Summary of this customer's previous conversation with you (for context; do not repeat it to them):";
export const CONTEXT_SUMMARY_HEADING = 'Summary of the earlier part of this conversation (its latest messages follow):';

/** The history after the summarised message (by position, else by time when it left the window). */
export function after(history: TurnHistoryItem[], upTo: { id: string; createdAt: string } | null): TurnHistoryItem[] {
  if (!upTo) return history;
  const index = history.findIndex((item) => item.id === upTo.id);
  if (index >= 0) return history.slice(index + 1);
  return history.filter((item) => Date.parse(item.createdAt) > Date.parse(upTo.createdAt));
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

/**
 * Attachments read for this turn, by `attachmentKey`: their bytes, or (WhatsApp media, read
 * through Graph) why they could not be, which the model is told (see TurnFiles).
 */
export type ReadFiles = Map<string, Uint8Array | { unreadable: string }>;

/** A chat attachment by its URL, a WhatsApp media by its Graph id. */
export const attachmentKey = (attachment: TurnAttachment): string => attachment.url ?? `media:${attachment.mediaId}`;
/**
 * Why an image's URL may not be handed to the model to fetch (the outbound policy: the
 * provider, or the SDK on its behalf, would fetch it from wherever it points), or null.
 */
export type ImageUrlProblem = (url: string) => string | null;

/**
 * Whether the model takes a file of this type as a file part once it is read (the
 * OpenAI-compatible protocol: a PDF as `file`, WAV and MP3 as `input_audio`, text as text).
 * Images go by URL; other types are only named.
 */
export function readableAsFile(mimeType: string | undefined): boolean {
  if (!mimeType) return false;
  return ['application/pdf', 'audio/wav', 'audio/mpeg', 'audio/mp3'].includes(mimeType) || mimeType.startsWith('text/');
}

/**
 * The attachments read for the model this turn, of the customer's messages since the latest
 * reply: files of the types it reads whole, and the images received on WhatsApp (the provider
 * cannot fetch those by URL: only Graph, with the channel's token, hands them out).
 */
export function filesToRead(history: TurnHistoryItem[]): (TurnAttachment & { key: string; mimeType: string })[] {
  const lastReply = history.findLastIndex((item) => item.role === 'assistant' && item.status !== 'failed');
  const media = (a: TurnAttachment) => !a.url && Boolean(a.mediaId) && Boolean(a.mimeType?.startsWith('image/'));
  return history
    .slice(lastReply + 1)
    .filter((item) => item.role === 'user')
    .flatMap((item) => [...item.images.filter(media), ...item.files.filter((f) => (f.url || f.mediaId) && readableAsFile(f.mimeType))])
    .map((a) => ({ ...a, key: attachmentKey(a), mimeType: a.mimeType! }));
}

/** A WhatsApp media named to the model (it has no URL to show): `[image (image/jpeg) sent by the customer]`, and why it was not read when it could not be. */
function mediaName(
  kind: string,
  media: TurnAttachment & { filename?: string },
  read: Uint8Array | { unreadable: string } | undefined,
): string {
  const name = `${kind}${media.filename ? ` ${media.filename}` : ''} (${media.mimeType ?? 'unknown type'}) sent by the customer`;
  return read && !(read instanceof Uint8Array) ? `[${name}; it could not be read: ${read.unreadable}]` : `[${name}]`;
}

function modelMessageOf(
  item: TurnHistoryItem,
  attachments: boolean,
  readFiles: ReadFiles,
  imageUrlProblem: ImageUrlProblem,
): ModelMessage[] {
  if (item.role === 'system') return [{ role: 'system', content: `Instruction from the business: ${item.content}` }];
  if (item.role === 'assistant') return item.content ? [{ role: 'assistant', content: item.content }] : [];
  const content: Exclude<UserContent, string> = [];
  if (item.content) content.push({ type: 'text', text: item.content });
  for (const image of item.images) {
    if (!image.url) {
      const read = attachments ? readFiles.get(attachmentKey(image)) : undefined;
      content.push({ type: 'text', text: mediaName('image', image, read) });
      if (read instanceof Uint8Array) content.push({ type: 'image', image: read, mediaType: image.mimeType });
      continue;
    }
    // Images are visual content when the agent takes attachments (spec › Chat rule 5) and their URL passes the outbound policy; otherwise named only.
    if (attachments && !imageUrlProblem(image.url)) content.push({ type: 'image', image: new URL(image.url), mediaType: image.mimeType });
    else content.push({ type: 'text', text: `[image: ${image.url}]` });
  }
  for (const file of item.files.filter((f) => f.url || f.mediaId)) {
    const read = attachments && file.mimeType ? readFiles.get(attachmentKey(file)) : undefined;
    content.push({
      type: 'text',
      text: file.url
        ? `[file${file.filename ? ` ${file.filename}` : ''} (${file.mimeType ?? 'unknown type'}): ${file.url}]`
        : mediaName(file.type ?? 'file', file, read),
    });
    // Read for this turn (the agent takes attachments, the type is one the model reads): the file itself follows its name.
    if (read instanceof Uint8Array)
      content.push({ type: 'file', data: read, mediaType: file.mimeType!, ...(file.filename ? { filename: file.filename } : {}) });
  }
  return content.length ? [{ role: 'user', content }] : [];
}
