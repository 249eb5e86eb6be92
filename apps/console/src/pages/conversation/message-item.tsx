import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FailedMessage, messageElementId, useFocusOnArrival } from './failed-message';
import { mediaKind, mediaRoute } from './media-route';
import { MediaView } from './media-view';
import { MessageFlag } from './message-flag';
import { TurnDetails } from './turn-details';
import type { ConversationDetail, ConversationMessage, TurnLogEntry } from './types';

type Attachment = ConversationMessage['files'][number] & { type?: unknown; caption?: unknown };

/**
 * One message: who wrote it, when, its text and media, and (for an agent's reply) what its turn did;
 * a failed one marked with why, and Retry where it applies.
 */
export function MessageItem({
  message,
  turn,
  agentNames,
  workspaceId,
  conversation,
}: {
  workspaceId: string;
  conversation: ConversationDetail;
  message: ConversationMessage;
  turn: TurnLogEntry | undefined;
  agentNames: Map<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const author = authorKind(message);
  const media: Attachment[] = [...message.images, ...message.files];
  const failed = message.status === 'failed';
  const element = useFocusOnArrival(message.id);
  return (
    // Focusable by script only: Retry moves focus to the message it sent.
    <li
      ref={element}
      id={messageElementId(message.id)}
      tabIndex={-1}
      className={`${message.direction} ${author}${failed ? ' failed' : ''}`}
    >
      <small>
        <strong>{authorLabel(t, message, turn, agentNames)}</strong> · {dateTime.format(new Date(message.creationDate))}
        {message.contentType !== 'text' && (
          <>
            {' '}
            · <span className="badge">{t('conv.contentType', { type: message.contentType })}</span>
          </>
        )}
      </small>
      {message.content && <p>{message.content}</p>}
      {media.length > 0 && (
        <ul className="media">
          {media.map((file, index) => (
            <li key={index}>
              {/* A customer's media comes through the media route; what a person or the agent sent by URL stays a link. */}
              {message.direction === 'incoming' ? (
                <MediaView
                  file={file}
                  contentType={message.contentType}
                  src={mediaRoute(workspaceId, conversation.id, message.id, index)}
                />
              ) : (
                <MediaLink file={file} contentType={message.contentType} />
              )}
            </li>
          ))}
        </ul>
      )}
      {message.guardrail && (
        <p>
          {t('conv.guardrailNote', { severity: String(message.guardrail.severity ?? ''), source: String(message.guardrail.source ?? '') })}
        </p>
      )}
      {message.assistance && <p>{t('conv.assistanceNote', { reason: message.assistance.reason })}</p>}
      {message.direction === 'incoming' && <MessageFlag workspaceId={workspaceId} conversation={conversation} message={message} />}
      {failed && <FailedMessage workspaceId={workspaceId} conversation={conversation} message={message} />}
      {turn && <TurnDetails turn={turn} agentNames={agentNames} />}
    </li>
  );
}

/**
 * A link to media sent by URL (the console's Content Security Policy loads images from its own
 * origin only, so a sender's URL is a link, not a thumbnail), named by its type.
 */
function MediaLink({ file, contentType }: { file: Attachment; contentType: string }) {
  const { t } = useTranslation();
  const type = typeof file.type === 'string' ? file.type : contentType;
  const name = file.filename ?? file.url ?? file.mediaId ?? '';
  const label = t('conv.mediaLink', { type: t(`conv.media.${mediaKind(type, file.mimeType)}`), name });
  // A URL from a channel's payload is shown only as a web link: any other scheme stays text.
  const href = webUrl(file.url);
  if (!href) return <span>{label}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {label}
    </a>
  );
}

type AuthorKind = 'customer' | 'agent' | 'human' | 'api' | 'campaign' | 'system';
const AUTHOR_BY_ACTOR: Record<string, AuthorKind> = {
  customer: 'customer',
  ai: 'agent',
  user: 'human',
  api: 'api',
  campaign: 'campaign',
  system: 'system',
};

/** Who wrote a message: the owner's actor type, else what its role says. */
function authorKind(message: ConversationMessage): AuthorKind {
  const byActor = message.owner ? AUTHOR_BY_ACTOR[message.owner.type] : undefined;
  return byActor ?? (message.role === 'user' ? 'customer' : message.role === 'system' ? 'system' : 'agent');
}

function authorLabel(t: TFunction, message: ConversationMessage, turn: TurnLogEntry | undefined, agentNames: Map<string, string>): string {
  const owner = message.owner;
  switch (authorKind(message)) {
    case 'customer':
      return t('conv.author.customer');
    case 'human':
      return t('conv.author.human', { name: owner?.email ?? owner?.id ?? '' });
    case 'api':
      return t('conv.author.api', { id: owner?.id ?? '' });
    case 'campaign':
      return t('conv.author.campaign');
    case 'system':
      return t('conv.author.system');
    case 'agent': {
      const principal = owner?.id ?? turn?.agentId ?? '';
      const speaker = turn?.speakerAgentId ?? principal;
      const nameOf = (id: string) =>
        agentNames.get(id) ?? turn?.delegations.find((d) => d.subagentId === id)?.subagentName ?? (id || t('conv.author.unknownAgent'));
      return speaker && speaker !== principal
        ? t('conv.author.subagent', { name: nameOf(speaker), principal: nameOf(principal) })
        : t('conv.author.agent', { name: nameOf(principal) });
    }
  }
}

/** The URL when it is http(s), else null (`javascript:`, `data:` and the unparsable are never links). */
export function webUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}
