import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { keyState, revealedAfter, revealedIn, type RevealedChange, type RevealedKey } from '../api-key-state';
import type { Answer } from '../api/schema';
import { fieldIssuesOf } from '../forms/server-errors';
import { useApiKeys, useChangeApiKey, useCreateApiKey, type ApiKey } from './api-keys/api-key-queries';
import { Status } from './layout';
import { usePageTitle } from '../components/page-title';

/** The API's bound on a key's name (createApiKeyRequestSchema). */
const NAME_MAX_LENGTH = 100;

/** The workspace's API keys: list, create (the value shown once), rotate and revoke, each change confirmed first. */
export function ApiKeysPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '' } = useParams();
  const keys = useApiKeys(workspaceId);
  // Values just created or rotated: only in this page's state, so leaving the page forgets them.
  const [revealed, setRevealed] = useState<RevealedKey[]>([]);
  const reveal = (change: RevealedChange) => setRevealed((held) => revealedAfter(held, change));
  const [confirming, setConfirming] = useState<{ action: 'revoke' | 'rotate'; key: ApiKey } | null>(null);
  // Switching workspace forgets the values on show; one whose answer comes after the switch stays its workspace's (revealedIn).
  useEffect(() => setRevealed((held) => revealedIn(held, workspaceId)), [workspaceId]);

  // The value must not outlive the page in react-query's cache (api-key-queries.ts).
  const change = useChangeApiKey();
  const confirm = (asked: { action: 'revoke' | 'rotate'; key: ApiKey }) =>
    change.mutate(asked, {
      onSuccess: (rotated, { key }) => {
        setConfirming(null);
        reveal(
          rotated
            ? {
                kind: 'shown',
                key: { keyId: rotated.id, workspaceId: rotated.workspaceId, name: rotated.name, value: rotated.key, rotated: true },
              }
            : { kind: 'revoked', keyId: key.id },
        );
      },
    });

  const rows = keys.data ?? [];
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (at: string | null, none: string) => (at ? dateTime.format(new Date(at)) : none);

  usePageTitle(t('keys.heading'));
  return (
    <>
      <h1>{t('keys.heading')}</h1>
      <Status loading={keys.isPending} error={keys.error} />
      {keys.data && (
        <>
          <p>{t('keys.lead')}</p>
          {revealedIn(revealed, workspaceId).map((key) => (
            <RevealedValue key={key.keyId} revealed={key} onDone={() => reveal({ kind: 'dismissed', keyId: key.keyId })} />
          ))}
          <CreateKeyForm
            key={workspaceId}
            workspaceId={workspaceId}
            onCreated={(created) =>
              reveal({
                kind: 'shown',
                key: { keyId: created.id, workspaceId: created.workspaceId, name: created.name, value: created.key, rotated: false },
              })
            }
          />
          {confirming && (
            <article aria-labelledby="confirm-heading">
              <h2 id="confirm-heading">{t(`keys.confirm.${confirming.action}`, { name: confirming.key.name })}</h2>
              <p>{t(`keys.confirm.${confirming.action}.consequence`)}</p>
              <div className="actions">
                <button type="button" onClick={() => confirm(confirming)} disabled={change.isPending}>
                  {t(`keys.${confirming.action}.confirm`)}
                </button>
                <button type="button" className="secondary" onClick={() => setConfirming(null)}>
                  {t('keys.cancel')}
                </button>
              </div>
            </article>
          )}
          {change.error && <p role="alert">{t('common.error', { message: change.error.message })}</p>}
          <section aria-labelledby="keys-list-heading">
            <h2 id="keys-list-heading">{t('keys.list')}</h2>
            {rows.length === 0 && <p>{t('keys.empty')}</p>}
            {rows.length > 0 && (
              // Wider than a phone: the table scrolls in its box, which takes the focus so the keyboard scrolls it too.
              <div className="overflow-auto" tabIndex={0} role="group" aria-labelledby="keys-list-heading">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('keys.name')}</th>
                      <th scope="col">{t('keys.created')}</th>
                      <th scope="col">{t('keys.lastUsed')}</th>
                      <th scope="col">{t('keys.expires')}</th>
                      <th scope="col">{t('keys.state')}</th>
                      <th scope="col">{t('keys.actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((key) => {
                      const state = keyState(key);
                      return (
                        <tr key={key.id}>
                          <th scope="row">{key.name}</th>
                          <td>{when(key.creationDate, '')}</td>
                          <td>{when(key.lastUsedAt, t('keys.never'))}</td>
                          <td>{when(key.expiresAt, t('keys.noExpiry'))}</td>
                          <td>{t(`keys.state.${state}`)}</td>
                          <td>
                            {state === 'active' && (
                              <div className="actions">
                                <button
                                  type="button"
                                  className="secondary"
                                  aria-label={t('keys.rotate.label', { name: key.name })}
                                  onClick={() => setConfirming({ action: 'rotate', key })}
                                >
                                  {t('keys.rotate')}
                                </button>
                                <button
                                  type="button"
                                  className="secondary"
                                  aria-label={t('keys.revoke.label', { name: key.name })}
                                  onClick={() => setConfirming({ action: 'revoke', key })}
                                >
                                  {t('keys.revoke')}
                                </button>
                              </div>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </>
  );
}

/** The value, this once, with a copy button. */
function RevealedValue({ revealed, onDone }: { revealed: RevealedKey; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const headingId = useId();
  useEffect(() => setCopied(null), [revealed]);
  const copy = () =>
    navigator.clipboard.writeText(revealed.value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <article aria-labelledby={headingId}>
      <h2 id={headingId}>{t(revealed.rotated ? 'keys.revealed.rotated' : 'keys.revealed.created', { name: revealed.name })}</h2>
      <p>
        <strong>{t('keys.revealed.once')}</strong>
      </p>
      <label>
        {t('keys.revealed.value')}
        <input readOnly value={revealed.value} onFocus={(event) => event.target.select()} />
      </label>
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          {t('keys.revealed.copy')}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t('keys.revealed.done')}
        </button>
      </div>
      {copied !== null && <p role="status">{t(copied ? 'keys.revealed.copied' : 'keys.revealed.copyFailed')}</p>}
    </article>
  );
}

interface CreateKeyFields {
  name: string;
  /** `datetime-local`: the browser's local time, empty when the key does not expire. */
  expiresAt: string;
}

type CreatedKey = Answer<'api_keys_create', 201>['data'];

function CreateKeyForm({ workspaceId, onCreated }: { workspaceId: string; onCreated: (created: CreatedKey) => void }) {
  const { t } = useTranslation();
  const form = useForm<CreateKeyFields>({ defaultValues: { name: '', expiresAt: '' } });
  const { errors } = form.formState;
  const create = useCreateApiKey(workspaceId);
  const submit = form.handleSubmit(({ name, expiresAt }) =>
    create.mutate(
      { name: name.trim(), ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}) },
      {
        onSuccess: (answer) => {
          form.reset();
          onCreated(answer.data);
        },
        // The API names the field at fault (a name already used, an expiry already past): shown on that field.
        onError: (error) => {
          for (const issue of fieldIssuesOf(error)) {
            const field = issue.path[0];
            if (field === 'name' || field === 'expiresAt')
              form.setError(field, { message: t(`keys.api.${field}`, { message: issue.message }) });
          }
        },
      },
    ),
  );
  const unmapped = create.error && fieldIssuesOf(create.error).length === 0;

  return (
    <section aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">{t('keys.create')}</h2>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {/* Labels apart from their inputs: an error message inside a label would become part of the field's name. */}
        <label htmlFor="key-name">{t('keys.name')}</label>
        <input
          id="key-name"
          maxLength={NAME_MAX_LENGTH}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'key-name-error' : undefined}
          {...form.register('name', {
            validate: (name) => {
              if (!name.trim()) return t('keys.error.nameRequired');
              if (name.length > NAME_MAX_LENGTH) return t('keys.error.nameTooLong', { max: NAME_MAX_LENGTH });
              return true;
            },
          })}
        />
        {errors.name && <small id="key-name-error">{errors.name.message}</small>}
        <label htmlFor="key-expiry">{t('keys.expiresOptional')}</label>
        <input
          id="key-expiry"
          type="datetime-local"
          aria-invalid={errors.expiresAt ? true : undefined}
          aria-describedby={errors.expiresAt ? 'key-expiry-error' : undefined}
          {...form.register('expiresAt', {
            validate: (at) => !at || new Date(at).getTime() > Date.now() || t('keys.error.expiryPast'),
          })}
        />
        {errors.expiresAt && <small id="key-expiry-error">{errors.expiresAt.message}</small>}
        <button type="submit" disabled={create.isPending}>
          {t('keys.create.submit')}
        </button>
      </form>
      {unmapped && <p role="alert">{t('common.error', { message: create.error.message })}</p>}
    </section>
  );
}
