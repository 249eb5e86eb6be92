import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveOutcome, showFieldIssues, submitHandler, useFieldKit, useRules, type SaveMutation } from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';
import { MODEL_BOUNDS as B, MODEL_PROVIDERS } from '../../model-bounds';
import type { ConnectionBody, ModelConnection } from './model-queries';

type Provider = (typeof MODEL_PROVIDERS)[number];

interface ConnectionValues {
  name: string;
  provider: Provider;
  baseUrl: string;
  /** Write-only: empty on edit keeps the stored one. */
  credential: string;
  /** On edit: drop the stored credential (a base URL of another origin needs it sent again, or dropped). */
  removeCredential: boolean;
  /** Prices as typed: empty is "no price" (`null`), not 0. */
  models: { id: string; inputUsdPerMillion: string; outputUsdPerMillion: string }[];
  default: boolean;
}

const price = (typed: string) => (typed.trim() === '' ? null : Number(typed));
const typedPrice = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

const valuesOf = (connection?: ModelConnection): ConnectionValues => ({
  name: connection?.name ?? '',
  provider: connection?.provider ?? 'openai_compatible',
  baseUrl: connection?.baseUrl ?? '',
  credential: '',
  removeCredential: false,
  models: connection?.models.map((m) => ({
    id: m.id,
    inputUsdPerMillion: typedPrice(m.inputUsdPerMillion),
    outputUsdPerMillion: typedPrice(m.outputUsdPerMillion),
  })) ?? [{ id: '', inputUsdPerMillion: '', outputUsdPerMillion: '' }],
  default: connection?.default ?? false,
});

/**
 * A model connection's fields, for a new one (`connection` absent) or to change one
 * (docs/agents.md › Models and fallback): the provider, its base URL, a write-only credential
 * (a password field, empty on edit: left empty, the stored one is kept), and the models it
 * offers with their prices per million tokens (empty: unpriced, never taken as 0). The API's
 * 400 lands next to the field it names (`models.1.id`, `credential`).
 */
export function ConnectionForm({
  connection,
  submitLabel,
  save: mutation,
  onSaved,
}: {
  connection?: ModelConnection;
  submitLabel: string;
  /** The feature's create or update (model-queries.ts). */
  save: SaveMutation<ConnectionBody>;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ConnectionValues>({ defaultValues: valuesOf(connection) });
  const models = useFieldArray({ control: form.control, name: 'models' });
  const prefix = connection ? `connection-${connection.id}` : 'new-connection';
  const { field, error } = useFieldKit(form, prefix);
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const provider = form.watch('provider');
  const removeCredential = form.watch('removeCredential');
  const priceRules = {
    validate: (typed: string) => {
      const value = price(typed);
      return value === null || (Number.isFinite(value) && value >= B.price.min && value <= B.price.max) || t('models.priceRule', B.price);
    },
  };

  const submit = submitHandler(form, mutation, (values) => {
    const body: ConnectionBody = {
      name: values.name.trim(),
      provider: values.provider,
      models: values.models.map((m) => ({
        id: m.id.trim(),
        inputUsdPerMillion: price(m.inputUsdPerMillion),
        outputUsdPerMillion: price(m.outputUsdPerMillion),
      })),
      default: values.default,
    };
    const baseUrl = values.baseUrl.trim();
    // On edit an emptied base URL is the provider's public API (null); on create it is left out.
    if (baseUrl) body.baseUrl = baseUrl;
    else if (connection) Object.assign(body, { baseUrl: null });
    if (values.credential) body.credential = values.credential;
    else if (connection && values.removeCredential) Object.assign(body, { credential: null });
    // The provider is fixed once created (the update has no such field).
    const sent = connection ? (({ provider: _fixed, ...rest }) => rest)(body) : body;
    mutation.mutate(sent as ConnectionBody, {
      onSuccess: () => {
        setUnplaced([]);
        // The credential never stays in the page once sent.
        form.reset({ ...(connection ? form.getValues() : valuesOf()), credential: '', removeCredential: false });
        onSaved?.();
      },
      onError: (failure) => setUnplaced(showFieldIssues(form, failure)),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="connection-form">
      <label htmlFor={`${prefix}-name`}>{t('models.name')}</label>
      <input {...field('name', { required: rule.required, ...rule.maxLength(B.name.max) })} />
      {error('name')}
      <label htmlFor={`${prefix}-provider`}>{t('models.provider')}</label>
      <select {...field('provider')} disabled={!!connection}>
        {MODEL_PROVIDERS.map((value) => (
          <option key={value} value={value}>
            {t(`models.provider.${value}`)}
          </option>
        ))}
      </select>
      {error('provider')}
      <label htmlFor={`${prefix}-baseUrl`}>
        {t(provider === 'openai_compatible' ? 'models.baseUrlRequired' : 'models.baseUrlOptional')}
      </label>
      <input
        type="url"
        placeholder={provider === 'openai_compatible' ? 'https://api.openai.com/v1' : ''}
        {...field('baseUrl', {
          ...rule.maxLength(B.baseUrl.max),
          validate: (url: string) =>
            (provider !== 'openai_compatible' && !url.trim()) ||
            /^https?:\/\/[^@/?#\s]+(?:[/?#]|$)/i.test(url.trim()) ||
            t('models.baseUrlRule'),
        })}
      />
      {error('baseUrl')}
      <label htmlFor={`${prefix}-credential`}>{t(connection ? 'models.newCredential' : 'models.credential')}</label>
      <input
        type="password"
        autoComplete="new-password"
        disabled={removeCredential}
        {...field('credential', rule.maxLength(B.credential.max))}
      />
      {error('credential')}
      {connection?.hasCredential && (
        <label>
          <input type="checkbox" {...form.register('removeCredential')} />
          {t('models.removeCredential')}
        </label>
      )}
      <fieldset>
        <legend>{t('models.offered', { max: B.models.maxItems })}</legend>
        <p>
          <small>{t('models.pricesHint')}</small>
        </p>
        {models.fields.map((item, index) => (
          <div key={item.id} className="model-offer" role="group" aria-label={t('models.modelN', { n: index + 1 })}>
            <div>
              <label htmlFor={`${prefix}-models-${index}-id`}>{t('models.modelId', { n: index + 1 })}</label>
              <input
                placeholder="gpt-4o-mini"
                {...field(`models.${index}.id`, { required: rule.required, ...rule.maxLength(B.modelId.max) })}
              />
              {error(`models.${index}.id`)}
            </div>
            <div>
              <label htmlFor={`${prefix}-models-${index}-inputUsdPerMillion`}>{t('models.inputPrice')}</label>
              <input type="number" inputMode="decimal" min={0} step="any" {...field(`models.${index}.inputUsdPerMillion`, priceRules)} />
              {error(`models.${index}.inputUsdPerMillion`)}
            </div>
            <div>
              <label htmlFor={`${prefix}-models-${index}-outputUsdPerMillion`}>{t('models.outputPrice')}</label>
              <input type="number" inputMode="decimal" min={0} step="any" {...field(`models.${index}.outputUsdPerMillion`, priceRules)} />
              {error(`models.${index}.outputUsdPerMillion`)}
            </div>
            <button
              type="button"
              className="outline secondary"
              disabled={models.fields.length <= B.models.minItems}
              onClick={() => models.remove(index)}
            >
              {t('models.removeModel', { n: index + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="outline"
          disabled={models.fields.length >= B.models.maxItems}
          onClick={() => models.append({ id: '', inputUsdPerMillion: '', outputUsdPerMillion: '' })}
        >
          {t('models.addModel')}
        </button>
      </fieldset>
      <label>
        <input type="checkbox" role="switch" {...form.register('default')} />
        {t('models.defaultSwitch')}
      </label>
      <button type="submit" disabled={mutation.isPending}>
        {submitLabel}
      </button>
      <SaveOutcome saved={mutation.isSuccess} error={mutation.error} unplaced={unplaced} />
    </form>
  );
}
