import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { INBOX_PAGE_SIZE, useConversationPages } from '../../api/conversation-pages';
import { LoadMore } from '../../components/load-more';
import { useShortcuts } from '../../components/shortcuts';
import { MentionedBadge } from '../../components/mention-alerts';

/**
 * The inbox beside the open conversation on a wide screen (hidden under 900 px, where the
 * conversation takes the whole width): the workspace's conversations, newest first, paged as the
 * list scrolls, the open one marked as the current page. `j` and `k` open the next and previous
 * conversation of this list (on a phone too, where it is hidden); past its last one, `j` reads the next page.
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
  const navigate = useNavigate();
  const step = (by: 1 | -1) => {
    const at = rows.findIndex((c) => c.id === currentId);
    const next = rows[at === -1 ? 0 : at + by];
    if (next) void navigate(`/w/${workspaceId}/conversations/${next.id}`);
    else if (by === 1 && pages.hasNextPage) void loadMore();
  };
  useShortcuts({ j: () => step(1), k: () => step(-1) });
  return (
    <nav className="side-list" aria-label={t('conversation.list')}>
      <ul>
        {rows.map((c) => (
          <li key={c.id}>
            <Link to={`/w/${workspaceId}/conversations/${c.id}`} aria-current={c.id === currentId ? 'page' : undefined}>
              <span>
                {c.contactName ?? c.phoneNumber ?? c.conversationId}
                <MentionedBadge workspaceId={workspaceId} conversationId={c.id} />
              </span>
              <small>
                {c.state === 'ai' ? t(`status.${c.status}`) : t(`state.${c.state}`)} · {dateTime.format(new Date(c.lastUpdate))}
                {c.assignee && ` · ${t('assign.assignedTo', { who: c.assignee.email ?? c.assignee.id })}`}
              </small>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onLoad={loadMore} />
    </nav>
  );
}
