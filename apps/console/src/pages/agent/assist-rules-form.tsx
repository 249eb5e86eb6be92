import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AGENT_BOUNDS as B } from '../../agent-bounds';
import { api, data } from '../../api/client';
import type { components } from '../../api/openapi';
import { Status } from '../layout';
import { SaveOutcome, submitHandler, showFieldIssues, useFieldKit, useFollowWhileUntouched, useRules } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';

type AssistRules = components['schemas']['AssistRules'];

/** The API's assist rules are the form's values as they are. */
const asIs = (rules: AssistRules) => rules;

/** When the agent hands a conversation to a person, and what the customer is told meanwhile (spec › Assist rules). */
export function AssistRulesForm({ workspaceId, agentId, onSaved }: { workspaceId: string; agentId: string; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const params = { query: { workspace: workspaceId }, path: { agentId } };
  const rules = useQuery({
    queryKey: ['agent', workspaceId, agentId, 'assist-rules'],
    queryFn: () => data(api.GET('/v1/agents/{agentId}/assist-rules', { params })),
  });
  const form = useForm<AssistRules>();
  const { field, error } = useFieldKit(form, 'assist');
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const follow = useFollowWhileUntouched(form, rules.data, asIs);
  const save = useMutation({
    mutationFn: (body: AssistRules) => data(api.PATCH('/v1/agents/{agentId}/assist-rules', { params, body })),
    onMutate: () => setUnplaced([]),
    onSuccess: async (_answer, values) => {
      follow.saved(values);
      await onSaved();
    },
    onError: (failure) => setUnplaced(showFieldIssues(form, failure)),
  });

  if (!rules.data) return <Status loading={rules.isPending} error={rules.error} />;
  return (
    <form noValidate onSubmit={submitHandler(form, save, (values) => save.mutate(values))}>
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
