import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import {
  eventually,
  fakeEmbedding,
  FakeLlm,
  HttpTarget,
  startTestStack,
  type HttpClient,
  type TargetAnswer,
  type TargetRequest,
  type TestStack,
} from '@platica/testing';

/** Documents nobody here wrote: fixtures/knowledge/README.md says where each comes from. */
const fixtures = path.join(__dirname, 'fixtures/knowledge');
const base64Of = (name: string) => readFileSync(path.join(fixtures, name)).toString('base64');
const manual = path.join(fixtures, 'libffi-manual');
const manualPages = readdirSync(manual).filter((name) => name.endsWith('.html'));

/**
 * Knowledge bases through the gateway (issue 52): a PDF, an HTML page and a website served on
 * loopback (a sitemap, a robots.txt exclusion) indexed and searched, text and vectors fused
 * (the fake model's /v1/embeddings); a re-crawl after one page changed re-indexes that page
 * only; bad input (encrypted and damaged PDFs, a 100 MB upload, a page of 10,000 links, a
 * redirect off the site) ends in a clear error on the source and breaks nothing else.
 */
describe('knowledge bases (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let site: HttpTarget;
  let api: HttpClient;
  let key: string;
  let baseId: string;
  /** The libffi manual as a site: its pages, a sitemap of them all, a robots.txt excluding one; `changed` edits a page. */
  const changed = new Map<string, string>();

  beforeAll(async () => {
    llm = await FakeLlm.start();
    site = await HttpTarget.start((request) => serveManual(request));
    // A stack of its own: the embeddings endpoint is a tools setting.
    t = await startTestStack({
      KNOWLEDGE_EMBEDDINGS_BASE_URL: llm.url,
      KNOWLEDGE_EMBEDDINGS_MODEL: 'fake-embeddings',
      KNOWLEDGE_LINKS_PER_PAGE: '100',
    });
    key = (await t.seedMinimalWorkspace()).key;
    api = t.http.withToken(key);
    const created = await api.post('/v1/knowledge/bases', { name: 'Manuales', description: 'Documentación', language: 'en' });
    expect(created.status).toBe(201);
    baseId = created.body.data.id;
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
    await site?.stop();
    await llm?.stop();
  });

  function serveManual(request: TargetRequest): TargetAnswer {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (request.path === '/robots.txt') return { body: 'User-agent: *\nDisallow: /Thread-Safety.html\n' };
    if (request.path === '/sitemap.xml') {
      const urls = manualPages.map((name) => `<url><loc>${site.url}/${name}</loc></url>`).join('');
      return {
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      };
    }
    if (request.path === '/links.html') {
      const links = Array.from({ length: 10_000 }, (_, i) => `<a href="/bomb/${i}.html">${i}</a>`).join('\n');
      return { headers: html, body: `<html><head><title>Links</title></head><body><h1>Links</h1>${links}</body></html>` };
    }
    if (request.path.startsWith('/bomb/')) return { headers: html, body: `<html><body><p>Page ${request.path}</p></body></html>` };
    if (request.path === '/away.html') return { status: 302, headers: { location: 'http://10.255.255.1/admin' }, body: '' };
    const name = request.path.slice(1);
    if (!manualPages.includes(name)) return { status: 404, body: 'not found' };
    return { headers: html, body: changed.get(name) ?? readFileSync(path.join(manual, name), 'utf8') };
  }

  async function addSource(body: Record<string, unknown>): Promise<string> {
    const res = await api.post(`/v1/knowledge/bases/${baseId}/sources`, body);
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('pending');
    return res.body.data.id;
  }

  async function settled(sourceId: string, timeoutMs = 90_000): Promise<any> {
    return eventually(
      `source ${sourceId} indexed`,
      async () => {
        const source = (await api.get(`/v1/knowledge/bases/${baseId}/sources/${sourceId}`)).body;
        return source.status === 'ready' || source.status === 'failed' ? source : undefined;
      },
      timeoutMs,
      250,
    );
  }

  const search = async (query: string, limit = 5) => {
    const res = await api.post(`/v1/knowledge/bases/${baseId}/search`, { query, limit });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('indexes an uploaded PDF and an HTML page, typed by content; search finds their chunks with scores', async () => {
    const pdf = await addSource({ kind: 'file', fileName: 'spec.bin', contentBase64: base64Of('shared-mime-info-spec.pdf') });
    const html = await addSource({ kind: 'file', fileName: 'users.txt', contentBase64: base64Of('users-and-groups.html') });
    const [pdfSource, htmlSource] = await Promise.all([settled(pdf), settled(html)]);
    expect(pdfSource).toMatchObject({
      status: 'ready',
      error: null,
      fileType: 'pdf',
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(htmlSource).toMatchObject({ status: 'ready', fileType: 'html' });
    expect(pdfSource.chunkCount).toBeGreaterThan(5);

    const found = await search('How are glob patterns weighted in the MIME database?');
    expect(found.vectorSearch).toBe('used');
    const top = found.data[0];
    expect(top).toMatchObject({ sourceId: pdf, title: 'spec.bin', url: null });
    expect(top.text).toMatch(/glob/i);
    expect(top.scores).toMatchObject({ textRank: expect.any(Number), fused: expect.any(Number) });

    // The vector ranking is exact: each similarity is the cosine of the fake model's vectors (of the
    // query, and of the chunk's title path and text as indexing embeds it), best first.
    const cosine = (a: number[], b: number[]) =>
      a.reduce((sum, x, i) => sum + x * b[i]!, 0) / Math.sqrt(a.reduce((s2, x) => s2 + x * x, 0) * b.reduce((s2, x) => s2 + x * x, 0));
    const wide = await search('How are glob patterns weighted in the MIME database?', 50);
    const queryVector = fakeEmbedding('How are glob patterns weighted in the MIME database?');
    const byVector = wide.data
      .filter((hit: any) => hit.scores.vectorRank !== null)
      .sort((a: any, b: any) => a.scores.vectorRank - b.scores.vectorRank);
    expect(byVector.length).toBeGreaterThan(5);
    expect(byVector[0].scores.vectorRank).toBe(1);
    for (const hit of byVector) {
      const expected = cosine(queryVector, fakeEmbedding(`${hit.titlePath.join(' › ')}\n${hit.text}`));
      expect(hit.scores.similarity).toBeCloseTo(expected, 5);
    }
    const similarities = byVector.map((hit: any) => hit.scores.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));

    const users = await search('Which user owns the mail spool?');
    expect(users.data.map((hit: any) => hit.sourceId)).toContain(html);
  });

  it('indexes a website from its sitemap, honouring robots.txt; a re-crawl re-indexes only the page that changed', async () => {
    const id = await addSource({ kind: 'website', url: `${site.url}/sitemap.xml`, mode: 'sitemap', maxPages: 50 });
    const source = await settled(id);
    expect(source).toMatchObject({ status: 'ready', kind: 'website', pageCount: manualPages.length - 1 });
    const pages = (await api.get(`/v1/knowledge/bases/${baseId}/sources/${id}/pages?limit=100`)).body.data as any[];
    expect(pages).toHaveLength(manualPages.length);
    expect(pages.find((page) => page.url.endsWith('/Thread-Safety.html'))).toMatchObject({
      status: 'excluded',
      error: 'robots.txt disallows it',
    });
    expect(site.requests.filter((r) => r.path === '/Thread-Safety.html')).toHaveLength(0);
    expect(pages.filter((page) => page.status === 'indexed').every((page) => page.indexCount === 1)).toBe(true);

    const hit = (await search('closure API ffi_prep_closure_loc')).data[0];
    expect(hit.url).toMatch(new RegExp(`^${site.url}/`));
    expect(hit.titlePath.length).toBeGreaterThan(0);

    // One page changes; the re-crawl rewrites (and re-embeds) it alone.
    const original = readFileSync(path.join(manual, 'Multiple-ABIs.html'), 'utf8');
    changed.set(
      'Multiple-ABIs.html',
      original.replace('</body>', '<p>Zorblax calling convention is supported on Quuxian machines.</p></body>'),
    );
    const embeddedBefore = llm.embeddingInputs.length;
    const hashBefore = source.contentHash;
    expect((await api.post(`/v1/knowledge/bases/${baseId}/sources/${id}/reindex`, {})).status).toBe(202);
    const recrawled = await eventually(
      'the re-crawl',
      async () => {
        const now = (await api.get(`/v1/knowledge/bases/${baseId}/sources/${id}`)).body;
        return now.status === 'ready' && now.contentHash !== hashBefore ? now : undefined;
      },
      90_000,
      250,
    );
    expect(recrawled.pageCount).toBe(manualPages.length - 1);
    const after = (await api.get(`/v1/knowledge/bases/${baseId}/sources/${id}/pages?limit=100`)).body.data as any[];
    const counts = Object.fromEntries(
      after.filter((page) => page.status === 'indexed').map((page) => [page.url.split('/').pop(), page.indexCount]),
    );
    expect(counts['Multiple-ABIs.html']).toBe(2);
    expect(
      Object.entries(counts)
        .filter(([name]) => name !== 'Multiple-ABIs.html')
        .every(([, count]) => count === 1),
    ).toBe(true);
    const reembedded = llm.embeddingInputs.slice(embeddedBefore).filter((input) => !/^How|^Which|closure API/.test(input));
    expect(reembedded.length).toBeGreaterThan(0);
    expect(reembedded.every((input) => /ABI|Zorblax|Multiple/i.test(input))).toBe(true);
    expect((await search('Zorblax Quuxian')).data[0].url).toBe(`${site.url}/Multiple-ABIs.html`);
  });

  it('an encrypted PDF and a damaged one fail with a clear error; a 100 MB upload is refused; the base keeps working', async () => {
    const encrypted = await addSource({
      kind: 'file',
      fileName: 'locked.pdf',
      contentBase64: base64Of('shared-mime-info-spec.encrypted.pdf'),
    });
    const damaged = await addSource({ kind: 'file', fileName: 'cut.pdf', contentBase64: base64Of('shared-mime-info-spec.truncated.pdf') });
    expect(await settled(encrypted)).toMatchObject({ status: 'failed', error: expect.stringMatching(/encrypted/), chunkCount: 0 });
    expect(await settled(damaged)).toMatchObject({ status: 'failed', error: expect.stringMatching(/PDF/) });

    // A 100 MB upload, declared as such: the gateway answers 413 from its Content-Length and
    // closes the connection. The client sends its first megabyte and waits for the answer, as
    // writing the rest into a closed socket would fail (EPIPE) before the answer is read.
    const huge = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const head = JSON.stringify({ kind: 'file', fileName: 'huge.pdf', contentBase64: '' }).slice(0, -2);
      const size = 100 * 1024 * 1024;
      const req = httpRequest(`${t.baseUrl}/v1/knowledge/bases/${baseId}/sources`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(head) + size + 2),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        });
        res.on('error', reject);
      });
      req.on('error', (error) => setTimeout(() => reject(error), 2_000));
      req.write(head + 'A'.repeat(1024 * 1024));
    });
    expect(huge).toEqual({ status: 413, body: { code: 413, error: expect.any(String), details: expect.anything() } });
    expect((await api.get(`/v1/knowledge/bases/${baseId}/sources?limit=200`)).body.data.map((s: any) => s.title)).not.toContain('huge.pdf');

    const png = await api.post(`/v1/knowledge/bases/${baseId}/sources`, {
      kind: 'file',
      fileName: 'photo.pdf',
      contentBase64: readFileSync(require.resolve('mammoth/test/test-data/tiny-picture.png')).toString('base64'),
    });
    expect(png.status).toBe(422);
    expect(png.body.details).toHaveProperty('contentBase64');
    // (the whole answer in the failure message, not its length)
    expect(await search('glob patterns')).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ sourceId: expect.any(String) })]),
    });
  });

  it('a page of 10,000 links is cut (said on the source) and the crawl stays within its bound; a redirect off the site fails that page', async () => {
    const bomb = await addSource({ kind: 'website', url: `${site.url}/links.html`, mode: 'crawl', maxPages: 20 });
    const source = await settled(bomb);
    expect(source).toMatchObject({ status: 'ready', error: expect.stringMatching(/10000 links; the first 100 were followed/) });
    expect(source.pageCount).toBeLessThanOrEqual(20);
    expect(site.requests.filter((r) => r.path.startsWith('/bomb/')).length).toBeLessThanOrEqual(19);

    const away = await addSource({ kind: 'website', url: `${site.url}/away.html`, mode: 'page' });
    expect(await settled(away)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/redirects to http:\/\/10\.255\.255\.1\/admin/),
    });
  });

  it('answers 404 for another workspace’s base and 400 naming a bad field', async () => {
    const other = t.http.withToken((await t.seedMinimalWorkspace()).key);
    expect((await other.get(`/v1/knowledge/bases/${baseId}`)).status).toBe(404);
    expect((await other.post(`/v1/knowledge/bases/${baseId}/search`, { query: 'glob' })).status).toBe(404);
    const bad = await api.post(`/v1/knowledge/bases/${baseId}/sources`, { kind: 'website', url: 'ftp://example.com', mode: 'crawl' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ path: ['url'] })]);
    expect((await api.post('/v1/knowledge/bases', { name: 'Manuales' })).status).toBe(409);
  });
});
