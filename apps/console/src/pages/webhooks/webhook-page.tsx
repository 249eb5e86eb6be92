import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Status } from '../layout';
import { WebhookForm } from './webhook-form';
import { useDeliveries, useRedeliver, useUpdateWebhook, useWebhooks } from './webhook-queries';
import { WebhookState } from './webhooks-page';
import { usePageTitle } from '../../components/page-title';

const DELIVERIES_PER_PAGE = 20;
const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One webhook: its state (and why the dispatcher disabled it), signing secret, settings, and deliveries with every attempt. */
export function WebhookPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '', webhookId = '' } = useParams();
  const webhooks = useWebhooks(workspaceId);
  const webhook = webhooks.data?.find((w) => w.id === webhookId);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const update = useUpdateWebhook(workspaceId, webhookId);

  usePageTitle(webhook?.name ?? t('nav.webhooks'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/webhooks`}>← {t('webhooks.back')}</Link>
      </p>
      <Status loading={webhooks.isPending} error={webhooks.error} />
      {webhooks.data && !webhook && <p role="alert">{t('webhooks.notFound')}</p>}
      {webhook && (
        <>
          <h1>{webhook.name}</h1>
          <p>
            <strong>
              <WebhookState webhook={webhook} />
            </strong>
            {webhook.disabledAt && <> {t('webhooks.disabledAt', { at: dateTime.format(new Date(webhook.disabledAt)) })}</>}
          </p>
          <details>
            <summary>{t('webhooks.showSecret')}</summary>
            <p>
              <code>{webhook.secret}</code>
            </p>
          </details>
          <section aria-labelledby="webhook-settings-heading">
            <h2 id="webhook-settings-heading">{t('webhooks.settings')}</h2>
            <WebhookForm key={webhook.lastUpdate} initial={webhook} submitLabel={t('common.save')} save={update} />
          </section>
          <Deliveries workspaceId={workspaceId} webhookId={webhookId} format={(iso) => dateTime.format(new Date(iso))} />
        </>
      )}
    </>
  );
}

/** The webhook's deliveries, newest first, by status; each with its attempts and a redelivery. */
function Deliveries({ workspaceId, webhookId, format }: { workspaceId: string; webhookId: string; format: (iso: string) => string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'' | (typeof DELIVERY_STATUSES)[number]>('');
  const [offset, setOffset] = useState(0);
  const query = {
    workspace: workspaceId,
    limit: String(DELIVERIES_PER_PAGE),
    offset: String(offset),
    ...(status ? { status } : {}),
  };
  const deliveries = useDeliveries(webhookId, query);
  const redeliver = useRedeliver(workspaceId, webhookId);
  const rows = deliveries.data?.deliveries ?? [];

  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">{t('webhooks.deliveries')}</h2>
      <label>
        {t('webhooks.deliveryStatus')}
        <select
          value={status}
          onChange={(event) => {
            setOffset(0);
            setStatus(DELIVERY_STATUSES.find((name) => name === event.target.value) ?? '');
          }}
        >
          <option value="">{t('common.all')}</option>
          {DELIVERY_STATUSES.map((name) => (
            <option key={name} value={name}>
              {t(`webhooks.delivery.${name}`)}
            </option>
          ))}
        </select>
      </label>
      <Status loading={deliveries.isPending} error={deliveries.error ?? redeliver.error} />
      {deliveries.data && rows.length === 0 && <p>{t('webhooks.noDeliveries')}</p>}
      {rows.map((delivery) => (
        <article key={delivery.id} aria-label={`${delivery.eventType} ${format(delivery.createdAt)}`}>
          <header className="actions">
            <strong>
              <code>{delivery.eventType}</code>
            </strong>
            <span>{format(delivery.createdAt)}</span>
            <span>{t(`webhooks.delivery.${delivery.status}`)}</span>
            <span>{t('webhooks.attemptCount', { count: delivery.attemptCount })}</span>
            {delivery.nextAttemptAt && <span>{t('webhooks.nextAttempt', { at: format(delivery.nextAttemptAt) })}</span>}
            <button type="button" className="outline" disabled={redeliver.isPending} onClick={() => redeliver.mutate(delivery.id)}>
              {t('webhooks.redeliver')}
            </button>
          </header>
          {delivery.attempts.length > 0 && (
            <div className="overflow-auto">
              <table aria-label={t('webhooks.attemptsOf', { event: delivery.eventType })}>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">{t('webhooks.attemptedAt')}</th>
                    <th scope="col">{t('webhooks.statusCode')}</th>
                    <th scope="col">{t('webhooks.duration')}</th>
                    <th scope="col">{t('webhooks.answer')}</th>
                  </tr>
                </thead>
                <tbody>
                  {delivery.attempts.map((attempt) => (
                    <tr key={attempt.attempt}>
                      <td>{attempt.attempt}</td>
                      <td>{format(attempt.attemptedAt)}</td>
                      <td>{attempt.statusCode ?? '—'}</td>
                      <td>{t('webhooks.ms', { ms: attempt.durationMs })}</td>
                      <td>
                        {attempt.error && <div>{attempt.error}</div>}
                        {attempt.responseExcerpt && <code className="excerpt">{attempt.responseExcerpt}</code>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </article>
      ))}
      <div className="actions">
        {offset > 0 && (
          <button type="button" className="secondary outline" onClick={() => setOffset(Math.max(0, offset - DELIVERIES_PER_PAGE))}>
            {t('common.previousPage')}
          </button>
        )}
        {deliveries.data && offset + rows.length < deliveries.data.deliveriesCount && (
          <button type="button" className="secondary outline" onClick={() => setOffset(offset + DELIVERIES_PER_PAGE)}>
            {t('common.nextPage')}
          </button>
        )}
      </div>
    </section>
  );
}
