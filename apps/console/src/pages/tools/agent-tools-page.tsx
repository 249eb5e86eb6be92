import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Status } from '../layout';
import { useAvailableAgentTools, useAgentTools, useChangeAgentTool, useConnectAgentTool } from './tool-queries';
import { usePageTitle } from '../../components/page-title';

/** An agent's tool connections: connect a published catalog tool, activate or deactivate one, disconnect it. */
export function AgentToolsPage() {
  const { t } = useTranslation();
  const { workspaceId = '', agentId = '' } = useParams();
  const available = useAvailableAgentTools(workspaceId, agentId);
  const connections = useAgentTools(workspaceId, agentId);
  const [toolId, setToolId] = useState('');
  const connect = useConnectAgentTool(workspaceId, agentId);
  const change = useChangeAgentTool(workspaceId, agentId);
  const connectable = available.data?.tools.filter((tool) => !tool.isAlreadyConnected) ?? [];
  const failure = connect.error ?? change.error;

  usePageTitle(t('tools.agentTools'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/agents/${agentId}`}>← {t('tools.backToAgent')}</Link>
      </p>
      <h1>{t('tools.agentTools')}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (toolId) connect.mutate(toolId, { onSuccess: () => setToolId('') });
        }}
      >
        <label htmlFor="agent-tool-connect">{t('tools.connectTool')}</label>
        <select id="agent-tool-connect" value={toolId} onChange={(event) => setToolId(event.target.value)}>
          <option value="">{t('tools.chooseTool')}</option>
          {connectable.map((tool) => (
            <option key={tool.id} value={tool.id}>
              {tool.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={!toolId || connect.isPending}>
          {t('tools.connect')}
        </button>
      </form>
      {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
      <Status loading={connections.isPending} error={connections.error} />
      {connections.data && connections.data.tools.length === 0 && <p>{t('tools.noConnections')}</p>}
      {connections.data && connections.data.tools.length > 0 && (
        <div className="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('tools.name')}</th>
                <th scope="col">{t('tools.kindColumn')}</th>
                <th scope="col">{t('tools.connection')}</th>
                <th scope="col">{t('tools.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {connections.data.tools.map((tool) => {
                const active = tool.connectionStatus === 'active';
                return (
                  <tr key={tool.toolId}>
                    <td>
                      <code>{tool.name}</code>
                    </td>
                    <td>{t(`tools.kind.${tool.kind}`)}</td>
                    <td>{t(`tools.connectionStatus.${tool.connectionStatus}`)}</td>
                    <td>
                      <div className="actions">
                        <button
                          type="button"
                          className="outline"
                          aria-label={`${t(active ? 'tools.deactivate' : 'tools.activate')} ${tool.name}`}
                          disabled={change.isPending}
                          onClick={() => change.mutate({ id: tool.toolId, status: active ? 'inactive' : 'active' })}
                        >
                          {t(active ? 'tools.deactivate' : 'tools.activate')}
                        </button>
                        <button
                          type="button"
                          className="secondary outline"
                          aria-label={`${t('tools.disconnect')} ${tool.name}`}
                          disabled={change.isPending}
                          onClick={() => change.mutate({ id: tool.toolId })}
                        >
                          {t('tools.disconnect')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
