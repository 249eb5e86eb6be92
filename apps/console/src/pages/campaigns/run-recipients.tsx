import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schema } from '../../api/schema';
import { PageButtons, useTokenPages } from '../../components/token-pages';
import { Status } from '../layout';
import { useRunRecipients } from './campaign-queries';

type Recipient = Schema<'CampaignRunRecipient'>;
const STATUSES: Recipient['status'][] = ['pending', 'sent', 'failed', 'unknown', 'excluded'];

/**
 * One run's recipients and their outcomes (`GET /v1/campaigns/{id}/runs/{runId}/recipients`, an
 * addition to the spec) in audience order: the status filter, the API's page tokens, and why
 * each one that was not sent was not (the exclusion's reason, Meta's error). Read again every
 * 2 s while the run is unsettled.
 */
export function RunRecipients({
  workspaceId,
  campaignId,
  runId,
  label,
  settled,
}: {
  workspaceId: string;
  campaignId: string;
  runId: string;
  /** The run as its row in the runs table names it (its date). */
  label: string;
  settled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('');
  // The tokens of the pages before this one; the last is this page's.
  const pages = useTokenPages();
  const query = {
    workspace: workspaceId,
    limit: 50,
    ...(status ? { status } : {}),
    ...pages.query,
  };
  const recipients = useRunRecipients(campaignId, runId, query, settled);
  const rows = recipients.data?.recipients ?? [];
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <section aria-labelledby="campaign-recipients-heading">
      <h2 id="campaign-recipients-heading">{t('campaignLists.recipientsOf', { run: label })}</h2>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('campaignLists.recipientStatus')}
          <select
            value={status}
            onChange={(event) => {
              pages.reset();
              setStatus(event.target.value);
            }}
          >
            <option value="">{t('common.all')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`campaignLists.recipientStatus.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <Status loading={recipients.isPending} error={recipients.error} />
      {recipients.data && rows.length === 0 && <p>{t('campaignLists.noRecipients')}</p>}
      {rows.length > 0 && (
        <div className="overflow-auto" tabIndex={0} role="group" aria-labelledby="campaign-recipients-heading">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('campaignLists.recipient')}</th>
                <th scope="col">{t('campaignLists.recipientStatus')}</th>
                <th scope="col">{t('campaignLists.why')}</th>
                <th scope="col">{t('campaignLists.messageId')}</th>
                <th scope="col">{t('campaignLists.when')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((recipient) => (
                <tr key={recipient.position}>
                  <td>
                    {recipient.name ?? recipient.phoneNumber}
                    {recipient.name && <small> · {recipient.phoneNumber}</small>}
                  </td>
                  <td>{t(`campaignLists.recipientStatus.${recipient.status}`)}</td>
                  <td>
                    <Why recipient={recipient} />
                  </td>
                  <td>{recipient.messageId ? <code>{recipient.messageId}</code> : '—'}</td>
                  <td>{dateTime.format(new Date(recipient.sentAt ?? recipient.updatedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageButtons pages={pages} nextPageToken={recipients.data?.nextPageToken} />
    </section>
  );
}

/** Why a recipient was not sent: the exclusion's reason in words, a cancellation, or Meta's own error. */
function Why({ recipient }: { recipient: Recipient }) {
  const { t } = useTranslation();
  if (recipient.reason) return <>{t(`campaignLists.reason.${recipient.reason}`)}</>;
  if (recipient.status === 'unknown') return <>{t('campaignLists.unknownOutcome')}</>;
  if (recipient.error === 'cancelled') return <>{t('campaignLists.cancelled')}</>;
  if (recipient.error) return <span className="recipient-error">{recipient.error}</span>;
  return <>—</>;
}
