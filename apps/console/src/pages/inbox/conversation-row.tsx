import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Schema } from '../../api/schema';
import { MentionedBadge } from '../../components/mention-alerts';
import { FailedBadge, LastMessagePreview, UnreadBadge } from '../conversation/row-signals';
import { holderName, stateCell } from '../conversation/state-line';

type Conversation = Schema<'ConversationSummary'>;

/** Channels by their product's own name (not translated); another platform shows as the API names it. */
const PLATFORM_NAMES: Record<string, string> = { whatsapp: 'WhatsApp', messenger: 'Messenger', instagram: 'Instagram' };

/**
 * One conversation in the inbox's list, dense: the contact (the row's one link, to the conversation,
 * keeping the list's filters), its last update; then its phone, channel, who answers (a badge:
 * the agent, waiting since when, the person on it, closed) and its assignee; then the person's
 * unread count, a failed send or agent turn, and the latest message's first words. The message
 * count is a cell of its own.
 */
export function ConversationRow({
  workspaceId,
  conversation: c,
  open,
}: {
  workspaceId: string;
  conversation: Conversation;
  open: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const updated = new Date(c.lastUpdate);
  const time = new Intl.DateTimeFormat(
    i18n.language,
    isToday(updated) ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  );
  return (
    <tr data-id={c.id}>
      <td>
        <div className="row-head">
          <Link to={{ pathname: `/w/${workspaceId}/conversations/${c.id}`, search }} aria-current={open ? 'page' : undefined}>
            {c.contactName ?? c.phoneNumber ?? c.conversationId}
          </Link>
          <MentionedBadge workspaceId={workspaceId} conversationId={c.id} />
          <time dateTime={c.lastUpdate} className="muted">
            {time.format(updated)}
          </time>
        </div>
        <div className="row-meta">
          {c.contactName && c.phoneNumber && <span className="muted">{c.phoneNumber}</span>}
          <ChannelBadge platform={c.platform} />
          <span className={`badge state-${c.state}`}>{stateCell(t, i18n.language, c)}</span>
          {c.status !== 'active' && c.state !== 'closed' && <span className="badge">{t(`status.${c.status}`)}</span>}
          {c.assignee && <span className="muted">{holderName(c.assignee, t)}</span>}
          {c.tags.length > 0 && <span className="muted">{c.tags.join(', ')}</span>}
        </div>
        <div className="row-signals">
          <UnreadBadge count={c.unreadCount} />
          <FailedBadge failed={c.failed} />
          <LastMessagePreview lastMessage={c.lastMessage} />
        </div>
      </td>
      <td className="message-count">{c.messageCount}</td>
    </tr>
  );
}

/** A conversation's channel as a badge, in its product's colours. */
export function ChannelBadge({ platform }: { platform: string }) {
  return <span className={`badge channel channel-${platform}`}>{PLATFORM_NAMES[platform] ?? platform}</span>;
}

function isToday(date: Date): boolean {
  return date.toDateString() === new Date().toDateString();
}
