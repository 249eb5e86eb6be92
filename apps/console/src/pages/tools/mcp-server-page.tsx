import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { Status } from '../layout';
import { installableOf, McpStatusBadge, McpToolDetails, type McpStatus } from './mcp-parts';
import type { McpNote } from './mcp-servers-page';
import { useDisconnectMcp, useMcpServer, useRediscoverMcp, useStartMcpAuthorization, useSyncMcpTools } from './tool-queries';
import { usePageTitle } from '../../components/page-title';

interface ServerTool {
  mcpToolName: string;
  description: string;
  inputSchema: Record<string, unknown>;
  installed: boolean;
  name: string | null;
}

/** While an authorization is under way, the server is read again this often: the callback happens in another tab. */
const AUTHORIZATION_POLL_MS = 3_000;

/**
 * One MCP server: its state and settings, its tools (installed or not) to choose from, a
 * re-discovery saying what changed, OAuth authorization, and disconnecting it.
 */
export function McpServerPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '', mcpId = '' } = useParams();
  const note = (useLocation().state as McpNote | null)?.note;
  const navigate = useNavigate();
  const [authorizing, setAuthorizing] = useState(false);
  const server = useMcpServer(workspaceId, mcpId, authorizing, AUTHORIZATION_POLL_MS);
  const [syncNote, setSyncNote] = useState('');
  const rediscover = useRediscoverMcp(workspaceId, mcpId);
  const refresh = () => {
    // One outcome on screen at a time: the last choice's note would describe a list the refresh changed.
    setSyncNote('');
    rediscover.mutate();
  };
  const disconnect = useDisconnectMcp(workspaceId, mcpId);
  const disconnectNamed = (name: string) =>
    disconnect.mutate(undefined, {
      onSuccess: ({ data: { removedTools, removedAgentConnections } }) => {
        const said = t('mcp.disconnected', { name, tools: removedTools, count: removedAgentConnections });
        void navigate(`/w/${workspaceId}/tools/mcp`, { state: { note: said } satisfies McpNote });
      },
    });
  const [confirming, setConfirming] = useState(false);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const current = server.data;
  const limits = current?.limits as { maxBytes?: number; timeoutMs?: number; maxTimeoutMs?: number } | undefined;
  const changes = rediscover.data?.data;

  usePageTitle(current?.name ?? t('mcp.heading'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/tools/mcp`}>← {t('mcp.back')}</Link>
      </p>
      {note && <p role="status">{note}</p>}
      <Status loading={server.isPending} error={server.error} />
      {current && (
        <>
          <h1>{current.name}</h1>
          <dl className="facts">
            <div>
              <dt>{t('tools.state')}</dt>
              <dd>
                <McpStatusBadge status={current.status} />
              </dd>
            </div>
            <div>
              <dt>{t('mcp.url')}</dt>
              <dd>
                <code>{current.url}</code>
              </dd>
            </div>
            <div>
              <dt>{t('mcp.auth')}</dt>
              <dd>
                {t(`mcp.auth.${current.auth}`)}
                {current.headers.length > 0 && <> · {t('mcp.headerNames', { names: current.headers.join(', ') })}</>}
              </dd>
            </div>
            <div>
              <dt>{t('mcp.serverInfo')}</dt>
              <dd>
                {current.serverInfo ? `${current.serverInfo.name} ${current.serverInfo.version}` : '—'}
                {current.transport && <> · {current.transport}</>}
                {current.protocolVersion && <> · {t('mcp.protocol', { version: current.protocolVersion })}</>}
              </dd>
            </div>
            <div>
              <dt>{t('mcp.tools')}</dt>
              <dd>{t('mcp.installedOf', { installed: current.installedCount, count: current.toolCount })}</dd>
            </div>
            <div>
              <dt>{t('mcp.lastRefresh')}</dt>
              <dd>{current.lastRefreshAt ? dateTime.format(new Date(current.lastRefreshAt)) : t('mcp.never')}</dd>
            </div>
            {current.lastError && (
              <div>
                <dt>{t('mcp.lastError')}</dt>
                <dd>{current.lastError}</dd>
              </div>
            )}
            {limits?.maxBytes !== undefined && (
              <div>
                <dt>{t('mcp.limits')}</dt>
                <dd>{t('mcp.limitsValue', limits)}</dd>
              </div>
            )}
          </dl>
          <div className="actions">
            <button type="button" className="outline" disabled={rediscover.isPending} aria-busy={rediscover.isPending} onClick={refresh}>
              {t('mcp.refresh')}
            </button>
            {!confirming && (
              <button type="button" className="secondary outline" onClick={() => setConfirming(true)}>
                {t('mcp.disconnect')}
              </button>
            )}
          </div>
          {confirming && (
            <ConfirmPrompt
              question={t('mcp.confirmDisconnect', { name: current.name, count: current.installedCount })}
              confirmLabel={t('mcp.yesDisconnect')}
              keepLabel={t('tools.keep')}
              pending={disconnect.isPending}
              onConfirm={() => disconnectNamed(current.name)}
              onKeep={() => setConfirming(false)}
            />
          )}
          {disconnect.error && <p role="alert">{t('common.error', { message: disconnect.error.message })}</p>}
          {rediscover.error && <p role="alert">{t('mcp.refreshFailed', { message: rediscover.error.message })}</p>}
          {changes && (
            <p role="status">
              {changes.added.length + changes.updated.length + changes.removed.length === 0
                ? t('mcp.refreshedNothing')
                : t('mcp.refreshed', {
                    added: changes.added.join(', ') || '—',
                    updated: changes.updated.join(', ') || '—',
                    removed: changes.removed.join(', ') || '—',
                  })}
            </p>
          )}
          {current.auth === 'oauth' && (
            <Authorization workspaceId={workspaceId} mcpId={mcpId} status={current.status} onStarted={() => setAuthorizing(true)} />
          )}
          <ToolChoice
            key={`${current.updatedAt}-${current.installedCount}-${current.toolCount}`}
            workspaceId={workspaceId}
            mcpId={mcpId}
            status={current.status}
            tools={current.tools}
            syncNote={syncNote}
            onSynced={(said) => {
              rediscover.reset();
              setSyncNote(said);
            }}
          />
        </>
      )}
    </>
  );
}

/** OAuth: the API builds the authorization URL; the user opens it, allows access, and the gateway's callback finishes. */
function Authorization({
  workspaceId,
  mcpId,
  status,
  onStarted,
}: {
  workspaceId: string;
  mcpId: string;
  status: McpStatus;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartMcpAuthorization(workspaceId, mcpId);
  const started = start.data;
  return (
    <section aria-labelledby="mcp-authorization-heading">
      <h2 id="mcp-authorization-heading">{t('mcp.authorization')}</h2>
      <p>{t(`mcp.authorizationState.${status}`)}</p>
      <button
        type="button"
        className={status === 'active' ? 'outline' : undefined}
        disabled={start.isPending}
        onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
      >
        {t(status === 'active' ? 'mcp.authorizeAgain' : 'mcp.startAuthorization')}
      </button>
      {start.error && <p role="alert">{t('common.error', { message: start.error.message })}</p>}
      {started && status !== 'active' && (
        <p role="status">
          <a href={started.authorizationUrl} target="_blank" rel="noopener noreferrer">
            {t('mcp.openAuthorization')}
          </a>{' '}
          {t('mcp.authorizationWaiting', { redirectUri: started.redirectUri })}
        </p>
      )}
    </section>
  );
}

/** Which of the server's tools are installed in the catalog: checked ones stay or are added, the others go (with their agent connections). */
function ToolChoice({
  workspaceId,
  mcpId,
  status,
  tools,
  syncNote,
  onSynced,
}: {
  workspaceId: string;
  mcpId: string;
  status: McpStatus;
  tools: ServerTool[];
  /** What the last save of the choice did: kept by the page, since this list is remade from the API's answer. */
  syncNote: string;
  onSynced: (note: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => new Set(tools.filter((tool) => tool.installed).map((tool) => tool.mcpToolName)));
  const sync = useSyncMcpTools(workspaceId, mcpId);
  const toggle = (name: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  return (
    <section aria-labelledby="mcp-tools-heading">
      <h2 id="mcp-tools-heading">{t('mcp.chooseTools')}</h2>
      {syncNote && <p role="status">{syncNote}</p>}
      {tools.length === 0 ? (
        <p>{t(status === 'active' || status === 'error' ? 'mcp.noToolsListed' : 'mcp.noToolsYet')}</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            // The page reads the server again; this list, keyed by its counts, starts over from what the API installed.
            sync.mutate([...chosen], {
              onSuccess: ({ data: result }) =>
                onSynced(
                  t('mcp.synced', {
                    installed: result.installed.join(', ') || '—',
                    uninstalled: result.uninstalled.join(', ') || '—',
                    count: result.removedAgentConnections,
                  }),
                ),
            });
          }}
        >
          <fieldset>
            <legend>{t('mcp.installedTools')}</legend>
            {tools.map((tool) => {
              const { installable, reason } = installableOf(tool);
              return (
                <div key={tool.mcpToolName} className="mcp-tool">
                  <label>
                    <input
                      type="checkbox"
                      disabled={!installable}
                      checked={chosen.has(tool.mcpToolName)}
                      onChange={(event) => toggle(tool.mcpToolName, event.target.checked)}
                    />
                    <code>{tool.mcpToolName}</code>
                  </label>
                  <small>
                    {tool.installed && tool.name ? t('mcp.inCatalog', { name: tool.name }) : t('mcp.notInCatalog')}
                    {!installable && ` · ${t('mcp.notInstallable', { reason })}`}
                  </small>
                  <McpToolDetails description={tool.description} inputSchema={tool.inputSchema} />
                </div>
              );
            })}
          </fieldset>
          <button type="submit" disabled={sync.isPending} aria-busy={sync.isPending}>
            {t('mcp.saveChoice')}
          </button>
          {sync.error && <p role="alert">{t('common.error', { message: sync.error.message })}</p>}
        </form>
      )}
    </section>
  );
}
