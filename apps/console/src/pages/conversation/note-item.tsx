import { useTranslation } from 'react-i18next';
import type { Schema } from '../../api/schema';

/**
 * A private note in the timeline (docs/console.md › Notes), marked as a note and drawn apart
 * from the messages: never sent to the customer. Its author may delete it.
 */
export function NoteItem({
  note,
  me,
  onDelete,
  deleting,
}: {
  note: Schema<'ConversationNote'>;
  me: string | undefined;
  onDelete: (noteId: string) => void;
  deleting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const author = note.author.type === 'api' ? t('conv.author.api', { id: note.author.id }) : (note.author.email ?? note.author.id);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(new Date(note.createdAt));
  return (
    <li className="private-note" aria-label={t('notes.label', { author })}>
      <small>
        <strong className="badge note-mark">{t('notes.mark')}</strong> {author} · {time}
      </small>
      <p>{note.text}</p>
      {note.author.id === me && (
        <button type="button" className="secondary" aria-disabled={deleting} onClick={() => !deleting && onDelete(note.id)}>
          {t('notes.delete')}
        </button>
      )}
    </li>
  );
}
