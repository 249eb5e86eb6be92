import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { SaveOutcome, linesOf, showFieldIssues, submitHandler, useFieldKit, useRules } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';
import type { Answer } from '../../api/schema';
import { MCP_AUTH_TYPES, MCP_BOUNDS as B, MCP_HEADER_NAME } from '../../mcp-bounds';
import { installableOf, McpToolDetails } from './mcp-parts';
import { useConnectMcp, usePreviewMcp } from './tool-queries';

/** The form's values, shaped as the API's body so that a 400's `details` paths name its fields. */
interface McpConnectValues {
  name: string;
  url: string;
  /** `Name: value`, one per line. */
  headers: string;
  auth: { type: (typeof MCP_AUTH_TYPES)[number]; token: string; scope: string; clientId: string; clientSecret: string };
  limits: { maxBytes: number; timeoutMs: number; maxTimeoutMs: number };
}

const DEFAULTS: McpConnectValues = {
  name: '',
  url: '',
  headers: '',
  auth: { type: 'none', token: '', scope: '', clientId: '', clientSecret: '' },
  limits: { maxBytes: B.limits.maxBytes.default, timeoutMs: B.limits.timeoutMs.default, maxTimeoutMs: B.limits.maxTimeoutMs.default },
};

/** `Name: value`, the name an HTTP header name as the API takes it. */
const HEADER_LINE = new RegExp(`^(${MCP_HEADER_NAME.source.replace(/^\^|\$$/g, '')})\\s*:\\s*(.*)$`);

/** What preview and connect share: the URL and the credentials to reach the server with. */
function reachOf(values: McpConnectValues) {
  const headers = Object.fromEntries(
    linesOf(values.headers).map((line) => {
      const [, name = line, value = ''] = HEADER_LINE.exec(line) ?? [];
      return [name, value];
    }),
  );
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  const { auth } = values;
  return {
    url: values.url.trim(),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(auth.type === 'bearer' ? { auth: { type: 'bearer' as const, token: auth.token } } : {}),
    ...(auth.type === 'oauth'
      ? {
          auth: {
            type: 'oauth' as const,
            scope: optional(auth.scope),
            clientId: optional(auth.clientId),
            clientSecret: optional(auth.clientSecret),
          },
        }
      : {}),
  };
}

/**
 * A refusal placed on the field it is about: a 400's (or 409's) `details` by their paths; a 422
 * on the URL when the server could not be reached, on the credentials when it refused them.
 * Returns what no field shows.
 */
function placeRefusal(form: UseFormReturn<McpConnectValues>, failure: unknown): FieldIssue[] {
  if (failure instanceof ApiError && failure.status === 422) {
    const reason = failure.detail('reason');
    const bearer = form.getValues('auth.type') === 'bearer';
    const field = reason === 'mcp_unreachable' ? 'url' : reason === 'mcp_unauthorized' ? (bearer ? 'auth.token' : 'auth.type') : null;
    if (field) {
      form.setError(field, { type: 'server', message: failure.message });
      return [];
    }
  }
  return showFieldIssues(form, failure);
}

/** A server as connecting it answers: what the page it goes to says of it. */
export type ConnectedMcpServer = Pick<Answer<'tools_mcp_connect', 201>['data'], 'mcpId' | 'name' | 'status' | 'installedCount'>;

/**
 * Connecting a server: its URL, name, headers and authentication; "Preview" asks the API what the
 * server exposes (nothing saved) and offers its tools to choose from; "Connect" saves it, which
 * installs every tool, then keeps only the chosen ones (tools/sync) when some were left out.
 */
/**
 * `choiceFailure`: the server is connected, but narrowing its tools to those chosen failed (with
 * this message): it has all of them installed, to be chosen on its page.
 */
export function McpConnectForm({
  workspaceId,
  onConnected,
}: {
  workspaceId: string;
  onConnected: (server: ConnectedMcpServer, choiceFailure?: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<McpConnectValues>({ defaultValues: DEFAULTS });
  const { field, error } = useFieldKit(form, 'mcp');
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [previewedFor, setPreviewedFor] = useState('');
  // Both carry the server's credentials: not kept in the query cache once done (as API key values: tool-queries.ts).
  const preview = usePreviewMcp(workspaceId);
  // A preview answers for the URL and credentials it was asked with: changed since, it no longer applies.
  const values = form.watch();
  const found = preview.data && previewedFor === JSON.stringify(reachOf(values)) ? preview.data : null;

  // Connect installs every tool; with a preview, only the tools left checked are kept.
  const connect = useConnectMcp(workspaceId);

  const runPreview = async () => {
    connect.reset();
    preview.reset();
    form.clearErrors();
    if (!(await form.trigger(['url', 'headers', 'auth.token']))) return;
    const reach = reachOf(form.getValues());
    preview.mutate(reach, {
      onSuccess: (found) => {
        setUnplaced([]);
        setPreviewedFor(JSON.stringify(reach));
        setChosen(new Set(found.tools.filter((tool) => installableOf(tool).installable).map((tool) => tool.name)));
      },
      onError: (failure) => setUnplaced(placeRefusal(form, failure)),
    });
  };
  const submit = submitHandler(form, connect, (values) =>
    connect.mutate(
      {
        body: { ...reachOf(values), name: values.name, limits: values.limits },
        keep: found ? (installed) => installed.filter((name) => chosen.has(name)) : null,
      },
      {
        onSuccess: ({ server, choiceFailure }) => {
          setUnplaced([]);
          onConnected(server, choiceFailure);
        },
        onError: (failure) => setUnplaced(placeRefusal(form, failure)),
      },
    ),
  );
  const number = (bounds: { min: number; max: number }) => ({ valueAsNumber: true as const, ...rule.range(bounds) });
  const toggle = (name: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const authType = values.auth.type;
  const busy = preview.isPending || connect.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="mcp-url">{t('mcp.url')}</label>
      <input
        type="url"
        placeholder="https://mcp.example.com/mcp"
        {...field('url', {
          required: rule.required,
          ...rule.maxLength(B.url.max),
          pattern: { value: /^https?:\/\/\S+$/i, message: t('mcp.urlRule') },
        })}
      />
      {error('url')}
      <label htmlFor="mcp-name">{t('mcp.name', { max: B.name.max })}</label>
      <input
        {...field('name', {
          validate: (name: string) => Boolean(name.trim()) || t('form.required'),
          ...rule.maxLength(B.name.max),
        })}
      />
      {error('name')}
      <label htmlFor="mcp-headers">{t('mcp.headers', { max: B.headers.maxItems })}</label>
      <textarea
        rows={2}
        placeholder="X-Tenant: acme"
        {...field(
          'headers',
          rule.lines({
            maxItems: B.headers.maxItems,
            pattern: HEADER_LINE,
            invalid: 'Name: value',
          }),
        )}
      />
      {error('headers')}
      <label htmlFor="mcp-auth-type">{t('mcp.auth')}</label>
      <select {...field('auth.type')}>
        {MCP_AUTH_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`mcp.auth.${type}`)}
          </option>
        ))}
      </select>
      {error('auth.type')}
      {authType === 'bearer' && (
        <>
          <label htmlFor="mcp-auth-token">{t('mcp.token')}</label>
          <input
            type="password"
            autoComplete="off"
            {...field('auth.token', { validate: (token: string) => authType !== 'bearer' || Boolean(token) || t('form.required') })}
          />
          {error('auth.token')}
        </>
      )}
      {authType === 'oauth' && (
        <fieldset>
          <legend>{t('mcp.oauth')}</legend>
          <p>{t('mcp.oauthHint')}</p>
          <label htmlFor="mcp-auth-scope">{t('mcp.scope')}</label>
          <input {...field('auth.scope', rule.maxLength(1_000))} />
          {error('auth.scope')}
          <label htmlFor="mcp-auth-clientId">{t('mcp.clientId')}</label>
          <input {...field('auth.clientId', rule.maxLength(500))} />
          {error('auth.clientId')}
          <label htmlFor="mcp-auth-clientSecret">{t('mcp.clientSecret')}</label>
          <input type="password" autoComplete="off" {...field('auth.clientSecret', rule.maxLength(2_000))} />
          {error('auth.clientSecret')}
        </fieldset>
      )}
      <details>
        <summary>{t('mcp.limits')}</summary>
        <label htmlFor="mcp-limits-maxBytes">{t('mcp.maxBytes', B.limits.maxBytes)}</label>
        <input type="number" {...field('limits.maxBytes', number(B.limits.maxBytes))} />
        {error('limits.maxBytes')}
        <label htmlFor="mcp-limits-timeoutMs">{t('mcp.timeoutMs', B.limits.timeoutMs)}</label>
        <input type="number" {...field('limits.timeoutMs', number(B.limits.timeoutMs))} />
        {error('limits.timeoutMs')}
        <label htmlFor="mcp-limits-maxTimeoutMs">{t('mcp.maxTimeoutMs', B.limits.maxTimeoutMs)}</label>
        <input
          type="number"
          {...field('limits.maxTimeoutMs', {
            valueAsNumber: true,
            validate: (value: number) =>
              rule.range(B.limits.maxTimeoutMs).validate(value) === true
                ? value >= form.getValues('limits.timeoutMs') || t('mcp.atLeastTimeout')
                : rule.range(B.limits.maxTimeoutMs).validate(value),
          })}
        />
        {error('limits.maxTimeoutMs')}
      </details>
      <div className="actions">
        <button type="button" className="outline" disabled={busy} aria-busy={preview.isPending} onClick={() => void runPreview()}>
          {t('mcp.preview')}
        </button>
        <button type="submit" disabled={busy} aria-busy={connect.isPending}>
          {found ? t('mcp.connectChosen', { count: chosen.size }) : t('mcp.connect')}
        </button>
      </div>
      <SaveOutcome saved={false} error={preview.error ?? connect.error} unplaced={unplaced} />
      {found && (
        <article aria-labelledby="mcp-preview-heading">
          <h3 id="mcp-preview-heading">{t('mcp.previewHeading')}</h3>
          <p>
            {found.serverInfo ? `${found.serverInfo.name} ${found.serverInfo.version} · ` : ''}
            {found.transport}
            {found.protocolVersion ? ` · ${t('mcp.protocol', { version: found.protocolVersion })}` : ''} ·{' '}
            {t('mcp.toolCount', { count: found.count })}
          </p>
          {found.tools.length === 0 ? (
            <p>{t('mcp.noTools')}</p>
          ) : (
            <fieldset>
              <legend>{t('mcp.chooseToInstall')}</legend>
              {found.tools.map((tool) => {
                const { installable, reason } = installableOf(tool);
                return (
                  <div key={tool.name} className="mcp-tool">
                    <label>
                      <input
                        type="checkbox"
                        disabled={!installable}
                        checked={chosen.has(tool.name)}
                        onChange={(event) => toggle(tool.name, event.target.checked)}
                      />
                      <code>{tool.name}</code>
                      {tool.title ? ` · ${tool.title}` : ''}
                    </label>
                    {!installable && <small>{t('mcp.notInstallable', { reason })}</small>}
                    <McpToolDetails description={tool.description} inputSchema={tool.inputSchema} />
                  </div>
                );
              })}
            </fieldset>
          )}
        </article>
      )}
    </form>
  );
}
