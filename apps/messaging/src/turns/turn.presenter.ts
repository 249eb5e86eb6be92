import type { TurnHistoryItem, TurnReplyResult } from '@platica/contracts';
import type { ConversationRepository } from '../conversations/conversation.repository';
import type { Message } from '../conversations/message.entity';

/** What the agent runtime is answered: a stored reply's outcome, and a history message. */
export function resultOf(message: Message): TurnReplyResult {
  const error = message.error;
  return {
    messageId: message.id,
    content: message.content,
    contentType: message.contentType,
    status: message.status === 'failed' ? 'failed' : 'sent',
    // Graph's refusals are stored as Meta's error (a numeric code); the runtime gets one code for them.
    error: error
      ? {
          code: typeof error.code === 'string' ? error.code : 'provider_error',
          message: String(error.message ?? 'the message was not delivered'),
        }
      : null,
  };
}

type StoredHistoryMessage = Awaited<ReturnType<ConversationRepository['historyOf']>>[number];

export function historyItemOf(m: StoredHistoryMessage): TurnHistoryItem {
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    contentType: m.contentType,
    images: (m.images ?? []) as TurnHistoryItem['images'],
    files: (m.files ?? []) as TurnHistoryItem['files'],
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    ...(typeof m.payload?.seenUpTo === 'string' ? { seenUpTo: m.payload.seenUpTo } : {}),
  };
}
