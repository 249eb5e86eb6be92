import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { api, data } from '../api/client';
import { INBOX_PAGE_SIZE, useConversationPages } from '../api/conversation-pages';
import { FALLBACK_POLL_SECONDS, useLiveUpdates } from '../api/live-updates';
import type { components } from '../api/openapi';
import { AlertSettings } from '../components/alert-settings';
import { LoadMore } from '../components/load-more';
import { SearchField } from '../components/search-field';
import { useShortcuts } from '../components/shortcuts';
import { useUrlFilters } from '../components/url-filters';
import { useWaitingTitle } from '../components/waiting-title';
import { Status, useIsAdmin } from './layout';
import { stateCell } from './conversation/state-line';
import { AssignmentViews } from './conversation/assignment-views';
import { MentionedBadge } from '../components/mention-alerts';

type Conversation = components['schemas']['ConversationSummary'];
const STATUSES: Conversation['status'][] = ['initiated', 'active', 'finished', 'spam', 'expired'];
const STATES: Conversation['state'][] = ['ai', 'waiting', 'human', 'closed'];

/**
 * The conversations of one workspace, kept current by the event stream (useLiveUpdates). Every
 * filter is the API's (GET /v1/conversations): "needs a human" is `operation: assistance`, a
 * conversation a person took over or the agent asked a person for; "who answers" is `state`
 * (the agent, waiting for a person, longest wait first; a person; closed); the views All, Mine
 * and Unassigned are `assignee` (./conversation/assignment-views.tsx); `q` searches names, phone
 * numbers in any format, emails and the words of messages. The filters live in the URL, so a
 * filtered inbox can be bookmarked and shared. Every conversation is reachable: the next page
 * is read as the list's end scrolls into view, or with Load more. `j` and `k` move the focus down
 * and up the list (Enter opens); back from a conversation (Escape), the focus is on it in the list.
 */
export function InboxPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '' } = useParams();
  const { live, refetchInterval } = useLiveUpdates(workspaceId);
  const { filter, has, setFilter, clearFilters } = useUrlFilters();
  useWaitingTitle(workspaceId, refetchInterval, t('inbox.heading'));
  // Open on a wide screen; on a phone, folded under their summary so the list comes first.
  const [filtersOpen] = useState(() => typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 600px)').matches);

  // The agent filter lists agents by name, which only an admin may read.
  const isAdmin = useIsAdmin(workspaceId);
  const agents = useQuery({
    queryKey: ['agents', workspaceId],
    queryFn: () => data(api.GET('/v1/agents', { params: { query: { workspace: workspaceId } } })),
    enabled: isAdmin,
  });
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
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const list = useRef<HTMLTableSectionElement>(null);
  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('td:first-child a') ?? [])];
  const step = (by: 1 | -1) => {
    const all = links();
    const at = all.findIndex((link) => link === document.activeElement);
    all[at === -1 ? 0 : Math.min(Math.max(at + by, 0), all.length - 1)]?.focus();
  };
  useShortcuts({ j: () => step(1), k: () => step(-1) });
  useReturnFocus(list, rows.length);

  return (
    <>
      <h1>{t('inbox.heading')}</h1>
      <SearchField label={t('inbox.search')} hint={t('inbox.searchHint')} value={filter('q')} onSearch={(q) => setFilter('q', q)} />
      <details open={filtersOpen}>
        <summary>{t('inbox.filters')}</summary>
        <form className="filters" onSubmit={(event) => event.preventDefault()}>
          <label>
            {t('inbox.channel')}
            <input value={filter('channel')} onChange={(event) => setFilter('channel', event.target.value.trim())} />
          </label>
          {isAdmin && (
            <label>
              {t('inbox.agent')}
              <select value={filter('agent')} onChange={(event) => setFilter('agent', event.target.value)}>
                <option value="">{t('common.all')}</option>
                {agents.data?.workspaces
                  .flatMap((w) => w.agents)
                  .map((agent) => (
                    <option key={agent.id} value={agent.id}>
                      {agent.name}
                    </option>
                  ))}
              </select>
            </label>
          )}
          <label>
            {t('inbox.status')}
            <select value={filter('status')} onChange={(event) => setFilter('status', event.target.value)}>
              <option value="">{t('common.all')}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('inbox.state')}
            <select value={filter('state')} onChange={(event) => setFilter('state', event.target.value)}>
              <option value="">{t('common.all')}</option>
              {STATES.map((value) => (
                <option key={value} value={value}>
                  {t(`state.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('inbox.tags')}
            <input value={filter('tags')} onChange={(event) => setFilter('tags', event.target.value)} />
          </label>
          <label>
            {t('inbox.from')}
            <input type="date" value={from} onChange={(event) => setFilter('from', event.target.value)} />
          </label>
          <label>
            {t('inbox.to')}
            <input type="date" value={to} onChange={(event) => setFilter('to', event.target.value)} />
          </label>
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={has('human')}
              onChange={(event) => setFilter('human', event.target.checked ? '1' : '')}
            />
            {t('inbox.needsHuman')}
          </label>
          <button type="button" className="secondary outline" onClick={clearFilters}>
            {t('inbox.clear')}
          </button>
        </form>
      </details>
      {/* After the search, which Tab reaches first from the page's main region. */}
      <AssignmentViews workspaceId={workspaceId} view={filter('assignee')} onView={(view) => setFilter('assignee', view)} />
      <p>
        <small>{live ? t('live.on') : t('live.off', { seconds: FALLBACK_POLL_SECONDS })}</small>
        {conversations.data && (
          <small role="status" className="count">
            {' · '}
            {t('inbox.shown', { shown: rows.length, total })}
          </small>
        )}
      </p>
      <AlertSettings />
      <Status loading={conversations.isPending} error={conversations.error} />
      {conversations.data && rows.length === 0 && <p>{t(filter('q') ? 'inbox.noMatch' : 'inbox.empty')}</p>}
      {rows.length > 0 && (
        <div className="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('inbox.contact')}</th>
                <th scope="col">{t('inbox.status')}</th>
                <th scope="col" className="wide-only">
                  {t('inbox.state')}
                </th>
                <th scope="col" className="wide-only">
                  {t('assign.column')}
                </th>
                <th scope="col" className="wide-only">
                  {t('inbox.messages')}
                </th>
                <th scope="col">{t('inbox.lastUpdate')}</th>
              </tr>
            </thead>
            <tbody ref={list}>
              {rows.map((c) => (
                <tr key={c.id} data-id={c.id}>
                  <td>
                    <Link to={`/w/${workspaceId}/conversations/${c.id}`}>{c.contactName ?? c.phoneNumber ?? c.conversationId}</Link>
                    <MentionedBadge workspaceId={workspaceId} conversationId={c.id} />
                    {c.contactName && c.phoneNumber && <small> · {c.phoneNumber}</small>}
                    {c.tags.length > 0 && <small> · {c.tags.join(', ')}</small>}
                  </td>
                  <td>{t(`status.${c.status}`)}</td>
                  <td className="wide-only">{stateCell(t, i18n.language, c)}</td>
                  <td className="wide-only">{c.assignee ? (c.assignee.email ?? c.assignee.id) : '—'}</td>
                  <td className="wide-only">{c.messageCount}</td>
                  <td>{dateTime.format(new Date(c.lastUpdate))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={conversations.hasNextPage} loading={conversations.isFetchingNextPage} onLoad={loadMore} />
    </>
  );
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
