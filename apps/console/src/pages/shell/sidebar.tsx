import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { signOut } from '../../api/client';
import { useLiveUpdates } from '../../api/live-updates';
import { ShortcutsHelp } from '../../components/shortcuts-help';
import type { MessageKey } from '../../i18n/en';
import { LanguagePicker } from '../layout';
import { useIsAdmin, useWorkspaces } from './shell-queries';
import { useConversationCounts } from '../inbox/inbox-queries';

/**
 * The workspace's sections, in the navigation's order; the admin-only ones are hidden from an
 * `agent` (the API refuses them anyway). A workspace switch keeps the current section.
 */
const SECTIONS: { path: string; label: MessageKey; adminOnly: boolean }[] = [
  { path: 'clients', label: 'nav.clients', adminOnly: false },
  { path: 'agents', label: 'nav.agents', adminOnly: true },
  { path: 'scheduled', label: 'nav.scheduled', adminOnly: true },
  { path: 'webhooks', label: 'nav.webhooks', adminOnly: true },
  { path: 'campaigns', label: 'campaigns.nav', adminOnly: true },
  { path: 'usage', label: 'nav.usage', adminOnly: true },
  { path: 'api-keys', label: 'keys.nav', adminOnly: true },
  { path: 'team', label: 'team.nav', adminOnly: true },
  { path: 'tools', label: 'tools.nav', adminOnly: true },
  { path: 'models', label: 'models.nav', adminOnly: true },
  { path: 'integrations', label: 'integrations.nav', adminOnly: true },
  { path: 'knowledge/bases', label: 'knowledge.nav', adminOnly: true },
  { path: 'knowledge/proposals', label: 'proposals.nav', adminOnly: true },
];

/**
 * The inbox's views the sidebar counts, each the inbox's own URL filter (so the count is what the
 * view then lists): waiting for a person, the signed-in person's, and nobody's. The waiting one is
 * the tab title's count too (waiting-title.ts), read once.
 */
const INBOX_VIEWS = [
  { key: 'state.waiting', filter: { state: 'waiting' }, attention: true },
  { key: 'assign.viewMine', filter: { assignee: 'me' }, attention: false },
  { key: 'assign.viewUnassigned', filter: { assignee: 'none' }, attention: false },
] as const;

/**
 * The shell's sidebar: the workspace (a switcher when there are several), the navigation with the
 * inbox's views and their counts, and the person signed in with the shortcuts' help, the language
 * and sign-out.
 */
export function Sidebar({ workspaceId }: { workspaceId: string | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const workspaces = useWorkspaces();
  const user = workspaces.data?.user;
  const role = workspaces.data?.workspaces.find((w) => w.id === workspaceId)?.role;
  const isAdmin = useIsAdmin(workspaceId);

  const switchTo = (id: string) => {
    // The same section in the other workspace: a conversation, an agent or a webhook belongs to one workspace, so its section's list.
    const section = SECTIONS.find(({ path }) => location.pathname.includes(`/${path}`))?.path ?? 'inbox';
    void navigate(`/w/${id}/${section}`);
  };

  return (
    <div id="sidebar" className="sidebar">
      <p className="brand sidebar-brand">{t('app.title')}</p>
      {workspaces.data && workspaceId && (
        <label>
          {t('nav.workspace')}
          <select value={workspaceId} onChange={(event) => switchTo(event.target.value)}>
            {workspaces.data.workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {workspaceId && (
        <nav aria-label={t('nav.main')}>
          <ul>
            <li>
              <InboxLinks workspaceId={workspaceId} />
            </li>
            {SECTIONS.filter((section) => isAdmin || !section.adminOnly).map((section) => (
              <li key={section.path}>
                <NavLink to={`/w/${workspaceId}/${section.path}`}>{t(section.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="person">
        {user && (
          <p>
            <strong>{user.name ?? user.email}</strong>
            <br />
            <small>
              {[user.name && user.email, role && t('keys.signedInRole', { role: t(`keys.role.${role}`) })].filter(Boolean).join(' · ')}
            </small>
          </p>
        )}
        <div className="person-actions">
          <LanguagePicker />
          <ShortcutsHelp />
          <button type="button" className="secondary" onClick={() => void signOut()}>
            {t('nav.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The inbox and its views, each with its count, kept current by the workspace's event stream on
 * every page (the stream is the tab's one connection, shared with the inbox's own queries).
 */
function InboxLinks({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { refetchInterval } = useLiveUpdates(workspaceId);
  const counts = useConversationCounts(
    workspaceId,
    INBOX_VIEWS.map(({ filter }) => ({ workspace: workspaceId, ...filter })),
    refetchInterval,
  );
  const inInbox = /\/(inbox|conversations)(\/|$)/.test(location.pathname);
  const params = new URLSearchParams(location.search);
  // Marked for the eye in the inbox and its conversations; `aria-current` only on the list itself.
  const mark = (active: boolean) => ({
    className: inInbox && active ? 'active' : '',
    'aria-current': active && location.pathname.endsWith('/inbox') ? ('page' as const) : undefined,
  });
  return (
    <>
      <Link to={`/w/${workspaceId}/inbox`} {...mark(!INBOX_VIEWS.some(({ filter }) => isView(params, filter)))}>
        {t('nav.inbox')}
      </Link>
      <ul className="views">
        {INBOX_VIEWS.map(({ key, filter, attention }, i) => (
          <li key={key}>
            <Link to={`/w/${workspaceId}/inbox?${new URLSearchParams(filter).toString()}`} {...mark(isView(params, filter))}>
              {t(key)}
              {/* A space between, so the link is named "Mine 3", not "Mine3". */}
              {counts[i] !== undefined && ' '}
              {counts[i] !== undefined && <span className={`count-pill${attention && counts[i] ? ' attention' : ''}`}>{counts[i]}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Whether the URL's query is this view's filter (and no other of the views' filters). */
function isView(params: URLSearchParams, filter: Readonly<Record<string, string>>): boolean {
  return Object.entries(filter).every(([name, value]) => params.get(name) === value) && !(params.has('state') && params.has('assignee'));
}
