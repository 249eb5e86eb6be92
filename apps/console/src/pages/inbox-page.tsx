import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { FALLBACK_POLL_SECONDS, useLiveUpdates } from '../api/live-updates';
import { AlertSettings } from '../components/alert-settings';
import { LoadMore } from '../components/load-more';
import { SearchField } from '../components/search-field';
import { useShortcuts } from '../components/shortcuts';
import { useUrlFilters } from '../components/url-filters';
import { useWaitingTitle } from '../components/waiting-title';
import { Status } from './layout';
import { AssignmentSettings, AssignmentViews } from './conversation/assignment-views';
import { ConversationRow } from './inbox/conversation-row';
import { InboxFilters, STATES, useActiveFilterCount } from './inbox/inbox-filters';
import { conversationTotalCapped, INBOX_PAGE_SIZE, useConversationPages } from './inbox/inbox-queries';

/**
 * The inbox: the workspace's conversations beside the open one (its route,
 * `/w/:workspaceId/conversations/:id`, is this page's child), beside its contact from 1280 px; on
 * a phone the list alone, or the conversation alone with a link back. The list is kept current by
 * the event stream (useLiveUpdates). Every filter is the API's (GET /v1/conversations): "needs a
 * human" is `operation: assistance`; "who answers" is `state` (waiting for a person: longest wait
 * first); the views All, Mine and Unassigned are `assignee`; `q` searches names, phone numbers in
 * any format, emails and the words of messages. The filters live in the URL (kept when a
 * conversation is opened), so a filtered inbox can be bookmarked and shared. Every conversation is
 * reachable: the next page is read as the list's end scrolls into view, or with Load more. With
 * none open, `j` and `k` move the focus down and up the list (Enter opens); with one open, they
 * open the next and the previous; back from a conversation (Escape), the focus is on it in the list.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const { workspaceId = '', conversationId } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { live, refetchInterval } = useLiveUpdates(workspaceId);
  const { filter, has, setFilter } = useUrlFilters();
  const tags = filter('tags')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const from = filter('from');
  const to = filter('to');
  const state = STATES.find((value) => value === filter('state'));
  const query = {
    workspace: workspaceId,
    // Waiting for a person: the longest wait first (the API's default for state=waiting).
    ...(state === 'waiting'
      ? { state, sortBy: 'waitingSince' as const, sortDirection: 'asc' as const }
      : { sortBy: 'lastUpdate' as const, sortDirection: 'desc' as const, ...(state ? { state } : {}) }),
    limit: INBOX_PAGE_SIZE,
    ...(filter('q') ? { q: filter('q') } : {}),
    ...(filter('channel') ? { channelId: filter('channel') } : {}),
    ...(filter('agent') ? { agentId: filter('agent') } : {}),
    ...(tags.length ? { tags } : {}),
    ...(filter('status') ? { status: filter('status') } : {}),
    ...(has('human') ? { operation: 'assistance' as const } : {}),
    ...(filter('assignee') ? { assignee: filter('assignee') } : {}),
    ...(from || to
      ? {
          dateFilter: JSON.stringify({
            type: 'range',
            startDate: from || '1970-01-01',
            endDate: to || new Date().toISOString().slice(0, 10),
          }),
        }
      : {}),
  };
  const { pages: conversations, rows, total, loadMore } = useConversationPages(query, refetchInterval);
  const list = useRef<HTMLTableSectionElement>(null);
  const step = (by: 1 | -1) => {
    if (conversationId) {
      const at = rows.findIndex((c) => c.id === conversationId);
      const next = rows[at === -1 ? 0 : at + by];
      if (next) void navigate({ pathname: `/w/${workspaceId}/conversations/${next.id}`, search });
      else if (by === 1 && conversations.hasNextPage) void loadMore();
      return;
    }
    const all = [...(list.current?.querySelectorAll<HTMLAnchorElement>('td:first-child a') ?? [])];
    const at = all.findIndex((link) => link === document.activeElement);
    all[at === -1 ? 0 : Math.min(Math.max(at + by, 0), all.length - 1)]?.focus();
  };
  useShortcuts({ j: () => step(1), k: () => step(-1) });
  useReturnFocus(list, rows.length);
  const Heading = conversationId ? 'h2' : 'h1';
  // Folded at first, so the list comes first; the filters unfolded when the URL sets some.
  const activeFilters = useActiveFilterCount();
  const [unfolded, unfold] = useState<'filters' | 'settings' | null>(activeFilters ? 'filters' : null);

  return (
    <div className={`inbox${conversationId ? ' has-open' : ''}`}>
      <section className="inbox-list" aria-label={t('conversation.list')}>
        <Heading>{t('inbox.heading')}</Heading>
        <SearchField label={t('inbox.search')} hint={t('inbox.searchHint')} value={filter('q')} onSearch={(q) => setFilter('q', q)} />
        {/* The filters and settings where the list has the page to itself, each behind its button; beside a conversation, the list only. */}
        {!conversationId && (
          <>
            <div className="inbox-toggles">
              {(['filters', 'settings'] as const).map((panel) => (
                <button
                  key={panel}
                  type="button"
                  className="secondary outline"
                  aria-expanded={unfolded === panel}
                  aria-controls={`inbox-${panel}`}
                  onClick={() => unfold(unfolded === panel ? null : panel)}
                >
                  {panel === 'settings'
                    ? t('inbox.settings')
                    : activeFilters
                      ? t('inbox.filtersActive', { count: activeFilters })
                      : t('inbox.filters')}
                </button>
              ))}
            </div>
            <InboxFilters workspaceId={workspaceId} id="inbox-filters" hidden={unfolded !== 'filters'} />
            <div id="inbox-settings" className="inbox-settings" hidden={unfolded !== 'settings'}>
              <AssignmentSettings workspaceId={workspaceId} />
              <AlertSettings />
            </div>
          </>
        )}
        {/* After the search, which Tab reaches first from the page's main region. */}
        <AssignmentViews view={filter('assignee')} onView={(view) => setFilter('assignee', view)} />
        <div className="inbox-tools">
          <p>
            <small className="muted">{live ? t('live.on') : t('live.off', { seconds: FALLBACK_POLL_SECONDS })}</small>
            {conversations.data && (
              <small role="status" className="count muted">
                {' · '}
                {t(conversationTotalCapped(conversations.data.pages[0]) ? 'inbox.shownOfMore' : 'inbox.shown', {
                  shown: rows.length,
                  total,
                })}
              </small>
            )}
          </p>
        </div>
        <Status loading={conversations.isPending} error={conversations.error} />
        {conversations.data && rows.length === 0 && <p>{t(filter('q') ? 'inbox.noMatch' : 'inbox.empty')}</p>}
        {rows.length > 0 && (
          <table className="conversation-rows">
            <thead>
              <tr>
                <th scope="col">{t('inbox.conversation')}</th>
                <th scope="col">{t('inbox.messages')}</th>
              </tr>
            </thead>
            <tbody ref={list}>
              {rows.map((c) => (
                <ConversationRow key={c.id} workspaceId={workspaceId} conversation={c} open={c.id === conversationId} />
              ))}
            </tbody>
          </table>
        )}
        <LoadMore hasMore={conversations.hasNextPage} loading={conversations.isFetchingNextPage} onLoad={loadMore} />
      </section>
      <div className="inbox-open">
        <Outlet />
      </div>
    </div>
  );
}

/** `/w/:workspaceId/inbox` beside the list on a wide screen: no conversation open yet; the tab titled "Inbox". */
export function NoConversationOpen() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const { refetchInterval } = useLiveUpdates(workspaceId);
  useWaitingTitle(workspaceId, refetchInterval, t('inbox.heading'));
  return <p className="inbox-placeholder muted">{t('inbox.pick')}</p>;
}

/**
 * Back from a conversation (its Escape passes `state.from`), the focus goes to that conversation's
 * link once the list shows it, once per arrival, so the keyboard carries on where it left.
 */
function useReturnFocus(list: RefObject<HTMLTableSectionElement | null>, shown: number): void {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (typeof from !== 'string' || done.current === location.key) return;
    const link = list.current?.querySelector<HTMLAnchorElement>(`tr[data-id="${CSS.escape(from)}"] td:first-child a`);
    if (!link) return;
    done.current = location.key;
    link.focus();
  }, [from, location.key, list, shown]);
}
