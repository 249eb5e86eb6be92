import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data } from '../../api/client';
import { verdictOf, type Evaluation } from './activation-gate';

interface Version {
  createdAt: string;
  note?: string | null;
}

/** A prompt version as people tell them apart: when it was made, and its note. */
export function useVersionLabel() {
  const { i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (v: Version) => `${dateTime.format(new Date(v.createdAt))}${v.note ? ` — ${v.note}` : ''}`;
}

/** Passed, did not pass, or still running, as a badge. */
export function Verdict({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const verdict = verdictOf(evaluation);
  return <span className={`badge verdict-${verdict}`}>{t(`evaluations.verdict.${verdict}`)}</span>;
}

/** Cancels a running evaluation; its turns replayed so far stay, summarised. */
export function CancelButton({ workspaceId, evaluation }: { workspaceId: string; evaluation: Evaluation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () =>
      data(
        api.POST('/v1/agents/{agentId}/evaluations/{evaluationId}/cancel', {
          params: { query: { workspace: workspaceId }, path: { agentId: evaluation.agentId, evaluationId: evaluation.id } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => ['evaluations', 'evaluation'].includes(String(q.queryKey[0])) }),
  });
  if (evaluation.status !== 'running') return null;
  return (
    <>
      <button type="button" className="secondary outline" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
        {t('evaluations.cancel')}
      </button>
      {cancel.error && <p role="alert">{t('common.error', { message: cancel.error.message })}</p>}
    </>
  );
}
