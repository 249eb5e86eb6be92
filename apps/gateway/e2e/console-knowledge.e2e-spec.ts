import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  eventually,
  HttpTarget,
  MessagingWorkspace,
  useSharedStack,
  withAgents,
  type StackApi,
  type TargetRequest,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/** Documents nobody here wrote (apps/tools/e2e/fixtures/knowledge/README.md says where each comes from). */
const fixtures = path.join(__dirname, '../../tools/e2e/fixtures/knowledge');
const manual = path.join(fixtures, 'libffi-manual');
const manualPages = readdirSync(manual).filter((name) => name.endsWith('.html'));

/**
 * Issue 52 item 6 in the console, through the real stack and Chromium (docs/console.md ›
 * Knowledge bases): a base created, a Markdown entry written and a PDF uploaded by keyboard
 * alone, both indexed while the page follows their state, searched with their passages and
 * scores shown, the base renamed, a source indexed again and the base deleted after its
 * question. On a phone: a damaged PDF fails and says why, an upload too large for the gateway
 * is refused with the API's words, a website's sitemap crawled with its robots.txt exclusion
 * listed among its pages, and no page scrolls sideways. An `agent` has no way in (admin only).
 */
describe('the console: knowledge bases (e2e)', () => {
  let t: StackApi;
  let ws: MessagingWorkspace;
  let site: HttpTarget;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const colleague = `beto-${randomBytes(4).toString('hex')}@example.test`;

  beforeAll(async () => {
    site = await HttpTarget.start((request) => serveManual(request));
    t = await useSharedStack();
    ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      Object.assign(doc.users[0]!, { password });
      doc.users.push({ email: colleague, name: 'Beto', password, role: 'agent' } as (typeof doc.users)[number]);
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await site?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  /** The libffi manual as a small site: a sitemap of its pages and a robots.txt excluding one. */
  function serveManual(request: TargetRequest) {
    if (request.path === '/robots.txt') return { body: 'User-agent: *\nDisallow: /Thread-Safety.html\n' };
    if (request.path === '/sitemap.xml') {
      const urls = manualPages.map((name) => `<url><loc>${site.url}/${name}</loc></url>`).join('');
      return {
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      };
    }
    const name = request.path.slice(1);
    if (!manualPages.includes(name)) return { status: 404, body: 'not found' };
    return { headers: { 'content-type': 'text/html; charset=utf-8' }, body: readFileSync(path.join(manual, name), 'utf8') };
  }

  const signIn = async (page: Page) => {
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
  };
  /** Types into the focused control, as a person at the keyboard does. */
  const typeInto = async (page: Page, label: string, text: string) => {
    await page.getByLabel(label, { exact: true }).focus();
    await page.keyboard.type(text);
  };
  const source = (page: Page, title: string) => page.getByRole('article', { name: title });
  const stateOf = (page: Page, title: string, state: string) => source(page, title).locator('.badge').filter({ hasText: state });
  const sideways = (page: Page) =>
    page.evaluate(() => {
      const client = document.documentElement.clientWidth;
      const wider = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > client + 0.5)
        .slice(0, 4)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
      return document.documentElement.scrollWidth <= client ? [] : [`${document.documentElement.scrollWidth} > ${client}`, ...wider];
    });
  const sourcesOf = async (baseId: string) => (await ws.api.get(`/v1/knowledge/bases/${baseId}/sources?limit=200`)).body.data as any[];

  it('creates a base, adds an entry and a PDF, follows their indexing, searches them, renames and deletes the base, by keyboard', async () => {
    const name = `Ayuda ${randomBytes(3).toString('hex')}`;
    const page = await browser.newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge bases' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Knowledge bases', level: 1 }).waitFor();
    // A new workspace has none.
    await page.getByText('No knowledge base yet').waitFor();
    await browser.check(page, 'knowledge-01-bases');

    await typeInto(page, 'Name', name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Envíos y el formato MIME');
    await page.keyboard.press('Tab');
    // The base's default language: English (the PDF's), chosen with the arrow key.
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Search language').inputValue()).toBe('en');
    await page.getByRole('button', { name: 'Create the base' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const baseId = new URL(page.url()).pathname.split('/').pop()!;
    expect((await ws.api.get(`/v1/knowledge/bases/${baseId}`)).body).toMatchObject({
      name,
      language: 'en',
      description: 'Envíos y el formato MIME',
    });

    // A Markdown entry in Spanish (its own language), written in the editor.
    await typeInto(page, 'Title', 'Envíos a Canarias');
    await page.keyboard.press('Tab');
    await page.keyboard.type('# Envíos\n\n## Canarias\n\nEnviamos a las islas Canarias en cinco días hábiles, sin recargo aduanero.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Envíos a Canarias added' }).waitFor();

    // A PDF: the kind chosen with the arrow keys, the file given to its input, uploaded with Enter.
    await page.getByLabel('Text entry').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByLabel('File', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel(/^The file/).setInputFiles(path.join(fixtures, 'shared-mime-info-spec.pdf'));
    await page.getByText('shared-mime-info-spec.pdf, 140.4 kB').waitFor();
    await page.getByRole('button', { name: 'Upload the file' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'shared-mime-info-spec.pdf added' }).waitFor();

    // The page follows both to ready by itself (no reload), with their counts and hashes.
    await stateOf(page, 'Envíos a Canarias', 'Ready').waitFor({ timeout: 90_000 });
    await stateOf(page, 'shared-mime-info-spec.pdf', 'Ready').waitFor({ timeout: 90_000 });
    const [pdf, entry] = await sourcesOf(baseId);
    expect(pdf).toMatchObject({ title: 'shared-mime-info-spec.pdf', status: 'ready', fileType: 'pdf', byteSize: 140_429 });
    expect(entry).toMatchObject({ title: 'Envíos a Canarias', status: 'ready', language: 'es' });
    await source(page, 'shared-mime-info-spec.pdf')
      .getByText(`${pdf.contentHash.slice(0, 12)}…`)
      .waitFor();
    await source(page, 'shared-mime-info-spec.pdf').getByText(`${pdf.chunkCount} passages`).waitFor();
    await source(page, 'shared-mime-info-spec.pdf').getByText('PDF · 140.4 kB · English').waitFor();
    await browser.check(page, 'knowledge-02-base-ready');

    // The try-out: the PDF's passage on patterns' weights, ranked with its scores.
    await typeInto(page, 'Question or words', 'How are glob patterns weighted?');
    await page.keyboard.press('Enter');
    const hits = page.locator('.knowledge-hits > li');
    await hits.first().waitFor();
    const found = (await ws.api.post(`/v1/knowledge/bases/${baseId}/search`, { query: 'How are glob patterns weighted?', limit: 5 })).body;
    expect(found.data[0]).toMatchObject({ sourceId: pdf.id, text: expect.stringMatching(/pattern/i) });
    expect(await hits.first().locator('.knowledge-hit-text').innerText()).toBe(found.data[0].text);
    await hits.first().getByText(`#${found.data[0].scores.textRank} (`).waitFor();
    await page.getByText('Text search only (no embeddings endpoint is configured).').waitFor();
    expect(await hits.count()).toBe(found.data.length);
    await browser.check(page, 'knowledge-03-search');

    // The entry in Spanish, its title path from its headings.
    await page.getByLabel('Question or words').fill('');
    await page.keyboard.type('¿Envían a Canarias?');
    await page.keyboard.press('Enter');
    await hits.first().getByText('Envíos a Canarias › Envíos › Canarias').waitFor();
    await hits
      .first()
      .getByText(/cinco días hábiles/)
      .waitFor();

    // Renamed by keyboard.
    await page.getByRole('button', { name: 'Rename' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Name', { exact: true }).fill(`${name} (tienda)`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `${name} (tienda)`, level: 1 }).waitFor();
    expect((await ws.api.get(`/v1/knowledge/bases/${baseId}`)).body.name).toBe(`${name} (tienda)`);

    // Indexed again: the entry's run goes by and it is ready again, indexed later than before.
    await page.getByRole('button', { name: 'Index again: Envíos a Canarias' }).focus();
    await page.keyboard.press('Enter');
    await eventually(
      'the entry indexed again',
      async () => {
        const now = (await sourcesOf(baseId)).find((s) => s.id === entry.id);
        return now.status === 'ready' && now.indexedAt > entry.indexedAt ? now : undefined;
      },
      60_000,
    );
    await stateOf(page, 'Envíos a Canarias', 'Ready').waitFor();

    // Deleted after its question; the list says so.
    await page.getByRole('button', { name: 'Delete the base' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: /^Delete .* with its 2 sources/ }).waitFor();
    await browser.check(page, 'knowledge-04-delete-question');
    await page.getByRole('button', { name: 'Yes, delete the base' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `${name} (tienda) deleted.` })
      .waitFor();
    expect((await ws.api.get(`/v1/knowledge/bases/${baseId}`)).status).toBe(404);
  }, 240_000);

  it('on a phone: a damaged PDF says why it failed, a too large upload is refused, a website lists its pages', async () => {
    const base = await ws.api.post('/v1/knowledge/bases', { name: `Manuales ${randomBytes(3).toString('hex')}`, language: 'en' });
    expect(base.status).toBe(201);
    const baseId = base.body.data.id as string;
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/knowledge/bases`);
    await page.getByRole('link', { name: base.body.data.name }).click();
    await page.getByRole('heading', { name: base.body.data.name, level: 1 }).waitFor();

    await page.getByLabel('File', { exact: true }).check();
    const fileInput = page.getByLabel(/^The file/);
    // The fixture's first 16 KiB (README.md): a damaged PDF.
    await fileInput.setInputFiles(path.join(fixtures, 'shared-mime-info-spec.truncated.pdf'));
    await page.getByRole('button', { name: 'Upload the file' }).click();
    await stateOf(page, 'shared-mime-info-spec.truncated.pdf', 'Failed').waitFor({ timeout: 90_000 });
    const damaged = (await sourcesOf(baseId))[0];
    expect(damaged).toMatchObject({ status: 'failed', error: expect.stringMatching(/PDF/) });
    await source(page, 'shared-mime-info-spec.truncated.pdf').getByText(`Not indexed: ${damaged.error}`).waitFor();
    await browser.check(page, 'knowledge-05-phone-failed');

    // More than the gateway forwards in one NATS message: the API's 413, said in its words; nothing added.
    await fileInput.setInputFiles({ name: 'grande.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1_200_000, 'texto ') });
    await page.getByRole('button', { name: 'Upload the file' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: /^Not added: / });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/too large/i);
    expect((await sourcesOf(baseId)).map((s) => s.title)).not.toContain('grande.txt');

    // A website by its sitemap: the pages listed with their state, the excluded one among them.
    await page.getByLabel('Website', { exact: true }).check();
    await page.getByLabel(/^URL/).fill(`${site.url}/sitemap.xml`);
    await page.getByLabel('What to index').selectOption('sitemap');
    await page.getByLabel('Most pages').fill('20');
    await page.getByRole('button', { name: 'Add the website' }).click();
    // A website is titled by its host and path.
    const website = `${new URL(site.url).host}/sitemap.xml`;
    await stateOf(page, website, 'Ready').waitFor({ timeout: 120_000 });
    const crawled = (await sourcesOf(baseId)).find((s) => s.kind === 'website');
    expect(crawled).toMatchObject({ status: 'ready', pageCount: manualPages.length - 1 });
    await source(page, website)
      .getByText(`Pages (${manualPages.length - 1} indexed)`)
      .click();
    const listed = source(page, website).locator('.knowledge-pages > li');
    const excluded = listed.filter({ hasText: 'Thread-Safety.html' });
    await excluded.getByText('Excluded by robots.txt').waitFor();
    expect(await listed.count()).toBe(manualPages.length);
    expect(await sideways(page)).toEqual([]);
    await browser.check(page, 'knowledge-06-phone-website');

    await page.getByLabel('Question or words').fill('closure');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .locator('.knowledge-hits > li')
      .first()
      .getByRole('link', { name: new RegExp(`^${site.url}/`) })
      .waitFor();
    expect(await sideways(page)).toEqual([]);
    await browser.check(page, 'knowledge-07-phone-search');

    await page.goto(`${t.baseUrl}/console/w/${ws.id}/knowledge/bases`);
    await page.getByRole('link', { name: base.body.data.name }).waitFor();
    expect(await sideways(page)).toEqual([]);
    await browser.check(page, 'knowledge-08-phone-bases');
  }, 300_000);

  it('is an admin page: an agent gets no link to it, and opening it says so without a form', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: colleague, password });
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge bases' }).count()).toBe(0);
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/knowledge/bases`);
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create the base' }).count()).toBe(0);
  }, 60_000);
});
