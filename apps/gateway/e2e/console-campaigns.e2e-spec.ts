import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  eventually,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  type GraphRequest,
  type MessagingSeedDocument,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 39 item 4 through the real stack, Chromium and the fake Meta Graph: a campaign opened by
 * its id, edited (a title over 200 characters refused by the form with nothing sent), sent with
 * its template's parameters (the form asks for as many as the template has variables; a blocked
 * contact excluded and counted), and its run's progress shown to completion; what Meta received
 * checked.
 */
describe('the console: campaigns (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const phones = [newPhone(), newPhone()];

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc: MessagingSeedDocument) => {
      Object.assign(doc.users[0]!, { password });
      const blocked = doc.clients[0]!.phoneNumber;
      doc.templates.push({
        ref: 'coupon',
        channelRef: 'wa',
        name: 'coupon',
        language: 'es_MX',
        category: 'marketing',
        body: 'Hola {{1}}, tu cupón {{2}}',
      } as (typeof doc.templates)[number]);
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'promo',
            title: 'Promo',
            category: 'marketing',
            platform: 'whatsapp',
            templateRef: 'coupon',
            owners: [doc.users[0]!.email],
            audience: [...phones.map((phoneNumber) => ({ phoneNumber })), { phoneNumber: blocked }],
          },
        ],
      });
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const campaignId = () => ws.ids.campaigns['promo']!.id;
  const read = async () => (await ws.api.get(`/v1/campaigns/${campaignId()}`)).body.workspaces[0].campaigns[0];
  const bodyParams = (r: GraphRequest) =>
    ((r.body?.template?.components ?? []) as { type: string; parameters?: { text: string }[] }[])
      .find((c) => c.type === 'body')
      ?.parameters?.map((p) => p.text);

  it('edits a campaign, sends it with its template’s parameters and shows its run to completion', async () => {
    const page: Page = await browser.newPage();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (['POST', 'PATCH'].includes(request.method()) && request.url().includes('/campaigns/')) writes.push(request.method());
    });
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
    await browser.check(page, 'campaigns-01-lookup');
    await page.getByLabel('Campaign id').fill(campaignId());
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Promo', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Runs' }).waitFor();

    // A title over the bound: refused by the form, nothing sent.
    const edit = page.getByRole('region', { name: 'Campaign', exact: true });
    await edit.getByLabel('Title').fill('x'.repeat(201));
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('At most 200 characters.').waitFor();
    await browser.check(page, 'campaigns-02-title-refused');
    expect(writes).toEqual([]);

    await edit.getByLabel('Title').fill('Promo de invierno');
    await edit.getByLabel('Category').selectOption('utility');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Saved.').waitFor();
    expect(await read()).toMatchObject({ title: 'Promo de invierno', category: 'utility', templateName: 'coupon' });

    // The send asks for the template's two parameters; missing ones are refused before sending.
    const send = page.getByRole('region', { name: 'Send' });
    await send.getByLabel('Parameter 2').waitFor();
    expect(await send.getByLabel(/^Parameter/).count()).toBe(2);
    await send.getByLabel('Parameter 1').fill('Cliente');
    await send.getByRole('button', { name: 'Send the campaign' }).click();
    await send.getByText('Required.').waitFor();
    expect(writes).toEqual(['PATCH']);

    await send.getByLabel('Parameter 2').fill('INV-10');
    const since = Date.now();
    await send.getByRole('button', { name: 'Send the campaign' }).click();
    await send.getByText('Queued for 2 recipients; 1 excluded (1 blocked, 0 problematic, 0 undeliverable).').waitFor();
    await page.getByRole('cell', { name: 'Completed', exact: true }).waitFor({ timeout: 30_000 });
    await browser.check(page, 'campaigns-03-sent');

    const [run] = (await read()).runs;
    expect(run).toMatchObject({ status: 'completed', recipients: 2, sent: 2, failed: 0, unknown: 0, pending: 0, excluded: 1 });
    const received = await eventually('both messages at Meta', async () => {
      const sends = fake
        .sends(ws.whatsapp.phoneNumberId)
        .filter((r) => r.time >= since && r.body?.type === 'template' && r.body?.template?.name === 'coupon');
      return sends.length === 2 ? sends : undefined;
    });
    expect(received.map((r) => r.body?.to).sort()).toEqual([...phones].sort());
    for (const r of received) expect(bodyParams(r)).toEqual(['Cliente', 'INV-10']);
    const row = await page.getByRole('row').nth(1).locator('td').allTextContents();
    expect(row.slice(3, 9)).toEqual(['2', '2', '0', '0', '0', '1']);
  });
});
