import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../forms/server-errors';
import { useFlagMessage } from './conversation-queries';
import type { ConversationDetail, ConversationMessage } from './types';

const SEVERITIES = ['low', 'medium', 'high'] as const;
type Severity = (typeof SEVERITIES)[number];

/**
 * A customer's message flagged by a person (docs/agents.md › Flagging a customer's message): its
 * flag when it has one, else a quiet text control (not a call to action on every message) opening
 * a small form (severity, note). Each control is a native one, so the keyboard reaches it; Escape
 * closes the form and gives focus back.
 */
export function MessageFlag({
  workspaceId,
  conversation,
  message,
}: {
  workspaceId: string;
  conversation: ConversationDetail;
  message: ConversationMessage;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [severity, setSeverity] = useState<Severity>('medium');
  const [note, setNote] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const flag = useFlagMessage(workspaceId, conversation.id, conversation.clientId);
  const errors = fieldErrors(flag.error);
  if (message.flag) {
    return (
      <p className="message-flag">
        {t('flag.flagged', { severity: t(`flag.severity.${message.flag.severity}`) })}
        {message.flag.note ? ` — ${message.flag.note}` : ''}
      </p>
    );
  }
  const close = () => {
    setOpen(false);
    flag.reset();
    opener.current?.focus();
  };
  if (!open) {
    return (
      <button ref={opener} type="button" className="flag-open" aria-expanded={false} onClick={() => setOpen(true)}>
        {t('flag.open')}
      </button>
    );
  }
  return (
    <form
      id={formId}
      className="message-flag-form"
      aria-label={t('flag.formLabel')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        flag.mutate(
          { messageId: message.id, severity, ...(note.trim() ? { note: note.trim() } : {}) },
          { onSuccess: () => setOpen(false) },
        );
      }}
    >
      <label>
        {t('flag.severityLabel')}
        {/* Focused on opening: the keyboard is where the choice is. */}
        <select autoFocus value={severity} onChange={(event) => setSeverity(event.target.value as Severity)}>
          {SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {t(`flag.severity.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('flag.noteLabel')}
        <input
          value={note}
          maxLength={1000}
          aria-invalid={errors.note ? true : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <small>{errors.note ?? t('flag.hint')}</small>
      {flag.error && !errors.note && <p role="alert">{t('common.error', { message: flag.error.message })}</p>}
      <div className="actions">
        <button type="submit" disabled={flag.isPending}>
          {t('flag.submit')}
        </button>
        <button type="button" className="secondary outline" onClick={close}>
          {t('flag.cancel')}
        </button>
      </div>
    </form>
  );
}
