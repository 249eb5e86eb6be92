import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/schema';
import { verdictOf, type Evaluation } from './activation-gate';
import { useCancelEvaluation } from './evaluation-queries';

type Version = Pick<Answer<'agents_prompt_get'>['versions'][number], 'createdAt' | 'note'>;

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
  const cancel = useCancelEvaluation(workspaceId, evaluation.agentId, evaluation.id);
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
