import type { TFunction } from 'i18next';
import type { ConversationDetail } from './types';

/** Who has a conversation: a person's id, with their email when the API knows it. */
export type Holder = { id: string; email?: string };

/** A holder as people read them: their email, an API key by its id, else the id. */
export function holderName(holder: Holder, t: TFunction): string {
  if (holder.email) return holder.email;
  if (holder.id.startsWith('key:')) return t('conversation.apiKey', { id: holder.id.slice(4) });
  return holder.id;
}

/**
 * The conversation's state in one sentence (docs/console.md › Who answers): the agent answers;
 * waiting for a person since when; you, or another person named, answer; closed (nothing can be sent).
 */
export function stateLine(
  t: TFunction,
  language: string,
  conversation: Pick<ConversationDetail, 'state' | 'handledBy' | 'waitingSince'>,
  me: string | undefined,
): string {
  switch (conversation.state) {
    case 'ai':
      return t('conversation.agentMode');
    case 'closed':
      return t('conversation.closedMode');
    case 'waiting': {
      const since = conversation.waitingSince ? new Date(conversation.waitingSince) : null;
      const when = since ? new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(since) : '';
      return t('conversation.waitingMode', { when });
    }
    case 'human': {
      const holder = conversation.handledBy;
      if (!holder || holder.id === me) return t('conversation.humanMode');
      return t('conversation.otherMode', { name: holderName(holder, t) });
    }
  }
}

/** The state as the inbox's list shows it: the agent, waiting since when, the person's name, or closed. */
export function stateCell(
  t: TFunction,
  language: string,
  conversation: Pick<ConversationDetail, 'state' | 'handledBy' | 'waitingSince'>,
): string {
  if (conversation.state === 'waiting' && conversation.waitingSince) {
    const when = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(conversation.waitingSince));
    return t('inbox.waitingSince', { when });
  }
  if (conversation.state === 'human' && conversation.handledBy) return holderName(conversation.handledBy, t);
  return t(`state.${conversation.state}`);
}
