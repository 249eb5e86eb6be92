import { createHash } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Dispatcher } from 'undici';
import { createOutboundDispatcher } from '@platica/platform';
import { ToolsConfigService } from '../../config/tools.config';
import type { KnowledgeSource, WebsiteSettings } from '../knowledge.entity';
import { chunkBlocks } from './chunking';
import { detectFileType, extractDocument, UnreadableDocument } from './document-text';
import { Embeddings } from './embeddings';
import { KnowledgeIndexRepository, type QueuedPage } from './knowledge-index.repository';
import { fetchPage, normaliseLink, PageProblem, sitemapLocations, type FetchedPage } from './page-fetcher';
import { RobotsRules } from './robots';

/** Pages fetched per slice, and the longest a slice goes on before it returns to the workflow. */
const PAGES_PER_SLICE = 10;
const SLICE_MS = 20_000;
/** Nested sitemaps read from a sitemap index. */
const MAX_SITEMAPS = 10;

/**
 * The crawling half of indexing (docs/knowledge.md › Websites): robots.txt (RFC 9309) read
 * before anything else of the site, a sitemap read in `sitemap` mode, links followed within the
 * origin in `crawl` mode, every fetch and redirect through the SSRF guard. Each page is a row;
 * a page is fetched at most once per crawl and its chunks rewritten only when its hash changed.
 */
@Injectable()
export class WebsiteCrawler implements OnModuleDestroy {
  private readonly dispatcher: Dispatcher;

  constructor(
    private readonly config: ToolsConfigService,
    private readonly index: KnowledgeIndexRepository,
    private readonly embeddings: Embeddings,
  ) {
    this.dispatcher = createOutboundDispatcher({ allowPrivateNetworks: config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
  }

  async onModuleDestroy(): Promise<void> {
    await this.dispatcher.close();
  }

  /** The crawl's first pages: the URL itself, or what its sitemap lists. Throws PageProblem when there is nothing to crawl. */
  async seed(source: KnowledgeSource, generation: number): Promise<void> {
    const site = source.website!;
    const start = new URL(site.url);
    let urls = [start.href];
    if (site.mode === 'sitemap') {
      const robots = await this.robots(start);
      const sitemap = /\.xml(\.gz)?$/i.test(start.pathname)
        ? [start.href]
        : robots.sitemaps.length
          ? robots.sitemaps
          : [new URL('/sitemap.xml', start).href];
      urls = (await this.sitemapUrls(sitemap, start.origin)).slice(0, site.maxPages);
      if (!urls.length) throw new PageProblem(`the sitemap (${sitemap.join(', ')}) lists no page of ${start.origin}`);
    }
    await this.index.queuePages(source.workspaceId, source.id, generation, urls, site.maxPages);
  }

  /** Fetches the next queued pages for a while; `beat` after each. Answers how many stay queued. */
  async slice(source: KnowledgeSource, generation: number, beat: () => void): Promise<{ queued: number; notes: string[] }> {
    const site = source.website!;
    const start = new URL(site.url);
    const robots = await this.robots(start);
    const until = Date.now() + SLICE_MS;
    const notes: string[] = [];
    for (const page of await this.index.nextQueued(source.id, PAGES_PER_SLICE)) {
      const note = await this.crawlPage(source, site, generation, page, robots);
      if (note) notes.push(note);
      beat();
      if (Date.now() > until) break;
    }
    return { queued: await this.index.queuedCount(source.id), notes };
  }

  private async crawlPage(
    source: KnowledgeSource,
    site: WebsiteSettings,
    generation: number,
    page: QueuedPage,
    robots: RobotsRules,
  ): Promise<string | null> {
    const url = new URL(page.url);
    if (!robots.allows(url)) {
      await this.setPage(page.id, generation, { status: 'excluded', error: 'robots.txt disallows it' });
      return null;
    }
    let fetched: FetchedPage;
    try {
      fetched = await fetchPage(this.dispatcher, url, this.limits(), url.origin);
      if (fetched.status >= 400) throw new PageProblem(`${url.href} answered ${fetched.status}`);
    } catch (error) {
      if (!(error instanceof PageProblem)) throw error;
      await this.setPage(page.id, generation, { status: 'failed', error: error.message });
      return null;
    }
    const hash = createHash('sha256').update(fetched.body).digest('hex');
    let note: string | null = null;
    if (hash === page.contentHash) {
      // Unchanged since it was indexed: its chunks (and their vectors) stay.
      await this.setPage(page.id, generation, { status: 'indexed', error: null });
    } else {
      const type = detectFileType(fetched.body);
      try {
        if (!type || type === 'docx')
          throw new UnreadableDocument(`${url.href} is not a page we read (${fetched.contentType || 'no type'})`);
        const document = await extractDocument(fetched.body, type);
        const title = document.title ?? url.pathname;
        const chunks = chunkBlocks(document.blocks, document.title);
        const vectors =
          this.embeddings.model && chunks.length
            ? await this.embeddings.embed(chunks.map((c) => `${c.titlePath.join(' › ')}\n${c.text}`))
            : null;
        await this.index.writePage(
          {
            workspaceId: source.workspaceId,
            baseId: source.baseId,
            sourceId: source.id,
            pageId: page.id,
            language: source.language,
            title,
            url: url.href,
          },
          { chunks, embeddings: vectors, model: this.embeddings.model },
          hash,
          generation,
        );
        if (site.mode === 'crawl') note = await this.follow(source, site, generation, url, document.links);
      } catch (error) {
        if (!(error instanceof UnreadableDocument)) throw error;
        await this.setPage(page.id, generation, { status: 'failed', error: error.message });
      }
    }
    return note;
  }

  /** Queues the page's links within the origin, up to the page bound; a page with more links than KNOWLEDGE_LINKS_PER_PAGE is cut, and said so. */
  private async follow(
    source: KnowledgeSource,
    site: WebsiteSettings,
    generation: number,
    from: URL,
    links: string[],
  ): Promise<string | null> {
    const cap = this.config.values.KNOWLEDGE_LINKS_PER_PAGE;
    const urls = new Set<string>();
    for (const href of links) {
      const link = normaliseLink(href, from);
      if (link && link.origin === from.origin) urls.add(link.href);
    }
    const kept = [...urls].slice(0, cap);
    const room = site.maxPages - (await this.index.pagesInCrawl(source.id, generation));
    await this.index.queuePages(source.workspaceId, source.id, generation, kept, room);
    return urls.size > cap ? `${from.href} has ${urls.size} links; the first ${cap} were followed (KNOWLEDGE_LINKS_PER_PAGE)` : null;
  }

  private async setPage(
    id: string,
    generation: number,
    state: { status: 'indexed' | 'excluded' | 'failed'; error: string | null },
  ): Promise<void> {
    await this.index.markPage(id, generation, state);
  }

  /** robots.txt of the site: 4xx allows all, 5xx or unreachable disallows all (RFC 9309 §2.3.1). */
  private async robots(start: URL): Promise<RobotsRules> {
    try {
      const answer = await fetchPage(this.dispatcher, new URL('/robots.txt', start), this.limits(), null);
      if (answer.status >= 500) return RobotsRules.unreachable();
      if (answer.status >= 400) return RobotsRules.allowAll();
      return RobotsRules.parse(answer.body.toString('utf8'));
    } catch (error) {
      if (error instanceof PageProblem && /redirects/.test(error.message)) throw error;
      return RobotsRules.unreachable();
    }
  }

  private async sitemapUrls(sitemaps: string[], origin: string): Promise<string[]> {
    const urls: string[] = [];
    const pending = [...sitemaps];
    for (let read = 0; pending.length && read < MAX_SITEMAPS; read++) {
      const answer = await fetchPage(this.dispatcher, new URL(pending.shift()!), this.limits(), null);
      if (answer.status >= 400) throw new PageProblem(`the sitemap ${answer.url.href} answered ${answer.status}`);
      const { urls: listed, nested } = sitemapLocations(answer.body.toString('utf8'));
      pending.push(...nested);
      for (const url of listed) {
        const link = normaliseLink(url, answer.url);
        if (link && link.origin === origin && !urls.includes(link.href)) urls.push(link.href);
      }
    }
    return urls;
  }

  private limits() {
    const values = this.config.values;
    return {
      timeoutMs: values.KNOWLEDGE_FETCH_TIMEOUT_MS,
      maxBytes: values.KNOWLEDGE_PAGE_MAX_BYTES,
      allowPrivateNetworks: values.PLATICA_ALLOW_PRIVATE_NETWORKS,
    };
  }
}
