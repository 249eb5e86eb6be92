import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { Status } from '../layout';
import { CustomApiForm } from './custom-api-form';
import { useCatalog, useCreateCustomApi, useCustomApis, useDeleteCustomApi, useSetCustomApiEnabled } from './tool-queries';
import { usePageTitle } from '../../components/page-title';

/** The tools page: the catalog (what agents can be connected to), and the custom APIs with a new one. */
export function ToolsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const [deletedNote, setDeletedNote] = useState('');
  const catalog = useCatalog(workspaceId);
  const apis = useCustomApis(workspaceId);
  const create = useCreateCustomApi(workspaceId);

  usePageTitle(t('tools.heading'));
  return (
    <>
      <h1>{t('tools.heading')}</h1>
      <section aria-labelledby="catalog-heading">
        <h2 id="catalog-heading">{t('tools.catalog')}</h2>
        <Status loading={catalog.isPending} error={catalog.error} />
        {catalog.data && catalog.data.tools.length === 0 && <p>{t('tools.emptyCatalog')}</p>}
        {catalog.data?.tools.map((tool) => (
          <details key={tool.id}>
            <summary>
              <code>{tool.name}</code> · {t(`tools.kind.${tool.kind}`)} · {tool.status}
            </summary>
            <p>{tool.description}</p>
            <dl>
              <dt>{t('tools.toolId')}</dt>
              <dd>
                <code>{tool.id}</code>
              </dd>
              {tool.integrationId && (
                <>
                  <dt>{t('tools.customApi')}</dt>
                  <dd>
                    <Link to={`/w/${workspaceId}/tools/apis/${tool.integrationId}`}>
                      {String(tool.integrationName ?? tool.integrationId)}
                    </Link>
                  </dd>
                </>
              )}
              {tool.mcpId && (
                <>
                  <dt>{t('tools.mcpServer')}</dt>
                  <dd>
                    <Link to={`/w/${workspaceId}/tools/mcp/${tool.mcpId}`}>{String(tool.mcpName ?? tool.mcpId)}</Link> ({tool.mcpToolName})
                  </dd>
                </>
              )}
            </dl>
            <p>{t('tools.parameters')}</p>
            <pre>
              <code>{JSON.stringify(tool.parameters, null, 2)}</code>
            </pre>
          </details>
        ))}
      </section>
      <section aria-labelledby="mcp-servers-heading">
        <h2 id="mcp-servers-heading">{t('mcp.heading')}</h2>
        <p>
          {t('mcp.toolsPageLead')} <Link to={`/w/${workspaceId}/tools/mcp`}>{t('mcp.manage')}</Link>
        </p>
      </section>
      <section aria-labelledby="apis-heading">
        <h2 id="apis-heading">{t('tools.apis')}</h2>
        <details>
          <summary>{t('tools.newApi')}</summary>
          <CustomApiForm submitLabel={t('tools.createApi')} save={create} />
        </details>
        <Status loading={apis.isPending} error={apis.error} />
        {deletedNote && <p role="status">{deletedNote}</p>}
        {apis.data && apis.data.apis.length === 0 && <p>{t('tools.emptyApis')}</p>}
        {apis.data && apis.data.apis.length > 0 && (
          <div className="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('tools.name')}</th>
                  <th scope="col">{t('tools.request')}</th>
                  <th scope="col">{t('tools.state')}</th>
                  <th scope="col">{t('tools.lastTest')}</th>
                  <th scope="col">{t('tools.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {apis.data.apis.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <Link to={`/w/${workspaceId}/tools/apis/${entry.id}`}>{entry.name}</Link>
                    </td>
                    <td>
                      <code>
                        {entry.method} {entry.url}
                      </code>
                    </td>
                    <td>{t(`tools.status.${entry.status}`)}</td>
                    <td>{entry.lastTestOutcome ?? '—'}</td>
                    <td>
                      <CustomApiActions workspaceId={workspaceId} api={entry} onDeleted={setDeletedNote} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** Enable (publish to the catalog) or pause (withdraw it), and delete after a confirmation that says what goes with it. */
export function CustomApiActions({
  workspaceId,
  api: entry,
  onDeleted,
}: {
  workspaceId: string;
  api: { id: string; name: string; status: string };
  /** Told what the deletion removed with it: the agent connections, by the API's count. */
  onDeleted?: (note: string) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const setEnabled = useSetCustomApiEnabled(workspaceId, entry.id);
  const remove = useDeleteCustomApi(workspaceId, entry.id);
  const enabled = entry.status === 'enabled';
  const failure = setEnabled.error ?? remove.error;
  return (
    <>
      {confirming ? (
        <ConfirmPrompt
          question={t('tools.confirmDelete', { name: entry.name })}
          confirmLabel={t('tools.yesDelete')}
          keepLabel={t('tools.keep')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: (answer) => onDeleted?.(t('tools.deleted', { name: entry.name, count: answer.data.removedAgentConnections })),
            })
          }
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="outline"
            aria-label={`${t(enabled ? 'tools.pause' : 'tools.enable')} ${entry.name}`}
            disabled={setEnabled.isPending}
            onClick={() => setEnabled.mutate(!enabled)}
          >
            {t(enabled ? 'tools.pause' : 'tools.enable')}
          </button>
          <button
            type="button"
            className="secondary outline"
            aria-label={`${t('tools.delete')} ${entry.name}`}
            onClick={() => setConfirming(true)}
          >
            {t('tools.delete')}
          </button>
        </div>
      )}
      {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
    </>
  );
}
