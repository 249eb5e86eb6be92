import { ApiError } from '../../api/client';
import type { ConversationMessage } from './types';

/**
 * Why a failed message did not reach the customer, as the console words it (docs/console.md ›
 * Failures): Graph could not be reached, Meta refused it (with its code), the customer's 24-hour
 * window was closed, the contact is blocked, it could not be sent at all (the channel), the
 * agent's turn failed before it had a reply, or a cause the console does not know (its text shown).
 */
export type FailureCause = 'unreachable' | 'refused' | 'window_closed' | 'client_blocked' | 'unsendable' | 'turn' | 'other';

export interface Failure {
  cause: FailureCause;
  /** Meta's error code (or the runtime's), when there is one. */
  code: string | null;
  /** The failure's own text (Meta's, the model provider's), shown after the sentence. */
  message: string;
}

const SEND_REASONS: FailureCause[] = ['unreachable', 'refused', 'window_closed', 'unsendable'];
/** Meta's code for a send outside WhatsApp's window (also in its `failed` status webhooks). */
const META_WINDOW_CODE = 131047;

/**
 * The cause of a failed message, from its `error`: messaging's `reason` for a send it attempted
 * (docs/sending-messages.md), the runtime's `window_closed` or `client_blocked` for an agent reply it
 * held back, Meta's numeric code for a failure Meta reported later, and an agent's message with no
 * content for a turn that failed.
 */
export function failureOf(message: Pick<ConversationMessage, 'content' | 'error' | 'owner' | 'role'>): Failure {
  const error = message.error;
  const code = error?.code === undefined || error.code === null ? null : String(error.code);
  const text = typeof error?.message === 'string' ? error.message : '';
  const reason = typeof error?.reason === 'string' ? error.reason : null;
  const of = (cause: FailureCause): Failure => ({ cause, code, message: text });
  const sendReason = SEND_REASONS.find((cause) => cause === reason);
  if (sendReason) return of(sendReason);
  if (code === 'window_closed' || code === 'client_blocked') return of(code);
  if (typeof error?.code === 'number') return of(error.code === META_WINDOW_CODE ? 'window_closed' : 'refused');
  const agent = message.owner ? message.owner.type === 'ai' : message.role === 'assistant';
  if (agent && !message.content) return of('turn');
  return of('other');
}

/**
 * Whether the console offers Retry: a failed text a person or an API key sent, into a conversation
 * whose window is open (outside it only a template goes). Media, templates and the agent's replies
 * are not retried from the message (docs/console.md › Failures).
 */
export function canRetry(message: ConversationMessage, windowOpen: boolean): boolean {
  const sender = message.owner?.type;
  return (
    windowOpen &&
    message.status === 'failed' &&
    message.direction === 'outgoing' &&
    message.contentType === 'text' &&
    message.content.trim() !== '' &&
    (sender === 'user' || sender === 'api')
  );
}

/** The failed message a 502 of `POST /v1/messages` stored (its `details.messageId`), if any. */
export function storedMessageId(error: Error): string | null {
  const messageId = error instanceof ApiError ? error.detail('messageId') : undefined;
  return typeof messageId === 'string' ? messageId : null;
}
