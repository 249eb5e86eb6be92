import { eventually, HttpTarget, startTestStack, type HttpClient, type TestStack } from '@platica/testing';

/** Pages of the site besides its start page, each answered slowly enough that the kill lands mid-crawl. */
const PAGES = 30;
const PAGE_DELAY_MS = 300;

/**
 * A crawl killed mid-way (issue 52, Must show): the tools process (its Temporal worker) is
 * SIGKILLed while a website is being crawled, then started again. The crawl resumes from its
 * page rows: it ends `ready` with every page indexed once, no page's chunks written twice, and
 * only the page in flight at the kill fetched a second time.
 */
describe('knowledge: a crawl killed mid-way resumes without duplicates (e2e)', () => {
  let t: TestStack;
  let site: HttpTarget;
  let api: HttpClient;

  beforeAll(async () => {
    site = await HttpTarget.start((request) => {
      const html = { 'content-type': 'text/html; charset=utf-8' };
      if (request.path === '/robots.txt') return { status: 404, body: '' };
      if (request.path === '/') {
        const links = Array.from({ length: PAGES }, (_, i) => `<li><a href="/page-${i}.html">Página ${i}</a></li>`).join('');
        return { headers: html, body: `<html><head><title>Ayuda</title></head><body><h1>Ayuda</h1><ul>${links}</ul></body></html>` };
      }
      const page = /^\/page-(\d+)\.html$/.exec(request.path);
      if (!page) return { status: 404, body: '' };
      return {
        headers: html,
        delayMs: PAGE_DELAY_MS,
        body: `<html><head><title>Página ${page[1]}</title></head><body><h1>Pregunta ${page[1]}</h1><p>Respuesta número ${page[1]} de la ayuda.</p></body></html>`,
      };
    });
    // A stack of its own, tools in a process of its own: this file kills and restarts it.
    t = await startTestStack({}, { ownProcesses: ['tools'] });
    api = t.http.withToken((await t.seedMinimalWorkspace()).key);
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
    await site?.stop();
  });

  it('resumes after SIGKILL: every page indexed once', async () => {
    const base = (await api.post('/v1/knowledge/bases', { name: 'Ayuda' })).body.data.id;
    const created = await api.post(`/v1/knowledge/bases/${base}/sources`, {
      kind: 'website',
      url: `${site.url}/`,
      mode: 'crawl',
      maxPages: 100,
    });
    expect(created.status).toBe(201);
    const sourceId = created.body.data.id;
    const indexed = async () =>
      Number(
        (
          await t.query<{ n: string }>(`select count(*) as n from tools.knowledge_page where source_id = $1 and status = 'indexed'`, [
            sourceId,
          ])
        )[0]!.n,
      );

    await eventually('a few pages indexed', async () => ((await indexed()) >= 5 ? true : undefined), 60_000, 50);
    t.stack.services.get('tools')!.process.kill('SIGKILL');
    const atKill = await indexed();
    process.stdout.write(`SIGKILL tools with ${atKill} of ${PAGES + 1} pages indexed\n`);
    expect(atKill).toBeLessThan(PAGES + 1);
    await t.stack.startService('tools');

    const source = await eventually(
      'the crawl finished',
      async () => {
        const now = (await api.get(`/v1/knowledge/bases/${base}/sources/${sourceId}`)).body;
        return now.status === 'ready' ? now : undefined;
      },
      120_000,
      250,
    );
    expect(source).toMatchObject({ pageCount: PAGES + 1, error: null });
    const pages = (await api.get(`/v1/knowledge/bases/${base}/sources/${sourceId}/pages?limit=100`)).body.data as {
      status: string;
      indexCount: number;
    }[];
    expect(pages).toHaveLength(PAGES + 1);
    expect(pages.every((page) => page.status === 'indexed' && page.indexCount === 1)).toBe(true);
    // No page's chunks twice: one chunk per (page, ordinal), and as many chunks as the source counts.
    const duplicates = await t.query(
      `select page_id, ordinal, count(*) from tools.knowledge_chunk where source_id = $1 group by page_id, ordinal having count(*) > 1`,
      [sourceId],
    );
    expect(duplicates).toEqual([]);
    const [{ n: chunks }] = (await t.query<{ n: string }>(`select count(*) as n from tools.knowledge_chunk where source_id = $1`, [
      sourceId,
    ])) as [{ n: string }];
    expect(Number(chunks)).toBe(source.chunkCount);
    // Only what was in flight at the kill may have been fetched twice.
    const fetches = new Map<string, number>();
    for (const request of site.requests.filter((r) => r.path.startsWith('/page-')))
      fetches.set(request.path, (fetches.get(request.path) ?? 0) + 1);
    expect(fetches.size).toBe(PAGES);
    expect([...fetches.values()].filter((count) => count > 1).length).toBeLessThanOrEqual(1);
    const hit = await api.post(`/v1/knowledge/bases/${base}/search`, { query: 'respuesta número 17', limit: 3 });
    expect(hit.body.data[0].url).toBe(`${site.url}/page-17.html`);
  });
});
