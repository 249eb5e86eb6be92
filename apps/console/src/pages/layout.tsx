import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, api, data, signOut } from '../api/client';
import { ShortcutsHelp } from '../components/shortcuts-help';
import { useShortcuts } from '../components/shortcuts';
import type { MessageKey } from '../i18n/en';
import { LANGUAGES, setLanguage, type Language } from '../i18n/i18n';
import { MentionAlerts } from '../components/mention-alerts';

/**
 * The workspace's sections, in the navigation's order; the admin-only ones are hidden from an
 * `agent` (the API refuses them anyway). A workspace switch keeps the current section.
 */
const SECTIONS: { path: string; label: MessageKey; adminOnly: boolean }[] = [
  { path: 'inbox', label: 'nav.inbox', adminOnly: false },
  { path: 'clients', label: 'nav.clients', adminOnly: false },
  { path: 'agents', label: 'nav.agents', adminOnly: true },
  { path: 'scheduled', label: 'nav.scheduled', adminOnly: true },
  { path: 'webhooks', label: 'nav.webhooks', adminOnly: true },
  { path: 'campaigns', label: 'campaigns.nav', adminOnly: true },
  { path: 'usage', label: 'nav.usage', adminOnly: true },
  { path: 'api-keys', label: 'keys.nav', adminOnly: true },
  { path: 'tools', label: 'tools.nav', adminOnly: true },
];

/**
 * Whether the signed-in user is an `admin` of the workspace (an `agent`, a human support agent,
 * reaches the inbox, conversations and clients only: apps/gateway/src/auth/workspace-roles.ts).
 */
export function useIsAdmin(workspaceId: string | undefined): boolean {
  return useWorkspaces().data?.workspaces.find((w) => w.id === workspaceId)?.role === 'admin';
}

/** The workspaces the session's grant covers (every workspace of the user: the console is a first-party client). */
export function useWorkspaces() {
  return useQuery({ queryKey: ['workspaces'], queryFn: () => data(api.GET('/v1/workspaces')), staleTime: 60_000 });
}

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <select aria-label={t('nav.language')} value={i18n.language} onChange={(event) => setLanguage(event.target.value as Language)}>
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}

/**
 * Every signed-in page: a skip link to the page's content (the first thing Tab reaches), the
 * navigation, the workspace switcher, the keyboard shortcuts' help, the language and sign-out.
 * `/` focuses the page's search where it has one (the inbox's, the clients').
 */
export function Layout() {
  const { t } = useTranslation();
  const { workspaceId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const workspaces = useWorkspaces();
  const user = workspaces.data?.user;
  const role = workspaces.data?.workspaces.find((w) => w.id === workspaceId)?.role;
  const isAdmin = useIsAdmin(workspaceId);
  useShortcuts({ '/': () => document.querySelector<HTMLInputElement>('main [role="search"] input')?.focus() });

  const switchTo = (id: string) => {
    // The same section in the other workspace: a conversation, an agent or a webhook belongs to one workspace, so its section's list.
    const section = SECTIONS.find(({ path }) => location.pathname.includes(`/${path}`))?.path ?? 'inbox';
    void navigate(`/w/${id}/${section}`);
  };

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus, not only scroll: the next Tab goes on from the content, not from the top bar.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('nav.skip')}
      </a>
      <header className="container">
        <nav className="topbar" aria-label={t('nav.main')}>
          <ul>
            <li>
              <strong>{t('app.title')}</strong>
            </li>
            {workspaceId && (
              <>
                {SECTIONS.filter((section) => isAdmin || !section.adminOnly).map((section) => (
                  <li key={section.path}>
                    <NavLink to={`/w/${workspaceId}/${section.path}`}>{t(section.label)}</NavLink>
                  </li>
                ))}
              </>
            )}
          </ul>
          <ul>
            {user && (
              <li>
                <small>
                  {user.name ? `${user.name} (${user.email})` : user.email}
                  {role && ` · ${t('keys.signedInRole', { role: t(`keys.role.${role}`) })}`}
                </small>
              </li>
            )}
            {workspaces.data && workspaceId && (
              <li>
                <select aria-label={t('nav.workspace')} value={workspaceId} onChange={(event) => switchTo(event.target.value)}>
                  {workspaces.data.workspaces.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
                </select>
              </li>
            )}
            <li>
              <ShortcutsHelp />
            </li>
            <li>
              <LanguagePicker />
            </li>
            <li>
              <button type="button" className="secondary" onClick={() => void signOut()}>
                {t('nav.signOut')}
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="container">
        {workspaceId && <MentionAlerts workspaceId={workspaceId} me={user?.id} />}
        <Outlet />
      </main>
    </>
  );
}

/** `/console/`: the first workspace's inbox. */
export function WorkspaceHome() {
  const workspaces = useWorkspaces();
  const first = workspaces.data?.workspaces[0];
  if (first) return <Navigate to={`/w/${first.id}/inbox`} replace />;
  return <Status loading={workspaces.isPending} error={workspaces.error} />;
}

/** A query's waiting or failure, said once the same way everywhere. */
export function Status({ loading, error }: { loading: boolean; error: Error | null }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 403) return <NoAccess error={error} />;
  if (error) return <p role="alert">{t('common.error', { message: error.message })}</p>;
  if (loading) return <p aria-busy="true">{t('common.loading')}</p>;
  return null;
}

/** The API's 403: a page this user's role does not reach (an `agent` opening an admin page), said plainly. */
function NoAccess({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const details = (error.body as { details?: { requiredRole?: string; role?: string } } | null)?.details;
  return (
    <article role="alert">
      <h2>{t('keys.noAccess.heading')}</h2>
      <p>
        {details?.requiredRole && details.role
          ? t('keys.noAccess.role', { role: t(`keys.role.${details.role}`), requiredRole: t(`keys.role.${details.requiredRole}`) })
          : t('keys.noAccess.other')}
      </p>
    </article>
  );
}
