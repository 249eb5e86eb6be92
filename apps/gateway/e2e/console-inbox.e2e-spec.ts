import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  deliverMetaWebhook,
  eventually,
  FakeMetaGraph,
  MessagingWorkspace,
  newMetaId,
  newPhone,
  newWamid,
  useSharedStack,
  whatsappEnvelope,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/** Conversations besides the named ones: with the inbox's 25 a page, the list is 3 pages. */
const FILLERS = 60;
const PAGE_SIZE = 25;
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A tenth of a second of 8 kHz, 8-bit mono silence as a WAV file: audio any Chromium plays. */
function wav(): Buffer {
  const samples = 800;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

/**
 * Issue 49 items 1-4 for the console's inbox, through the real stack, Chromium and the fake
 * Meta Graph: the inbox read to its oldest conversation page by page (scrolled, then Load more);
 * a conversation found by a phone number typed with `+` and spaces, by a word of a message and by
 * a first name, and a client by name; a conversation of 30 messages opening at its newest with
 * the reply box in view; a customer's image and voice note shown through the media route, and a
 * media Meta no longer has saying so; no sideways scroll on a phone; the tab title counting the
 * conversations waiting for a person.
 */
describe('the console inbox: paging, search, the newest message, media (e2e)', () => {
  let t: StackApi;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const word = `zafiro${randomBytes(3).toString('hex')}`;
  const oldest = newPhone();
  const marta = newPhone();
  const chatty = newPhone();
  const media = { phone: newPhone(), image: newMetaId('7'), audio: newMetaId('7'), gone: newMetaId('7') };
  let total = 0;

  /** Delivers WhatsApp messages (`[from, name, message]`) in one webhook, as Meta batches them. */
  async function deliver(messages: [string, string, Record<string, unknown>][]): Promise<void> {
    const wa = ws.whatsapp;
    const now = Math.floor(Date.now() / 1000);
    const payload = whatsappEnvelope(
      { phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber },
      {
        contacts: [...new Map(messages.map(([from, name]) => [from, { profile: { name }, wa_id: from }])).values()],
        messages: messages.map(([from, , message], i) => ({ from, id: newWamid(), timestamp: String(now - messages.length + i), ...message })),
      },
    );
    expect((await deliverMetaWebhook(t.baseUrl, payload, wa.appSecret)).status).toBe(200);
  }
  const text = (body: string) => ({ type: 'text', text: { body } });
  const stored = (count: number) =>
    eventually(
      `${count} conversations stored`,
      async () => ((await ws.api.get('/v1/conversations?limit=1')).body.workspaces[0].conversationsCount === count ? true : undefined),
      30_000,
      250,
    );

  beforeAll(async () => {
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ graph });
    // No agent: the customers' messages are stored and nobody answers (no model needed).
    ws = await MessagingWorkspace.seed(t, (doc) => Object.assign(doc.users[0]!, { password }));
    await deliver([[oldest, 'Primera Clienta', text('la conversación más antigua')]]);
    await stored(1);
    await deliver(Array.from({ length: FILLERS }, (_, i) => [newPhone(), `Cliente ${i + 1}`, text(`hola ${i + 1}`)]));
    const accessToken = (ws.doc.channels.find((c) => c.platform === 'whatsapp') as { accessToken: string }).accessToken;
    const phoneNumberId = ws.whatsapp.phoneNumberId;
    graph.addMedia({ id: media.image, phoneNumberId, accessToken, mimeType: 'image/png', bytes: PNG });
    graph.addMedia({ id: media.audio, phoneNumberId, accessToken, mimeType: 'audio/wav', bytes: wav() });
    await deliver([
      [marta, 'Marta Ibáñez', text(`Mi pedido ${word} llegó roto`)],
      ...Array.from({ length: 30 }, (_, i): [string, string, Record<string, unknown>] => [
        chatty,
        'Charla Larga',
        text(`Mensaje ${String(i + 1).padStart(2, '0')}`),
      ]),
      [media.phone, 'Foto Cliente', { type: 'image', image: { id: media.image, mime_type: 'image/png', caption: 'la caja rota' } }],
      [media.phone, 'Foto Cliente', { type: 'audio', audio: { id: media.audio, mime_type: 'audio/wav', voice: true } }],
      [media.phone, 'Foto Cliente', { type: 'image', image: { id: media.gone, mime_type: 'image/jpeg' } }],
    ]);
    total = FILLERS + 4;
    await stored(total);
    // Seeding and a shared stack's first start on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const rows = (page: Page) => page.locator('main tbody tr');
  const inbox = async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    return page;
  };
  const conversationOf = async (phone: string) =>
    (await ws.api.get(`/v1/conversations?q=${phone}`)).body.workspaces[0].conversations.find((c: any) => c.conversationId === phone);
  const noSidewaysScroll = async (page: Page, name: string) => {
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect({ name, fits: width.scroll <= width.client, ...width }).toMatchObject({ name, fits: true });
  };

  it('reads every conversation to the oldest: the next page as the list scrolls, then with Load more', async () => {
    const page = await inbox();
    await rows(page)
      .nth(PAGE_SIZE - 1)
      .waitFor();
    expect(await rows(page).count()).toBe(PAGE_SIZE);
    await page
      .getByRole('status')
      .filter({ hasText: `${PAGE_SIZE} of ${total}` })
      .waitFor();
    await browser.check(page, 'inbox-01-first-page');

    // Scrolled to its end, the list reads the next page by itself.
    await page.locator('.load-more').scrollIntoViewIfNeeded();
    await rows(page)
      .nth(2 * PAGE_SIZE - 1)
      .waitFor();
    // The keyboard's way: Load more, until there is no more.
    const more = page.getByRole('button', { name: 'Load more' });
    while ((await rows(page).count()) < total) {
      await more.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        ([n]) => document.querySelectorAll('main tbody tr').length > n! || !document.querySelector('.load-more'),
        [await rows(page).count()],
      );
    }
    await page
      .getByRole('status')
      .filter({ hasText: `${total} of ${total}` })
      .waitFor();
    await more.waitFor({ state: 'detached' });
    expect(await rows(page).count()).toBe(total);
    await rows(page).last().getByRole('link', { name: 'Primera Clienta' }).waitFor();
    await browser.check(page, 'inbox-02-oldest');
  });

  it('finds a conversation by a phone typed with + and spaces, a word of a message and a first name; a client by name', async () => {
    const page = await inbox();
    const search = page.getByLabel('Search conversations');
    const typed = `+${marta.slice(0, 2)} ${marta.slice(2, 3)} ${marta.slice(3, 5)} ${marta.slice(5, 9)} ${marta.slice(9)}`;
    for (const q of [typed, word, 'Marta']) {
      await search.fill(q);
      await page.waitForURL((url) => url.searchParams.get('q') === q);
      await rows(page).getByRole('link', { name: 'Marta Ibáñez' }).waitFor();
      await page.getByRole('status').filter({ hasText: '1 of 1' }).waitFor();
      expect({ q, rows: await rows(page).count() }).toEqual({ q, rows: 1 });
    }
    await browser.check(page, 'inbox-03-found-by-name');
    // Kept in the URL: a reload shows the same search.
    await page.reload();
    await page.getByRole('status').filter({ hasText: '1 of 1' }).waitFor();
    expect(await search.inputValue()).toBe('Marta');
    await search.fill(`${word} nada`);
    await page.getByText('No conversation matches this search and these filters.').waitFor();

    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByLabel('Search clients').fill('ibanez');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ibanez');
    await page.getByRole('status').filter({ hasText: '1 of 1' }).waitFor();
    await page.getByRole('link', { name: 'Marta Ibáñez' }).click();
    await page.getByRole('heading', { name: 'Marta Ibáñez' }).waitFor();
    await browser.check(page, 'inbox-04-client-found');
  });

  it('opens a conversation of 30 messages at its newest, the reply box in view', async () => {
    const page = await inbox();
    const conversation = await conversationOf(chatty);
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
    const timeline = page.getByRole('region', { name: 'Messages' });
    await timeline.getByText('Mensaje 30').waitFor();
    const visible = async (text: string) => {
      const [box, item] = [await timeline.boundingBox(), await timeline.getByText(text, { exact: true }).boundingBox()];
      return item!.y >= box!.y && item!.y + item!.height <= box!.y + box!.height;
    };
    await eventually('the newest message in view', async () => ((await visible('Mensaje 30')) ? true : undefined), 5_000);
    expect(await visible('Mensaje 01')).toBe(false);
    const reply = await page.getByLabel('Your reply').boundingBox();
    expect(reply!.y + reply!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // On a wide screen the inbox stands beside the conversation, the open one marked.
    const beside = page.getByRole('navigation', { name: 'Inbox conversations' });
    expect(await beside.getByRole('link', { name: /Charla Larga/ }).getAttribute('aria-current')).toBe('page');
    await browser.check(page, 'inbox-05-newest-message');
    // The older messages are a scroll away.
    await timeline.getByText('Mensaje 01').scrollIntoViewIfNeeded();
    expect(await visible('Mensaje 01')).toBe(true);
  });

  it("shows a customer's image and voice note through the media route, and says why a media cannot be had", async () => {
    const page = await inbox();
    const conversation = await conversationOf(media.phone);
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
    const image = page.getByRole('img', { name: `Image: ${media.image}` });
    await eventually('the image drawn', async () =>
      (await image.evaluate((img: HTMLImageElement) => img.naturalWidth)) > 0 ? true : undefined,
    );
    const src = (await image.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^/console/api/v1/conversations/${conversation.id}/messages/[^/]+/media\\?`));
    const audio = page.locator('audio');
    const audioSrc = (await audio.getAttribute('src'))!;
    expect(await page.evaluate(async (url) => (await fetch(url)).status, audioSrc)).toBe(200);
    await eventually('the voice note playable', async () =>
      (await audio.evaluate((a: HTMLAudioElement) => a.readyState >= 1 && a.duration > 0)) ? true : undefined,
    );
    // Nothing of Meta's in the page: no Graph URL, no token.
    const html = await page.content();
    expect(html).not.toContain(new URL(graph.url).host);
    // Meta no longer has the third: the route's own words take its place.
    const gone = (await ws.messagesOf(conversation.id)).find((m: any) => m.images[0]?.mediaId === media.gone);
    const answer = await ws.api.get(`/v1/conversations/${conversation.id}/messages/${gone.id}/media`);
    expect(answer.status).toBe(410);
    await page.locator('.media-failure').filter({ hasText: answer.body.error }).waitFor();
    await browser.check(page, 'inbox-06-media');
  });

  it('has no sideways scroll at 390x844 on the inbox and a conversation', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await rows(page).first().waitFor();
    // The filters folded on a phone, so the list comes first.
    expect(await page.locator('main details').getAttribute('open')).toBeNull();
    await noSidewaysScroll(page, 'inbox');
    await browser.check(page, 'inbox-07-phone');
    const conversation = await conversationOf(media.phone);
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
    await page.getByRole('img', { name: `Image: ${media.image}` }).waitFor();
    await noSidewaysScroll(page, 'conversation');
    // One column on a phone: the list beside it is not shown.
    expect(await page.getByRole('navigation', { name: 'Inbox conversations' }).isVisible()).toBe(false);
    await browser.check(page, 'inbox-08-phone-conversation');
  });

  it('carries in the tab title how many conversations wait for a person', async () => {
    const page = await inbox();
    await rows(page).first().waitFor();
    expect(await page.title()).toBe('Plática console');
    // Taken over (`operation: assistance`): a person is needed; no event says so, so the inbox is read again.
    const conversation = await conversationOf(marta);
    expect((await ws.api.patch(`/v1/conversations/${conversation.id}`, { operation: 'assistance' })).status).toBe(200);
    await page.reload();
    await page.waitForFunction(() => document.title === '(1) Plática console');
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.waitForFunction(() => document.title === 'Plática console');
  });
});
