import { useState, type FormEvent } from 'react';
import './integrations.css';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../components/page-title';
import { Status } from '../layout';
import { InstallationStatusBadge, useArrivalNote, type IntegrationsNote } from './integration-parts';
import { useInstallIntegration, useInstallations, useProviders, type IntegrationProvider } from './integrations-queries';

/** The workspace's integrations: those installed, and the gallery of providers to install. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const note = useArrivalNote();
  const providers = useProviders(workspaceId);
  const installations = useInstallations(workspaceId);
  const names = new Map(providers.data?.providers.map((p) => [p.providerId, p.name]));

  usePageTitle(t('integrations.heading'));
  return (
    <>
      <h1>{t('integrations.heading')}</h1>
      <p>{t('integrations.lead')}</p>
      {note && <p role="status">{note}</p>}
      <section aria-labelledby="installed-heading">
        <h2 id="installed-heading">{t('integrations.installed')}</h2>
        <Status loading={installations.isPending} error={installations.error} />
        {installations.data?.installations.length === 0 && <p>{t('integrations.none')}</p>}
        {!!installations.data?.installations.length && (
          <div className="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('tools.name')}</th>
                  <th scope="col">{t('integrations.provider')}</th>
                  <th scope="col">{t('tools.state')}</th>
                  <th scope="col">{t('integrations.tools')}</th>
                </tr>
              </thead>
              <tbody>
                {installations.data.installations.map((installation) => (
                  <tr key={installation.installationId}>
                    <td>
                      <Link to={`/w/${workspaceId}/integrations/${installation.installationId}`}>{installation.name}</Link>
                    </td>
                    <td>{names.get(installation.providerId) ?? installation.providerId}</td>
                    <td>
                      <InstallationStatusBadge status={installation.status} />
                    </td>
                    <td>{t('integrations.installedOf', { installed: installation.installedCount, count: installation.tools.length })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">{t('integrations.gallery')}</h2>
        <Status loading={providers.isPending} error={providers.error} />
        <div className="integration-gallery">
          {providers.data?.providers.map((provider) => (
            <ProviderCard key={provider.providerId} workspaceId={workspaceId} provider={provider} />
          ))}
        </div>
      </section>
    </>
  );
}

/** One provider of the gallery: what it does, its tools, and its install form (settings, and an API key when it takes one). */
function ProviderCard({ workspaceId, provider }: { workspaceId: string; provider: IntegrationProvider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const install = useInstallIntegration(workspaceId);
  const [settings, setSettings] = useState<Record<string, string>>({});
  const [apiKey, setApiKey] = useState('');
  const headingId = `provider-${provider.providerId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value.trim()));
    install.mutate(
      { providerId: provider.providerId, settings: given, ...(provider.auth === 'api_key' ? { credentials: { apiKey } } : {}) },
      {
        onSuccess: ({ data: installation }) =>
          void navigate(`/w/${workspaceId}/integrations/${installation.installationId}`, {
            state: {
              note:
                installation.status === 'authorization_required'
                  ? t('integrations.installedNeedsAuth', { name: installation.name })
                  : t('integrations.installedNote', { name: installation.name, count: installation.installedCount }),
            } satisfies IntegrationsNote,
          }),
      },
    );
  };

  return (
    <article aria-labelledby={headingId}>
      <header>
        <img src={provider.icon} alt="" width={32} height={32} />
        <h3 id={headingId}>{provider.name}</h3>
      </header>
      <p>{provider.description}</p>
      <details>
        <summary>{t('integrations.toolsOf', { count: provider.tools.length })}</summary>
        <ul>
          {provider.tools.map((tool) => (
            <li key={tool.providerToolName}>
              <code>{tool.providerToolName}</code>: {tool.description}
            </li>
          ))}
        </ul>
      </details>
      {!provider.available ? (
        <p>{t('integrations.unavailable')}</p>
      ) : (
        <form onSubmit={submit}>
          {provider.settings.map((setting) => (
            <label key={setting.key}>
              {setting.label}
              <input
                name={setting.key}
                required={setting.required}
                placeholder={setting.example ?? undefined}
                value={settings[setting.key] ?? ''}
                onChange={(event) => setSettings({ ...settings, [setting.key]: event.target.value })}
              />
              <small>{setting.description}</small>
            </label>
          ))}
          {provider.auth === 'api_key' ? (
            <label>
              {t('integrations.apiKey')}
              <input type="password" autoComplete="off" required value={apiKey} onChange={(event) => setApiKey(event.target.value)} />
              <small>{t('integrations.apiKeyHint')}</small>
            </label>
          ) : (
            <p>
              <small>{t('integrations.oauthHint', { name: provider.name })}</small>
            </p>
          )}
          {install.error && <p role="alert">{t('common.error', { message: install.error.message })}</p>}
          <button type="submit" aria-busy={install.isPending} disabled={install.isPending}>
            {t('integrations.install', { name: provider.name })}
          </button>
        </form>
      )}
    </article>
  );
}
