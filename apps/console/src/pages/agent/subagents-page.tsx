import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Answer } from '../../api/schema';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { Status } from '../layout';
import {
  useAgent,
  useAvailableSubagents,
  useConnectSubagent,
  useCreateSubagent,
  useDisconnectSubagent,
  useSubagents,
  useUpdateSubagent,
} from './agent-queries';
import { SubagentForm } from './subagent-form';
import { usePageTitle } from '../../components/page-title';

type Connection = Answer<'agents_subagents_list'>['subagents'][number];

/**
 * An agent's sub-agents: each connection with the connected agent's state (whether it still
 * exists, has a prompt, its status and last update), its task changed or the connection removed;
 * an agent of the workspace connected, or a new one created and connected.
 */
export function SubagentsPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '', agentId = '' } = useParams();
  const subagents = useSubagents(workspaceId, agentId);
  const available = useAvailableSubagents(workspaceId, agentId);
  const connect = useConnectSubagent(workspaceId, agentId);
  const create = useCreateSubagent(workspaceId, agentId);
  const parentName = useAgent(workspaceId, agentId).data?.name ?? '';
  const rows = subagents.data?.subagents ?? [];
  const connectable = (available.data?.agents ?? []).filter((a) => !a.isAlreadyConnected);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  usePageTitle(t('subagents.heading', { name: parentName }));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/agents/${agentId}`}>← {t('subagents.back', { name: parentName })}</Link>
      </p>
      <h1>{t('subagents.heading', { name: parentName })}</h1>
      <Status loading={subagents.isPending} error={subagents.error} />
      {subagents.data && rows.length === 0 && <p>{t('subagents.empty')}</p>}
      {rows.length > 0 && (
        <div className="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('subagents.name')}</th>
                <th scope="col">{t('subagents.task')}</th>
                <th scope="col">{t('subagents.connection')}</th>
                <th scope="col">{t('subagents.agentState')}</th>
                <th scope="col">{t('subagents.lastUpdate')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.reference}>
                  <td>
                    {row.name}
                    {row.name !== row.agentName && <small> ({row.agentName})</small>}
                  </td>
                  <td>{t(`subagents.taskShort.${row.task}`)}</td>
                  <td>{t(`subagents.status.${row.status}`)}</td>
                  <td>
                    {!row.agentExists
                      ? t('subagents.agentGone')
                      : `${t(`subagents.status.${row.agentStatus ?? 'inactive'}`)}, ${t(row.hasPrompt ? 'subagents.hasPrompt' : 'subagents.noPrompt')}`}
                  </td>
                  <td>{row.lastUpdate ? dateTime.format(new Date(row.lastUpdate)) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.map((row) => (
        <ConnectionSection key={row.reference} workspaceId={workspaceId} agentId={agentId} connection={row} />
      ))}
      <section aria-labelledby="connect-heading">
        <h2 id="connect-heading">{t('subagents.connectHeading')}</h2>
        <Status loading={available.isPending} error={available.error} />
        {available.data && connectable.length === 0 ? (
          <p>{t('subagents.noneToConnect')}</p>
        ) : (
          <SubagentForm kind="connect" prefix="connect" agents={connectable} submitLabel={t('subagents.connect')} save={connect} />
        )}
      </section>
      <section aria-labelledby="create-heading">
        <h2 id="create-heading">{t('subagents.createHeading')}</h2>
        <SubagentForm kind="create" prefix="create" submitLabel={t('subagents.createAndConnect')} save={create} />
      </section>
    </>
  );
}

/** One connection: its fields edited, or the connection removed after a confirmation (the agent itself stays). */
function ConnectionSection({ workspaceId, agentId, connection }: { workspaceId: string; agentId: string; connection: Connection }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSubagent(workspaceId, agentId, connection.reference);
  const disconnect = useDisconnectSubagent(workspaceId, agentId, connection.reference);
  const headingId = `subagent-${connection.reference}-heading`;
  const { name, task, status, description, delegationCriteria, completionCriteria } = connection;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <details>
        <summary>{t('subagents.edit', { name })}</summary>
        <SubagentForm
          kind="edit"
          prefix={`subagent-${connection.reference}`}
          initial={{ name, task, status, description, delegationCriteria, completionCriteria }}
          submitLabel={t('common.save')}
          save={update}
        />
      </details>
      {confirming ? (
        <ConfirmPrompt
          question={t('subagents.confirmDisconnect', { name })}
          confirmLabel={t('subagents.yesDisconnect')}
          keepLabel={t('subagents.keep')}
          pending={disconnect.isPending}
          onConfirm={() => disconnect.mutate()}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className="secondary outline" onClick={() => setConfirming(true)}>
          {t('subagents.disconnect', { name })}
        </button>
      )}
      {disconnect.error && <p role="alert">{t('common.error', { message: disconnect.error.message })}</p>}
    </section>
  );
}
