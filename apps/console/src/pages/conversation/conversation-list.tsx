import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INBOX_PAGE_SIZE, useConversationPages } from '../../api/conversation-pages';
import { LoadMore } from '../../components/load-more';

/**
 * The inbox beside the open conversation on a wide screen (hidden under 900 px, where the
 * conversation takes the whole width): the workspace's conversations, newest first, paged as the
 * list scrolls, the open one marked as the current page.
 */
export function ConversationList({
  workspaceId,
  currentId,
  refetchInterval,
}: {
  workspaceId: string;
  currentId: string;
  refetchInterval: number | false;
}) {
  const { t, i18n } = useTranslation();
  const query = { workspace: workspaceId, sortBy: 'lastUpdate' as const, sortDirection: 'desc' as const, limit: INBOX_PAGE_SIZE };
  const { pages, rows, loadMore } = useConversationPages(query, refetchInterval);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <nav className="side-list" aria-label={t('conversation.list')}>
      <ul>
        {rows.map((c) => (
          <li key={c.id}>
            <Link to={`/w/${workspaceId}/conversations/${c.id}`} aria-current={c.id === currentId ? 'page' : undefined}>
              <span>{c.contactName ?? c.phoneNumber ?? c.conversationId}</span>
              <small>
                {c.operation === 'assistance' ? t('operation.assistance') : t(`status.${c.status}`)} ·{' '}
                {dateTime.format(new Date(c.lastUpdate))}
              </small>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={loadMore} />
    </nav>
  );
}
