import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client';
import type { Schema } from '../api/schema';
import { ConfirmPrompt } from '../components/confirm-prompt';
import { LoadMore } from '../components/load-more';
import { SearchField } from '../components/search-field';
import { useUrlFilters } from '../components/url-filters';
import { useClient, useClientPages, useSetClientStatus } from './clients/client-queries';
import { useConversationList } from './inbox/inbox-queries';
import { Status } from './layout';
import { usePageTitle } from '../components/page-title';

type Client = Schema<'Client'>;
/** The reason the spec names for a block made by a person in the dashboard. */
const DASHBOARD_BLOCK_REASON = 'manual_dashboard';

/**
 * `/clients`: the workspace's clients, newest first, searched by name, phone number in any
 * format or email (`GET /v1/clients?q=`, `q` kept in the URL) and paged as the list scrolls;
 * and a client opened directly by id or phone number (E.164 without `+`), as GET /v1/clients/{id}
 * finds it.
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const { filter, setFilter } = useUrlFilters();
  const [lookup, setLookup] = useState('');
  const find = (event: FormEvent) => {
    event.preventDefault();
    const id = lookup.trim().replace(/^\+/, '');
    if (id) void navigate(`/w/${workspaceId}/clients/${encodeURIComponent(id)}`);
  };
  const q = filter('q');
  const { pages: clients, rows, total, loadMore } = useClientPages(workspaceId, q);
  usePageTitle(t('clients.heading'));
  return (
    <>
      <h1>{t('clients.heading')}</h1>
      <SearchField label={t('clients.search')} hint={t('clients.searchHint')} value={q} onSearch={(value) => setFilter('q', value)} />
      <Status loading={clients.isPending} error={clients.error} />
      {clients.data && (
        <p role="status">
          <small>{rows.length === 0 ? t(q ? 'clients.noMatch' : 'clients.none') : t('inbox.shown', { shown: rows.length, total })}</small>
        </p>
      )}
      {rows.length > 0 && (
        <div className="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('clients.name')}</th>
                <th scope="col">{t('client.field.phoneNumber')}</th>
                <th scope="col">{t('client.field.email')}</th>
                <th scope="col">{t('inbox.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/w/${workspaceId}/clients/${c.id}`}>{nameOf(c) ?? c.phoneNumber ?? c.id}</Link>
                  </td>
                  <td>{c.phoneNumber ?? '—'}</td>
                  <td>{c.email ?? '—'}</td>
                  <td>{t(c.status === 'blocked' ? 'clients.blocked' : 'clients.active')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore hasMore={clients.hasNextPage} loading={clients.isFetchingNextPage} onLoad={loadMore} />
      <form role="search" onSubmit={find}>
        <label>
          {t('clients.lookup')}
          <input value={lookup} onChange={(event) => setLookup(event.target.value)} inputMode="search" />
        </label>
        <button type="submit">{t('clients.find')}</button>
      </form>
    </>
  );
}

/** The name a person reads: the client's name, else its first and last names. */
function nameOf(client: Client): string | null {
  return client.name ?? ([client.firstname, client.lastname].filter(Boolean).join(' ') || null);
}

/** One client: the profile, its moderation record, block (`manual_dashboard`) and unblock, and its conversations. */
export function ClientPage() {
  const { workspaceId = '', clientId = '' } = useParams();
  // A block being confirmed belongs to its client: another client starts without it.
  return <ClientRecord key={`${workspaceId}/${clientId}`} workspaceId={workspaceId} clientId={clientId} />;
}

function ClientRecord({ workspaceId, clientId }: { workspaceId: string; clientId: string }) {
  const { t, i18n } = useTranslation();
  const client = useClient(workspaceId, clientId);
  const record = client.data;
  // By the record's id: the page may be opened by phone number.
  const conversations = useConversationList(
    { workspace: workspaceId, clientId: record?.id ?? '', sortBy: 'lastUpdate', sortDirection: 'desc', limit: 50 },
    record !== undefined,
  );
  const setStatus = useSetClientStatus(workspaceId, clientId);
  const [confirming, setConfirming] = useState(false);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');

  usePageTitle(record?.name ?? record?.phoneNumber ?? t('nav.clients'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/clients`}>← {t('clients.back')}</Link>
      </p>
      {client.error instanceof ApiError && client.error.status === 404 ? (
        <p role="alert">{t('client.notFound')}</p>
      ) : (
        <Status loading={client.isPending} error={client.error} />
      )}
      {record && (
        <>
          <h1>{record.name ?? record.phoneNumber ?? record.id}</h1>
          <section aria-labelledby="profile-heading">
            <h2 id="profile-heading">{t('client.profile')}</h2>
            <Profile client={record} />
          </section>
          <section aria-labelledby="moderation-heading">
            <h2 id="moderation-heading">{t('client.moderation')}</h2>
            <p>
              <strong>{t(record.status === 'blocked' ? 'client.blocked' : 'client.active')}</strong>
              {record.status === 'blocked' && (
                <>
                  {' '}
                  {t('client.blockedDetail', {
                    reason: t(`client.reason.${record.moderation.blockedReason}`, { defaultValue: record.moderation.blockedReason ?? '' }),
                    by: record.moderation.blockedBy ?? t('client.automatic'),
                    at: when(record.moderation.blockedAt),
                  })}
                </>
              )}
            </p>
            <dl className="facts">
              <Fact term={t('client.strikes')}>{record.moderation.totalStrikes}</Fact>
              <Fact term={t('client.lastAction')}>{record.moderation.lastAction ?? '—'}</Fact>
              <Fact term={t('client.lastSource')}>{record.moderation.lastSource ?? '—'}</Fact>
              <Fact term={t('client.lastSeverity')}>{record.moderation.lastSeverity ?? '—'}</Fact>
              <Fact term={t('client.lastFlaggedAt')}>{when(record.moderation.lastFlaggedAt)}</Fact>
              <Fact term={t('client.lastCategories')}>{record.moderation.lastCategories.join(', ') || '—'}</Fact>
              <Fact term={t('client.lastMatchedTerms')}>{record.moderation.lastMatchedTerms.join(', ') || '—'}</Fact>
            </dl>
            {record.status === 'active' && !confirming && (
              <button type="button" className="contrast" onClick={() => setConfirming(true)}>
                {t('client.block')}
              </button>
            )}
            {record.status === 'active' && confirming && (
              <ConfirmPrompt
                question={t('client.confirmBlockQuestion')}
                confirmLabel={t('client.confirmBlock')}
                keepLabel={t('client.keep')}
                pending={setStatus.isPending}
                onConfirm={() =>
                  setStatus.mutate({ status: 'blocked', reason: DASHBOARD_BLOCK_REASON }, { onSuccess: () => setConfirming(false) })
                }
                onKeep={() => setConfirming(false)}
              />
            )}
            {record.status === 'blocked' && (
              <button type="button" disabled={setStatus.isPending} onClick={() => setStatus.mutate({ status: 'active' })}>
                {t('client.unblock')}
              </button>
            )}
            {setStatus.error && <p role="alert">{t('common.error', { message: setStatus.error.message })}</p>}
          </section>
          <section aria-labelledby="client-conversations-heading">
            <h2 id="client-conversations-heading">{t('client.conversations')}</h2>
            <Status loading={conversations.isPending} error={conversations.error} />
            <ul>
              {conversations.data?.map((c) => (
                <li key={c.id}>
                  <Link to={`/w/${workspaceId}/conversations/${c.id}`}>
                    {c.platform} · {t(`status.${c.status}`)} · {when(c.lastUpdate)}
                  </Link>
                </li>
              ))}
            </ul>
            {conversations.data?.length === 0 && <p>{t('client.noConversations')}</p>}
          </section>
        </>
      )}
    </>
  );
}

/** The spec's client record fields that are set, then its tags, owners and custom fields. */
function Profile({ client }: { client: Client }) {
  const { t } = useTranslation();
  const fields = (
    [
      'phoneNumber',
      'name',
      'firstname',
      'lastname',
      'email',
      'birthdate',
      'gender',
      'company',
      'country',
      'state',
      'city',
      'address',
      'postalCode',
    ] as const
  ).filter((field) => client[field]);
  const custom = Object.entries(client.customFields);
  return (
    <dl className="facts">
      {fields.map((field) => (
        <Fact key={field} term={t(`client.field.${field}`)}>
          {client[field]}
        </Fact>
      ))}
      <Fact term={t('client.field.tags')}>{client.tags.join(', ') || '—'}</Fact>
      <Fact term={t('client.field.owners')}>{client.owners.join(', ') || '—'}</Fact>
      {custom.map(([key, value]) => (
        <Fact key={key} term={key}>
          {typeof value === 'string' ? value : JSON.stringify(value)}
        </Fact>
      ))}
    </dl>
  );
}

/** One term of a description list, grouped as HTML allows (a `div` per pair). */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
