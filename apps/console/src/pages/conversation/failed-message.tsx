import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendMessage } from './conversation-queries';
import { canRetry, failureOf, storedMessageId, type Failure } from './failure';
import type { ConversationDetail, ConversationMessage } from './types';

/** Where a message of the timeline is, to move focus to it (its `<li>`'s id). */
export const messageElementId = (messageId: string) => `message-${messageId}`;

/** The message Retry sent, not shown yet: it takes the focus when it is (useFocusOnArrival). */
let arriving: string | null = null;

/** Focus on the message now if it is shown, else as soon as it is. */
export function focusWhenShown(messageId: string): void {
  const shown = document.getElementById(messageElementId(messageId));
  arriving = shown ? null : messageId;
  shown?.focus();
}

/** A message's element: focused when it is the one Retry sent and it has just been shown. */
export function useFocusOnArrival(messageId: string) {
  const element = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (arriving !== messageId) return;
    arriving = null;
    element.current?.focus();
  }, [messageId]);
  return element;
}

/**
 * A failed message's mark: "Not delivered", why in words that match the cause, Meta's own text,
 * and on a person's or an API key's text Retry. Retry sends the same text again to the same
 * conversation with `POST /v1/messages` (as the composer does): the failed message stays as it
 * was and the new one follows it; focus moves to the new message once it is shown (delivered or
 * failed in its turn), and stays on Retry with the API's answer when nothing was stored.
 */
export function FailedMessage({
  workspaceId,
  conversation,
  message,
}: {
  workspaceId: string;
  conversation: ConversationDetail;
  message: ConversationMessage;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const failure = failureOf(message);
  const showNew = (messageId: string | null) => messageId && focusWhenShown(messageId);
  const retry = useSendMessage(workspaceId, conversation);
  const send = () =>
    retry.mutate(
      { type: 'text', content: message.content },
      // A send that failed again is stored too (the 502 names it): it is shown, and focus goes to it.
      { onSuccess: (answer) => showNew(answer.messageId), onError: (error) => showNew(storedMessageId(error)) },
    );
  const retriedButNotStored = retry.error && !storedMessageId(retry.error);
  return (
    <div className="failure">
      <p id={reasonId}>
        <strong className="badge failed">{t('conv.failure.mark')}</strong> {sentence(t, failure)}
        {failure.message && (
          <>
            {' '}
            <span className="failure-detail">{failure.message}</span>
          </>
        )}
      </p>
      {canRetry(message, conversation.canSendDirectMessage) && (
        <p>
          <button type="button" className="secondary" aria-describedby={reasonId} disabled={retry.isPending} onClick={send}>
            {retry.isPending ? t('conv.failure.retrying') : t('conv.failure.retry')}
          </button>
        </p>
      )}
      {retriedButNotStored && <p role="alert">{t('common.error', { message: retry.error.message })}</p>}
    </div>
  );
}

function sentence(t: ReturnType<typeof useTranslation>['t'], { cause, code }: Failure): string {
  switch (cause) {
    case 'refused':
      return code ? t('conv.failure.refused', { code }) : t('conv.failure.refusedNoCode');
    case 'window_closed':
      return code && /^\d+$/.test(code) ? t('conv.failure.windowClosedCode', { code }) : t('conv.failure.windowClosed');
    case 'unreachable':
      return t('conv.failure.unreachable');
    case 'client_blocked':
      return t('conv.failure.clientBlocked');
    case 'unsendable':
      return t('conv.failure.unsendable');
    case 'turn':
      return t('conv.failure.turn');
    case 'other':
      return t('conv.failure.other');
  }
}
