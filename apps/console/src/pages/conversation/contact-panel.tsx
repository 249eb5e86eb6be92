import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClient } from '../clients/client-queries';
import { useConversationList } from '../inbox/inbox-queries';
import { Status } from '../layout';
import type { ConversationDetail } from './types';

/** How many of the client's other conversations the panel lists (the client's page has them all). */
const OTHER_CONVERSATIONS = 10;

/**
 * The contact beside the open conversation (issue 49 item 3), from the API's own endpoints: the
 * client's profile, tags and owners, whether it is blocked and why (`GET /v1/clients/{id}`), and
 * its other conversations, newest first (`GET /v1/conversations?clientId=`). A column of its own
 * on a screen 1280 px wide or more; under that, folded behind its button below the conversation.
 * Read under the client page's and the inbox's query keys, so the event stream refreshes it too.
 */
export function ContactPanel({ workspaceId, conversation }: { workspaceId: string; conversation: ConversationDetail }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const clientId = conversation.clientId;
  const client = useClient(workspaceId, clientId);
  const query = {
    workspace: workspaceId,
    clientId,
    sortBy: 'lastUpdate' as const,
    sortDirection: 'desc' as const,
    limit: OTHER_CONVERSATIONS + 1,
  };
  const others = useConversationList(query);
  const record = client.data;
  const earlier = (others.data ?? []).filter((c) => c.id !== conversation.id).slice(0, OTHER_CONVERSATIONS);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const name = record ? (record.name ?? ([record.firstname, record.lastname].filter(Boolean).join(' ') || null)) : null;
  const place = record ? [record.city, record.state, record.country].filter(Boolean).join(', ') : '';
  const facts: [string, string | null | undefined][] = record
    ? [
        [t('client.field.name'), name],
        [t('client.field.phoneNumber'), record.phoneNumber],
        [t('client.field.email'), record.email],
        [t('client.field.company'), record.company],
        [t('reading.place'), place],
        [t('client.field.tags'), record.tags.join(', ') || '—'],
        [t('client.field.owners'), record.owners.join(', ') || '—'],
      ]
    : [];
  return (
    <aside className={`contact-panel${open ? ' open' : ''}`} aria-labelledby="contact-heading">
      <button
        type="button"
        className="secondary contact-toggle"
        aria-expanded={open}
        aria-controls="contact-body"
        onClick={() => setOpen(!open)}
      >
        {t(open ? 'reading.hideContact' : 'reading.showContact')}
      </button>
      <div id="contact-body" className="contact-body">
        <h2 id="contact-heading">{t('reading.contact')}</h2>
        <Status loading={client.isPending} error={client.error} />
        {record && (
          <>
            <p className={record.status === 'blocked' ? 'contact-blocked' : undefined}>
              <strong className={`badge${record.status === 'blocked' ? ' failed' : ''}`}>
                {t(record.status === 'blocked' ? 'reading.blocked' : 'reading.active')}
              </strong>
              {record.status === 'blocked' && (
                <> {t(`client.reason.${record.moderation.blockedReason}`, { defaultValue: record.moderation.blockedReason ?? '' })}</>
              )}
            </p>
            <dl className="contact-facts">
              {facts
                .filter(([, value]) => value)
                .map(([term, value]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
            <p>
              <Link to={`/w/${workspaceId}/clients/${record.id}`}>{t('conversation.clientProfile')}</Link>
            </p>
          </>
        )}
        <h3 id="contact-conversations-heading">{t('reading.otherConversations')}</h3>
        <Status loading={others.isPending} error={others.error} />
        {others.data && earlier.length === 0 && <p>{t('reading.noOtherConversations')}</p>}
        {earlier.length > 0 && (
          <ul aria-labelledby="contact-conversations-heading" className="contact-conversations">
            {earlier.map((c) => (
              <li key={c.id}>
                <Link to={`/w/${workspaceId}/conversations/${c.id}`}>
                  {c.platform} · {t(`status.${c.status}`)} · {dateTime.format(new Date(c.lastUpdate))}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
