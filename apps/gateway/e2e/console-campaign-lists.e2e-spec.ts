import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  eventually,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  type MessagingSeedDocument,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/** The seeded `welcome` template's send (two body variables, an image header, one URL button). */
const template = {
  params: ['Cliente', 'B-2'],
  type: 'image',
  file: 'https://cdn.example.test/promo.png',
  buttons: [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }] }],
};
/** More than a page of each: the list shows 25 campaigns a page, a run's table 50 recipients. */
const FILLERS = 26;
const AUDIENCE = 52;

/**
 * The console's campaign list (the landing page, paged, searched by title, each with its latest
 * run) and a run's recipients (filtered by outcome, paged, the reasons of the excluded and of
 * Meta's refusals readable), through the real stack, Chromium and the fake Meta Graph.
 */
describe('the console: campaign list and recipients (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const audience = Array.from({ length: AUDIENCE }, (_, i) => ({ phoneNumber: newPhone(), name: `Cliente ${i + 1}` }));
  const refused = audience[1]!.phoneNumber;
  let blocked: string;
  let runId: string;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc: MessagingSeedDocument) => {
      Object.assign(doc.users[0]!, { password });
      blocked = doc.clients[0]!.phoneNumber;
      const base = { platform: 'whatsapp', owners: [doc.users[0]!.email] };
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'promo',
            title: 'Promo de verano',
            category: 'marketing',
            templateRef: 'welcome',
            ...base,
            audience: [...audience, { phoneNumber: blocked, name: 'Spam Bot' }],
          },
          ...Array.from({ length: FILLERS }, (_, i) => ({
            ref: `f${i}`,
            title: `Aviso ${String(i + 1).padStart(2, '0')}`,
            category: 'utility',
            ...base,
            audience: [],
          })),
        ],
      });
    });
    fake.failNextSends(1, { match: (r) => r.body?.to === refused, message: '(#131026) Message undeliverable' });
    const sent = await ws.api.post(`/v1/campaigns/${ws.ids.campaigns['promo']!.id}/send`, { channelId: ws.whatsapp.id, template });
    expect(sent.status).toBe(200);
    runId = sent.body.data.runId;
    await eventually(
      'the run completed',
      async () => {
        const res = await ws.api.get(`/v1/campaigns/${ws.ids.campaigns['promo']!.id}`);
        return res.body.workspaces[0].campaigns[0].runs[0]?.status === 'completed' ? true : undefined;
      },
      60_000,
      250,
    );
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const listRows = (page: Page) => page.getByRole('group', { name: 'Campaigns' }).locator('tbody tr');

  it('lands on the campaign list: newest first, paged, searched by title, each with its last run', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await listRows(page).first().waitFor();
    expect(await listRows(page).count()).toBe(25);
    await browser.check(page, 'campaign-lists-01-list');

    // The two pages hold every campaign once, in the API's order.
    const api = (await ws.api.get('/v1/campaigns?limit=200')).body.campaigns.map((c: { title: string }) => c.title) as string[];
    const firstPage = await listRows(page).locator('td:first-child').allTextContents();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Previous page' }).waitFor();
    await eventually('the second page', async () => ((await listRows(page).count()) === FILLERS + 1 - 25 ? true : undefined));
    const secondPage = await listRows(page).locator('td:first-child').allTextContents();
    expect([...firstPage, ...secondPage]).toEqual(api);
    expect(await page.getByRole('button', { name: 'Next page' }).count()).toBe(0);

    // Searching by a piece of the title (in the URL); the promo's last run in a few words.
    await page.getByLabel('Title contains').fill('verano');
    await eventually('one match', async () => ((await listRows(page).count()) === 1 ? true : undefined));
    expect(page.url()).toContain('q=verano');
    const cells = await listRows(page).first().locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['Promo de verano', 'Marketing', 'welcome']);
    expect(cells[3]).toContain('Completed');
    expect(cells[3]).toContain(`${AUDIENCE - 1} of ${AUDIENCE} sent · 1 failed · 1 excluded`);
    await page.getByLabel('Title contains').fill('nothing like it');
    await page.getByText('No campaign has that in its title.').waitFor();

    // Opening by id still works.
    await page.getByLabel('Campaign id').fill(ws.ids.campaigns['f0']!.id);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Aviso 01', level: 1 }).waitFor();
  });

  it("shows a run's recipients with their outcomes, filtered and paged, and why the unsent were not sent", async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByLabel('Title contains').fill('Promo');
    await page.getByRole('link', { name: 'Promo de verano' }).click();
    await page.getByRole('heading', { name: 'Promo de verano', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: /^Recipients of the run of/ });
    const rows = section.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(50);
    const first = await rows.first().locator('td').allTextContents();
    expect(first[0]).toBe(`Cliente 1 · ${audience[0]!.phoneNumber}`);
    expect(first[1]).toBe('Sent');
    expect(first[3]).toMatch(/^msg_/);
    await browser.check(page, 'campaign-lists-02-recipients');

    await section.getByRole('button', { name: 'Next page' }).click();
    await eventually('the last page', async () => ((await rows.count()) === AUDIENCE + 1 - 50 ? true : undefined));
    const last = await rows.last().locator('td').allTextContents();
    expect(last.slice(0, 3)).toEqual([`Spam Bot · ${blocked}`, 'Excluded', 'Blocked contact: never sent campaigns']);

    // Only the failures: Meta's error, readable.
    await section.getByLabel('Outcome').selectOption('failed');
    await eventually('only the failure', async () => ((await rows.count()) === 1 ? true : undefined));
    const failed = await rows.first().locator('td').allTextContents();
    expect(failed[0]).toBe(`Cliente 2 · ${refused}`);
    expect(failed[1]).toBe('Failed');
    expect(failed[2]).toContain('131026');
    expect(await section.getByRole('button', { name: 'Previous page' }).count()).toBe(0);
    await browser.check(page, 'campaign-lists-03-failed');

    await section.getByLabel('Outcome').selectOption('pending');
    await section.getByText('No recipient of this run has that outcome.').waitFor();

    // What the table showed is the API's.
    const api = await ws.api.get(`/v1/campaigns/${ws.ids.campaigns['promo']!.id}/runs/${runId}/recipients?status=failed`);
    expect(api.body.recipients.map((r: { phoneNumber: string }) => r.phoneNumber)).toEqual([refused]);
  });
});
