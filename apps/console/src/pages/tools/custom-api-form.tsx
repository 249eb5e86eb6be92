import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AUTH_TYPES,
  BODY_MODES,
  BODY_STRATEGIES,
  CONTEXT_FIELDS,
  CUSTOM_API_BOUNDS as B,
  HTTP_METHODS,
  VARIABLE_MODES,
  VARIABLE_TYPES,
} from '../../custom-api-bounds';
import {
  SaveOutcome,
  linesOf,
  showFieldIssues,
  submitHandler,
  useFieldKit,
  useFollowWhileUntouched,
  useRules,
  type SaveMutation,
} from '../../forms/form-kit';
import type { FieldIssue } from '../../forms/server-errors';

type KeyValue = { key: string; value: string; enabled?: boolean };
type Body = { mode: string; raw?: unknown; pairs?: KeyValue[] };
type Auth = { type: string; token?: string; username?: string; password?: string; key?: string; value?: string; in?: string };

/** A custom API as the API reads it and as the form sends it (create body, or PATCH with every field). */
export interface CustomApiBody {
  /** As read (the form never sends it). */
  version?: number;
  name: string;
  description: string;
  request: {
    method: string;
    url: string;
    params: KeyValue[];
    headers: KeyValue[];
    body: Body;
    auth: Auth;
    settings: { timeoutMs: number };
  };
  variables: Record<string, unknown>[];
  passContext: boolean;
  context: { lastMessagesN: number };
  mapping: { bodyStrategy: string; extraBody?: unknown };
  response: { path?: string; strictPath: boolean; include?: string[]; exclude?: string[]; maxBytes: number };
}

interface CustomApiValues {
  name: string;
  description: string;
  method: string;
  url: string;
  /** `key=value`, one per line. */
  params: string;
  /** `Name: value`, one per line. */
  headers: string;
  bodyMode: string;
  /** JSON or text; for form-urlencoded, `key=value` lines. */
  bodyRaw: string;
  authType: string;
  authToken: string;
  authUsername: string;
  authPassword: string;
  authKey: string;
  authValue: string;
  authIn: string;
  timeoutMs: number;
  variables: VariableValues[];
  passContext: boolean;
  lastMessagesN: number;
  bodyStrategy: string;
  /** A JSON object of fixed pairs, or empty. */
  extraBody: string;
  responsePath: string;
  strictPath: boolean;
  include: string;
  exclude: string;
  maxBytes: number;
}

/** One variable's fields; `constantValue` as typed (JSON for non-strings), the schema refinements as a JSON object. */
interface VariableValues {
  name: string;
  type: string;
  mode: string;
  description: string;
  required: boolean;
  constantValue: string;
  contextField: string;
  /** `enum`, `format`, `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`, `items`, `default`: a JSON object, or empty. */
  refinements: string;
}

const NEW_VARIABLE: VariableValues = {
  name: '',
  type: 'string',
  mode: 'ai',
  description: '',
  required: false,
  constantValue: '',
  contextField: 'phoneNumber',
  refinements: '',
};

function variableValuesOf(variable: Record<string, unknown>): VariableValues {
  const { name, type, mode, description, required, constantValue, contextField, ...refinements } = variable;
  return {
    name: String(name ?? ''),
    type: String(type ?? 'string'),
    mode: String(mode ?? 'ai'),
    description: String(description ?? ''),
    required: required === true,
    constantValue: constantValue === undefined ? '' : typeof constantValue === 'string' ? constantValue : JSON.stringify(constantValue),
    contextField: String(contextField ?? 'phoneNumber'),
    refinements: Object.keys(refinements).length ? JSON.stringify(refinements) : '',
  };
}

/** A variable as the API takes it: only the fields of its mode; a constant typed as its type when it reads as JSON (`[REDACTED]` stays text). */
function variableOf(values: VariableValues): Record<string, unknown> {
  const constant = values.type === 'string' ? values.constantValue : (parsed(values.constantValue) ?? values.constantValue);
  return {
    name: values.name,
    type: values.type,
    mode: values.mode,
    required: values.required,
    ...(values.description.trim() ? { description: values.description } : {}),
    ...(values.mode === 'constant' ? { constantValue: constant } : {}),
    ...(values.mode === 'context' ? { contextField: values.contextField } : {}),
    ...(values.refinements.trim() ? (parsed(values.refinements) as object) : {}),
  };
}

const HEADER_LINE = /^([^:\s]+)\s*:\s*(.*)$/;
const PARAM_LINE = /^([^=\s]+)\s*=\s*(.*)$/;
const pairsOf = (text: string, line: RegExp): KeyValue[] =>
  linesOf(text).map((entry) => {
    const [, key, value] = line.exec(entry)!;
    return { key: key!, value: value! };
  });
const linesFrom = (pairs: KeyValue[] | undefined, separator: string) =>
  (pairs ?? []).map((p) => `${p.key}${separator}${p.value}`).join('\n');
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

function valuesOf(api?: CustomApiBody): CustomApiValues {
  const request = api?.request;
  const body = request?.body ?? { mode: 'none' };
  const auth = request?.auth ?? { type: 'none' };
  return {
    name: api?.name ?? '',
    description: api?.description ?? '',
    method: request?.method ?? 'GET',
    url: request?.url ?? '',
    params: linesFrom(request?.params, '='),
    headers: linesFrom(request?.headers, ': '),
    bodyMode: body.mode,
    bodyRaw:
      body.mode === 'form-urlencoded'
        ? linesFrom(body.pairs, '=')
        : typeof body.raw === 'string'
          ? body.raw
          : body.raw === undefined
            ? ''
            : JSON.stringify(body.raw, null, 2),
    authType: auth.type,
    authToken: auth.token ?? '',
    authUsername: auth.username ?? '',
    authPassword: auth.password ?? '',
    authKey: auth.key ?? '',
    authValue: auth.value ?? '',
    authIn: auth.in ?? 'header',
    timeoutMs: request?.settings.timeoutMs ?? 30000,
    variables: (api?.variables ?? []).map(variableValuesOf),
    passContext: api?.passContext ?? false,
    lastMessagesN: api?.context.lastMessagesN ?? 10,
    bodyStrategy: api?.mapping.bodyStrategy ?? 'none',
    extraBody: api?.mapping.extraBody === undefined ? '' : JSON.stringify(api.mapping.extraBody),
    responsePath: api?.response.path ?? '',
    strictPath: api?.response.strictPath ?? false,
    include: (api?.response.include ?? []).join('\n'),
    exclude: (api?.response.exclude ?? []).join('\n'),
    maxBytes: api?.response.maxBytes ?? 32000,
  };
}

function bodyOf(values: CustomApiValues): CustomApiBody {
  const body: Body =
    values.bodyMode === 'none'
      ? { mode: 'none' }
      : values.bodyMode === 'form-urlencoded'
        ? { mode: 'form-urlencoded', pairs: pairsOf(values.bodyRaw, PARAM_LINE) }
        : { mode: values.bodyMode, raw: values.bodyRaw };
  const auth: Auth =
    values.authType === 'bearer'
      ? { type: 'bearer', token: values.authToken }
      : values.authType === 'basic'
        ? { type: 'basic', username: values.authUsername, password: values.authPassword }
        : values.authType === 'apikey'
          ? { type: 'apikey', key: values.authKey, value: values.authValue, in: values.authIn }
          : { type: 'none' };
  const list = (text: string) => (linesOf(text).length ? linesOf(text) : undefined);
  return {
    name: values.name,
    description: values.description,
    request: {
      method: values.method,
      url: values.url,
      params: pairsOf(values.params, PARAM_LINE),
      headers: pairsOf(values.headers, HEADER_LINE),
      body,
      auth,
      settings: { timeoutMs: values.timeoutMs },
    },
    variables: values.variables.map(variableOf),
    passContext: values.passContext,
    context: { lastMessagesN: values.lastMessagesN },
    mapping: { bodyStrategy: values.bodyStrategy, ...(values.extraBody.trim() ? { extraBody: parsed(values.extraBody) } : {}) },
    response: {
      ...(values.responsePath.trim() ? { path: values.responsePath.trim() } : {}),
      strictPath: values.strictPath,
      ...(list(values.include) ? { include: list(values.include) } : {}),
      ...(list(values.exclude) ? { exclude: list(values.exclude) } : {}),
      maxBytes: values.maxBytes,
    },
  };
}

/**
 * Every field of a custom API (spec › Custom API), for a new one (`initial` absent) or to change
 * one. Secrets the API read back as `[REDACTED]` stay so in their fields: sent back unchanged they
 * keep the stored value (rule 1); typing over them replaces it.
 */
export function CustomApiForm({
  initial,
  submitLabel,
  save: mutation,
}: {
  initial?: CustomApiBody;
  submitLabel: string;
  /** The feature's create or update (tool-queries.ts); `editedFrom`: the custom API as read when the edit began (its `version` names the edit's base). */
  save: SaveMutation<{ body: CustomApiBody; editedFrom: CustomApiBody | undefined }>;
}) {
  const { t } = useTranslation();
  const prefix = initial ? 'api' : 'new-api';
  const form = useForm<CustomApiValues>({ defaultValues: valuesOf(initial) });
  const follow = useFollowWhileUntouched(form, initial, valuesOf);
  const { field, error } = useFieldKit(form, prefix);
  const rule = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  const submit = submitHandler(form, mutation, (values) =>
    mutation.mutate(
      { body: bodyOf(values), editedFrom: follow.base() },
      {
        onSuccess: () => {
          setUnplaced([]);
          if (initial) follow.saved(form.getValues());
          else form.reset();
        },
        onError: (failure) => setUnplaced(showFieldIssues(form, failure)),
      },
    ),
  );
  const bodyMode = form.watch('bodyMode');
  const authType = form.watch('authType');
  const number = (bounds: { min: number; max: number }) => ({ valueAsNumber: true as const, ...rule.range(bounds) });
  const pairLines = (maxItems: number, pattern: RegExp, invalid: string) => rule.lines({ maxItems, pattern, invalid });
  const variables = useFieldArray({ control: form.control, name: 'variables' });
  const variableModes = form.watch('variables');
  const options = (choices: readonly string[]) =>
    choices.map((choice) => (
      <option key={choice} value={choice}>
        {choice}
      </option>
    ));

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={`${prefix}-name`}>{t('tools.apiName', { max: B.name.max })}</label>
      <input
        {...field('name', {
          required: rule.required,
          ...rule.maxLength(B.name.max),
          pattern: { value: B.name.pattern, message: t('tools.nameRule') },
        })}
      />
      {error('name')}
      <label htmlFor={`${prefix}-description`}>{t('tools.apiDescription', B.description)}</label>
      <textarea
        rows={2}
        {...field('description', {
          required: rule.required,
          ...rule.maxLength(B.description.max),
          minLength: { value: B.description.min, message: t('tools.tooShort', { min: B.description.min }) },
        })}
      />
      {error('description')}
      <fieldset>
        <legend>{t('tools.request')}</legend>
        <label htmlFor={`${prefix}-method`}>{t('tools.method')}</label>
        <select {...field('method')}>{options(HTTP_METHODS)}</select>
        <label htmlFor={`${prefix}-url`}>{t('tools.url', { example: '{{variable}}' })}</label>
        <input
          {...field('url', {
            required: rule.required,
            ...rule.maxLength(B.url.max),
            pattern: { value: /^(https?:\/\/|\{\{)/i, message: t('tools.urlRule', { example: '{{variable}}' }) },
          })}
        />
        {error('url')}
        <label htmlFor={`${prefix}-params`}>{t('tools.params', { max: B.params.maxItems })}</label>
        <textarea
          rows={2}
          placeholder="phone={{callerPhone}}"
          {...field('params', pairLines(B.params.maxItems, PARAM_LINE, 'key=value'))}
        />
        {error('params')}
        <label htmlFor={`${prefix}-headers`}>{t('tools.headers', { max: B.headers.maxItems })}</label>
        <textarea
          rows={2}
          placeholder="Accept: application/json"
          {...field('headers', pairLines(B.headers.maxItems, HEADER_LINE, 'Name: value'))}
        />
        {error('headers')}
        <label htmlFor={`${prefix}-bodyMode`}>{t('tools.bodyMode')}</label>
        <select {...field('bodyMode')}>{options(BODY_MODES)}</select>
        {bodyMode !== 'none' && (
          <>
            <label htmlFor={`${prefix}-bodyRaw`}>{t(bodyMode === 'form-urlencoded' ? 'tools.bodyPairs' : 'tools.bodyRaw')}</label>
            <textarea
              rows={3}
              {...field(
                'bodyRaw',
                bodyMode === 'form-urlencoded'
                  ? pairLines(50, PARAM_LINE, 'key=value')
                  : bodyMode === 'json'
                    ? { validate: (text: string) => text.includes('{{') || parsed(text) !== undefined || t('tools.jsonRule') }
                    : {},
              )}
            />
            {error('bodyRaw')}
          </>
        )}
        <label htmlFor={`${prefix}-authType`}>{t('tools.auth')}</label>
        <select {...field('authType')}>{options(AUTH_TYPES)}</select>
        {authType === 'bearer' && (
          <>
            <label htmlFor={`${prefix}-authToken`}>{t('tools.token')}</label>
            <input autoComplete="off" {...field('authToken', { required: rule.required })} />
            {error('authToken')}
          </>
        )}
        {authType === 'basic' && (
          <>
            <label htmlFor={`${prefix}-authUsername`}>{t('tools.username')}</label>
            <input autoComplete="off" {...field('authUsername')} />
            <label htmlFor={`${prefix}-authPassword`}>{t('tools.password')}</label>
            <input autoComplete="off" {...field('authPassword')} />
          </>
        )}
        {authType === 'apikey' && (
          <>
            <label htmlFor={`${prefix}-authKey`}>{t('tools.apiKeyName')}</label>
            <input {...field('authKey', { required: rule.required })} />
            {error('authKey')}
            <label htmlFor={`${prefix}-authValue`}>{t('tools.apiKeyValue')}</label>
            <input autoComplete="off" {...field('authValue', { required: rule.required })} />
            {error('authValue')}
            <label htmlFor={`${prefix}-authIn`}>{t('tools.apiKeyIn')}</label>
            <select {...field('authIn')}>{options(['header', 'query'])}</select>
          </>
        )}
        <label htmlFor={`${prefix}-timeoutMs`}>{t('tools.timeoutMs', B.timeoutMs)}</label>
        <input type="number" {...field('timeoutMs', number(B.timeoutMs))} />
        {error('timeoutMs')}
      </fieldset>
      <fieldset>
        <legend>{t('tools.variables')}</legend>
        {variables.fields.map((row, index) => {
          const n = index + 1;
          const mode = variableModes[index]?.mode;
          return (
            <article key={row.id} aria-label={t('tools.variableN', { n })}>
              <div className="grid">
                <div>
                  <label htmlFor={`${prefix}-variables-${index}-name`}>{t('tools.variableName', { n })}</label>
                  <input
                    {...field(`variables.${index}.name`, {
                      required: rule.required,
                      pattern: { value: B.variables.namePattern, message: t('tools.variableNameRule') },
                    })}
                  />
                  {error(`variables.${index}.name`)}
                </div>
                <div>
                  <label htmlFor={`${prefix}-variables-${index}-type`}>{t('tools.variableType', { n })}</label>
                  <select {...field(`variables.${index}.type`)}>{options(VARIABLE_TYPES)}</select>
                </div>
                <div>
                  <label htmlFor={`${prefix}-variables-${index}-mode`}>{t('tools.variableMode', { n })}</label>
                  <select {...field(`variables.${index}.mode`)}>
                    {VARIABLE_MODES.map((choice) => (
                      <option key={choice} value={choice}>
                        {t(`tools.mode.${choice}`)}
                      </option>
                    ))}
                  </select>
                  {error(`variables.${index}.mode`)}
                </div>
              </div>
              <label htmlFor={`${prefix}-variables-${index}-description`}>{t('tools.variableDescription', { n })}</label>
              <input {...field(`variables.${index}.description`, rule.maxLength(B.variables.descriptionMax))} />
              {error(`variables.${index}.description`)}
              <label>
                <input type="checkbox" {...form.register(`variables.${index}.required`)} />
                {t('tools.variableRequired', { n })}
              </label>
              {mode === 'constant' && (
                <>
                  <label htmlFor={`${prefix}-variables-${index}-constantValue`}>{t('tools.constantValue', { n })}</label>
                  <input autoComplete="off" {...field(`variables.${index}.constantValue`)} />
                </>
              )}
              {mode === 'context' && (
                <>
                  <label htmlFor={`${prefix}-variables-${index}-contextField`}>{t('tools.contextField', { n })}</label>
                  <select {...field(`variables.${index}.contextField`)}>{options(CONTEXT_FIELDS)}</select>
                </>
              )}
              <label htmlFor={`${prefix}-variables-${index}-refinements`}>{t('tools.refinements', { n })}</label>
              <input
                placeholder='{"enum": ["Monterrey", "CDMX"]}'
                {...field(`variables.${index}.refinements`, {
                  validate: (text: string) => {
                    const value = parsed(text);
                    return (
                      !text.trim() || (typeof value === 'object' && value !== null && !Array.isArray(value)) || t('tools.jsonObjectRule')
                    );
                  },
                })}
              />
              {error(`variables.${index}.refinements`)}
              <button type="button" className="secondary outline" onClick={() => variables.remove(index)}>
                {t('tools.removeVariable', { n })}
              </button>
            </article>
          );
        })}
        <button
          type="button"
          className="outline"
          disabled={variables.fields.length >= B.variables.maxItems}
          onClick={() => variables.append({ ...NEW_VARIABLE })}
        >
          {t('tools.addVariable', { max: B.variables.maxItems })}
        </button>
        <label>
          <input type="checkbox" role="switch" {...form.register('passContext')} />
          {t('tools.passContext')}
        </label>
        <label htmlFor={`${prefix}-lastMessagesN`}>
          {t('tools.lastMessagesN', { ...B.lastMessagesN, example: '{{ctx.lastMessages}}' })}
        </label>
        <input type="number" {...field('lastMessagesN', number(B.lastMessagesN))} />
        {error('lastMessagesN')}
      </fieldset>
      <fieldset>
        <legend>{t('tools.mapping')}</legend>
        <label htmlFor={`${prefix}-bodyStrategy`}>{t('tools.bodyStrategy')}</label>
        <select {...field('bodyStrategy')}>{options(BODY_STRATEGIES)}</select>
        <label htmlFor={`${prefix}-extraBody`}>{t('tools.extraBody')}</label>
        <input
          {...field('extraBody', {
            validate: (text: string) => !text.trim() || typeof parsed(text) === 'object' || t('tools.jsonRule'),
          })}
        />
        {error('extraBody')}
      </fieldset>
      <fieldset>
        <legend>{t('tools.response')}</legend>
        <label htmlFor={`${prefix}-responsePath`}>{t('tools.responsePath')}</label>
        <input placeholder="data.items" {...field('responsePath', rule.maxLength(256))} />
        {error('responsePath')}
        <label>
          <input type="checkbox" role="switch" {...form.register('strictPath')} />
          {t('tools.strictPath')}
        </label>
        <label htmlFor={`${prefix}-include`}>{t('tools.include')}</label>
        <textarea rows={2} {...field('include', rule.lines({ maxItems: 100, max: 256 }))} />
        {error('include')}
        <label htmlFor={`${prefix}-exclude`}>{t('tools.exclude')}</label>
        <textarea rows={2} {...field('exclude', rule.lines({ maxItems: 100, max: 256 }))} />
        {error('exclude')}
        <label htmlFor={`${prefix}-maxBytes`}>{t('tools.maxBytes', B.maxBytes)}</label>
        <input type="number" {...field('maxBytes', number(B.maxBytes))} />
        {error('maxBytes')}
      </fieldset>
      <button type="submit" disabled={mutation.isPending}>
        {submitLabel}
      </button>
      <SaveOutcome saved={mutation.isSuccess} error={mutation.error} unplaced={unplaced} />
    </form>
  );
}
