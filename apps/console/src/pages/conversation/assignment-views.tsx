import { useTranslation } from 'react-i18next';
import { useAssignment, useChangeAssignment } from '../inbox/inbox-queries';
import { useIsAdmin, useWorkspaces } from '../shell/shell-queries';

/** The inbox's views by assignee: every conversation, the signed-in person's, and those nobody is assigned. */
export const ASSIGNEE_VIEWS = [
  { view: '', key: 'assign.viewAll' },
  { view: 'me', key: 'assign.viewMine' },
  { view: 'none', key: 'assign.viewUnassigned' },
] as const;

/** Above the inbox (docs/console.md › Assignment): the views All, Mine and Unassigned (the URL's `assignee`, the API's filter). */
export function AssignmentViews({ view, onView }: { view: string; onView: (view: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="assignment-views">
      <div role="group" aria-label={t('assign.views')}>
        {ASSIGNEE_VIEWS.map(({ view: value, key }) => (
          <button
            key={key}
            type="button"
            className={view === value ? '' : 'outline'}
            aria-pressed={view === value}
            onClick={() => onView(value)}
          >
            {t(key)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The inbox's assignment settings (docs/console.md › Assignment): the signed-in person's
 * "Available for new conversations" (whom round-robin assigns to) and, for an admin, how the
 * conversations whose agent asks for a person are assigned: left unassigned, or in turn among the
 * available people.
 */
export function AssignmentSettings({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const me = useWorkspaces().data?.user?.id;
  const isAdmin = useIsAdmin(workspaceId);
  const settings = useAssignment(workspaceId);
  const change = useChangeAssignment(workspaceId);
  const available = settings.data?.available.some((person) => person.id === me) ?? false;
  return (
    <div className="assignment-views">
      {settings.data && me && (
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={available}
            aria-busy={change.isPending}
            onChange={(event) => change.mutate({ available: event.target.checked })}
          />
          {t('assign.available')}
        </label>
      )}
      {settings.data && isAdmin && (
        <label>
          {t('assign.mode')}
          <select value={settings.data.mode} onChange={(event) => change.mutate({ mode: event.target.value as 'none' | 'round_robin' })}>
            <option value="none">{t('assign.modeNone')}</option>
            <option value="round_robin">{t('assign.modeRoundRobin')}</option>
          </select>
        </label>
      )}
      {change.error && <p role="alert">{change.error.message}</p>}
    </div>
  );
}
