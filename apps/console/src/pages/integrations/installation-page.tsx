import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { usePageTitle } from '../../components/page-title';
import { Status } from '../layout';
import { InstallationStatusBadge, useArrivalNote, type IntegrationsNote } from './integration-parts';
import { useInstallation } from './integrations-queries';

/** One installation: its state and authorization, which tools are installed, its key, pause and uninstall. */
export function InstallationPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '', installationId = '' } = useParams();
  const navigate = useNavigate();
  const note = useArrivalNote();
  const { installation, authorize, sync, update, pause, resume, uninstall } = useInstallation(workspaceId, installationId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [apiKey, setApiKey] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState('');
  const current = installation.data;
  // The checkboxes start from what is installed, and again after each change.
  useEffect(() => setChosen(current?.tools.filter((tool) => tool.installed).map((tool) => tool.providerToolName) ?? []), [current]);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  usePageTitle(current?.name ?? t('integrations.heading'));
  const failure = [authorize, sync, update, pause, resume, uninstall].find((m) => m.error)?.error;

  const startAuthorization = () =>
    authorize.mutate(undefined, {
      // The provider's consent page in a tab of its own; coming back here reads the installation again.
      onSuccess: ({ authorizationUrl }) => window.open(authorizationUrl, '_blank', 'noopener'),
    });
  const saveTools = (event: FormEvent) => {
    event.preventDefault();
    sync.mutate(chosen, { onSuccess: ({ data }) => setSaid(t('integrations.toolsSaved', { count: data.installedCount })) });
  };
  const saveKey = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ credentials: { apiKey } }, { onSuccess: () => (setApiKey(''), setSaid(t('integrations.keySaved'))) });
  };

  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/integrations`}>← {t('integrations.back')}</Link>
      </p>
      <Status loading={installation.isPending} error={installation.error} />
      {current && (
        <>
          <h1>{current.name}</h1>
          {note && <p role="status">{note}</p>}
          {said && <p role="status">{said}</p>}
          {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
          <p>
            <InstallationStatusBadge status={current.status} /> {current.lastError && <small>{current.lastError}</small>}
          </p>
          <section aria-labelledby="authorization-heading">
            <h2 id="authorization-heading">{t('integrations.authorization')}</h2>
            {current.auth === 'oauth2' ? (
              <>
                <p>
                  {current.authorized
                    ? t('integrations.authorizedUntil', {
                        when: current.authorizationExpiresAt ? dateTime.format(new Date(current.authorizationExpiresAt)) : '—',
                      })
                    : t('integrations.notAuthorized')}
                </p>
                <button type="button" aria-busy={authorize.isPending} onClick={startAuthorization}>
                  {current.authorized ? t('integrations.authorizeAgain') : t('integrations.authorize')}
                </button>
                {authorize.data && (
                  <p>
                    <a href={authorize.data.authorizationUrl} target="_blank" rel="noopener noreferrer">
                      {t('integrations.openConsent')}
                    </a>
                  </p>
                )}
              </>
            ) : (
              <form onSubmit={saveKey}>
                <label>
                  {t('integrations.replaceKey')}
                  <input type="password" autoComplete="off" required value={apiKey} onChange={(event) => setApiKey(event.target.value)} />
                  <small>{t('integrations.apiKeyHint')}</small>
                </label>
                <button type="submit" aria-busy={update.isPending}>
                  {t('integrations.saveKey')}
                </button>
              </form>
            )}
          </section>
          <section aria-labelledby="tools-heading">
            <h2 id="tools-heading">{t('integrations.tools')}</h2>
            <form onSubmit={saveTools}>
              <fieldset>
                <legend>{t('integrations.chooseTools')}</legend>
                {current.tools.map((tool) => (
                  <label key={tool.providerToolName}>
                    <input
                      type="checkbox"
                      checked={chosen.includes(tool.providerToolName)}
                      onChange={(event) =>
                        setChosen(
                          event.target.checked ? [...chosen, tool.providerToolName] : chosen.filter((n) => n !== tool.providerToolName),
                        )
                      }
                    />
                    <code>{tool.name ?? tool.providerToolName}</code> {tool.description}
                  </label>
                ))}
              </fieldset>
              <button type="submit" aria-busy={sync.isPending}>
                {t('integrations.saveTools')}
              </button>
            </form>
          </section>
          <section aria-labelledby="manage-heading">
            <h2 id="manage-heading">{t('integrations.manage')}</h2>
            <div className="actions">
              {current.status === 'paused' ? (
                <button type="button" className="secondary" aria-busy={resume.isPending} onClick={() => resume.mutate()}>
                  {t('integrations.resume')}
                </button>
              ) : (
                <button type="button" className="secondary" aria-busy={pause.isPending} onClick={() => pause.mutate()}>
                  {t('integrations.pause')}
                </button>
              )}
              {!confirming && (
                <button type="button" className="contrast" onClick={() => setConfirming(true)}>
                  {t('integrations.uninstall')}
                </button>
              )}
            </div>
            {confirming && (
              <ConfirmPrompt
                question={t('integrations.confirmUninstall', { name: current.name })}
                confirmLabel={t('integrations.yesUninstall')}
                keepLabel={t('tools.keep')}
                pending={uninstall.isPending}
                onKeep={() => setConfirming(false)}
                onConfirm={() =>
                  uninstall.mutate(undefined, {
                    onSuccess: ({ data }) =>
                      void navigate(`/w/${workspaceId}/integrations`, {
                        state: {
                          note: t('integrations.uninstalled', { name: current.name, count: data.removedAgentConnections }),
                        } satisfies IntegrationsNote,
                      }),
                  })
                }
              />
            )}
          </section>
        </>
      )}
    </>
  );
}
