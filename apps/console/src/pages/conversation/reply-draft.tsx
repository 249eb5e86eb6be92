import { useTranslation } from 'react-i18next';
import type { Schema } from '../../api/schema';

export type ReplyDraft = Schema<'ReplyDraft'>;

/**
 * "Draft a reply" beside the reply box (docs/console.md › Reply drafts): the draft goes into the
 * box for the person to edit and send (never sent by itself), its sources listed under it.
 * "Drop the draft" empties the box and records that it was not used.
 */
export function ReplyDraftControls({
  draft,
  pending,
  error,
  onDraft,
  onDrop,
}: {
  draft: ReplyDraft | null;
  pending: boolean;
  error: Error | null;
  onDraft: () => void;
  onDrop: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="reply-draft">
      <div className="actions">
        <button type="button" className="secondary" disabled={pending} aria-busy={pending || undefined} onClick={onDraft}>
          {pending ? t('draft.drafting') : t('draft.button')}
        </button>
        {draft && (
          <button type="button" className="secondary outline" onClick={onDrop}>
            {t('draft.drop')}
          </button>
        )}
      </div>
      {error && <p role="alert">{t('common.error', { message: error.message })}</p>}
      {draft && draft.text === '' && <p role="status">{t('draft.nothing')}</p>}
      {draft && draft.sources.length > 0 && (
        <section aria-label={t('draft.sources')}>
          <small>{t('draft.sources')}</small>
          <ol className="draft-sources">
            {draft.sources.map((source) => (
              <li key={source.chunkId}>
                {source.url ? (
                  <a href={source.url} target="_blank" rel="noreferrer noopener">
                    {source.title}
                  </a>
                ) : (
                  source.title
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
