import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, data } from '../api/client';
import { sideBySide } from '../prompt-diff';
import { AssistRulesForm } from './agent/assist-rules-form';
import { GuardrailsForm } from './agent/guardrails-form';
import { SettingsForm } from './agent/settings-form';
import { Status } from './layout';

/** One agent: its settings, human assistance and guardrails, a new prompt version, and the prompt history with a side-by-side diff and activation. */
export function AgentPage() {
  const { t } = useTranslation();
  const { workspaceId = '', agentId = '' } = useParams();
  const queryClient = useQueryClient();
  const params = { query: { workspace: workspaceId }, path: { agentId } };
  const agent = useQuery({
    queryKey: ['agent', workspaceId, agentId],
    queryFn: () => data(api.GET('/v1/agents/{agentId}', { params })),
  });
  const current = agent.data?.workspaces.flatMap((w) => w.agents)[0];
  const refresh = () => queryClient.invalidateQueries({ predicate: (q) => ['agent', 'prompt', 'agents'].includes(String(q.queryKey[0])) });

  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/agents`}>← {t('agent.back')}</Link>
      </p>
      <Status loading={agent.isPending} error={agent.error} />
      {current && (
        <>
          <h1>{current.name}</h1>
          <section aria-labelledby="settings-heading">
            <h2 id="settings-heading">{t('agent.settings')}</h2>
            <SettingsForm agent={current} workspaceId={workspaceId} onSaved={refresh} />
          </section>
          <section aria-labelledby="assist-heading">
            <h2 id="assist-heading">{t('agentForms.assistHeading')}</h2>
            <AssistRulesForm workspaceId={workspaceId} agentId={agentId} onSaved={refresh} />
          </section>
          <section aria-labelledby="guardrails-heading">
            <h2 id="guardrails-heading">{t('agentForms.guardrailsHeading')}</h2>
            <GuardrailsForm workspaceId={workspaceId} agentId={agentId} />
          </section>
          <PromptSection workspaceId={workspaceId} agentId={agentId} onChange={refresh} />
        </>
      )}
    </>
  );
}

function PromptSection({ workspaceId, agentId, onChange }: { workspaceId: string; agentId: string; onChange: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const params = { query: { workspace: workspaceId }, path: { agentId } };
  const prompt = useQuery({
    queryKey: ['prompt', workspaceId, agentId],
    queryFn: () => data(api.GET('/v1/agents/{agentId}/prompt', { params })),
  });
  const draft = useForm<{ systemPrompt: string; note: string }>({ defaultValues: { systemPrompt: '', note: '' } });
  // A new version starts from the active prompt.
  const activePrompt = prompt.data?.systemPrompt;
  useEffect(() => {
    if (activePrompt !== undefined) draft.reset({ systemPrompt: activePrompt, note: '' });
  }, [activePrompt, draft]);
  const create = useMutation({
    mutationFn: (body: { systemPrompt: string; note?: string }) => data(api.POST('/v1/agents/{agentId}/prompt', { params, body })),
    onSuccess: onChange,
  });
  const activate = useMutation({
    mutationFn: (promptId: string) => data(api.PATCH('/v1/agents/{agentId}/prompt', { params, body: { promptId } })),
    onSuccess: onChange,
  });
  // Newest first, as the API lists them; by default the newest faces the one before it.
  const versions = [...(prompt.data?.versions ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const [olderId, setOlderId] = useState('');
  const [newerId, setNewerId] = useState('');
  const older = versions.find((v) => v.id === olderId) ?? versions[1];
  const newer = versions.find((v) => v.id === newerId) ?? versions[0];
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const label = (v: (typeof versions)[number]) => `${dateTime.format(new Date(v.createdAt))}${v.note ? ` — ${v.note}` : ''}`;
  const failure = create.error ?? activate.error;

  return (
    <>
      <section aria-labelledby="new-version-heading">
        <h2 id="new-version-heading">{t('agent.newVersion')}</h2>
        <form
          onSubmit={(event) =>
            void draft.handleSubmit(({ systemPrompt, note }) => create.mutate({ systemPrompt, ...(note ? { note } : {}) }))(event)
          }
        >
          <label>
            {t('agent.prompt')}
            <textarea rows={6} {...draft.register('systemPrompt', { required: true })} />
          </label>
          <label>
            {t('agent.note')}
            <input {...draft.register('note')} />
          </label>
          <button type="submit" disabled={create.isPending}>
            {t('agent.createVersion')}
          </button>
        </form>
      </section>
      {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">{t('agent.history')}</h2>
        <Status loading={prompt.isPending} error={prompt.error} />
        {versions.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('agent.created')}</th>
                <th scope="col">{t('agent.note')}</th>
                <th scope="col">{t('agent.version')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id}>
                  <td>{dateTime.format(new Date(v.createdAt))}</td>
                  <td>{v.note}</td>
                  <td>
                    {v.id === prompt.data?.activePromptId ? (
                      <span className="badge">{t('agent.activeBadge')}</span>
                    ) : (
                      <button
                        type="button"
                        className="outline"
                        aria-label={`${t('agent.activate')} ${label(v)}`}
                        disabled={activate.isPending}
                        onClick={() => activate.mutate(v.id)}
                      >
                        {t('agent.activate')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {older && newer && (
          <>
            <h3>{t('agent.compare')}</h3>
            <div className="grid">
              <label>
                {t('agent.older')}
                <select value={older.id} onChange={(event) => setOlderId(event.target.value)}>
                  {versions.map((v) => (
                    <option key={v.id} value={v.id}>
                      {label(v)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('agent.newer')}
                <select value={newer.id} onChange={(event) => setNewerId(event.target.value)}>
                  {versions.map((v) => (
                    <option key={v.id} value={v.id}>
                      {label(v)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <PromptDiff older={older.systemPrompt} newer={newer.systemPrompt} />
          </>
        )}
      </section>
    </>
  );
}

function PromptDiff({ older, newer }: { older: string; newer: string }) {
  const { t } = useTranslation();
  const rows = sideBySide(older, newer);
  if (older === newer) return <p>{t('agent.noDifference')}</p>;
  return (
    <table className="diff" aria-label={t('agent.diff')}>
      <colgroup>
        <col className="num" />
        <col />
        <col className="num" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" colSpan={2}>
            {t('agent.older')}
          </th>
          <th scope="col" colSpan={2}>
            {t('agent.newer')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <td className="num">{row.left?.line}</td>
            <td className={row.left?.changed ? 'removed' : undefined}>{row.left?.text}</td>
            <td className="num">{row.right?.line}</td>
            <td className={row.right?.changed ? 'added' : undefined}>{row.right?.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
