import { useEffect, useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Status } from '../layout';
import { useAgentAndPrompts, useEvaluations, useStartEvaluation } from './evaluation-queries';
import { CancelButton, useVersionLabel, Verdict } from './evaluation-parts';
import { CHECK_KINDS, checkSubject, EMPTY_FORM, evaluationBody, idsOf, LIMITS, type EvaluationForm } from './evaluation-request';
import { usePageTitle } from '../../components/page-title';

/**
 * An agent's evaluations (docs/agents.md › Evaluations): the latest, newest first, and a form to
 * replay a prompt version against recorded turns. `?candidate=prm_…` picks the version (the
 * agent page's "Evaluate" links).
 */
export function EvaluationsPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '', agentId = '' } = useParams();
  const [search] = useSearchParams();
  const { agent, current, prompt } = useAgentAndPrompts(workspaceId, agentId);
  const evaluations = useEvaluations(workspaceId, agentId);
  const versionLabel = useVersionLabel();
  const versions = [...(prompt.data?.versions ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const candidateOf = (promptId: string | null) => {
    const version = versions.find((v) => v.id === promptId);
    return version ? versionLabel(version) : (promptId ?? t('evaluations.promptText'));
  };
  const rows = evaluations.data?.evaluations ?? [];

  usePageTitle(t('evaluations.heading', { name: current?.name ?? '' }));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/agents/${agentId}`}>← {t('evaluations.backToAgent', { name: current?.name ?? '' })}</Link>
      </p>
      <Status loading={agent.isPending} error={agent.error} />
      <h1>{t('evaluations.heading', { name: current?.name ?? '' })}</h1>
      <p>{t('evaluations.lead')}</p>
      {current?.requireEvaluation && <p>{t('evaluations.required')}</p>}
      <section aria-labelledby="evaluations-heading">
        <h2 id="evaluations-heading">{t('evaluations.list')}</h2>
        <Status loading={evaluations.isPending} error={evaluations.error} />
        {evaluations.data && rows.length === 0 && <p>{t('evaluations.empty')}</p>}
        {rows.length > 0 && (
          <div className="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('evaluations.created')}</th>
                  <th scope="col">{t('evaluations.candidate')}</th>
                  <th scope="col">{t('evaluations.status')}</th>
                  <th scope="col">{t('evaluations.progress')}</th>
                  <th scope="col">{t('evaluations.result')}</th>
                  <th scope="col">{t('evaluations.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <Link to={`/w/${workspaceId}/agents/${agentId}/evaluations/${e.id}`}>{dateTime.format(new Date(e.createdAt))}</Link>
                    </td>
                    <td>{candidateOf(e.candidate.promptId)}</td>
                    <td>{t(`evaluations.state.${e.status}`)}</td>
                    <td>{t('evaluations.turnsDone', { done: e.progress.done, turns: e.progress.turns })}</td>
                    <td>
                      <Verdict evaluation={e} />
                      {e.summary && (
                        <small>
                          {' '}
                          {t('evaluations.brief', {
                            changed: e.summary.repliesChanged,
                            failed: e.summary.checksFailed,
                            flips: e.summary.guardrailFlips,
                          })}
                        </small>
                      )}
                    </td>
                    <td>
                      <CancelButton workspaceId={workspaceId} evaluation={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {prompt.data && (
        <NewEvaluation
          workspaceId={workspaceId}
          agentId={agentId}
          versions={versions.filter((v) => v.id !== prompt.data.activePromptId).map((v) => ({ id: v.id, label: versionLabel(v) }))}
          candidate={search.get('candidate') ?? ''}
        />
      )}
    </>
  );
}

/** The form that starts an evaluation of a stored, not active, prompt version; the evaluation's page opens once it runs. */
function NewEvaluation({
  workspaceId,
  agentId,
  versions,
  candidate,
}: {
  workspaceId: string;
  agentId: string;
  versions: { id: string; label: string }[];
  candidate: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const section = useRef<HTMLElement>(null);
  const chosen = versions.some((v) => v.id === candidate) ? candidate : (versions[0]?.id ?? '');
  const form = useForm<EvaluationForm>({ defaultValues: { ...EMPTY_FORM, promptId: chosen } });
  const checks = useFieldArray({ control: form.control, name: 'checks' });
  const { errors } = form.formState;
  // Come from a version's "Evaluate" link: that version, and the form in view.
  useEffect(() => {
    if (!candidate || !chosen) return;
    form.setValue('promptId', chosen);
    section.current?.scrollIntoView();
  }, [candidate, chosen, form]);
  const start = useStartEvaluation(workspaceId, agentId);
  const sample = form.watch('sample');
  // Each sample's fields are checked only when that sample is chosen: a hidden field keeps its value and rules.
  const invalid = (name: keyof EvaluationForm) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  const fieldError = (name: keyof EvaluationForm) =>
    errors[name] && (
      <small id={`${name}-error`} role="alert">
        {errors[name].message}
      </small>
    );

  return (
    <section aria-labelledby="new-evaluation-heading" ref={section}>
      <h2 id="new-evaluation-heading">{t('evaluations.new')}</h2>
      {versions.length === 0 ? (
        <p>{t('evaluations.noCandidate')}</p>
      ) : (
        <form
          onSubmit={(event) =>
            void form.handleSubmit((values) =>
              start.mutate(evaluationBody(values), {
                onSuccess: (started) => void navigate(`/w/${workspaceId}/agents/${agentId}/evaluations/${started.data.id}`),
              }),
            )(event)
          }
          noValidate
        >
          <label>
            {t('evaluations.candidate')}
            <select {...form.register('promptId', { required: true })}>
              {versions.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{t('evaluations.sample')}</legend>
            <label>
              <input type="radio" value="last" {...form.register('sample')} />
              {t('evaluations.sampleLast')}
            </label>
            <label>
              <input type="radio" value="conversationIds" {...form.register('sample')} />
              {t('evaluations.sampleIds')}
            </label>
            <label>
              <input type="radio" value="range" {...form.register('sample')} />
              {t('evaluations.sampleRange')}
            </label>
          </fieldset>
          {sample === 'last' && (
            <label>
              {t('evaluations.last', { max: LIMITS.maxConversations })}
              <input
                type="number"
                min={1}
                max={LIMITS.maxConversations}
                {...invalid('last')}
                {...form.register('last', {
                  valueAsNumber: true,
                  validate: (n, all) =>
                    all.sample !== 'last' ||
                    (Number.isInteger(n) && n >= 1 && n <= LIMITS.maxConversations) ||
                    t('evaluations.errorLast', { max: LIMITS.maxConversations }),
                })}
              />
              {fieldError('last')}
            </label>
          )}
          {sample === 'conversationIds' && (
            <label>
              {t('evaluations.conversationIds', { max: LIMITS.maxConversations })}
              <textarea
                rows={3}
                {...invalid('conversationIds')}
                {...form.register('conversationIds', {
                  validate: (text, all) => {
                    if (all.sample !== 'conversationIds') return true;
                    const count = idsOf(text).length;
                    return (count >= 1 && count <= LIMITS.maxConversations) || t('evaluations.errorIds', { max: LIMITS.maxConversations });
                  },
                })}
              />
              {fieldError('conversationIds')}
            </label>
          )}
          {sample === 'range' && (
            <div className="grid">
              <label>
                {t('evaluations.from')}
                <input
                  type="datetime-local"
                  {...invalid('from')}
                  {...form.register('from', {
                    validate: (from, all) => all.sample !== 'range' || Boolean(from || all.to) || t('evaluations.errorRangeEmpty'),
                  })}
                />
                {fieldError('from')}
              </label>
              <label>
                {t('evaluations.to')}
                <input
                  type="datetime-local"
                  {...invalid('to')}
                  {...form.register('to', {
                    validate: (to, all) =>
                      all.sample !== 'range' || !to || !all.from || new Date(all.from) < new Date(to) || t('evaluations.errorRangeOrder'),
                  })}
                />
                {fieldError('to')}
              </label>
            </div>
          )}
          <fieldset>
            <legend>{t('evaluations.checks')}</legend>
            {checks.fields.map((field, index) => {
              const kind = form.watch(`checks.${index}.kind`);
              const subject = checkSubject(kind);
              const subjectError = errors.checks?.[index]?.subject;
              return (
                <div key={field.id} className="check-row">
                  <label>
                    {t('evaluations.checkKind', { n: index + 1 })}
                    <select {...form.register(`checks.${index}.kind`)}>
                      {CHECK_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {t(`evaluations.check.${k}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  {subject && (
                    <label>
                      {t(subject === 'text' ? 'evaluations.checkText' : 'evaluations.checkTool', { n: index + 1 })}
                      <input
                        {...(subjectError ? { 'aria-invalid': true } : {})}
                        {...form.register(`checks.${index}.subject`, {
                          validate: (value, all) =>
                            checkSubject(all.checks[index]!.kind) === null ||
                            (value.trim().length >= 1 && value.length <= LIMITS.maxCheckText) ||
                            t('evaluations.errorCheckSubject', { max: LIMITS.maxCheckText }),
                        })}
                      />
                      {subjectError && <small role="alert">{subjectError.message}</small>}
                    </label>
                  )}
                  <label>
                    {t('evaluations.whenCustomerSays', { n: index + 1 })}
                    <input {...form.register(`checks.${index}.whenCustomerSays`, { maxLength: LIMITS.maxCheckText })} />
                  </label>
                  <button type="button" className="secondary outline" onClick={() => checks.remove(index)}>
                    {t('evaluations.removeCheck', { n: index + 1 })}
                  </button>
                </div>
              );
            })}
            <button
              type="button"
              className="secondary outline"
              disabled={checks.fields.length >= LIMITS.maxChecks}
              onClick={() => checks.append({ kind: 'must_mention', subject: '', whenCustomerSays: '' })}
            >
              {t('evaluations.addCheck')}
            </button>
          </fieldset>
          <label>
            {t('evaluations.rubric')}
            <textarea rows={2} maxLength={LIMITS.maxRubric} {...form.register('rubric')} />
            <small>{t('evaluations.rubricHint')}</small>
          </label>
          <details>
            <summary>{t('evaluations.advanced')}</summary>
            <label>
              {t('evaluations.model')}
              <input {...form.register('model')} />
            </label>
            <label>
              {t('evaluations.maxTurns', { max: LIMITS.maxTurns })}
              <input
                type="number"
                min={1}
                max={LIMITS.maxTurns}
                {...invalid('maxTurns')}
                {...form.register('maxTurns', {
                  valueAsNumber: true,
                  validate: (n) =>
                    (Number.isInteger(n) && n >= 1 && n <= LIMITS.maxTurns) || t('evaluations.errorMaxTurns', { max: LIMITS.maxTurns }),
                })}
              />
              {fieldError('maxTurns')}
            </label>
          </details>
          <button type="submit" disabled={start.isPending}>
            {t('evaluations.start')}
          </button>
          {start.error && <p role="alert">{t('common.error', { message: start.error.message })}</p>}
        </form>
      )}
    </section>
  );
}
