import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useAssignment } from '../inbox/inbox-queries';
import { useWriteNote } from './conversation-queries';
import { fieldErrors } from '../../forms/server-errors';
import { mentionAt, replaceTyped } from './composer-text';
import { Suggestions, type Suggestion } from './suggestions';

/**
 * A private note on the conversation (docs/console.md › Notes): never sent to the customer.
 * Typing `@` offers the workspace's people; the one picked is written `@email`, which the API
 * reads as a mention and whom the event stream tells.
 */
export function NoteForm({ workspaceId, conversationId }: { workspaceId: string; conversationId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const write = useWriteNote(workspaceId, conversationId);
  const people = useAssignment(workspaceId).data?.people ?? [];
  const errors = fieldErrors(write.error);
  const options = useCallback(
    (query: string): Suggestion[] =>
      people
        .filter((person) => person.email.toLowerCase().includes(query.toLowerCase()))
        .map((person) => ({ id: person.id, label: person.email })),
    [people],
  );
  const pick = useCallback((option: Suggestion, match: { start: number; caret: number }) => {
    const element = field.current;
    if (!element) return;
    const next = replaceTyped(element.value, match.start, match.caret, `@${option.label} `);
    // Drawn at once, the caret then put after the mention: a key typed next lands there, not where it was.
    flushSync(() => setText(next.text));
    element.setSelectionRange(next.caret, next.caret);
  }, []);
  const submit = () => {
    if (!text.trim()) return;
    write.mutate(
      { text },
      {
        onSuccess: () => {
          setText('');
          field.current?.focus();
        },
      },
    );
  };
  return (
    <form
      className="note-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label>
        {t('notes.fieldLabel')}
        <textarea
          ref={field}
          rows={2}
          value={text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby="note-hint"
          onChange={(event) => setText(event.target.value)}
        />
        <small id="note-hint">{errors.text ?? t('notes.hint')}</small>
      </label>
      <Suggestions field={field} find={mentionAt} options={options} onPick={pick} label={t('notes.people')} />
      {write.error && !errors.text && <p role="alert">{t('common.error', { message: write.error.message })}</p>}
      <button type="submit" disabled={write.isPending || !text.trim()}>
        {t('notes.add')}
      </button>
    </form>
  );
}
