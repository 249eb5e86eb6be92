import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Status } from './layout';
import { usePageTitle } from '../components/page-title';
import { NewAgent } from './agent/agent-lifecycle';
import { useAgents } from './agent/agent-queries';

export function AgentsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const agents = useAgents(workspaceId);
  const rows = agents.data ?? [];
  usePageTitle(t('agents.heading'));
  return (
    <>
      <h1>{t('agents.heading')}</h1>
      <NewAgent workspaceId={workspaceId} />
      <Status loading={agents.isPending} error={agents.error} />
      {agents.data && rows.length === 0 && <p>{t('agents.empty')}</p>}
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('agents.name')}</th>
              <th scope="col">{t('agents.status')}</th>
              <th scope="col">{t('agents.channel')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((agent) => (
              <tr key={agent.id}>
                <td>
                  <Link to={`/w/${workspaceId}/agents/${agent.id}`}>{agent.name}</Link>
                </td>
                <td>{t(agent.status === 'active' ? 'agents.active' : 'agents.inactive')}</td>
                <td>{agent.channel}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
