import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_BOUNDS as B, CAMPAIGN_CATEGORIES } from '../../campaign-bounds';
import { SaveOutcome, showFieldIssues, submitHandler, useFieldKit, useRules } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';
import { Status } from '../layout';
import { RunRecipients } from './run-recipients';
import { useApprovedTemplates, useCampaign, useSendCampaign, useUpdateCampaign, type Campaign } from './campaign-queries';
import { usePageTitle } from '../../components/page-title';

/**
 * A campaign: its fields edited, a send (a template with as many parameters as it has variables,
 * now or at dates), what the send queued (recipients, and those excluded: blocked, problematic,
 * undeliverable), and each run's progress, read again every 2 s while one is unsettled; a run's
 * recipients with their outcomes below (the latest run's until another is chosen).
 */
export function CampaignPage() {
  const { t } = useTranslation();
  const { workspaceId = '', campaignId = '' } = useParams();
  const campaign = useCampaign(workspaceId, campaignId);
  const current = campaign.data;

  usePageTitle(current?.title ?? t('campaigns.nav'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/campaigns`}>← {t('campaigns.back')}</Link>
      </p>
      <Status loading={campaign.isPending} error={campaign.error} />
      {current && (
        <>
          <h1>{current.title}</h1>
          <section aria-labelledby="campaign-edit-heading">
            <h2 id="campaign-edit-heading">{t('campaigns.editHeading')}</h2>
            <EditForm workspaceId={workspaceId} campaign={current} />
          </section>
          <section aria-labelledby="campaign-send-heading">
            <h2 id="campaign-send-heading">{t('campaigns.sendHeading')}</h2>
            <SendForm workspaceId={workspaceId} campaign={current} />
          </section>
          <Runs workspaceId={workspaceId} campaign={current} />
        </>
      )}
    </>
  );
}

function EditForm({ workspaceId, campaign }: { workspaceId: string; campaign: Campaign }) {
  const { t } = useTranslation();
  const templates = useApprovedTemplates(workspaceId);
  const names = [...new Set((templates.data ?? []).map((template) => template.name))];
  const form = useForm({
    defaultValues: { title: campaign.title, category: campaign.category, templateName: campaign.templateName ?? '' },
  });
  const { field, error } = useFieldKit(form, 'campaign');
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const save = useUpdateCampaign(workspaceId, campaign.id);
  const submit = submitHandler(form, save, (values) =>
    save.mutate(
      {
        title: values.title.trim(),
        category: CAMPAIGN_CATEGORIES.find((category) => category === values.category),
        templateName: values.templateName || null,
      },
      { onSuccess: () => setUnplaced([]), onError: (failure) => setUnplaced(showFieldIssues(form, failure)) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="campaign-title">{t('campaigns.title')}</label>
      <input {...field('title', { required: rule.required, ...rule.maxLength(B.title.max) })} />
      {error('title')}
      <label htmlFor="campaign-category">{t('campaigns.category')}</label>
      <select {...field('category')}>
        {CAMPAIGN_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`campaigns.category.${category}`)}
          </option>
        ))}
      </select>
      <label htmlFor="campaign-templateName">{t('campaigns.template')}</label>
      <select {...field('templateName')}>
        <option value="">{t('campaigns.noTemplate')}</option>
        {[...new Set([...names, ...(campaign.templateName ? [campaign.templateName] : [])])].map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {error('templateName')}
      <button type="submit" disabled={save.isPending}>
        {t('common.save')}
      </button>
      <SaveOutcome saved={save.isSuccess} error={save.error} unplaced={unplaced} />
    </form>
  );
}

interface SendValues {
  templateId: string;
  params: { value: string }[];
  file: string;
  /** A local date and time; empty sends now. */
  scheduledAt: string;
}

/** A send: the template (the campaign's by default), its parameters as fields (as many as its variables), a media header's file, an optional date. */
function SendForm({ workspaceId, campaign }: { workspaceId: string; campaign: Campaign }) {
  const { t } = useTranslation();
  const templates = useApprovedTemplates(workspaceId);
  const list = templates.data ?? [];
  const form = useForm<SendValues>({ defaultValues: { templateId: '', params: [], file: '', scheduledAt: '' } });
  const chosenId = form.watch('templateId');
  const chosen = list.find((template) => template.id === chosenId) ?? list.find((template) => template.name === campaign.templateName);
  const variables = chosen?.variables ?? 0;
  const mediaHeader = chosen?.header && chosen.header.type !== 'text' ? chosen.header.type : null;
  const { field, error } = useFieldKit(form, 'send');
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const send = useSendCampaign(workspaceId, campaign.id);
  const submit = submitHandler(form, send, (values) => {
    if (!chosen) return;
    send.mutate(
      {
        channelId: chosen.channelId,
        template: {
          name: chosen.name,
          language: chosen.language,
          params: values.params.slice(0, variables).map((param) => param.value),
          ...(mediaHeader ? { type: mediaHeader, file: values.file } : {}),
          ...(values.scheduledAt ? { scheduledDates: [new Date(values.scheduledAt).toISOString()] } : {}),
        },
      },
      { onSuccess: () => setUnplaced([]), onError: (failure) => setUnplaced(showFieldIssues(form, failure)) },
    );
  });
  const queued = send.data?.data;

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="send-templateId">{t('campaigns.template')}</label>
      <select {...field('templateId')} value={chosen?.id ?? ''}>
        {!chosen && <option value="">{t('campaigns.chooseTemplate')}</option>}
        {list.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name} ({template.language})
          </option>
        ))}
      </select>
      {chosen && <p>{chosen.body}</p>}
      {Array.from({ length: variables }, (_, index) => (
        <div key={`${chosen?.id}-${index}`}>
          <label htmlFor={`send-params-${index}-value`}>{t('campaigns.param', { n: index + 1 })}</label>
          <input {...field(`params.${index}.value`, { required: rule.required })} />
          {error(`params.${index}.value`)}
        </div>
      ))}
      {mediaHeader && (
        <>
          <label htmlFor="send-file">{t('campaigns.file', { type: mediaHeader })}</label>
          <input
            type="url"
            {...field('file', { required: rule.required, pattern: { value: /^https:\/\//i, message: t('campaigns.httpsFile') } })}
          />
          {error('file')}
        </>
      )}
      <label htmlFor="send-scheduledAt">{t('campaigns.scheduledAt')}</label>
      <input
        type="datetime-local"
        {...field('scheduledAt', { validate: (value) => !value || new Date(value).getTime() > Date.now() || t('campaigns.future') })}
      />
      {error('scheduledAt')}
      <button type="submit" disabled={send.isPending || !chosen}>
        {t('campaigns.send')}
      </button>
      {queued && (
        <p role="status">
          {t('campaigns.queued', {
            recipients: queued.recipients,
            excluded: queued.excluded,
            blocked: queued.exclusions.blocked,
            problematic: queued.exclusions.problematic,
            undeliverable: queued.exclusions.undeliverable,
          })}
        </p>
      )}
      <SaveOutcome saved={false} error={send.error} unplaced={unplaced} />
    </form>
  );
}

function Runs({ workspaceId, campaign }: { workspaceId: string; campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—');
  const [chosenRunId, setChosenRunId] = useState<string | null>(null);
  const shown = campaign.runs.find((run) => run.runId === chosenRunId) ?? campaign.runs[0];
  const runLabel = (run: Campaign['runs'][number]) => when(run.scheduledFor ?? run.createdAt);
  return (
    <>
      <section aria-labelledby="campaign-runs-heading">
        <h2 id="campaign-runs-heading">{t('campaigns.runs')}</h2>
        {campaign.runs.length === 0 ? (
          <p>{t('campaigns.noRuns')}</p>
        ) : (
          // Wider than a phone: the scrolling table takes the keyboard focus so it can be scrolled without a mouse.
          <div className="overflow-auto" tabIndex={0} role="group" aria-labelledby="campaign-runs-heading">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('campaigns.runStatus')}</th>
                  <th scope="col">{t('campaigns.template')}</th>
                  <th scope="col">{t('campaigns.scheduledFor')}</th>
                  <th scope="col">{t('campaigns.recipients')}</th>
                  <th scope="col">{t('campaigns.sent')}</th>
                  <th scope="col">{t('campaigns.failed')}</th>
                  <th scope="col">{t('campaigns.unknown')}</th>
                  <th scope="col">{t('campaigns.pending')}</th>
                  <th scope="col">{t('campaigns.excluded')}</th>
                  <th scope="col">{t('campaigns.completedAt')}</th>
                  <th scope="col">{t('campaignLists.recipientsColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {campaign.runs.map((run) => (
                  <tr key={run.runId}>
                    <td>
                      {run.status !== 'completed' && run.recipients > 0 && (
                        <progress value={run.recipients - run.pending} max={run.recipients} aria-label={t('campaigns.progress')} />
                      )}
                      {t(`campaigns.runStatus.${run.status}`)}
                    </td>
                    <td>{run.templateName}</td>
                    <td>{when(run.scheduledFor)}</td>
                    <td>{run.recipients}</td>
                    <td>{run.sent}</td>
                    <td>{run.failed}</td>
                    <td>{run.unknown}</td>
                    <td>{run.pending}</td>
                    <td>{run.excluded}</td>
                    <td>{when(run.completedAt)}</td>
                    <td>
                      <button
                        type="button"
                        className="secondary outline"
                        aria-pressed={run.runId === shown?.runId}
                        aria-label={t('campaignLists.showRecipients', { run: runLabel(run) })}
                        onClick={() => setChosenRunId(run.runId)}
                      >
                        {t('campaignLists.recipientsColumn')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {shown && (
        <RunRecipients
          key={shown.runId}
          workspaceId={workspaceId}
          campaignId={campaign.id}
          runId={shown.runId}
          label={runLabel(shown)}
          settled={shown.status === 'completed'}
        />
      )}
    </>
  );
}
