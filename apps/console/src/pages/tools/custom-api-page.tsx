import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Status } from '../layout';
import { CustomApiForm, type CustomApiBody } from './custom-api-form';
import { CustomApiActions } from './tools-page';
import { useCustomApi, useTestCustomApi, useUpdateCustomApi } from './tool-queries';
import { usePageTitle } from '../../components/page-title';

/** One custom API: its state, every field to change (secrets read back redacted), and the test runner. */
export function CustomApiPage() {
  const { t } = useTranslation();
  const { workspaceId = '', integrationId = '' } = useParams();
  const definition = useCustomApi(workspaceId, integrationId);
  // The version the edit began from: a change saved meanwhile by someone else is a 409, not overwritten.
  const update = useUpdateCustomApi(workspaceId, integrationId);
  const current = definition.data;

  usePageTitle(current?.name ?? t('tools.nav'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/tools`}>← {t('tools.back')}</Link>
      </p>
      <Status loading={definition.isPending} error={definition.error} />
      {current && (
        <>
          <h1>{current.name}</h1>
          <p>
            <code>{current.toolName}</code> · <strong>{t(`tools.status.${current.status}`)}</strong> ·{' '}
            {t('tools.version', { version: current.version })}
          </p>
          {current.secretsRedacted && <p>{t('tools.secretsRedacted')}</p>}
          <CustomApiActions workspaceId={workspaceId} api={current} />
          <section aria-labelledby="api-settings-heading">
            <h2 id="api-settings-heading">{t('tools.settings')}</h2>
            <CustomApiForm initial={current as unknown as CustomApiBody} submitLabel={t('common.save')} save={update} />
          </section>
          <TestRunner workspaceId={workspaceId} integrationId={integrationId} />
        </>
      )}
    </>
  );
}

/** The test: a dry run shows the request as assembled (nothing sent); a real one also the remote answer as trimmed for the model. */
function TestRunner({ workspaceId, integrationId }: { workspaceId: string; integrationId: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('{}');
  const [phoneNumber, setPhoneNumber] = useState('');
  const run = useTestCustomApi(workspaceId, integrationId);
  const result = run.data?.data;
  return (
    <section aria-labelledby="api-test-heading">
      <h2 id="api-test-heading">{t('tools.test')}</h2>
      <label htmlFor="api-test-input">{t('tools.testInput')}</label>
      <textarea id="api-test-input" rows={3} className="code" value={input} onChange={(event) => setInput(event.target.value)} />
      <label htmlFor="api-test-phone">{t('tools.testPhone')}</label>
      <input id="api-test-phone" value={phoneNumber} onChange={(event) => setPhoneNumber(event.target.value)} />
      <div className="actions">
        <button type="button" className="outline" disabled={run.isPending} onClick={() => run.mutate({ dryRun: true, input, phoneNumber })}>
          {t('tools.dryRun')}
        </button>
        <button type="button" disabled={run.isPending} onClick={() => run.mutate({ dryRun: false, input, phoneNumber })}>
          {t('tools.realRun')}
        </button>
      </div>
      {run.error && <p role="alert">{t('common.error', { message: run.error.message })}</p>}
      {result && (
        <article aria-label={t('tools.testResult')}>
          <p>
            <strong>{result.outcome}</strong>
            {result.httpStatus !== null && <> · HTTP {result.httpStatus}</>} · {t('tools.ms', { ms: result.durationMs })}
          </p>
          <h3>{t('tools.assembledRequest')}</h3>
          <pre aria-label={t('tools.assembledRequest')}>
            <code>{JSON.stringify(result.request, null, 2)}</code>
          </pre>
          {result.response !== undefined && result.response !== null && (
            <>
              <h3>{t('tools.trimmedResponse')}</h3>
              <pre aria-label={t('tools.trimmedResponse')}>
                <code>{typeof result.response === 'string' ? result.response : JSON.stringify(result.response, null, 2)}</code>
              </pre>
            </>
          )}
        </article>
      )}
    </section>
  );
}
