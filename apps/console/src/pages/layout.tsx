import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, api, data } from '../api/client';
import { LANGUAGES, setLanguage, type Language } from '../i18n/i18n';

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

/** Every signed-in page: the navigation, the workspace switcher, the language and sign-out. */
export function Layout() {
  const { t } = useTranslation();
  const { workspaceId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const workspaces = useWorkspaces();
  const user = workspaces.data?.user;
  const role = workspaces.data?.workspaces.find((w) => w.id === workspaceId)?.role;
  // Agents and API keys are for admins: an `agent` (a human support agent) sees the inbox only.
  const isAdmin = role === 'admin';

  const switchTo = (id: string) => {
    // Same page in the other workspace; a conversation or an agent belongs to one workspace, so their lists instead.
    const section =
      ['agents', 'clients', 'scheduled', 'webhooks', 'campaigns', 'tools', 'usage', 'api-keys'].find((name) =>
        location.pathname.includes(`/${name}`),
      ) ?? 'inbox';
    void navigate(`/w/${id}/${section}`);
  };
  const signOut = async () => {
    await fetch('/console/logout', { method: 'POST', headers: { 'x-platica-console': '1' }, credentials: 'same-origin' });
    window.location.assign('/console/signin?signedout=1');
  };

  return (
    <>
      <header className="container">
        <nav className="topbar" aria-label={t('nav.main')}>
          <ul>
            <li>
              <strong>{t('app.title')}</strong>
            </li>
            {workspaceId && (
              <>
                <li>
                  <NavLink to={`/w/${workspaceId}/inbox`}>{t('nav.inbox')}</NavLink>
                </li>
                <li>
                  <NavLink to={`/w/${workspaceId}/clients`}>{t('nav.clients')}</NavLink>
                </li>
                {isAdmin && (
                  <>
                    <li>
                      <NavLink to={`/w/${workspaceId}/agents`}>{t('nav.agents')}</NavLink>
                    </li>
                    <li>
                      <NavLink to={`/w/${workspaceId}/scheduled`}>{t('nav.scheduled')}</NavLink>
                    </li>
                    <li>
                      <NavLink to={`/w/${workspaceId}/webhooks`}>{t('nav.webhooks')}</NavLink>
                    </li>
                    <li>
                      <NavLink to={`/w/${workspaceId}/campaigns`}>{t('campaigns.nav')}</NavLink>
                    </li>
                    <li>
                      <NavLink to={`/w/${workspaceId}/usage`}>{t('nav.usage')}</NavLink>
                    </li>
                    <li>
                      <NavLink to={`/w/${workspaceId}/api-keys`}>{t('keys.nav')}</NavLink>
                    </li>
                    <li>
                      <NavLink to={`/w/${workspaceId}/tools`}>{t('tools.nav')}</NavLink>
                    </li>
                  </>
                )}
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
      <main className="container">
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
