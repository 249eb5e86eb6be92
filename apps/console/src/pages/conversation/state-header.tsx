import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { RequestBody } from '../../api/schema';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { useWorkspaces } from '../shell/shell-queries';
import { useChangeState } from './conversation-queries';
import { OperationChange } from './operation-change';
import { holderName, stateLine, type Holder } from './state-line';
import type { ConversationDetail } from './types';

type Change = RequestBody<'conversations_update'>;

/**
 * Who has the customer and what a person does about it (docs/console.md › Who answers): the
 * conversation's state in words (the agent answers; waiting for a person since when; a person
 * on it, who; closed), Take over, Hand back with an optional instruction for the agent (`wait`
 * or `resume`, sent as the spec's instruction message after the hand-back), Close and Reopen.
 * Taking over a conversation another person has asks first, naming them, and sends `takeFrom`;
 * the API's 409 (someone took it meanwhile) is shown as it words it. The take over / hand back /
 * reopen button is one element whose words change, never disabled (aria-disabled while a change
 * is sent), so the keyboard's focus stays on it.
 */
export function StateHeader({ workspaceId, conversation }: { workspaceId: string; conversation: ConversationDetail }) {
  const { t, i18n } = useTranslation();
  const me = useWorkspaces().data?.user?.id;
  const button = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState<Holder | null>(null);
  const [instruction, setInstruction] = useState('');
  const [mode, setMode] = useState<'wait' | 'resume'>('resume');
  const update = useChangeState(workspaceId, conversation);
  const change = (body: Change) => {
    if (update.isPending) return;
    setAsking(null);
    // Handed back with an instruction: the agent reads it (wait) or acts on it now (resume).
    const told = body.operation === 'automatic' && instruction.trim() ? { text: instruction.trim(), mode } : undefined;
    update.mutate(
      { change: body, instruction: told },
      {
        onSuccess: () => {
          if (told) setInstruction('');
          // Back on the control when the change left the focus nowhere, not taken from where the person went meanwhile.
          if (document.activeElement === document.body) button.current?.focus();
        },
      },
    );
  };

  const { state } = conversation;
  const holder = conversation.handledBy ?? null;
  const mine = state === 'human' && holder?.id === me;
  const heldByOther = state === 'human' && holder !== null && !mine;
  const main = () => {
    if (state === 'closed') return change({ status: 'active' });
    if (mine) return change({ operation: 'automatic' });
    if (heldByOther) return setAsking(holder);
    change({ operation: 'assistance' });
  };
  const failure = update.error;
  const taken = failure instanceof ApiError && failure.status === 409;

  return (
    <>
      <div className="mode-row">
        <p role="status">
          {stateLine(t, i18n.language, conversation, me)}{' '}
          {(state === 'ai' || state === 'human') && <OperationChange conversation={conversation} />}
        </p>
        <div className="actions">
          <button ref={button} type="button" aria-disabled={update.isPending || undefined} onClick={main}>
            {state === 'closed' ? t('conversation.reopen') : mine ? t('conversation.handBack') : t('conversation.takeOver')}
          </button>
          {state !== 'closed' && (
            <button
              type="button"
              className="secondary"
              aria-disabled={update.isPending || undefined}
              onClick={() => change({ status: 'finished' })}
            >
              {t('conversation.close')}
            </button>
          )}
        </div>
      </div>
      {asking && (
        <ConfirmPrompt
          question={t('conversation.takeFromQuestion', { name: holderName(asking, t) })}
          confirmLabel={t('conversation.takeFrom')}
          keepLabel={t('conversation.leaveIt')}
          pending={update.isPending}
          onConfirm={() => change({ operation: 'assistance', takeFrom: asking.id })}
          onKeep={() => setAsking(null)}
        />
      )}
      {mine && (
        <details className="hand-back">
          <summary>{t('conversation.instructionSummary')}</summary>
          <label>
            {t('conversation.instruction')}
            <textarea rows={2} maxLength={4000} value={instruction} onChange={(event) => setInstruction(event.target.value)} />
          </label>
          <fieldset>
            <legend>{t('conversation.instructionMode')}</legend>
            {(['resume', 'wait'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="instruction-mode" checked={mode === value} onChange={() => setMode(value)} />
                {t(`conversation.instructionMode.${value}`)}
              </label>
            ))}
          </fieldset>
        </details>
      )}
      {failure && <p role="alert">{taken ? failure.message : t('common.error', { message: failure.message })}</p>}
    </>
  );
}
