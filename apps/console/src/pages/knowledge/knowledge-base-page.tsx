import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { usePageTitle } from '../../components/page-title';
import { fieldErrors } from '../../forms/server-errors';
import { Status } from '../layout';
import { AddSource } from './add-source';
import type { KnowledgeNote } from './knowledge-bases-page';
import { isSettling, useBase, useDeleteBase, useSources, useUpdateBase, type KnowledgeBase } from './knowledge-queries';
import { SearchTryOut } from './search-try-out';
import { SourceItem } from './source-item';

/**
 * One knowledge base (docs/console.md › Knowledge bases): its facts, rename and delete, its
 * sources with their indexing state (read again while any is settling), adding a text entry, a
 * file or a website, and a search try-out.
 */
export function KnowledgeBasePage() {
  const { t } = useTranslation();
  const { workspaceId = '', baseId = '' } = useParams();
  const sources = useSources(workspaceId, baseId);
  const settling = sources.data?.data.some(isSettling) ?? false;
  const base = useBase(workspaceId, baseId, settling);
  const current = base.data;
  const rows = sources.data?.data ?? [];

  usePageTitle(current?.name ?? t('knowledge.heading'));
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/knowledge/bases`}>← {t('knowledge.back')}</Link>
      </p>
      <Status loading={base.isPending} error={base.error} />
      {current && (
        <>
          <BaseHeader workspaceId={workspaceId} base={current} />
          <section aria-labelledby="sources-heading">
            <h2 id="sources-heading">{t('knowledge.sources')}</h2>
            <Status loading={sources.isPending} error={sources.error} />
            {sources.data && rows.length === 0 && <p>{t('knowledge.noSources')}</p>}
            {settling && (
              <p role="status" aria-busy="true">
                {t('knowledge.indexingNote')}
              </p>
            )}
            <ul className="knowledge-sources">
              {rows.map((source) => (
                <li key={source.id}>
                  <SourceItem workspaceId={workspaceId} baseId={baseId} source={source} />
                </li>
              ))}
            </ul>
          </section>
          <AddSource workspaceId={workspaceId} baseId={baseId} />
          <SearchTryOut workspaceId={workspaceId} baseId={baseId} />
        </>
      )}
    </>
  );
}

/** The base's name and facts, renaming it (name, description, default language) and deleting it after a question. */
function BaseHeader({ workspaceId, base }: { workspaceId: string; base: KnowledgeBase }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(base.name);
  const [description, setDescription] = useState(base.description);
  const [language, setLanguage] = useState(base.language);
  const update = useUpdateBase(workspaceId, base.id);
  const remove = useDeleteBase(workspaceId, base.id);
  const errors = fieldErrors(update.error);
  const startEditing = () => {
    setName(base.name);
    setDescription(base.description);
    setLanguage(base.language);
    update.reset();
    setEditing(true);
  };
  return (
    <>
      <h1>{base.name}</h1>
      {base.description && <p>{base.description}</p>}
      <dl className="facts">
        <div>
          <dt>{t('knowledge.language')}</dt>
          <dd>{t(`knowledge.lang.${base.language}`)}</dd>
        </div>
        <div>
          <dt>{t('knowledge.sources')}</dt>
          <dd>{base.sourceCount}</dd>
        </div>
        <div>
          <dt>{t('knowledge.chunks')}</dt>
          <dd>{base.chunkCount}</dd>
        </div>
      </dl>
      {editing ? (
        <form
          aria-label={t('knowledge.editBase')}
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ name, description, language }, { onSuccess: () => setEditing(false) });
          }}
        >
          <label>
            {t('knowledge.name')}
            <input
              type="text"
              required
              maxLength={120}
              value={name}
              aria-invalid={errors.name ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {errors.name && <small>{errors.name}</small>}
          </label>
          <label>
            {t('knowledge.description')}
            <textarea rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
          </label>
          <label>
            {t('knowledge.language')}
            <select value={language} onChange={(e) => setLanguage(e.target.value as 'es' | 'en')}>
              <option value="es">{t('knowledge.lang.es')}</option>
              <option value="en">{t('knowledge.lang.en')}</option>
            </select>
            <small>{t('knowledge.languageChangeHint')}</small>
          </label>
          <div className="actions">
            <button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
              {t('knowledge.save')}
            </button>
            <button type="button" className="secondary outline" onClick={() => setEditing(false)}>
              {t('knowledge.cancel')}
            </button>
          </div>
          {update.error && !errors.name && <p role="alert">{t('common.error', { message: update.error.message })}</p>}
        </form>
      ) : (
        <div className="actions">
          <button type="button" className="secondary" onClick={startEditing}>
            {t('knowledge.rename')}
          </button>
          {!confirming && (
            <button type="button" className="secondary outline" onClick={() => setConfirming(true)}>
              {t('knowledge.deleteBase')}
            </button>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmPrompt
          question={t('knowledge.confirmDeleteBase', { name: base.name, count: base.sourceCount })}
          confirmLabel={t('knowledge.yesDeleteBase')}
          keepLabel={t('knowledge.keep')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () =>
                void navigate(`/w/${workspaceId}/knowledge/bases`, {
                  state: { note: t('knowledge.baseDeleted', { name: base.name }) } satisfies KnowledgeNote,
                }),
            })
          }
          onKeep={() => setConfirming(false)}
        />
      )}
      {remove.error && <p role="alert">{t('common.error', { message: remove.error.message })}</p>}
    </>
  );
}
