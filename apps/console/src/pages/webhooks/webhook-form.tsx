import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveOutcome, linesOf, showFieldIssues, submitHandler, useFieldKit, useRules, type SaveMutation } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';
import { WEBHOOK_BOUNDS as B, WEBHOOK_EVENTS } from '../../webhook-bounds';
import type { WebhookBody } from './webhook-queries';

interface WebhookValues {
  name: string;
  url: string;
  events: string[];
  active: boolean;
  /** Empty: generated on create, kept on edit. */
  secret: string;
  /** `Name: value`, one per line. */
  headers: string;
}

const HEADER_LINE = /^([^:\s]+)\s*:\s*(.*)$/;
const headersOf = (text: string) =>
  Object.fromEntries(linesOf(text).map((line) => HEADER_LINE.exec(line)!.slice(1, 3) as [string, string]));

/**
 * A webhook's fields, for a new one (`initial` absent) or to change one; the spec's bounds are
 * the form's own rules, and a 400 lands next to the field it names. `headers` are edited as
 * `Name: value` lines and replace the whole set, as PATCH does.
 */
export function WebhookForm({
  initial,
  submitLabel,
  save: mutation,
}: {
  initial?: Omit<WebhookBody, 'secret'>;
  submitLabel: string;
  /** The feature's create or update (webhook-queries.ts). */
  save: SaveMutation<WebhookBody>;
}) {
  const { t } = useTranslation();
  const form = useForm<WebhookValues>({
    defaultValues: {
      name: initial?.name ?? '',
      url: initial?.url ?? '',
      events: initial?.events ?? [],
      active: initial?.active ?? true,
      secret: '',
      headers: Object.entries(initial?.headers ?? {})
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n'),
    },
  });
  const { field, error } = useFieldKit(form, initial ? 'webhook' : 'new-webhook');
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const submit = submitHandler(form, mutation, ({ secret, headers, ...values }) =>
    mutation.mutate(
      { ...values, headers: headersOf(headers), ...(secret ? { secret } : {}) },
      {
        onSuccess: () => {
          setUnplaced([]);
          if (!initial) form.reset();
        },
        onError: (failure) => setUnplaced(showFieldIssues(form, failure)),
      },
    ),
  );
  const headerRules = {
    validate: (text: string) => {
      const lines = linesOf(text);
      if (lines.length > B.headers.maxItems) return t('webhooks.tooManyHeaders', { max: B.headers.maxItems });
      const wrong = lines.findIndex((line) => {
        const match = HEADER_LINE.exec(line);
        return !match || match[1]!.length > B.headers.nameMax || match[2]!.length > B.headers.valueMax;
      });
      return wrong < 0 || t('webhooks.headerLine', { line: wrong + 1, nameMax: B.headers.nameMax, valueMax: B.headers.valueMax });
    },
  };
  const prefix = initial ? 'webhook' : 'new-webhook';

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={`${prefix}-name`}>{t('webhooks.name')}</label>
      <input {...field('name', { required: rule.required, ...rule.maxLength(B.name.max) })} />
      {error('name')}
      <label htmlFor={`${prefix}-url`}>{t('webhooks.url')}</label>
      <input
        type="url"
        {...field('url', {
          required: rule.required,
          ...rule.maxLength(B.url.max),
          pattern: { value: /^https?:\/\/[^@/?#]+(?:[/?#]|$)/i, message: t('webhooks.urlRule') },
        })}
      />
      {error('url')}
      <fieldset aria-describedby={form.formState.errors.events ? `${prefix}-events-error` : undefined}>
        <legend>{t('webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event}>
            <input
              type="checkbox"
              value={event}
              {...form.register('events', { validate: (events) => events.length > 0 || t('webhooks.oneEvent') })}
            />
            <code>{event}</code>
          </label>
        ))}
      </fieldset>
      {form.formState.errors.events && <small id={`${prefix}-events-error`}>{form.formState.errors.events.message}</small>}
      <label>
        <input type="checkbox" role="switch" {...form.register('active')} />
        {t('webhooks.activeSwitch')}
      </label>
      <label htmlFor={`${prefix}-secret`}>{initial ? t('webhooks.newSecret') : t('webhooks.secret')}</label>
      <input type="password" autoComplete="new-password" {...field('secret', rule.maxLength(B.secret.max))} />
      {error('secret')}
      <label htmlFor={`${prefix}-headers`}>{t('webhooks.headers', { max: B.headers.maxItems })}</label>
      <textarea rows={3} placeholder="x-crm-tenant: acme" {...field('headers', headerRules)} />
      {error('headers')}
      <button type="submit" disabled={mutation.isPending}>
        {submitLabel}
      </button>
      <SaveOutcome saved={mutation.isSuccess} error={mutation.error} unplaced={unplaced} />
    </form>
  );
}
