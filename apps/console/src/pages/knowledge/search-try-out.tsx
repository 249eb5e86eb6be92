import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../forms/server-errors';
import { useSearchBase, type KnowledgeChunkHit } from './knowledge-queries';

/**
 * A query tried against the base as an agent's search tool would run it: the ranked chunks, best
 * first, each with its title path, URL and the scores the API gives (text rank and score, vector
 * rank and similarity when embeddings are configured, the fused score that orders them).
 */
export function SearchTryOut({ workspaceId, baseId }: { workspaceId: string; baseId: string }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState('5');
  const search = useSearchBase(workspaceId, baseId);
  const errors = fieldErrors(search.error);
  const result = search.data;
  return (
    <section aria-labelledby="search-heading">
      <h2 id="search-heading">{t('knowledge.search')}</h2>
      <p>{t('knowledge.searchLead')}</p>
      {/* Not role="search": Pico draws that as one rounded row, which squeezes the button on a phone. */}
      <form
        aria-label={t('knowledge.search')}
        onSubmit={(event) => {
          event.preventDefault();
          search.mutate({ query, limit: Number(limit) });
        }}
      >
        <div className="knowledge-search-fields">
          <label>
            {t('knowledge.query')}
            <input
              type="search"
              required
              maxLength={1000}
              value={query}
              aria-invalid={errors.query ? true : undefined}
              onChange={(e) => setQuery(e.target.value)}
            />
            {errors.query && <small>{errors.query}</small>}
          </label>
          <label>
            {t('knowledge.limit')}
            <input type="number" min={1} max={50} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} />
          </label>
        </div>
        <button type="submit" disabled={search.isPending} aria-busy={search.isPending}>
          {t('knowledge.searchButton')}
        </button>
      </form>
      {search.error && !errors.query && <p role="alert">{t('common.error', { message: search.error.message })}</p>}
      {result && (
        <section aria-labelledby="results-heading" aria-live="polite">
          <h3 id="results-heading">{t('knowledge.results', { count: result.data.length })}</h3>
          <p>
            <small>{t(`knowledge.vectorSearch.${result.vectorSearch}`)}</small>
          </p>
          {result.data.length === 0 && <p>{t('knowledge.noResults')}</p>}
          <ol className="knowledge-hits">
            {result.data.map((hit) => (
              <li key={hit.chunkId}>
                <Hit hit={hit} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}

function Hit({ hit }: { hit: KnowledgeChunkHit }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  const { scores } = hit;
  // The title path starts with the document's title when it has headings; the source's title leads either way.
  const path = [hit.title, ...hit.titlePath.filter((heading, i) => i > 0 || heading !== hit.title)];
  return (
    <article className="knowledge-hit">
      <p className="knowledge-title-path">
        <strong>{path.join(' › ')}</strong>
      </p>
      {hit.url && (
        <p>
          <a href={hit.url} target="_blank" rel="noreferrer noopener" className="knowledge-url">
            {hit.url}
          </a>
        </p>
      )}
      <p className="knowledge-hit-text">{hit.text}</p>
      <dl className="knowledge-scores" aria-label={t('knowledge.scores')}>
        <div>
          <dt>{t('knowledge.score.fused')}</dt>
          <dd>{number.format(scores.fused)}</dd>
        </div>
        <div>
          <dt>{t('knowledge.score.text')}</dt>
          <dd>
            {scores.textRank === null
              ? t('knowledge.score.none')
              : t('knowledge.score.rank', { rank: scores.textRank, score: number.format(scores.textScore ?? 0) })}
          </dd>
        </div>
        <div>
          <dt>{t('knowledge.score.vector')}</dt>
          <dd>
            {scores.vectorRank === null
              ? t('knowledge.score.none')
              : t('knowledge.score.rank', { rank: scores.vectorRank, score: number.format(scores.similarity ?? 0) })}
          </dd>
        </div>
      </dl>
    </article>
  );
}
