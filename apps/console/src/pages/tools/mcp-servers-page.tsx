import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Status } from '../layout';
import { McpConnectForm } from './mcp-connect-form';
import { McpStatusBadge } from './mcp-parts';
import { useMcpServers } from './tool-queries';
import { usePageTitle } from '../../components/page-title';

/** What a page that sent the browser here wants said (a server disconnected). */
export interface McpNote {
  note?: string;
}

/** The workspace's MCP servers, and connecting a new one (previewed first). */
export function McpServersPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const note = (useLocation().state as McpNote | null)?.note;
  const servers = useMcpServers(workspaceId);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  // A role without access (the API's 403, said by Status) gets no form it could not use.
  const refused = servers.error instanceof ApiError && servers.error.status === 403;

  usePageTitle(t('mcp.heading'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/tools`}>← {t('tools.back')}</Link>
      </p>
      <h1>{t('mcp.heading')}</h1>
      <p>{t('mcp.lead')}</p>
      {note && <p role="status">{note}</p>}
      <section aria-labelledby="mcp-list-heading">
        <h2 id="mcp-list-heading">{t('mcp.connected')}</h2>
        <Status loading={servers.isPending} error={servers.error} />
        {servers.data && servers.data.servers.length === 0 && <p>{t('mcp.empty')}</p>}
        {servers.data && servers.data.servers.length > 0 && (
          <div className="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('tools.name')}</th>
                  <th scope="col">{t('mcp.url')}</th>
                  <th scope="col">{t('tools.state')}</th>
                  <th scope="col">{t('mcp.auth')}</th>
                  <th scope="col">{t('mcp.tools')}</th>
                  <th scope="col">{t('mcp.lastRefresh')}</th>
                </tr>
              </thead>
              <tbody>
                {servers.data.servers.map((server) => (
                  <tr key={server.mcpId}>
                    <td>
                      <Link to={`/w/${workspaceId}/tools/mcp/${server.mcpId}`}>{server.name}</Link>
                    </td>
                    <td>
                      <code>{server.url}</code>
                    </td>
                    <td>
                      <McpStatusBadge status={server.status} />
                      {server.lastError && <small>{server.lastError}</small>}
                    </td>
                    <td>{t(`mcp.auth.${server.auth}`)}</td>
                    <td>{t('mcp.installedOf', { installed: server.installedCount, count: server.toolCount })}</td>
                    <td>{server.lastRefreshAt ? dateTime.format(new Date(server.lastRefreshAt)) : t('mcp.never')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {!refused && (
        <section aria-labelledby="mcp-connect-heading">
          <h2 id="mcp-connect-heading">{t('mcp.connectHeading')}</h2>
          <McpConnectForm
            workspaceId={workspaceId}
            onConnected={(server, choiceFailure) => {
              const said = choiceFailure
                ? t('mcp.connectedChoiceFailed', { name: server.name, message: choiceFailure })
                : server.status === 'authorization_required'
                  ? t('mcp.connectedNeedsAuth', { name: server.name })
                  : t('mcp.connectedNote', { name: server.name, count: server.installedCount });
              void navigate(`/w/${workspaceId}/tools/mcp/${server.mcpId}`, { state: { note: said } satisfies McpNote });
            }}
          />
        </section>
      )}
    </>
  );
}
