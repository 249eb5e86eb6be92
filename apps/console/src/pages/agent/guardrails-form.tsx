import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AGENT_BOUNDS as B } from '../../agent-bounds';
import { ApiError } from '../../api/client';
import type { Schema } from '../../api/schema';
import { Status } from '../layout';
import { SaveOutcome, submitHandler, showFieldIssues, useFieldKit, useFollowWhileUntouched, useRules } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';
import { useGuardrails, useUpdateGuardrails } from './agent-queries';

type Guardrails = Schema<'Guardrails'>;
/** Rules as objects: react-hook-form's field arrays hold objects, not strings. */
type GuardrailsValues = Omit<Guardrails, 'rules'> & { rules: { text: string }[] };

const valuesOf = (guardrails: Guardrails): GuardrailsValues => ({ ...guardrails, rules: guardrails.rules.map((text) => ({ text })) });

/** What the agent refuses to talk about, what the customer is told, and how many violations end the conversation or block the customer (spec › Guardrails). */
export function GuardrailsForm({ workspaceId, agentId }: { workspaceId: string; agentId: string }) {
  const { t } = useTranslation();
  const guardrails = useGuardrails(workspaceId, agentId);
  const form = useForm<GuardrailsValues>({ defaultValues: { rules: [] } });
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const { field, error } = useFieldKit(form, 'guardrails');
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const follow = useFollowWhileUntouched(form, guardrails.data, valuesOf);
  // Saved, the agent's lastUpdate moved: the agents are read again (the settings form's next save names it).
  const save = useUpdateGuardrails(workspaceId, agentId);
  const send = (values: GuardrailsValues) => {
    setUnplaced([]);
    save.mutate(
      { ...values, rules: values.rules.map((r) => r.text.trim()) },
      {
        onSuccess: ({ data: saved }) => follow.saved(valuesOf(saved)),
        onError: (failure) => {
          // The installation has no moderation endpoint: said beside the switch that asked for it.
          if (failure instanceof ApiError && failure.detail('reason') === 'moderation_not_configured') {
            form.setError('moderationEnabled', { type: 'server', message: t('agentForms.moderationUnavailable') });
          }
          setUnplaced(showFieldIssues(form, failure));
        },
      },
    );
  };
  const threshold = { valueAsNumber: true, ...rule.range(B.strikeThreshold) } as const;

  if (!guardrails.data) return <Status loading={guardrails.isPending} error={guardrails.error} />;
  return (
    <form noValidate onSubmit={submitHandler(form, save, send)}>
      <label>
        <input type="checkbox" role="switch" {...field('enabled')} />
        {t('agentForms.guardrailsEnabled')}
      </label>
      {/* The moderation endpoint (docs/agents.md › Moderation endpoint): the API refuses it (422) when the installation has none. */}
      <label>
        <input
          type="checkbox"
          role="switch"
          {...field('moderationEnabled')}
          aria-describedby={`${form.formState.errors.moderationEnabled ? 'guardrails-moderationEnabled-error ' : ''}guardrails-moderation-hint`}
        />
        {t('agentForms.moderationEnabled')}
      </label>
      <p>
        <small id="guardrails-moderation-hint">{t('agentForms.moderationHint')}</small>
      </p>
      {error('moderationEnabled')}
      <fieldset>
        <legend>{t('agentForms.rules', { max: B.guardrailRules.maxItems })}</legend>
        {rules.fields.map((item, index) => (
          <div key={item.id}>
            <div className="actions">
              <label htmlFor={`guardrails-rules-${index}-text`}>{t('agentForms.rule', { n: index + 1 })}</label>
              <button type="button" className="outline secondary" onClick={() => rules.remove(index)}>
                {t('agentForms.removeRule', { n: index + 1 })}
              </button>
            </div>
            <textarea
              rows={2}
              {...field(`rules.${index}.text`, {
                ...rule.maxLength(B.guardrailRules.max),
                validate: (v) => !!v.trim() || t('agentForms.ruleEmpty'),
              })}
            />
            {error(`rules.${index}.text`)}
          </div>
        ))}
        <button
          type="button"
          className="outline"
          disabled={rules.fields.length >= B.guardrailRules.maxItems}
          onClick={() => rules.append({ text: '' })}
        >
          {t('agentForms.addRule')}
        </button>
      </fieldset>
      <label htmlFor="guardrails-message">{t('agentForms.guardrailMessage')}</label>
      <textarea rows={2} {...field('message', rule.maxLength(B.guardrailMessage.max))} />
      {error('message')}
      <div className="grid">
        <div>
          <label htmlFor="guardrails-conversationStrikeThreshold">{t('agentForms.conversationStrikeThreshold')}</label>
          <input
            type="number"
            min={B.strikeThreshold.min}
            max={B.strikeThreshold.max}
            {...field('conversationStrikeThreshold', threshold)}
          />
          {error('conversationStrikeThreshold')}
        </div>
        <div>
          <label htmlFor="guardrails-clientStrikeThreshold">{t('agentForms.clientStrikeThreshold')}</label>
          <input type="number" min={B.strikeThreshold.min} max={B.strikeThreshold.max} {...field('clientStrikeThreshold', threshold)} />
          {error('clientStrikeThreshold')}
        </div>
      </div>
      <button type="submit" disabled={save.isPending}>
        {t('agentForms.saveGuardrails')}
      </button>
      <SaveOutcome saved={save.isSuccess} error={save.error} unplaced={unplaced} />
    </form>
  );
}
