import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Schema } from '../../api/schema';
import { PageButtons, useTokenPages } from '../../components/token-pages';
import { useUrlFilters } from '../../components/url-filters';
import { Status } from '../layout';
import { useCampaigns } from './campaign-queries';
import { usePageTitle } from '../../components/page-title';

type CampaignItem = Schema<'CampaignListItem'>;

/**
 * `/campaigns`: the workspace's campaigns (`GET /v1/campaigns`, an addition to the spec), newest
 * first, each with its latest run; `q` (a piece of the title) in the URL, paged with the API's
 * tokens. A campaign can still be opened by its id.
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  usePageTitle(t('campaigns.heading'));
  // Page tokens are the workspace's: another workspace starts from the first page.
  return <CampaignList key={workspaceId} workspaceId={workspaceId} />;
}

function CampaignList({ workspaceId }: { workspaceId: string }) {
  const { t, i18n } = useTranslation();
  const { filter, setFilter } = useUrlFilters();
  const q = filter('q');
  // The tokens of the pages before this one; the last is this page's.
  const pages = useTokenPages();
  const setQ = (value: string) => {
    pages.reset();
    setFilter('q', value.trim() ? value : '');
  };
  const query = {
    workspace: workspaceId,
    limit: 25,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...pages.query,
  };
  const campaigns = useCampaigns(query);
  const rows = campaigns.data?.campaigns ?? [];
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <>
      <h1>{t('campaigns.heading')}</h1>
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('campaignLists.search')}
          <input type="search" value={q} maxLength={200} onChange={(event) => setQ(event.target.value)} />
        </label>
      </form>
      <Status loading={campaigns.isPending} error={campaigns.error} />
      {campaigns.data && rows.length === 0 && <p>{q.trim() ? t('campaignLists.noMatch') : t('campaignLists.empty')}</p>}
      {rows.length > 0 && (
        // Wider than a phone: the scrolling table takes the keyboard focus so it can be scrolled without a mouse.
        <div className="overflow-auto" tabIndex={0} role="group" aria-label={t('campaigns.heading')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('campaigns.title')}</th>
                <th scope="col">{t('campaigns.category')}</th>
                <th scope="col">{t('campaigns.template')}</th>
                <th scope="col">{t('campaignLists.lastRun')}</th>
                <th scope="col">{t('campaignLists.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((campaign) => (
                <tr key={campaign.id}>
                  <td>
                    <Link to={`/w/${workspaceId}/campaigns/${encodeURIComponent(campaign.id)}`}>{campaign.title}</Link>
                  </td>
                  <td>{t(`campaigns.category.${campaign.category}`, { defaultValue: campaign.category })}</td>
                  <td>{campaign.templateName ? <code>{campaign.templateName}</code> : '—'}</td>
                  <td>
                    <LastRun run={campaign.lastRun} format={(iso) => dateTime.format(new Date(iso))} />
                  </td>
                  <td>{dateTime.format(new Date(campaign.creationDate))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageButtons pages={pages} nextPageToken={campaigns.data?.nextPageToken} />
      <OpenById workspaceId={workspaceId} />
    </>
  );
}

/** The latest run in a few words: its status, when, and what it sent. */
function LastRun({ run, format }: { run: CampaignItem['lastRun']; format: (iso: string) => string }) {
  const { t } = useTranslation();
  if (!run) return <>{t('campaigns.noRuns')}</>;
  return (
    <>
      {t(`campaigns.runStatus.${run.status}`)} · {format(run.scheduledFor ?? run.createdAt)}
      <br />
      <small>
        {t('campaignLists.runSummary', { sent: run.sent, recipients: run.recipients, failed: run.failed, excluded: run.excluded })}
      </small>
    </>
  );
}

/** A campaign opened by its id (a link shared by someone, an id from the API). */
function OpenById({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [lookup, setLookup] = useState('');
  const open = (event: FormEvent) => {
    event.preventDefault();
    const id = lookup.trim();
    if (id) void navigate(`/w/${workspaceId}/campaigns/${encodeURIComponent(id)}`);
  };
  return (
    <section aria-labelledby="campaign-open-heading">
      <h2 id="campaign-open-heading">{t('campaignLists.openById')}</h2>
      <form onSubmit={open}>
        <label>
          {t('campaigns.lookup')}
          <input value={lookup} onChange={(event) => setLookup(event.target.value)} />
        </label>
        <button type="submit">{t('campaigns.open')}</button>
      </form>
    </section>
  );
}
