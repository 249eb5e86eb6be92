import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { Status } from '../layout';
import { WebhookForm } from './webhook-form';
import { useCreateWebhook, useRemoveWebhook, useUpdateWebhook, useWebhooks, type Webhook } from './webhook-queries';
import { usePageTitle } from '../../components/page-title';

/** A webhook's state in words: active, paused by a person, or disabled by the dispatcher (and why). */
export function WebhookState({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  if (webhook.disabledReason) return <>{t('webhooks.disabled', { reason: webhook.disabledReason })}</>;
  return <>{t(webhook.active ? 'webhooks.active' : 'webhooks.paused')}</>;
}

/** The workspace's webhooks: a new one, and each one's state, pause or resume, and delete. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  const webhooks = useWebhooks(workspaceId);
  const rows = webhooks.data ?? [];
  const create = useCreateWebhook(workspaceId);

  usePageTitle(t('webhooks.heading'));
  return (
    <>
      <h1>{t('webhooks.heading')}</h1>
      <details>
        <summary>{t('webhooks.new')}</summary>
        <WebhookForm submitLabel={t('webhooks.create')} save={create} />
      </details>
      <Status loading={webhooks.isPending} error={webhooks.error} />
      {webhooks.data && rows.length === 0 && <p>{t('webhooks.empty')}</p>}
      {rows.length > 0 && (
        <div className="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.name')}</th>
                <th scope="col">{t('webhooks.url')}</th>
                <th scope="col">{t('webhooks.events')}</th>
                <th scope="col">{t('webhooks.state')}</th>
                <th scope="col">{t('webhooks.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((webhook) => (
                <tr key={webhook.id}>
                  <td>
                    <Link to={`/w/${workspaceId}/webhooks/${webhook.id}`}>{webhook.name}</Link>
                  </td>
                  <td>
                    <code>{webhook.url}</code>
                  </td>
                  <td>{webhook.events.length}</td>
                  <td>
                    <WebhookState webhook={webhook} />
                  </td>
                  <td>
                    <WebhookActions workspaceId={workspaceId} webhook={webhook} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Pause or resume (resuming a disabled webhook re-enables it), and delete after a confirmation. */
function WebhookActions({ workspaceId, webhook }: { workspaceId: string; webhook: Webhook }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateWebhook(workspaceId, webhook.id);
  const remove = useRemoveWebhook(workspaceId, webhook.id);
  const running = webhook.active && !webhook.disabledReason;
  const failure = update.error ?? remove.error;
  return (
    <>
      {confirming ? (
        <ConfirmPrompt
          question={t('webhooks.confirmDelete', { name: webhook.name })}
          confirmLabel={t('webhooks.yesDelete')}
          keepLabel={t('webhooks.keep')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="outline"
            aria-label={`${t(running ? 'webhooks.pause' : 'webhooks.resume')} ${webhook.name}`}
            disabled={update.isPending}
            onClick={() => update.mutate({ active: !running })}
          >
            {t(running ? 'webhooks.pause' : 'webhooks.resume')}
          </button>
          <button
            type="button"
            className="secondary outline"
            aria-label={`${t('webhooks.delete')} ${webhook.name}`}
            onClick={() => setConfirming(true)}
          >
            {t('webhooks.delete')}
          </button>
        </div>
      )}
      {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
    </>
  );
}
