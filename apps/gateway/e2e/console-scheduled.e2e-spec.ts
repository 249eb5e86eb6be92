import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { FakeMetaGraph, MessagingWorkspace, eventually, useSharedStack, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 39 item 6 through the real stack and Chromium: the scheduled messages page lists what
 * GET /v1/messages/scheduled answers with its filters, reschedules one message (the API reads
 * the new time back) and cancels another after a confirmation; a time outside the spec's bounds
 * is refused by the form itself, and nothing is sent to the API.
 */
describe('the console: scheduled messages (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc) => Object.assign(doc.users[0]!, { password }));
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const read = async (messageId: string) => (await ws.api.get(`/v1/messages/scheduled/${messageId}`)).body;
  const schedule = async (phone: string, content: string, scheduleTime: string) => {
    const accepted = await ws.api.post('/v1/messages', {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      type: 'text',
      content,
      scheduleTime,
    });
    expect([accepted.status, accepted.body]).toEqual([202, expect.anything()]);
    return accepted.body.messageId as string;
  };
  /** `datetime-local`'s value for an instant, in the browser's (and this process's) zone. */
  const localInput = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

  it('lists scheduled messages with the API filters, reschedules one within the bounds and cancels another', async () => {
    const tag = randomBytes(3).toString('hex');
    const { phone } = await ws.customerWrites();
    const moved = await schedule(phone, `Recordatorio ${tag}`, inHours(2));
    const dropped = await schedule(phone, `Oferta ${tag}`, inHours(3));
    const template = await ws.api.post('/v1/messages/template', {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      template: { name: 'welcome', language: 'es_MX', params: ['Luis', 'A-1'], file: 'https://cdn.example.test/pedido.png' },
      scheduleTime: inHours(4),
    });
    expect([template.status, template.body]).toEqual([202, expect.anything()]);

    const page: Page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Scheduled' }).click();
    await page.getByRole('heading', { name: 'Scheduled messages' }).waitFor();
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });
    await row(`Recordatorio ${tag}`).waitFor();
    await row(`Oferta ${tag}`).waitFor();
    await row('welcome').waitFor();
    await browser.check(page, 'scheduled-01-list');

    // The API's kind filter, kept in the URL.
    await page.getByLabel('Kind').selectOption('template');
    await row(`Recordatorio ${tag}`).waitFor({ state: 'detached' });
    await row('welcome').waitFor();
    expect(new URL(page.url()).searchParams.get('kind')).toBe('template');
    await page.getByLabel('Kind').selectOption('');

    // Reschedule: a time past the spec's 30 days is the form's own error, and the API keeps the old time.
    const before = await read(moved);
    await row(`Recordatorio ${tag}`)
      .getByRole('button', { name: /^Reschedule/ })
      .click();
    const when = page.getByLabel('New send time');
    await when.fill(localInput(new Date(Date.now() + 31 * 86_400_000)));
    await page.getByRole('button', { name: 'Save the new time' }).click();
    await page.getByText('At most 30 days from now.').waitFor();
    expect(await when.getAttribute('aria-invalid')).toBe('true');
    await browser.check(page, 'scheduled-02-reschedule-refused');
    expect((await read(moved)).executeAt).toBe(before.executeAt);

    const target = new Date(Date.now() + 5 * 3_600_000);
    target.setSeconds(0, 0);
    await when.fill(localInput(target));
    await page.getByRole('button', { name: 'Save the new time' }).click();
    await when.waitFor({ state: 'detached' });
    await eventually('the new time stored', async () => {
      const now = await read(moved);
      return Date.parse(now.executeAt) === target.getTime() && now.status === 'scheduled' ? now : undefined;
    });

    // Cancel, after the confirmation; it leaves the default (pending) list and shows under "Cancelled".
    await row(`Oferta ${tag}`)
      .getByRole('button', { name: /^Cancel/ })
      .click();
    await browser.check(page, 'scheduled-03-cancel-confirmation');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await row(`Oferta ${tag}`).waitFor({ state: 'detached' });
    expect((await read(dropped)).status).toBe('cancelled');
    await page.getByLabel('Status').selectOption('cancelled');
    await row(`Oferta ${tag}`).waitFor();
    // A cancelled message can be neither rescheduled nor cancelled again.
    expect(await row(`Oferta ${tag}`).getByRole('button').count()).toBe(0);
    await browser.check(page, 'scheduled-04-cancelled');
    expect(fake.sends(ws.whatsapp.phoneNumberId).some((r) => r.body?.text?.body === `Oferta ${tag}`)).toBe(false);
  });
});
