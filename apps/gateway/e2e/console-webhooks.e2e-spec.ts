import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { eventually, FakeMetaGraph, MessagingWorkspace, useSharedStack, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 39 item 3 through the real stack, a real receiver on loopback and Chromium: a webhook
 * created (a bad URL refused by the form first), its deliveries with every attempt (status,
 * duration, the receiver's answer), a failed one redelivered, paused and resumed, disabled by
 * the dispatcher on a 410 with the reason shown, and deleted.
 */
describe('the console: webhooks (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let receiver: Server;
  let receiverUrl = '';
  /** What the receiver answers next: a status and its body. */
  let answer = { status: 200, body: '{"ok":true}' };
  const received: { headers: Record<string, unknown>; body: string }[] = [];
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm`;
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc) => Object.assign(doc.users[0]!, { password }));
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const webhookNamed = async (name: string) =>
    ((await ws.api.get('/v1/webhooks')).body.workspaces[0]?.webhooks ?? []).find((w: { name: string }) => w.name === name);
  /** The attempts of the newest delivery shown (none while it waits for its first), once the deliveries are on the page. */
  const attemptRows = async (page: Page) => {
    const newest = page.getByRole('article').first();
    await newest.waitFor();
    return newest
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
  };

  it('creates a webhook, shows its deliveries and attempts, redelivers, pauses, shows why it was disabled and deletes it', async () => {
    const name = `CRM ${randomBytes(3).toString('hex')}`;
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('New webhook').click();

    // The form's own rules: an http(s) URL, one event at least; nothing reaches the API.
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('URL', { exact: true }).fill('ftp://crm.example.test/hook');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByText('An http(s) URL, without user:password@').waitFor();
    await page.getByText('Choose at least one event.').waitFor();
    await browser.check(page, 'webhooks-01-new-refused');
    expect(await webhookNamed(name)).toBeUndefined();

    await page.getByLabel('URL', { exact: true }).fill(receiverUrl);
    await page.getByRole('checkbox', { name: 'conversation.created' }).check();
    await page.getByLabel(/^Custom headers/).fill('x-crm-tenant: acme');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('link', { name }).waitFor();
    const created = await webhookNamed(name);
    expect(created).toMatchObject({
      url: receiverUrl,
      events: ['conversation.created'],
      active: true,
      headers: { 'x-crm-tenant': 'acme' },
    });
    expect(created.secret).toMatch(/^whsec_/);
    await browser.check(page, 'webhooks-02-list');

    // A delivery and its attempt: the status, and the receiver's answer as it came.
    await ws.customerWrites();
    await eventually('the delivery', async () => received.find((r) => r.headers['x-crm-tenant'] === 'acme'));
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    await eventually('the delivered attempt shown', async () => {
      await page.getByLabel('Delivery status').selectOption('delivered');
      const rows = await attemptRows(page).catch(() => []);
      return rows.length ? rows : undefined;
    });
    const [delivered] = await attemptRows(page);
    expect([delivered![0], delivered![2], delivered![4]]).toEqual(['1', '200', '{"ok":true}']);
    expect(delivered![3]).toMatch(/^\d+ ms$/);
    await page.getByText('Show the signing secret').click();
    await page.getByText(created.secret).waitFor();
    await browser.check(page, 'webhooks-03-delivered');

    // The receiver refuses: the attempt shows its 500 and its answer; a redelivery after it recovers succeeds.
    answer = { status: 500, body: '{"error":"tenant unknown"}' };
    await ws.customerWrites();
    await page.getByLabel('Delivery status').selectOption('');
    await eventually(
      'the failed attempt shown',
      async () => {
        await page.reload();
        const rows = await attemptRows(page);
        if (rows[0]?.[2] !== '500') throw new Error(`the newest delivery's attempts: ${JSON.stringify(rows)}`);
        return rows;
      },
      20_000,
      500,
    );
    expect((await attemptRows(page))[0]).toEqual([
      '1',
      expect.any(String),
      '500',
      expect.any(String),
      expect.stringContaining('{"error":"tenant unknown"}'),
    ]);
    await browser.check(page, 'webhooks-04-failed-attempt');
    answer = { status: 200, body: '{"ok":true}' };
    await page.getByRole('article').first().getByRole('button', { name: 'Redeliver' }).click();
    await eventually('the redelivered attempt', async () => {
      await page.reload();
      const rows = await attemptRows(page);
      return rows.some((row) => row[2] === '200') ? rows : undefined;
    });

    // Pause and resume, from the list.
    await page.getByRole('link', { name: 'Back to the webhooks' }).click();
    await page.getByRole('button', { name: `Pause ${name}` }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('Paused')
      .waitFor();
    await eventually('paused in the API', async () => (await webhookNamed(name)).active === false || undefined);
    await page.getByRole('button', { name: `Resume ${name}` }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('Active')
      .waitFor();

    // A 410 disables it at once: the page says so, and why.
    answer = { status: 410, body: '' };
    await ws.customerWrites();
    await eventually('disabled by the dispatcher', async () => (await webhookNamed(name)).disabledReason ?? undefined);
    await page.reload();
    await page.getByText(/^Disabled by the platform: .*410/).waitFor();
    await browser.check(page, 'webhooks-05-disabled');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('link', { name }).waitFor({ state: 'detached' });
    expect((await ws.api.get(`/v1/webhooks/${created.id}`)).status).toBe(410);
  });
});
