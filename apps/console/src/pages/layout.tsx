import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useShortcuts } from '../components/shortcuts';
import { Sidebar } from './shell/sidebar';
import { useWorkspaces } from './shell/shell-queries';
import { LANGUAGES, setLanguage, type Language } from '../i18n/i18n';
import { MentionAlerts } from '../components/mention-alerts';

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
 * sidebar (./shell/sidebar.tsx: the navigation with the inbox's counts, the workspace, the person,
 * the language, sign-out), folded behind the top bar's menu button under 900 px, and the page.
 * `/` focuses the page's search where it has one (the inbox's, the clients').
 */
export function Layout() {
  const { t } = useTranslation();
  const { workspaceId } = useParams();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const me = useWorkspaces().data?.user?.id;
  useShortcuts({ '/': () => document.querySelector<HTMLInputElement>('main [role="search"] input')?.focus() });
  // A page chosen from the menu closes it (on a phone it covers the page's start).
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus, not only scroll: the next Tab goes on from the content, not from the sidebar.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('nav.skip')}
      </a>
      <div
        className={`shell${menuOpen ? ' menu-open' : ''}`}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !menuOpen) return;
          setMenuOpen(false);
          menuButton.current?.focus();
        }}
      >
        <header className="appbar">
          <button ref={menuButton} type="button" aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen(!menuOpen)}>
            {t('nav.menu')}
          </button>
          <span className="brand">{t('app.title')}</span>
        </header>
        <Sidebar workspaceId={workspaceId} />
        <main id="main" tabIndex={-1}>
          {workspaceId && <MentionAlerts workspaceId={workspaceId} me={me} />}
          <Outlet />
        </main>
      </div>
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
  const requiredRole = error.detail('requiredRole');
  const role = error.detail('role');
  return (
    <article role="alert">
      <h2>{t('keys.noAccess.heading')}</h2>
      <p>
        {typeof requiredRole === 'string' && typeof role === 'string'
          ? t('keys.noAccess.role', { role: t(`keys.role.${role}`), requiredRole: t(`keys.role.${requiredRole}`) })
          : t('keys.noAccess.other')}
      </p>
    </article>
  );
}
