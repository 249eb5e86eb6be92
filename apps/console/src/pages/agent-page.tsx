import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { TextDiff } from '../components/text-diff';
import { AgentLifecycleActions } from './agent/agent-lifecycle';
import { useActivatePrompt, useAgent, useCreatePrompt, usePrompt } from './agent/agent-queries';
import { AssistRulesForm } from './agent/assist-rules-form';
import { GuardrailsForm } from './agent/guardrails-form';
import { ModelsForm } from './agent/models-form';
import { SettingsForm } from './agent/settings-form';
import { activationGate, verdictOf, versionsToLookUp, withLookedUp } from './evaluations/activation-gate';
import { useEvaluations, useLatestFinished, useRefreshEvaluations } from './evaluations/evaluation-queries';
import { Verdict } from './evaluations/evaluation-parts';
import { Status } from './layout';
import { usePageTitle } from '../components/page-title';

/** One agent: its settings, models, human assistance and guardrails, a new prompt version, and the prompt history with a side-by-side diff and activation. */
export function AgentPage() {
  const { t } = useTranslation();
  const { workspaceId = '', agentId = '' } = useParams();
  const agent = useAgent(workspaceId, agentId);
  const current = agent.data;

  usePageTitle(current?.name ?? t('nav.agents'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/agents`}>← {t('agent.back')}</Link>
      </p>
      <Status loading={agent.isPending} error={agent.error} />
      {current && (
        <>
          <h1>{current.name}</h1>
          <p>
            <Link to={`/w/${workspaceId}/agents/${agentId}/subagents`}>{t('subagents.link')}</Link>
          </p>
          <section aria-labelledby="settings-heading">
            <h2 id="settings-heading">{t('agent.settings')}</h2>
            <SettingsForm agent={current} workspaceId={workspaceId} />
          </section>
          <section aria-labelledby="models-heading">
            <h2 id="models-heading">{t('agentModels.heading')}</h2>
            <ModelsForm workspaceId={workspaceId} agentId={agentId} />
          </section>
          <section aria-labelledby="assist-heading">
            <h2 id="assist-heading">{t('agentForms.assistHeading')}</h2>
            <AssistRulesForm workspaceId={workspaceId} agentId={agentId} />
          </section>
          <section aria-labelledby="guardrails-heading">
            <h2 id="guardrails-heading">{t('agentForms.guardrailsHeading')}</h2>
            <GuardrailsForm workspaceId={workspaceId} agentId={agentId} />
          </section>
          <PromptSection workspaceId={workspaceId} agentId={agentId} />
          <AgentLifecycleActions workspaceId={workspaceId} agent={current} />
        </>
      )}
    </>
  );
}

function PromptSection({ workspaceId, agentId }: { workspaceId: string; agentId: string }) {
  const { t, i18n } = useTranslation();
  const prompt = usePrompt(workspaceId, agentId);
  // The agent page's own query (shared by key): whether activation needs a passing evaluation.
  const requireEvaluation = useAgent(workspaceId, agentId).data?.requireEvaluation ?? false;
  const evaluations = useEvaluations(workspaceId, agentId);
  const evaluationsPath = `/w/${workspaceId}/agents/${agentId}/evaluations`;
  const draft = useForm<{ systemPrompt: string; note: string; activate: boolean }>({
    defaultValues: { systemPrompt: '', note: '', activate: true },
  });
  // A new version starts from the active prompt, unless the person already started typing one
  // (the history may load, or another version become active, after they began).
  const activePrompt = prompt.data?.systemPrompt;
  const draftIsDirty = draft.formState.isDirty;
  useEffect(() => {
    if (activePrompt !== undefined && !draftIsDirty) draft.reset({ systemPrompt: activePrompt, note: '', activate: true });
  }, [activePrompt, draftIsDirty, draft]);
  const create = useCreatePrompt(workspaceId, agentId);
  const activate = useActivatePrompt(workspaceId, agentId);
  // Refused: the evaluations this page read may be out of date (one ended since), so the gate is read again.
  const refreshGate = useRefreshEvaluations(workspaceId, agentId);
  // Newest first, as the API lists them; by default the newest faces the one before it.
  const versions = [...(prompt.data?.versions ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // The gate reads the latest 50 evaluations; a version whose latest finished one is older is asked for it alone.
  const listed = evaluations.data?.evaluations ?? [];
  const lookUps =
    requireEvaluation && evaluations.data
      ? versionsToLookUp(
          versions.map((v) => v.id),
          listed,
        )
      : [];
  const gateEvaluations = withLookedUp(listed, useLatestFinished(workspaceId, agentId, lookUps));
  const [olderId, setOlderId] = useState('');
  const [newerId, setNewerId] = useState('');
  const older = versions.find((v) => v.id === olderId) ?? versions[1];
  const newer = versions.find((v) => v.id === newerId) ?? versions[0];
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const label = (v: (typeof versions)[number]) => `${dateTime.format(new Date(v.createdAt))}${v.note ? ` — ${v.note}` : ''}`;
  const failure = create.error ?? activate.error;
  // A 409 of the activation gate names the version to evaluate.
  const gated = failure instanceof ApiError && failure.status === 409 ? failure.detail('promptId') : undefined;
  const toEvaluate = typeof gated === 'string' ? gated : undefined;

  return (
    <>
      <section aria-labelledby="new-version-heading">
        <h2 id="new-version-heading">{t('agent.newVersion')}</h2>
        <form
          onSubmit={(event) =>
            void draft.handleSubmit(({ systemPrompt, note, activate: now }) =>
              create.mutate(
                { systemPrompt, ...(note ? { note } : {}), activate: now && !requireEvaluation },
                // Saved: no longer a draft, so the form follows the active prompt again.
                { onSuccess: () => draft.reset() },
              ),
            )(event)
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
          {requireEvaluation ? (
            <p>
              <small>{t('evaluations.savedUnactivated')}</small>
            </p>
          ) : (
            <label>
              <input type="checkbox" role="switch" {...draft.register('activate')} />
              {t('evaluations.activateNow')}
            </label>
          )}
          <button type="submit" disabled={create.isPending}>
            {t('agent.createVersion')}
          </button>
        </form>
      </section>
      {failure && (
        <p role="alert">
          {t('common.error', { message: failure.message })}
          {toEvaluate && (
            <>
              {' '}
              <Link to={`${evaluationsPath}?candidate=${toEvaluate}`}>{t('evaluations.evaluateIt')}</Link>
            </>
          )}
        </p>
      )}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">{t('agent.history')}</h2>
        <p>
          <Link to={evaluationsPath}>{t('evaluations.link')}</Link> ·{' '}
          <Link to={`/w/${workspaceId}/agents/${agentId}/tools`}>{t('tools.agentTools')}</Link>
          {requireEvaluation && <small> · {t('evaluations.required')}</small>}
        </p>
        <Status loading={prompt.isPending} error={prompt.error} />
        {versions.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('agent.created')}</th>
                <th scope="col">{t('agent.note')}</th>
                <th scope="col">{t('evaluations.column')}</th>
                <th scope="col">{t('agent.version')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => {
                const gate = activationGate(v.id, gateEvaluations, requireEvaluation);
                const reasonId = `activation-reason-${v.id}`;
                return (
                  <tr key={v.id}>
                    <td>{dateTime.format(new Date(v.createdAt))}</td>
                    <td>{v.note}</td>
                    <td>
                      {gate.latest && (
                        <Link
                          to={`${evaluationsPath}/${gate.latest.id}`}
                          aria-label={`${t(`evaluations.verdict.${verdictOf(gate.latest)}`)} (${t('evaluations.latestOf')} ${label(v)})`}
                        >
                          <Verdict evaluation={gate.latest} />
                        </Link>
                      )}
                    </td>
                    <td>
                      {v.id === prompt.data?.activePromptId ? (
                        <span className="badge">{t('agent.activeBadge')}</span>
                      ) : (
                        <div className="actions">
                          <button
                            type="button"
                            className="outline"
                            aria-label={`${t('agent.activate')} ${label(v)}`}
                            aria-describedby={gate.activatable ? undefined : reasonId}
                            disabled={activate.isPending || !gate.activatable}
                            onClick={() => activate.mutate(v.id, { onError: () => void refreshGate() })}
                          >
                            {t('agent.activate')}
                          </button>
                          {!gate.activatable && (
                            <small id={reasonId}>
                              {t(`evaluations.gate.${gate.reason}`)}{' '}
                              <Link to={`${evaluationsPath}?candidate=${v.id}`} aria-label={`${t('evaluations.evaluate')} ${label(v)}`}>
                                {t('evaluations.evaluate')}
                              </Link>
                            </small>
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
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
            {older.systemPrompt === newer.systemPrompt ? (
              <p>{t('agent.noDifference')}</p>
            ) : (
              <TextDiff
                older={older.systemPrompt}
                newer={newer.systemPrompt}
                label={t('agent.diff')}
                olderLabel={t('agent.older')}
                newerLabel={t('agent.newer')}
              />
            )}
          </>
        )}
      </section>
    </>
  );
}
