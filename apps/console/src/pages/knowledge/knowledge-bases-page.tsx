import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../components/page-title';
import { fieldErrors } from '../../forms/server-errors';
import { Status } from '../layout';
import { useBases, useCreateBase } from './knowledge-queries';

/** What a page that sent the browser here wants said (a base deleted). */
export interface KnowledgeNote {
  note?: string;
}

/** The workspace's knowledge bases (docs/console.md › Knowledge bases), and creating one. */
export function KnowledgeBasesPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '' } = useParams();
  const note = (useLocation().state as KnowledgeNote | null)?.note;
  const bases = useBases(workspaceId);
  const rows = bases.data?.data ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // A role without access (the API's 403, said by Status) gets no form it could not use.
  const refused = bases.error instanceof ApiError && bases.error.status === 403;

  usePageTitle(t('knowledge.heading'));
  return (
    <>
      <h1>{t('knowledge.heading')}</h1>
      <p>
        {t('knowledge.intro')} <Link to={`/w/${workspaceId}/knowledge/proposals`}>{t('knowledge.toProposals')}</Link>
      </p>
      {note && <p role="status">{note}</p>}
      <Status loading={bases.isPending} error={bases.error} />
      {bases.data && rows.length === 0 && <p>{t('knowledge.empty')}</p>}
      {rows.length > 0 && (
        <div className="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('knowledge.name')}</th>
                <th scope="col">{t('knowledge.language')}</th>
                <th scope="col">{t('knowledge.sources')}</th>
                <th scope="col">{t('knowledge.chunks')}</th>
                {/* Left out on a phone, so the counts fit beside the name. */}
                <th scope="col" className="wide-only">
                  {t('knowledge.updated')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((base) => (
                <tr key={base.id}>
                  <td>
                    <Link to={`/w/${workspaceId}/knowledge/bases/${base.id}`}>{base.name}</Link>
                    {base.description && (
                      <>
                        <br />
                        <small>{base.description}</small>
                      </>
                    )}
                  </td>
                  <td>{t(`knowledge.lang.${base.language}`)}</td>
                  <td>{base.sourceCount}</td>
                  <td>{base.chunkCount}</td>
                  <td className="wide-only">{date.format(new Date(base.updatedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!refused && <NewBaseForm workspaceId={workspaceId} />}
    </>
  );
}

/** A new base: its name, what it holds and its sources' default language; created, the browser goes to it. */
function NewBaseForm({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBase(workspaceId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [language, setLanguage] = useState<'es' | 'en'>('es');
  const errors = fieldErrors(create.error);
  const named = Object.keys(errors).length > 0;
  return (
    <section aria-labelledby="new-base-heading">
      <h2 id="new-base-heading">{t('knowledge.newBase')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { name, description: description || undefined, language },
            { onSuccess: ({ data: base }) => void navigate(`/w/${workspaceId}/knowledge/bases/${base.id}`) },
          );
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
          {errors.description && <small>{errors.description}</small>}
        </label>
        <label>
          {t('knowledge.language')}
          <select value={language} onChange={(e) => setLanguage(e.target.value as 'es' | 'en')}>
            <option value="es">{t('knowledge.lang.es')}</option>
            <option value="en">{t('knowledge.lang.en')}</option>
          </select>
          <small>{t('knowledge.languageHint')}</small>
        </label>
        <button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {t('knowledge.create')}
        </button>
        {create.error && !named && <p role="alert">{t('common.error', { message: create.error.message })}</p>}
      </form>
    </section>
  );
}
