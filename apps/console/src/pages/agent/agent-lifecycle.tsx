import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AGENT_BOUNDS as B } from '../../agent-bounds';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { SaveOutcome, showFieldIssues, submitHandler, useFieldKit, useRules, type SaveMutation } from '../../forms/form-kit';
import { fieldIssuesOf, type FieldIssue } from '../../forms/server-errors';
import { useCopyAgent, useCreateAgent, useDeleteAgent } from './agent-queries';

/**
 * A name, and for a new agent its first prompt: the form behind New agent and Copy. A refused
 * name (taken: 409) shows beside the field; on success the page moves to the agent made.
 */
function AgentNameForm({
  workspaceId,
  prefix,
  withPrompt,
  initialName,
  submitLabel,
  save: mutation,
}: {
  workspaceId: string;
  prefix: string;
  withPrompt: boolean;
  initialName: string;
  submitLabel: string;
  /** The feature's create or copy (agent-queries.ts): the agents read anew after either. */
  save: SaveMutation<{ name: string; systemPrompt?: string }, { data: { id: string } }>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ defaultValues: { name: initialName, systemPrompt: '' } });
  const { field, error } = useFieldKit(form, prefix);
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const submit = submitHandler(form, mutation, ({ name, systemPrompt }) =>
    mutation.mutate(
      { name: name.trim(), ...(withPrompt && systemPrompt ? { systemPrompt } : {}) },
      {
        onSuccess: (answer) => void navigate(`/w/${workspaceId}/agents/${answer.data.id}`),
        onError: (failure) => setUnplaced(showFieldIssues(form, failure)),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={`${prefix}-name`}>{t('agents.name')}</label>
      <input {...field('name', { required: rule.required, ...rule.maxLength(B.name.max) })} />
      {error('name')}
      {withPrompt && (
        <>
          <label htmlFor={`${prefix}-systemPrompt`}>{t('agents.firstPrompt')}</label>
          <textarea rows={4} {...field('systemPrompt')} />
        </>
      )}
      <button type="submit" disabled={mutation.isPending}>
        {submitLabel}
      </button>
      <SaveOutcome saved={false} error={mutation.error} unplaced={unplaced} />
    </form>
  );
}

/** The agents page's New agent: a name and, optionally, a first prompt (POST /v1/agents). */
export function NewAgent({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  return (
    <details>
      <summary>{t('agents.new')}</summary>
      <AgentNameForm
        workspaceId={workspaceId}
        prefix="new-agent"
        withPrompt
        initialName=""
        submitLabel={t('agents.create')}
        save={useCreateAgent(workspaceId)}
      />
    </details>
  );
}

/**
 * An agent page's Copy and Delete. Delete asks first; the API refuses it while a channel sends its
 * new conversations to the agent or another agent has it as a sub-agent, and says which.
 */
export function AgentLifecycleActions({ workspaceId, agent }: { workspaceId: string; agent: { id: string; name: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAgent(workspaceId, agent.id);
  const copy = useCopyAgent(workspaceId, agent.id);
  return (
    <section aria-labelledby="lifecycle-heading">
      <h2 id="lifecycle-heading">{t('agents.copyOrDelete')}</h2>
      <details>
        <summary>{t('agents.copy')}</summary>
        <AgentNameForm
          workspaceId={workspaceId}
          prefix="copy-agent"
          withPrompt={false}
          initialName={t('agents.copyName', { name: agent.name })}
          submitLabel={t('agents.copy')}
          save={copy}
        />
      </details>
      {confirming ? (
        <ConfirmPrompt
          question={t('agents.confirmDelete', { name: agent.name })}
          confirmLabel={t('agents.yesDelete')}
          keepLabel={t('agents.keep')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => void navigate(`/w/${workspaceId}/agents`), onError: () => setConfirming(false) })
          }
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <button type="button" className="secondary outline" onClick={() => setConfirming(true)}>
          {t('agents.delete', { name: agent.name })}
        </button>
      )}
      <SaveOutcome saved={false} error={remove.error} unplaced={fieldIssuesOf(remove.error)} />
    </section>
  );
}
