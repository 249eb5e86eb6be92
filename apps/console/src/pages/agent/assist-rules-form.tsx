import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AGENT_BOUNDS as B } from '../../agent-bounds';
import type { Schema } from '../../api/schema';
import { Status } from '../layout';
import { SaveOutcome, submitHandler, showFieldIssues, useFieldKit, useFollowWhileUntouched, useRules } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';
import { useAssistRules, useUpdateAssistRules } from './agent-queries';

type AssistRules = Schema<'AssistRules'>;

/** The API's assist rules are the form's values as they are. */
const asIs = (rules: AssistRules) => rules;

/** When the agent hands a conversation to a person, and what the customer is told meanwhile (spec › Assist rules). */
export function AssistRulesForm({ workspaceId, agentId }: { workspaceId: string; agentId: string }) {
  const { t } = useTranslation();
  const rules = useAssistRules(workspaceId, agentId);
  const form = useForm<AssistRules>();
  const { field, error } = useFieldKit(form, 'assist');
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const follow = useFollowWhileUntouched(form, rules.data, asIs);
  const save = useUpdateAssistRules(workspaceId, agentId);
  const send = (values: AssistRules) => {
    setUnplaced([]);
    save.mutate(values, { onSuccess: () => follow.saved(values), onError: (failure) => setUnplaced(showFieldIssues(form, failure)) });
  };

  if (!rules.data) return <Status loading={rules.isPending} error={rules.error} />;
  return (
    <form noValidate onSubmit={submitHandler(form, save, send)}>
      <label>
        <input type="checkbox" role="switch" {...field('assistanceEnabled')} />
        {t('agent.assistanceEnabled')}
      </label>
      <label htmlFor="assist-assistanceTriggers">{t('agent.assistanceTriggers')}</label>
      <textarea rows={3} {...field('assistanceTriggers', rule.maxLength(B.assistanceTriggers.max))} />
      {error('assistanceTriggers')}
      <label htmlFor="assist-waitMessage">{t('agent.waitMessage')}</label>
      <input {...field('waitMessage', rule.maxLength(B.waitMessage.max))} />
      {error('waitMessage')}
      <button type="submit" disabled={save.isPending}>
        {t('agentForms.saveAssist')}
      </button>
      <SaveOutcome saved={save.isSuccess} error={save.error} unplaced={unplaced} />
    </form>
  );
}
