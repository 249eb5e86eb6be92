import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPrompt } from '../../components/confirm-prompt';
import { Status } from '../layout';
import { isSettling, useDeleteSource, usePages, useReindexSource, type KnowledgeSource } from './knowledge-queries';

/** A source's state as a badge: settling ones busy, a failed one marked (its why is said beside it). */
export function SourceStatusBadge({ status }: { status: KnowledgeSource['status'] }) {
  const { t } = useTranslation();
  return <span className={`badge knowledge-${status}`}>{t(`knowledge.status.${status}`)}</span>;
}

/**
 * One source: its title, kind and state, why it failed (first, and loud) or what it skipped, its
 * content hash and times, its counts, a website's pages, re-indexing and deleting it.
 */
export function SourceItem({ workspaceId, baseId, source }: { workspaceId: string; baseId: string; source: KnowledgeSource }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reindex = useReindexSource(workspaceId, baseId);
  const remove = useDeleteSource(workspaceId, baseId);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const headingId = `source-${source.id}`;
  const failure = reindex.error ?? remove.error;
  return (
    <article aria-labelledby={headingId} className={`knowledge-source${source.status === 'failed' ? ' failed' : ''}`}>
      <header>
        <h3 id={headingId}>{source.title}</h3>
        <SourceStatusBadge status={source.status} />
      </header>
      {source.error && (
        <p className={source.status === 'failed' ? 'source-error' : 'source-warning'}>
          <strong>{source.status === 'failed' ? t('knowledge.failedWhy') : t('knowledge.skipped')}</strong> {source.error}
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>{t('knowledge.kind')}</dt>
          <dd>
            {t(`knowledge.kind.${source.kind}`)}
            {source.fileType && ` · ${t(`knowledge.fileType.${source.fileType}`)}`}
            {source.byteSize !== null && ` · ${formatBytes(source.byteSize, i18n.language)}`}
            {` · ${t(`knowledge.lang.${source.language}`)}`}
          </dd>
        </div>
        {source.website && (
          <div>
            <dt>{t('knowledge.website')}</dt>
            <dd>
              <code className="knowledge-url">{source.website.url}</code> · {t(`knowledge.mode.${source.website.mode}`)} ·{' '}
              {t('knowledge.maxPagesValue', { count: source.website.maxPages })}
              {source.website.recrawlEveryHours !== null &&
                ` · ${t('knowledge.recrawlValue', { count: source.website.recrawlEveryHours })}`}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('knowledge.held')}</dt>
          <dd>
            {t('knowledge.chunkCount', { count: source.chunkCount })}
            {source.kind === 'website' && ` · ${t('knowledge.pageCount', { count: source.pageCount })}`}
          </dd>
        </div>
        <div>
          <dt>{t('knowledge.contentHash')}</dt>
          <dd>{source.contentHash ? <code title={source.contentHash}>{source.contentHash.slice(0, 12)}…</code> : '—'}</dd>
        </div>
        <div>
          <dt>{t('knowledge.indexedAt')}</dt>
          <dd>{source.indexedAt ? date.format(new Date(source.indexedAt)) : t('knowledge.never')}</dd>
        </div>
        <div>
          <dt>{t('knowledge.updated')}</dt>
          <dd>{date.format(new Date(source.updatedAt))}</dd>
        </div>
        {source.website?.nextCrawlAt && (
          <div>
            <dt>{t('knowledge.nextCrawl')}</dt>
            <dd>{date.format(new Date(source.website.nextCrawlAt))}</dd>
          </div>
        )}
      </dl>
      {source.kind === 'website' && <WebsitePages workspaceId={workspaceId} baseId={baseId} source={source} />}
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={reindex.isPending}
          aria-busy={reindex.isPending}
          aria-label={t('knowledge.reindexNamed', { title: source.title })}
          onClick={() => reindex.mutate(source.id)}
        >
          {t('knowledge.reindex')}
        </button>
        {!confirming && (
          <button
            type="button"
            className="secondary outline"
            aria-label={t('knowledge.deleteSourceNamed', { title: source.title })}
            onClick={() => setConfirming(true)}
          >
            {t('knowledge.deleteSource')}
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmPrompt
          question={t('knowledge.confirmDeleteSource', { title: source.title })}
          confirmLabel={t('knowledge.yesDeleteSource')}
          keepLabel={t('knowledge.keep')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(source.id)}
          onKeep={() => setConfirming(false)}
        />
      )}
      {failure && <p role="alert">{t('common.error', { message: failure.message })}</p>}
    </article>
  );
}

/** A website's pages, folded until asked for (a crawl may hold a thousand), each with its state and hash. */
function WebsitePages({ workspaceId, baseId, source }: { workspaceId: string; baseId: string; source: KnowledgeSource }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('knowledge.pages', { count: source.pageCount })}</summary>
      {open && <PagesList workspaceId={workspaceId} baseId={baseId} sourceId={source.id} crawling={isSettling(source)} />}
    </details>
  );
}

/**
 * The pages as a list rather than a table: a URL beside three other columns wraps letter by letter
 * on a phone. Each page: its title (a link), its URL, its state and why it failed, its hash and how
 * many times it was indexed.
 */
function PagesList({
  workspaceId,
  baseId,
  sourceId,
  crawling,
}: {
  workspaceId: string;
  baseId: string;
  sourceId: string;
  crawling: boolean;
}) {
  const { t } = useTranslation();
  const pages = usePages(workspaceId, baseId, sourceId, crawling);
  const rows = pages.data?.data ?? [];
  return (
    <>
      <Status loading={pages.isPending} error={pages.error} />
      {pages.data && rows.length === 0 && <p>{t('knowledge.noPages')}</p>}
      <ul className="knowledge-pages">
        {rows.map((page) => (
          <li key={page.url} className={page.status === 'failed' ? 'failed' : undefined}>
            <a href={page.url} target="_blank" rel="noreferrer noopener" className={page.title ? undefined : 'knowledge-url'}>
              {page.title || page.url}
            </a>
            {page.title && <small className="knowledge-url">{page.url}</small>}
            <small>
              <strong>{t(`knowledge.pageStatus.${page.status}`)}</strong>
              {page.error && `: ${page.error}`}
              {page.contentHash && (
                <>
                  {' · '}
                  <code title={page.contentHash}>{page.contentHash.slice(0, 12)}…</code>
                </>
              )}
              {' · '}
              {t('knowledge.indexCountValue', { count: page.indexCount })}
            </small>
          </li>
        ))}
      </ul>
      {pages.data?.pagination.hasMore && <p>{t('knowledge.morePages', { count: rows.length })}</p>}
    </>
  );
}

/** A size as people read it: bytes, kB or MB in the console's language. */
export function formatBytes(bytes: number, language: string): string {
  const number = (value: number, digits: number) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1000) return `${number(bytes, 0)} B`;
  if (bytes < 1_000_000) return `${number(bytes / 1000, 1)} kB`;
  return `${number(bytes / 1_000_000, 1)} MB`;
}
