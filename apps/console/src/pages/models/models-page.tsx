import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { usePageTitle } from '../../components/page-title';
import { Status } from '../layout';
import { ConnectionForm } from './connection-form';
import {
  useConnections,
  useCreateConnection,
  useRemoveConnection,
  useTestConnection,
  useUpdateConnection,
  type ModelConnection,
} from './model-queries';

/**
 * The workspace's model connections (docs/agents.md › Models and fallback): a new one, and each
 * one's provider, base URL, credential state, models with their prices, circuit breaker, a test
 * call, edit and delete. Without any, the installation's model answers (said on the page).
 */
export function ModelsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const connections = useConnections(workspaceId);
  const rows = connections.data ?? [];
  const create = useCreateConnection(workspaceId);
  // Folded again once created: the new connection's card says it was.
  const [creating, setCreating] = useState(false);

  usePageTitle(t('models.heading'));
  return (
    <>
      <h1>{t('models.heading')}</h1>
      <p>
        <small>{t('models.intro')}</small>
      </p>
      <details open={creating} onToggle={(event) => setCreating(event.currentTarget.open)}>
        <summary>{t('models.new')}</summary>
        <ConnectionForm submitLabel={t('models.create')} save={create} onSaved={() => setCreating(false)} />
      </details>
      <Status loading={connections.isPending} error={connections.error} />
      {connections.data && rows.length === 0 && <p>{t('models.empty')}</p>}
      {connections.data && rows.length > 0 && !rows.some((c) => c.default) && <p>{t('models.noDefault')}</p>}
      {rows.map((connection) => (
        <ConnectionCard key={connection.id} workspaceId={workspaceId} connection={connection} />
      ))}
    </>
  );
}

/** One connection as a card: what it is, what its models cost, its breaker, and its actions. */
function ConnectionCard({ workspaceId, connection }: { workspaceId: string; connection: ModelConnection }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateConnection(workspaceId, connection.id);
  const remove = useRemoveConnection(workspaceId, connection.id);
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });
  const headingId = `connection-${connection.id}-heading`;
  const priceOf = (value: number | null | undefined) => (value === null || value === undefined ? t('models.unpriced') : usd.format(value));

  return (
    <article className="connection" aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>
          {connection.name} {connection.default && <span className="badge">{t('models.defaultBadge')}</span>}
        </h2>
      </header>
      <dl className="facts">
        <div>
          <dt>{t('models.provider')}</dt>
          <dd>{t(`models.provider.${connection.provider}`)}</dd>
        </div>
        <div>
          <dt>{t('models.baseUrl')}</dt>
          <dd>{connection.baseUrl ? <code>{connection.baseUrl}</code> : t('models.publicApi')}</dd>
        </div>
        <div>
          <dt>{t('models.credential')}</dt>
          <dd>{t(connection.hasCredential ? 'models.credentialStored' : 'models.credentialNone')}</dd>
        </div>
        <div>
          <dt>{t('models.breaker')}</dt>
          <dd>
            <BreakerState breaker={connection.breaker} />
          </dd>
        </div>
      </dl>
      <div className="overflow-auto" tabIndex={0} role="group" aria-label={t('models.pricesOf', { name: connection.name })}>
        <table aria-label={t('models.pricesOf', { name: connection.name })}>
          <thead>
            <tr>
              <th scope="col">{t('models.model')}</th>
              <th scope="col">{t('models.inputPrice')}</th>
              <th scope="col">{t('models.outputPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {connection.models.map((model) => (
              <tr key={model.id}>
                <td>
                  <code>{model.id}</code>
                </td>
                <td>{priceOf(model.inputUsdPerMillion)}</td>
                <td>{priceOf(model.outputUsdPerMillion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConnectionTest workspaceId={workspaceId} connection={connection} />
      {confirming ? (
        <ConfirmPrompt
          question={t('models.confirmDelete', { name: connection.name })}
          confirmLabel={t('models.yesDelete')}
          keepLabel={t('models.keep')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => {
            setConfirming(false);
            remove.reset();
          }}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="outline"
            aria-expanded={editing}
            aria-label={`${t('models.edit')} ${connection.name}`}
            onClick={() => setEditing(!editing)}
          >
            {t('models.edit')}
          </button>
          <button
            type="button"
            className="secondary outline"
            aria-label={`${t('models.delete')} ${connection.name}`}
            onClick={() => setConfirming(true)}
          >
            {t('models.delete')}
          </button>
        </div>
      )}
      {remove.error && <p role="alert">{t('common.error', { message: remove.error.message })}</p>}
      {editing && (
        <section aria-label={t('models.editing', { name: connection.name })}>
          <ConnectionForm connection={connection} submitLabel={t('models.save')} save={update} />
        </section>
      )}
    </article>
  );
}

/** The circuit breaker in words: closed (with the failures in a row so far), or open until when. */
function BreakerState({ breaker }: { breaker: ModelConnection['breaker'] }) {
  const { t, i18n } = useTranslation();
  if (breaker.state === 'open') {
    const until = breaker.openUntil
      ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(breaker.openUntil))
      : '';
    return <span className="badge breaker-open">{t('models.breakerOpen', { until, count: breaker.failures })}</span>;
  }
  return <>{breaker.failures > 0 ? t('models.breakerClosedFailing', { count: breaker.failures }) : t('models.breakerClosed')}</>;
}

/** The test button: a one-token call to a chosen model of the connection, its answer or the provider's error said plainly. */
function ConnectionTest({ workspaceId, connection }: { workspaceId: string; connection: ModelConnection }) {
  const { t } = useTranslation();
  const [model, setModel] = useState(connection.models[0]?.id ?? '');
  const test = useTestConnection(workspaceId, connection.id);
  const result = test.data;
  const chosen = connection.models.some((m) => m.id === model) ? model : (connection.models[0]?.id ?? '');
  const selectId = `connection-${connection.id}-test-model`;
  return (
    <div className="connection-test">
      <div className="actions">
        {connection.models.length > 1 && (
          <>
            <label htmlFor={selectId}>{t('models.testModel')}</label>
            <select id={selectId} value={chosen} onChange={(event) => setModel(event.target.value)}>
              {connection.models.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.id}
                </option>
              ))}
            </select>
          </>
        )}
        <button
          type="button"
          className="outline"
          aria-label={`${t('models.test')} ${connection.name}`}
          aria-busy={test.isPending || undefined}
          disabled={test.isPending}
          onClick={() => test.mutate(chosen)}
        >
          {t('models.test')}
        </button>
      </div>
      {/* One live region: the result replaces the last one, and a screen reader hears it. */}
      <div aria-live="polite">
        {result?.ok && (
          <p className="test-ok" role="status">
            {t('models.testOk', { model: result.model, ms: result.durationMs })}
          </p>
        )}
        {result && !result.ok && (
          <p className="test-failed" role="alert">
            {t('models.testFailed', {
              model: result.model,
              ms: result.durationMs,
              status: result.error?.status ?? t('models.noStatus'),
              code: result.error?.code ?? '—',
            })}
            <br />
            <code>{result.error?.message}</code>
          </p>
        )}
        {test.error && <p role="alert">{t('common.error', { message: test.error.message })}</p>}
      </div>
    </div>
  );
}
