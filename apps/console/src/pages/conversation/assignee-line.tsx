import { useTranslation } from 'react-i18next';
import { useAssignment } from '../inbox/inbox-queries';
import { useWorkspaces } from '../shell/shell-queries';
import { useUpdateConversation } from './conversation-queries';
import type { ConversationDetail } from './types';

/**
 * Whom the conversation is assigned to (docs/console.md › Assignment): their email or
 * "Unassigned", Assign to me, and a choice of the workspace's people (or nobody), sent as
 * PATCH /v1/conversations/{id} with `assignee`. A change by anyone else (or by round-robin)
 * shows through the event stream.
 */
export function AssigneeLine({ workspaceId, conversation }: { workspaceId: string; conversation: ConversationDetail }) {
  const { t } = useTranslation();
  const me = useWorkspaces().data?.user?.id;
  const people = useAssignment(workspaceId).data?.people ?? [];
  const assign = useUpdateConversation(workspaceId, conversation.id);
  const assignee = conversation.assignee;
  return (
    <section className="assignee-line" aria-label={t('assign.heading')}>
      <p role="status">
        {assignee
          ? t('assign.assignedTo', { who: assignee.id === me ? t('assign.you') : (assignee.email ?? assignee.id) })
          : t('assign.unassigned')}
      </p>
      {me && assignee?.id !== me && (
        <button
          type="button"
          className="secondary"
          aria-disabled={assign.isPending}
          onClick={() => !assign.isPending && assign.mutate({ assignee: me })}
        >
          {t('assign.toMe')}
        </button>
      )}
      {people.length > 0 && (
        <label>
          {t('assign.to')}
          <select value={assignee?.id ?? ''} onChange={(event) => assign.mutate({ assignee: event.target.value || null })}>
            <option value="">{t('assign.nobody')}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.email}
              </option>
            ))}
          </select>
        </label>
      )}
      {assign.error && <p role="alert">{assign.error.message}</p>}
    </section>
  );
}
