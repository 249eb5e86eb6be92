import { useTranslation } from 'react-i18next';
import type { Schema } from '../../api/schema';

type Summary = Schema<'ConversationSummary'>;
const MEDIA_KINDS = new Set(['image', 'video', 'audio', 'document']);
const AUTHORS = {
  customer: 'conv.author.customer',
  agent: 'row.by.agent',
  person: 'row.by.person',
  api: 'row.by.api',
  campaign: 'conv.author.campaign',
} as const;

/**
 * What a conversation list row shows of its latest message (the API's `lastMessage`): who wrote
 * it and its first words, or the kind of media. Small parts, so whichever list lays out the inbox places them.
 */
export function LastMessagePreview({ lastMessage }: { lastMessage: Summary['lastMessage'] }) {
  const { t } = useTranslation();
  if (!lastMessage) return null;
  const author = Object.entries(AUTHORS).find(([by]) => by === lastMessage.by)?.[1];
  const by = author ? t(author) : lastMessage.by;
  const what =
    lastMessage.preview ??
    (MEDIA_KINDS.has(lastMessage.contentType)
      ? t(`conv.media.${lastMessage.contentType}`)
      : t('conv.contentType', { type: lastMessage.contentType }));
  return (
    <small className="row-preview">
      {by}: {what}
    </small>
  );
}

/** The customer's messages the person looking has not read (nothing when none, or for an API key). */
export function UnreadBadge({ count }: { count: Summary['unreadCount'] }) {
  const { t } = useTranslation();
  if (!count) return null;
  return <span className="badge unread">{t('row.unread', { count })}</span>;
}

/** The conversation's latest send failed, or its agent's latest turn did: flagged, the error's words on hover. */
export function FailedBadge({ failed }: { failed: Summary['failed'] }) {
  const { t } = useTranslation();
  if (!failed) return null;
  return (
    <span className="badge failed" title={failed.message ?? undefined}>
      {t(failed.kind === 'turn' ? 'conv.turnFailedMark' : 'row.sendFailed')}
    </span>
  );
}
