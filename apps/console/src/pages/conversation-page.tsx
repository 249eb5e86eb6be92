import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api, data } from '../api/client';
import { useLiveUpdates } from '../api/live-updates';
import { useShortcuts } from '../components/shortcuts';
import { useWaitingTitle } from '../components/waiting-title';
import { Status } from './layout';
import { Composer } from './conversation/composer';
import { ContactPanel } from './conversation/contact-panel';
import { ConversationList } from './conversation/conversation-list';
import { MessageTimeline } from './conversation/message-timeline';
import { StateHeader } from './conversation/state-header';
import { AssigneeLine } from './conversation/assignee-line';
import { TagsAndOwners } from './conversation/tags-and-owners';
import { clearMention } from '../components/mention-alerts';

/**
 * One conversation and what a person does with it: who answers and the take over, hand back,
 * close and reopen (`./conversation/state-header.tsx`), whom it is assigned to
 * (`./conversation/assignee-line.tsx`), reply as a human (text, media, a
 * template once WhatsApp's window is closed; not on a closed conversation, which is read-only),
 * edit its tags and owners. The parts live in `./conversation/`. On a wide screen the inbox's
 * list stands beside it. Escape goes back to the inbox (focus on this conversation there).
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const { workspaceId = '', conversationId = '' } = useParams();
  const queryClient = useQueryClient();
  const scope = { query: { workspace: workspaceId } };
  const navigate = useNavigate();
  const { refetchInterval } = useLiveUpdates(workspaceId);
  const conversation = useQuery({
    queryKey: ['conversation', workspaceId, conversationId],
    queryFn: () => data(api.GET('/v1/conversations/{id}', { params: { ...scope, path: { id: conversationId } } })),
    refetchInterval,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['conversation', workspaceId, conversationId] });
  const current = conversation.data?.workspaces.flatMap((w) => w.conversations)[0];
  const name = current ? (current.contactName ?? current.phoneNumber ?? current.conversationId) : t('conversation.title');
  useWaitingTitle(workspaceId, refetchInterval, name);
  // Opened: a note's mention of the person here is read.
  useEffect(() => clearMention(workspaceId, conversationId), [workspaceId, conversationId]);
  useShortcuts({
    Escape: () => {
      // A draft is not lost to one key: from a field with text typed, Escape only leaves the field.
      const field = document.activeElement;
      if ((field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) && field.value) return field.blur();
      void navigate(`/w/${workspaceId}/inbox`, { state: { from: conversationId } });
    },
  });

  return (
    <div className="split">
      <ConversationList workspaceId={workspaceId} currentId={conversationId} refetchInterval={refetchInterval} />
      <div className="split-main">
        <p className="back">
          <Link to={`/w/${workspaceId}/inbox`}>← {t('conversation.back')}</Link>
        </p>
        <Status loading={conversation.isPending} error={conversation.error} />
        {current && (
          <>
            <hgroup className="conversation-head">
              <h1>{name}</h1>
              <p>
                {t(`status.${current.status}`)} · {current.platform} · {current.tags.join(', ')} ·{' '}
                <Link to={`/w/${workspaceId}/clients/${current.clientId}`}>{t('conversation.clientProfile')}</Link>
              </p>
            </hgroup>
            <StateHeader workspaceId={workspaceId} conversation={current} onChanged={refresh} />
            <MessageTimeline workspaceId={workspaceId} conversation={current} />
            {current.state !== 'closed' && <Composer workspaceId={workspaceId} conversation={current} onSent={refresh} />}
            {/* Below the reply box, which a long conversation keeps in view. */}
            <AssigneeLine workspaceId={workspaceId} conversation={current} onChanged={refresh} />
            <TagsAndOwners workspaceId={workspaceId} conversation={current} onSaved={refresh} />
          </>
        )}
      </div>
      {current && <ContactPanel workspaceId={workspaceId} conversation={current} />}
    </div>
  );
}
