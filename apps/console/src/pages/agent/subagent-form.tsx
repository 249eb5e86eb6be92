import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveOutcome, showFieldIssues, submitHandler, useFieldKit, useRules, type SaveMutation } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';
import { SUBAGENT_BOUNDS as B, SUBAGENT_TASKS, type SubagentTask } from '../../subagent-bounds';
import type { SubagentBody } from './agent-queries';

interface SubagentValues {
  /** Connect: the agent to connect. */
  subagentId: string;
  /** Create and edit: the new agent's name, or the name on the connection. */
  name: string;
  /** Create: the new agent's first prompt. */
  systemPrompt: string;
  task: SubagentTask;
  status: 'active' | 'inactive';
  description: string;
  delegationCriteria: string;
  completionCriteria: string;
}

/**
 * A sub-agent connection's fields: to connect an existing agent (`kind` connect, with the agents
 * offered), to create and connect a new one, or to edit a connection. Choosing the other task
 * empties the fields of the one left, as the API does when `task` changes, and only the chosen
 * task's fields are sent.
 */
export function SubagentForm({
  kind,
  prefix,
  initial,
  agents = [],
  submitLabel,
  save: mutation,
}: {
  kind: 'connect' | 'create' | 'edit';
  prefix: string;
  initial?: Partial<SubagentValues>;
  agents?: { id: string; name: string }[];
  submitLabel: string;
  /** The feature's connect, create or update (agent-queries.ts). */
  save: SaveMutation<SubagentBody>;
}) {
  const { t } = useTranslation();
  const form = useForm<SubagentValues>({
    defaultValues: {
      subagentId: '',
      name: '',
      systemPrompt: '',
      task: 'assist',
      status: 'inactive',
      description: '',
      delegationCriteria: '',
      completionCriteria: '',
      ...initial,
    },
  });
  const { field, error } = useFieldKit(form, prefix);
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);

  const task = form.watch('task');
  const { dirtyFields } = form.formState;
  useEffect(() => {
    // Only a change made here clears: the connection's own fields show as they are.
    if (!dirtyFields.task) return;
    if (task === 'assist') {
      form.setValue('delegationCriteria', '');
      form.setValue('completionCriteria', '');
    } else form.setValue('description', '');
  }, [task, dirtyFields.task, form]);
  const submit = submitHandler(form, mutation, (values) => {
    const own =
      kind === 'connect'
        ? { subagentId: values.subagentId }
        : kind === 'create'
          ? { name: values.name.trim(), ...(values.systemPrompt ? { systemPrompt: values.systemPrompt } : {}) }
          : { name: values.name.trim() };
    const mode =
      values.task === 'assist'
        ? { description: values.description }
        : { delegationCriteria: values.delegationCriteria, completionCriteria: values.completionCriteria };
    mutation.mutate(
      { ...own, task: values.task, status: values.status, ...mode },
      {
        onSuccess: () => {
          setUnplaced([]);
          if (kind !== 'edit') form.reset();
        },
        onError: (failure) => setUnplaced(showFieldIssues(form, failure)),
      },
    );
  });
  const criteria = rule.maxLength(B.criteria.max);

  return (
    <form onSubmit={submit} noValidate>
      {kind === 'connect' && (
        <>
          <label htmlFor={`${prefix}-subagentId`}>{t('subagents.agent')}</label>
          <select {...field('subagentId', { required: rule.required })}>
            <option value="">{t('subagents.chooseAgent')}</option>
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </select>
          {error('subagentId')}
        </>
      )}
      {kind !== 'connect' && (
        <>
          <label htmlFor={`${prefix}-name`}>{t('subagents.name')}</label>
          <input {...field('name', { required: rule.required, ...rule.maxLength(B.name.max) })} />
          {error('name')}
        </>
      )}
      {kind === 'create' && (
        <>
          <label htmlFor={`${prefix}-systemPrompt`}>{t('subagents.systemPrompt')}</label>
          <textarea rows={4} {...field('systemPrompt', rule.maxLength(B.systemPrompt.max))} />
          {error('systemPrompt')}
        </>
      )}
      <fieldset>
        <legend>{t('subagents.task')}</legend>
        {SUBAGENT_TASKS.map((value) => (
          <label key={value}>
            <input type="radio" value={value} {...form.register('task')} />
            {t(`subagents.task.${value}`)}
          </label>
        ))}
      </fieldset>
      {task === 'assist' ? (
        <>
          <label htmlFor={`${prefix}-description`}>{t('subagents.description')}</label>
          <textarea rows={2} {...field('description', criteria)} />
          {error('description')}
        </>
      ) : (
        <>
          <label htmlFor={`${prefix}-delegationCriteria`}>{t('subagents.delegationCriteria')}</label>
          <textarea rows={2} {...field('delegationCriteria', criteria)} />
          {error('delegationCriteria')}
          <label htmlFor={`${prefix}-completionCriteria`}>{t('subagents.completionCriteria')}</label>
          <textarea rows={2} {...field('completionCriteria', criteria)} />
          {error('completionCriteria')}
        </>
      )}
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={form.watch('status') === 'active'}
          onChange={(event) => form.setValue('status', event.target.checked ? 'active' : 'inactive', { shouldDirty: true })}
        />
        {t('subagents.activeSwitch')}
      </label>
      <button type="submit" disabled={mutation.isPending}>
        {submitLabel}
      </button>
      <SaveOutcome saved={mutation.isSuccess} error={mutation.error} unplaced={unplaced} />
    </form>
  );
}
