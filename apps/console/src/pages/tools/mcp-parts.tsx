import { useTranslation } from 'react-i18next';

export type McpStatus = 'active' | 'error' | 'authorization_required' | 'authorization_lapsed';

/** A server's state in words, marked when it needs someone: unreachable, or waiting for an authorization. */
export function McpStatusBadge({ status }: { status: McpStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${status === 'active' ? 'mcp-ok' : 'mcp-attention'}`}>{t(`mcp.status.${status}`)}</span>;
}

/** A tool as the server describes it: its description and the input schema the model would receive. */
export function McpToolDetails({ description, inputSchema }: { description: string; inputSchema: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{description || t('mcp.noDescription')}</p>
      <details>
        <summary>{t('mcp.inputSchema')}</summary>
        <pre>
          <code>{JSON.stringify(inputSchema, null, 2)}</code>
        </pre>
      </details>
    </>
  );
}

/** Whether a listed tool can be installed: a task-only tool cannot (the API says why). */
export function installableOf(tool: object): { installable: boolean; reason: string | null } {
  const { installable, notInstallableReason } = tool as { installable?: unknown; notInstallableReason?: unknown };
  return { installable: installable !== false, reason: typeof notInstallableReason === 'string' ? notInstallableReason : null };
}
