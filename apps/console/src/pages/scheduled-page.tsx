import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Schema } from '../api/schema';
import { ConfirmPrompt } from '../components/confirm-prompt';
import { PageButtons, useTokenPages } from '../components/token-pages';
import { useUrlFilters } from '../components/url-filters';
import { Status } from './layout';
import { useCancelScheduledMessage, useRescheduleMessage, useScheduled } from './scheduled/scheduled-queries';
import { usePageTitle } from '../components/page-title';

type ScheduledMessage = Schema<'ScheduledMessage'>;
const KINDS: ScheduledMessage['kind'][] = ['service', 'template'];
const STATUSES: ScheduledMessage['status'][] = ['creating', 'delayed', 'scheduled', 'processing', 'sent', 'cancelled', 'failed'];
/** The spec's bound on a new send time (PATCH /v1/messages/scheduled/{messageId}: at most 30 days after the request). */
const RESCHEDULE_MAX_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * The workspace's scheduled messages (GET /v1/messages/scheduled) with the API's filters in the
 * URL: status (the API's default is the pending ones), kind, campaign and the range of send
 * times; paged with the API's opaque tokens. Each pending message can be rescheduled or cancelled.
 */
export function ScheduledPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  usePageTitle(t('scheduled.heading'));
  // Page tokens are the workspace's: another workspace starts from the first page.
  return <ScheduledMessages key={workspaceId} workspaceId={workspaceId} />;
}

function ScheduledMessages({ workspaceId }: { workspaceId: string }) {
  const { t, i18n } = useTranslation();
  const { filter, setFilter: setUrlFilter } = useUrlFilters();
  // The tokens of the pages before this one; the last is this page's.
  const pages = useTokenPages();
  const setFilter = (name: string, value: string) => {
    pages.reset();
    setUrlFilter(name, value);
  };
  const kind = KINDS.find((value) => value === filter('kind'));
  const query = {
    workspace: workspaceId,
    limit: 50,
    ...(filter('status') ? { status: filter('status') } : {}),
    ...(kind ? { kind } : {}),
    ...(filter('campaign') ? { campaignId: filter('campaign') } : {}),
    ...(filter('from') ? { from: new Date(filter('from')).toISOString() } : {}),
    ...(filter('to') ? { to: new Date(filter('to')).toISOString() } : {}),
    ...pages.query,
  };
  const scheduled = useScheduled(query);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const rows = scheduled.data?.messages ?? [];

  return (
    <>
      <h1>{t('scheduled.heading')}</h1>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('scheduled.status')}
          <select value={filter('status')} onChange={(event) => setFilter('status', event.target.value)}>
            <option value="">{t('scheduled.pending')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`scheduled.status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('scheduled.kind')}
          <select value={filter('kind')} onChange={(event) => setFilter('kind', event.target.value)}>
            <option value="">{t('common.all')}</option>
            <option value="service">{t('scheduled.kind.service')}</option>
            <option value="template">{t('scheduled.kind.template')}</option>
          </select>
        </label>
        <label>
          {t('scheduled.campaign')}
          <input value={filter('campaign')} onChange={(event) => setFilter('campaign', event.target.value.trim())} />
        </label>
        <label>
          {t('scheduled.from')}
          <input type="datetime-local" value={filter('from')} onChange={(event) => setFilter('from', event.target.value)} />
        </label>
        <label>
          {t('scheduled.to')}
          <input type="datetime-local" value={filter('to')} onChange={(event) => setFilter('to', event.target.value)} />
        </label>
      </form>
      <Status loading={scheduled.isPending} error={scheduled.error} />
      {scheduled.data && rows.length === 0 && <p>{t('scheduled.empty')}</p>}
      {rows.length > 0 && (
        <div className="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('scheduled.executeAt')}</th>
                <th scope="col">{t('scheduled.recipient')}</th>
                <th scope="col">{t('scheduled.content')}</th>
                <th scope="col">{t('scheduled.status')}</th>
                <th scope="col">{t('scheduled.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((message) => (
                <tr key={message.messageId}>
                  <td>{dateTime.format(new Date(message.executeAt))}</td>
                  <td>
                    {message.name ?? message.phoneNumber ?? message.conversationId}
                    {message.name && message.phoneNumber && <small> · {message.phoneNumber}</small>}
                  </td>
                  <td>
                    {message.templateName ? <code>{message.templateName}</code> : message.preview}
                    {message.campaignId && <small> · {message.campaignId}</small>}
                    {message.error && <small> · {message.error}</small>}
                  </td>
                  <td>{t(`scheduled.status.${message.status}`)}</td>
                  <td>
                    <MessageActions workspaceId={workspaceId} message={message} label={dateTime.format(new Date(message.executeAt))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageButtons pages={pages} nextPageToken={scheduled.data?.nextPageToken} />
    </>
  );
}

/** Reschedule (a new send time within the spec's 30 days) and cancel (after a confirmation), for a message that still can be. */
function MessageActions({ workspaceId, message, label }: { workspaceId: string; message: ScheduledMessage; label: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'idle' | 'reschedule' | 'cancel'>('idle');
  const done = { onSuccess: () => setMode('idle') };
  const reschedule = useRescheduleMessage(workspaceId, message.messageId);
  const cancel = useCancelScheduledMessage(workspaceId, message.messageId);
  const form = useForm<{ when: string }>();
  const whenError = form.formState.errors.when?.message;
  const failure = reschedule.error ?? cancel.error;
  if (!message.reschedulable) return null;

  const within = (value: string) => {
    const at = new Date(value).getTime();
    if (!(at > Date.now())) return t('scheduled.mustBeFuture');
    if (at > Date.now() + RESCHEDULE_MAX_DAYS * DAY_MS) return t('scheduled.tooFar', { days: RESCHEDULE_MAX_DAYS });
    return true;
  };
  const inputId = `when-${message.messageId}`;

  return (
    <>
      {mode === 'idle' && (
        <div className="actions">
          <button
            type="button"
            className="outline"
            aria-label={`${t('scheduled.reschedule')} ${label}`}
            onClick={() => setMode('reschedule')}
          >
            {t('scheduled.reschedule')}
          </button>
          <button
            type="button"
            className="secondary outline"
            aria-label={`${t('scheduled.cancel')} ${label}`}
            onClick={() => setMode('cancel')}
          >
            {t('scheduled.cancel')}
          </button>
        </div>
      )}
      {mode === 'reschedule' && (
        <form onSubmit={(event) => void form.handleSubmit(({ when }) => reschedule.mutate(new Date(when).toISOString(), done))(event)}>
          <label htmlFor={inputId}>{t('scheduled.newTime')}</label>
          <input
            id={inputId}
            type="datetime-local"
            aria-invalid={whenError ? true : undefined}
            aria-describedby={whenError ? `${inputId}-error` : undefined}
            {...form.register('when', { required: t('scheduled.required'), validate: within })}
          />
          {whenError && <small id={`${inputId}-error`}>{whenError}</small>}
          <div className="actions">
            <button type="submit" disabled={reschedule.isPending}>
              {t('scheduled.confirmReschedule')}
            </button>
            <button type="button" className="secondary outline" onClick={() => setMode('idle')}>
              {t('scheduled.back')}
            </button>
          </div>
        </form>
      )}
      {mode === 'cancel' && (
        <ConfirmPrompt
          question={t('scheduled.confirmCancelQuestion')}
          confirmLabel={t('scheduled.confirmCancel')}
          keepLabel={t('scheduled.back')}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(undefined, done)}
          onKeep={() => setMode('idle')}
        />
      )}
      {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
    </>
  );
}
