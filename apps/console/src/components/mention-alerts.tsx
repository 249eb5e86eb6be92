import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { onNoteWritten, type NoteWritten } from '../api/live-updates';
import { notificationPermission, playTone, readSettings } from './waiting-alerts';

/**
 * A person mentioned in a note is told (docs/console.md › Notes): when the event stream brings a
 * `conversation.note.created` that mentions them, a toast naming who wrote it with a link to the
 * conversation, a browser notification and a tone when they turned those on (the waiting alerts'
 * settings), and a "Mentioned" badge on that conversation in the lists. The mentions are kept in
 * this browser (localStorage) until the person opens the conversation.
 */
const STORAGE_KEY = 'platica.console.mentions';
type Mentioned = Record<string, { conversationId: string; author: string }[]>;

const listeners = new Set<() => void>();
let cached: { stored: string | null; value: Mentioned } | null = null;

function readMentioned(): Mentioned {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (cached?.stored !== stored) {
    let value: Mentioned = {};
    try {
      const parsed: unknown = stored ? JSON.parse(stored) : {};
      if (parsed && typeof parsed === 'object') value = parsed as Mentioned;
    } catch {
      // Unreadable: no mention kept.
    }
    cached = { stored, value };
  }
  return cached.value;
}

function writeMentioned(workspaceId: string, change: (list: Mentioned[string]) => Mentioned[string]): void {
  const all = readMentioned();
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...all, [workspaceId]: change(all[workspaceId] ?? []) }));
  for (const listener of listeners) listener();
}

/** The person opened the conversation: its mention is read. */
export function clearMention(workspaceId: string, conversationId: string): void {
  if (!(readMentioned()[workspaceId] ?? []).some((m) => m.conversationId === conversationId)) return;
  writeMentioned(workspaceId, (list) => list.filter((m) => m.conversationId !== conversationId));
}

/** The conversations of the workspace whose notes mention the person, not opened since. */
export function useMentions(workspaceId: string): Mentioned[string] {
  const all = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readMentioned);
  return all[workspaceId] ?? [];
}

/** The badge a listed conversation carries while a note there mentions the person. */
export function MentionedBadge({ workspaceId, conversationId }: { workspaceId: string; conversationId: string }) {
  const { t } = useTranslation();
  const mentioned = useMentions(workspaceId).some((m) => m.conversationId === conversationId);
  return mentioned ? <strong className="badge mentioned"> {t('mentions.badge')}</strong> : null;
}

/** The toasts of the mentions of `me` (the signed-in user) not yet opened, and the alerts as each arrives. On every page of the workspace. */
export function MentionAlerts({ workspaceId, me }: { workspaceId: string; me: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mentions = useMentions(workspaceId);
  useEffect(
    () =>
      onNoteWritten(workspaceId, (note: NoteWritten) => {
        if (!me || !note.mentions.includes(me)) return;
        writeMentioned(workspaceId, (list) => [
          ...list.filter((m) => m.conversationId !== note.conversationId),
          { conversationId: note.conversationId, author: note.author },
        ]);
        const settings = readSettings();
        if (settings.sound) playTone();
        if (!settings.notify || notificationPermission() !== 'granted') return;
        const notification = new Notification(t('mentions.title'), {
          body: t('mentions.toast', { author: note.author }),
          tag: `platica-mention-${note.conversationId}`,
        });
        notification.onclick = () => {
          window.focus();
          void navigate(`/w/${workspaceId}/conversations/${note.conversationId}`);
          notification.close();
        };
      }),
    [workspaceId, me, navigate, t],
  );
  return (
    <div className="toasts" role="status" aria-live="polite">
      {mentions.map((mention) => (
        <p key={mention.conversationId} className="toast">
          {t('mentions.toast', { author: mention.author || t('mentions.someone') })}{' '}
          <Link to={`/w/${workspaceId}/conversations/${mention.conversationId}`}>{t('mentions.open')}</Link>{' '}
          <button
            type="button"
            className="secondary"
            aria-label={t('mentions.dismiss')}
            onClick={() => clearMention(workspaceId, mention.conversationId)}
          >
            ×
          </button>
        </p>
      ))}
    </div>
  );
}
