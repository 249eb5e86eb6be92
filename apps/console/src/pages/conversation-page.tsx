import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useLiveUpdates } from '../api/live-updates';
import { usePresence } from '../api/presence';
import { useShortcuts } from '../components/shortcuts';
import { useWaitingTitle } from '../components/waiting-title';
import { Status } from './layout';
import { Composer } from './conversation/composer';
import { useConversation, useMarkRead } from './conversation/conversation-queries';
import { ContactPanel } from './conversation/contact-panel';
import { MessageTimeline } from './conversation/message-timeline';
import { StateHeader } from './conversation/state-header';
import { AssigneeLine } from './conversation/assignee-line';
import { ChannelBadge } from './inbox/conversation-row';
import { TagsAndOwners } from './conversation/tags-and-owners';
import { PresenceLine } from './conversation/presence-line';
import { clearMention } from '../components/mention-alerts';

/**
 * One conversation and what a person does with it: who answers and the take over, hand back,
 * close and reopen (`./conversation/state-header.tsx`), whom it is assigned to
 * (`./conversation/assignee-line.tsx`), reply as a human (text, media, a
 * template once WhatsApp's window is closed; not on a closed conversation, which is read-only),
 * edit its tags and owners. Opening it marks it read for the person; who else is viewing or
 * typing here is in the header, and this page tells them the same of us. The parts live in
 * `./conversation/`. It is the inbox's child (../inbox-page.tsx): on a wide screen the list stands
 * beside it, its contact beside it from 1280 px. Escape goes back to the inbox (focus on this
 * conversation there), the back link on a phone.
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const { workspaceId = '', conversationId = '' } = useParams();
  const navigate = useNavigate();
  // Back to the inbox as it was left: its filters and search are the URL's query.
  const inbox = { pathname: `/w/${workspaceId}/inbox`, search: useLocation().search };
  const { refetchInterval } = useLiveUpdates(workspaceId);
  const conversation = useConversation(workspaceId, conversationId, refetchInterval);
  const current = conversation.data;
  const name = current ? (current.contactName ?? current.phoneNumber ?? current.conversationId) : t('conversation.title');
  useWaitingTitle(workspaceId, refetchInterval, name);
  // Open is read: the person's unread count of it goes to 0, here and in their other tabs, and a note's mention of them here too.
  useMarkRead(workspaceId, current);
  useEffect(() => clearMention(workspaceId, conversationId), [workspaceId, conversationId]);
  const composer = useRef<HTMLDivElement>(null);
  const composerInput = usePresence(workspaceId, conversationId, composer);
  useShortcuts({
    Escape: () => {
      // A draft is not lost to one key: from a field with text typed, Escape only leaves the field.
      const field = document.activeElement;
      if ((field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) && field.value) return field.blur();
      void navigate(inbox, { state: { from: conversationId } });
    },
  });

  return (
    <div className="conversation-view">
      <div className="conversation-main">
        <p className="back">
          <Link to={inbox}>← {t('conversation.back')}</Link>
        </p>
        <Status loading={conversation.isPending} error={conversation.error} />
        {current && (
          <>
            <hgroup className="conversation-head">
              <h1>{name}</h1>
              <p className="head-facts">
                <span className="badge">{t(`status.${current.status}`)}</span>
                <ChannelBadge platform={current.platform} />
                {current.tags.length > 0 && <span className="muted">{current.tags.join(', ')}</span>}
                {/* Shown by the contact beside it from 1280 px: one link there, not two. */}
                <Link className="profile-link" to={`/w/${workspaceId}/clients/${current.clientId}`}>
                  {t('conversation.clientProfile')}
                </Link>
              </p>
              <PresenceLine conversationId={conversationId} />
            </hgroup>
            <StateHeader workspaceId={workspaceId} conversation={current} />
            <MessageTimeline workspaceId={workspaceId} conversation={current} refetchInterval={refetchInterval} />
            {current.state !== 'closed' && (
              <div ref={composer} onInput={composerInput}>
                <Composer workspaceId={workspaceId} conversation={current} />
              </div>
            )}
            {/* Below the reply box, which a long conversation keeps in view. */}
            <AssigneeLine workspaceId={workspaceId} conversation={current} />
            <TagsAndOwners workspaceId={workspaceId} conversation={current} />
          </>
        )}
      </div>
      {current && <ContactPanel workspaceId={workspaceId} conversation={current} />}
    </div>
  );
}
