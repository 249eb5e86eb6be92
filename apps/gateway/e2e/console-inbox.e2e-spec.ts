import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  newMetaId,
  newPhone,
  newWamid,
  useSharedStack,
  whatsappEnvelope,
  type StackApi,
} from '@platica/testing';
import { SCREENSHOTS, TestBrowser } from '@platica/testing/test-browser';

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
 * conversations waiting for a person. Issue 49 item 7: the keyboard alone (the skip link, `/`,
 * `j`/`k`, Ctrl+Enter, Escape, `?` and its help dialog, focus after take over, send and closing),
 * and every console page titled and without sideways scroll at 390x844. Issue 49 item 6: a
 * notification, once turned on, when an agent asks for a person.
 */
describe('the console inbox: paging, search, the newest message, media (e2e)', () => {
  let t: StackApi;
  let graph: FakeMetaGraph;
  let llm: FakeLlm;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const word = `zafiro${randomBytes(3).toString('hex')}`;
  const oldest = newPhone();
  const marta = newPhone();
  const chatty = newPhone();
  const media = { phone: newPhone(), image: newMetaId('7'), audio: newMetaId('7'), gone: newMetaId('7') };
  /** A conversation of LONG messages: four pages of the timeline's 30. */
  const long = newPhone();
  const LONG = 120;
  const colleague = { email: `beto-${randomBytes(4).toString('hex')}@example.test`, password };
  let total = 0;

  /** Delivers WhatsApp messages (`[from, name, message]`) in one webhook, as Meta batches them. */
  async function deliver(messages: [string, string, Record<string, unknown>][]): Promise<void> {
    const wa = ws.whatsapp;
    const now = Math.floor(Date.now() / 1000);
    const payload = whatsappEnvelope(
      { phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber },
      {
        contacts: [...new Map(messages.map(([from, name]) => [from, { profile: { name }, wa_id: from }])).values()],
        messages: messages.map(([from, , message], i) => ({
          from,
          id: newWamid(),
          timestamp: String(now - messages.length + i),
          ...message,
        })),
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
    // The model only for the agent asked for a person in a chat (the last test): it asks for one when offered the tool.
    llm = await FakeLlm.start();
    llm.answer = (request) =>
      request.messages.at(-1)?.role !== 'tool' && request.tools?.some((tool) => tool.function.name === 'request_human_assistance')
        ? { toolCall: { name: 'request_human_assistance', arguments: { reason: 'the customer asks for a person' } } }
        : { text: 'Un momento.' };
    t = await useSharedStack({ graph, llm });
    // No agent: the customers' messages are stored and nobody answers (no model needed).
    // One agent on no channel, for the agent pages of the phone-width walk; it answers nobody.
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      doc.users.push({ email: colleague.email, name: 'Beto', password, role: 'agent' } as (typeof doc.users)[number]);
      doc.agents = [{ ref: 'walk', name: 'Ruta', systemPrompt: `Nunca contestas ${word}.` }];
    });
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
      ...Array.from({ length: LONG }, (_, i): [string, string, Record<string, unknown>] => [
        long,
        'Larga Historia',
        text(`Largo ${String(i + 1).padStart(3, '0')}`),
      ]),
    ]);
    total = FILLERS + 5;
    await stored(total);
    // Seeding and a shared stack's first start on a loaded machine.
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
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
  /** What sticks out past the right edge, if the page scrolls sideways (the first few elements, named). */
  const sideways = async (page: Page) => {
    const width = await page.evaluate(() => {
      const client = document.documentElement.clientWidth;
      // What sticks out, named in the failure: the first few elements past the right edge.
      const wider = [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > client + 0.5)
        .slice(0, 4)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
      return { scroll: document.documentElement.scrollWidth, client, wider };
    });
    return width.scroll <= width.client ? [] : [`${width.scroll} > ${width.client}`, ...width.wider];
  };
  const noSidewaysScroll = async (page: Page, name: string) => expect({ name, wider: await sideways(page) }).toEqual({ name, wider: [] });

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
    // The oldest out of view: not drawn yet when the silent turns' notes make more than the first 30 entries, else above.
    const oldest = timeline.getByText('Mensaje 01', { exact: true });
    expect((await oldest.count()) === 0 || !(await visible('Mensaje 01'))).toBe(true);
    const reply = await page.getByLabel('Your reply').boundingBox();
    expect(reply!.y + reply!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // On a wide screen the inbox stands beside the conversation, the open one marked.
    const beside = page.getByRole('region', { name: 'Inbox conversations' });
    expect(await beside.getByRole('link', { name: /Charla Larga/ }).getAttribute('aria-current')).toBe('page');
    await browser.check(page, 'inbox-05-newest-message');
    // The older messages are a scroll away: scrolled to its top, the timeline puts them above.
    await eventually('the oldest drawn', async () => {
      await timeline.evaluate((element) => (element.scrollTop = 0));
      return (await oldest.count()) > 0 || undefined;
    });
    await oldest.scrollIntoViewIfNeeded();
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

  it('flags a failed send in the list, counts unread per person (cleared for the one who opens it), and reads back 120 messages from the API', async () => {
    const phone = newPhone();
    await deliver([[phone, 'Envío Fallido', text('¿llegó mi pedido?')]]);
    const conversation = await eventually('the new conversation', () => conversationOf(phone));
    graph.failNextSends(1);
    expect((await ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: 'no llegará' })).status).toBe(
      502,
    );
    const page = await inbox();
    const row = page.locator(`tbody tr[data-id="${conversation.id}"]`);
    await row.getByText('Send failed').waitFor();
    await row.getByText('API: no llegará', { exact: true }).waitFor();
    await row.getByText('1 unread', { exact: true }).waitFor();
    // Beto, in a browser of his own, has not read it either.
    const second = await browser.context!.browser()!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const beto = await second.newPage();
      await browser.signIn(beto, colleague);
      const betosRow = beto.locator(`tbody tr[data-id="${conversation.id}"]`);
      await betosRow.getByText('1 unread', { exact: true }).waitFor();
      await browser.check(page, 'inbox-15-failed-and-unread');

      // Opened, it is read: back in the inbox, Ana's row has no unread count; Beto's still has his.
      await row.getByRole('link', { name: 'Envío Fallido' }).click();
      await page.getByRole('region', { name: 'Messages' }).getByText('no llegará').waitFor();
      await eventually('read by Ana', async () => {
        const answer = await page.evaluate(
          async ([workspace, id]) => (await fetch(`/console/api/v1/conversations/${id}?workspace=${workspace}`)).json(),
          [ws.id, conversation.id],
        );
        return answer.workspaces[0].conversations[0].unreadCount === 0 || undefined;
      });
      await page.getByRole('link', { name: /Back to the inbox/ }).click();
      await row.getByText('Send failed').waitFor();
      await row.getByText(/unread/).waitFor({ state: 'detached' });
      await beto.reload();
      await betosRow.getByText('1 unread', { exact: true }).waitFor();
    } finally {
      await second.close();
    }

    // A conversation of 120 messages opens at its newest; scrolled back, each older page comes from the API.
    const longOne = await conversationOf(long);
    const older: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/v1/conversations/${longOne.id}/messages`) && url.searchParams.has('pageToken')) older.push(url.search);
    });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${longOne.id}`);
    const timeline = page.getByRole('region', { name: 'Messages' });
    await timeline.getByText(`Largo ${LONG}`, { exact: true }).waitFor();
    const first = timeline.getByText('Largo 001', { exact: true });
    expect(await first.count()).toBe(0);
    const scroller = page.locator('section.timeline');
    for (let scrolls = 0; (await first.count()) === 0 && scrolls < 10; scrolls += 1) {
      const top = await scroller.evaluate((element) => {
        element.scrollTop = 0;
        return element.querySelector('ol.messages > li[id]')!.id;
      });
      await page.waitForFunction((id) => document.querySelector('section.timeline ol.messages > li[id]')?.id !== id, top);
    }
    await first.waitFor();
    // The three pages before the newest, each by its own token.
    expect(new Set(older).size).toBe(3);
    expect(await page.getByRole('button', { name: 'Show older messages' }).count()).toBe(0);
  });

  it('has no sideways scroll at 390x844 on the inbox and a conversation', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await rows(page).first().waitFor();
    // The filters folded behind their button, so the list comes first.
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).getAttribute('aria-expanded')).toBe('false');
    await noSidewaysScroll(page, 'inbox');
    await browser.check(page, 'inbox-07-phone');
    const conversation = await conversationOf(media.phone);
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
    await page.getByRole('img', { name: `Image: ${media.image}` }).waitFor();
    await noSidewaysScroll(page, 'conversation');
    // One column on a phone: the list beside it is not shown.
    expect(await page.getByRole('region', { name: 'Inbox conversations' }).isVisible()).toBe(false);
    await browser.check(page, 'inbox-08-phone-conversation');
  });

  it('shows the list beside the open conversation and its contact on a wide screen, the filters kept, j and k walking the list', async () => {
    const page = await inbox();
    const countOf = async (query: string) =>
      (await ws.api.get(`/v1/conversations?${query}&limit=1`)).body.workspaces[0].conversationsCount as number;
    // The sidebar counts the inbox's views as the API does.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: `Unassigned ${await countOf('assignee=none')}`, exact: true }).waitFor();
    await page.getByLabel('Search conversations').fill('Cliente');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Cliente');
    const found = await countOf('q=Cliente');
    await page
      .getByRole('status')
      .filter({ hasText: `${Math.min(PAGE_SIZE, found)} of ${found}` })
      .waitFor();
    const links = rows(page).getByRole('link');
    const [first, second] = [await links.nth(0).getAttribute('href'), await links.nth(1).getAttribute('href')];
    expect(first).toMatch(/\/conversations\/[^/?]+\?q=Cliente$/);
    await links.nth(0).click();
    const at = (href: string | null) => page.waitForURL((url) => `${url.pathname}${url.search}` === href);
    await at(first);
    // The list stays beside the conversation, the open one marked, the contact beside both.
    const list = page.getByRole('region', { name: 'Inbox conversations' });
    const open = list.locator('a[aria-current="page"]');
    await page.getByRole('heading', { level: 1, name: (await open.textContent())!, exact: true }).waitFor();
    expect(await open.getAttribute('href')).toBe(first);
    expect(await rows(page).count()).toBe(Math.min(PAGE_SIZE, found));
    await page.getByRole('complementary', { name: 'Contact' }).getByText('Phone number').waitFor();
    const [listBox, contactBox] = [await list.boundingBox(), await page.getByRole('complementary', { name: 'Contact' }).boundingBox()];
    expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(contactBox!.x);
    await noSidewaysScroll(page, 'split view');
    await browser.check(page, 'inbox-15-split-wide');
    // docs/console.md's picture of the inbox, the screen as a person sees it (copied to docs/images/console-inbox.png).
    await page.screenshot({ path: path.join(SCREENSHOTS, 'docs-console-inbox.png') });
    // `j` and `k` open the next and the previous conversation of the filtered list.
    await page.keyboard.press('j');
    await at(second);
    await page.waitForFunction(
      (href) => document.querySelector('[aria-label="Inbox conversations"] a[aria-current="page"]')?.getAttribute('href') === href,
      second,
    );
    await page.keyboard.press('k');
    await at(first);
  });

  it('folds the sidebar behind the menu button on a phone: the navigation, the language and sign-out', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await rows(page).first().waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await nav.getByRole('link', { name: 'Clients' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByLabel('Language').waitFor();
    await noSidewaysScroll(page, 'menu open');
    await browser.check(page, 'inbox-16-phone-menu');
    // Escape folds it, the focus back on its button.
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
    // A page chosen from it folds it too.
    await menu.click();
    await nav.getByRole('link', { name: 'Clients' }).click();
    await page.waitForFunction(() => document.title === 'Clients · Plática console');
    await nav.waitFor({ state: 'hidden' });
    await noSidewaysScroll(page, 'clients');
  });

  it('works by keyboard alone: the skip link, /, j and k, take over, Ctrl+Enter, Escape and ? with its help', async () => {
    const page = await inbox();
    await rows(page).first().waitFor();
    expect(await page.title()).toBe('Inbox · Plática console');
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return { tag: element?.tagName, id: element?.id, text: element?.textContent?.trim(), href: element?.getAttribute('href') };
      });
    // The first Tab reaches the skip link, shown; Enter moves the focus to the page's content.
    await page.keyboard.press('Tab');
    expect((await focused()).text).toBe('Skip to content');
    const skip = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
    expect(skip!.y).toBeGreaterThanOrEqual(0);
    await browser.check(page, 'inbox-09-skip-link');
    await page.keyboard.press('Enter');
    expect(await focused()).toMatchObject({ tag: 'MAIN', id: 'main' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');

    // `/` focuses the search from anywhere not a field, and is not typed into it.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    expect(await page.getByLabel('Search conversations').inputValue()).toBe('');
    // Outside a field, `j` and `k` walk the list's conversations.
    await page.keyboard.press('Shift+Tab');
    const links = rows(page).locator('td:first-child a');
    const [first, second] = [await links.nth(0).getAttribute('href'), await links.nth(1).getAttribute('href')];
    const name = (await links.nth(0).textContent())!;
    await page.keyboard.press('j');
    expect((await focused()).href).toBe(first);
    await page.keyboard.press('j');
    expect((await focused()).href).toBe(second);
    await page.keyboard.press('k');
    expect((await focused()).href).toBe(first);

    // Enter opens it; in a conversation `j` and `k` open the next and the previous one.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === first);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await page.waitForFunction((title) => document.title === title, `${name} · Plática console`);
    // Each key once the list beside shows the conversation open (what `j` and `k` count from).
    const open = (href: string | null) =>
      page.waitForFunction(
        (h) => document.querySelector('[aria-label="Inbox conversations"] a[aria-current="page"]')?.getAttribute('href') === h,
        href,
      );
    await open(first);
    await page.keyboard.press('j');
    await page.waitForURL((url) => url.pathname === second);
    await open(second);
    await page.keyboard.press('k');
    await page.waitForURL((url) => url.pathname === first);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

    // Take over, then hand back: the focus stays on the control that now shows.
    await page.getByRole('button', { name: 'Take over' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Hand back to the agent' }).waitFor();
    expect((await focused()).text).toBe('Hand back to the agent');
    await browser.check(page, 'inbox-10-taken-over-by-keyboard');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Take over' }).waitFor();
    expect((await focused()).text).toBe('Take over');

    // Ctrl+Enter sends the reply (its `j` and `k` typed, not taken as shortcuts); the reply box,
    // emptied, keeps the focus for the next one.
    const sent = `Enviado con j y k ${word}`;
    await page.getByLabel('Your reply').focus();
    await page.keyboard.type(sent);
    await page.keyboard.press('Control+Enter');
    await page.getByRole('region', { name: 'Messages' }).getByText(sent).waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLTextAreaElement | null)?.value === '');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');

    // Escape closes the conversation: back on the inbox, the focus on the conversation left.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname.endsWith('/inbox'));
    await page.waitForFunction((href) => document.activeElement?.getAttribute('href') === href, first);
    await page.waitForFunction(() => document.title === 'Inbox · Plática console');

    // `?` opens the help, a labelled modal dialog; Escape closes it and the focus comes back.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await help.getByText('Send the reply').waitFor();
    await browser.check(page, 'inbox-11-shortcuts-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    expect((await focused()).href).toBe(first);
    // Opened from its button, in Spanish: closed, the focus is back on the button.
    await page.getByLabel('Language').selectOption('es');
    const button = page.getByRole('button', { name: 'Atajos de teclado' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Atajos de teclado' }).getByText('Enviar la respuesta').waitFor();
    await browser.check(page, 'inbox-12-shortcuts-help-es');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForFunction(() => document.title === 'Bandeja · Consola de Plática');
  });

  it('titles every page and has no sideways scroll on any of them at 390x844', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    const conversation = await conversationOf(marta);
    const agent = ws.ids.agents.walk.id as string;
    const webhook = await ws.api.post('/v1/webhooks', { name: 'Pedidos', url: 'https://example.test/in', events: ['message.created'] });
    expect(webhook.status).toBe(201);
    const customApi = await ws.api.post('/v1/tools/apis', {
      name: `pedidos_${randomBytes(3).toString('hex')}`,
      description: 'Consulta el estado de un pedido.',
      request: { method: 'GET', url: 'https://example.test/orders/{{order}}' },
      variables: [{ name: 'order', type: 'string', description: 'Número de pedido', required: true, mode: 'ai' }],
    });
    expect(customApi.status).toBe(201);
    const unknown = randomUUID();
    // Every route of apps/console/src/main.tsx and its title; a campaign, an evaluation and an MCP
    // server need a stack of their own to exist, so theirs are visited unknown (the page's answer).
    const routes: [string, string][] = [
      ['inbox', 'Inbox'],
      [`conversations/${conversation.id}`, 'Marta Ibáñez'],
      ['clients', 'Clients'],
      [`clients/${conversation.clientId}`, 'Marta Ibáñez'],
      ['agents', 'Agents'],
      [`agents/${agent}`, 'Ruta'],
      [`agents/${agent}/subagents`, 'Sub-agents of Ruta'],
      [`agents/${agent}/evaluations`, 'Evaluations — Ruta'],
      [`agents/${agent}/evaluations/${unknown}`, 'Evaluations — Ruta'],
      [`agents/${agent}/tools`, 'Tool connections'],
      ['scheduled', 'Scheduled messages'],
      ['usage', 'Usage'],
      ['webhooks', 'Webhooks'],
      [`webhooks/${webhook.body.data.id}`, 'Pedidos'],
      ['campaigns', 'Campaigns'],
      [`campaigns/${unknown}`, 'Campaigns'],
      ['api-keys', 'API keys'],
      ['tools', 'Tools'],
      [`tools/apis/${customApi.body.data.id}`, customApi.body.data.name],
      ['tools/mcp', 'MCP servers'],
      [`tools/mcp/${unknown}`, 'MCP servers'],
    ];
    const wider: Record<string, string[]> = {};
    for (const [i, [route, title]] of routes.entries()) {
      await page.goto(`${t.baseUrl}/console/w/${ws.id}/${route}`);
      await page.waitForFunction((expected) => document.title.endsWith(`${expected} · Plática console`), title);
      await page.locator('main h1, main [role="alert"]').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
      // A screenshot to look at, without axe: each page's own e2e file runs it there (and CI time is scarce).
      await page.screenshot({
        path: path.join(SCREENSHOTS, `inbox-13-phone-${String(i).padStart(2, '0')}-${route.split('/')[0]}.png`),
        fullPage: true,
      });
      const out = await sideways(page);
      if (out.length) wider[route] = out;
    }
    // Every page that scrolls sideways named at once.
    expect(wider).toEqual({});
    await page.goto(`${t.baseUrl}/console/signin`);
    await page.waitForFunction(() => document.title === 'Sign in · Plática console');
    await browser.check(page, `inbox-13-phone-${routes.length}-signin`);
    await noSidewaysScroll(page, 'signin');
  });

  it('leaves out of the tab title a conversation someone already answers', async () => {
    const page = await inbox();
    await rows(page).first().waitFor();
    expect(await page.title()).toBe('Inbox · Plática console');
    // Taken over: someone has it, so nobody is waiting (the count of those waiting, with a model
    // that asks for a person, is console-conversation.e2e-spec.ts's).
    const phone = newPhone();
    await deliver([[phone, 'Tomada', text('¿me atienden?')]]);
    const conversation = await eventually('the new conversation', () => conversationOf(phone));
    expect((await ws.api.patch(`/v1/conversations/${conversation.id}`, { operation: 'assistance' })).status).toBe(200);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Who answers').selectOption('human');
    await page.locator(`tbody tr[data-id="${conversation.id}"]`).waitFor();
    expect(await page.title()).toBe('Inbox · Plática console');
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.waitForFunction(() => document.title === 'Clients · Plática console');
  });

  it('notifies, once turned on, when an agent asks for a person, and counts the conversation in the title', async () => {
    const page = await browser.newPage();
    // The browser's notifications, played by an init script: Chromium's headless shell answers every
    // permission request 'denied', so the script stands in for the prompt (counting the times it is
    // asked, answering Allow) and records what the page shows.
    await page.addInitScript(() => {
      const shown: { title: string; body?: string; tag?: string }[] = [];
      const asked = { count: 0 };
      let permission: NotificationPermission = 'default';
      class Recorded {
        static get permission() {
          return permission;
        }
        static requestPermission() {
          asked.count += 1;
          permission = 'granted';
          return Promise.resolve(permission);
        }
        onclick: (() => void) | null = null;
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body, tag: options?.tag });
        }
        close() {}
      }
      Object.assign(window, { Notification: Recorded, shownNotifications: shown, notificationAsked: asked });
    });
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await rows(page).first().waitFor();
    await page.getByText('Live: changes appear as they happen.').waitFor();
    await page.getByRole('button', { name: 'Alerts and availability' }).click();
    const notify = page.getByRole('switch', { name: 'Notify me when a customer waits for a person' });
    expect(await notify.isChecked()).toBe(false);
    await notify.check();
    await page.waitForFunction(() => localStorage.getItem('platica.console.alerts') === '{"notify":true,"sound":false}');
    // Asked once, from the click.
    expect(await page.evaluate(() => (window as unknown as { notificationAsked: { count: number } }).notificationAsked.count)).toBe(1);
    await browser.check(page, 'inbox-14-alerts-on');

    const agent = ws.ids.agents.walk.id as string;
    const rules = { assistanceEnabled: true, assistanceTriggers: 'Cuando pidan una persona', waitMessage: 'Te comunico con una persona.' };
    expect((await ws.api.patch(`/v1/agents/${agent}/assist-rules`, rules)).status).toBe(200);
    const chat = await ws.api.post('/v1/chat', {
      agentId: agent,
      client: { email: `rosa-${word}@example.test`, name: 'Rosa Espera' },
      message: 'quiero hablar con una persona',
    });
    expect(chat.status).toBe(200);
    const shown = await eventually(
      'the notification',
      async () => (await page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications))[0],
      10_000,
    );
    expect(shown).toEqual({
      title: 'A customer is waiting for a person',
      body: 'Rosa Espera: the agent asked for a person.',
      tag: expect.stringMatching(/^platica-waiting-/) as string,
    });
    // Tagged with the conversation (one notification per conversation across tabs): the one the agent handed over.
    const handedOver = await ws.api.get(`/v1/conversations/${(shown as { tag: string }).tag.replace('platica-waiting-', '')}`);
    expect(handedOver.body.workspaces[0].conversations[0]).toMatchObject({ contactName: 'Rosa Espera', operation: 'assistance' });
    const waiting = await ws.api.get('/v1/conversations?state=waiting&limit=1');
    const count = waiting.body.workspaces[0].conversationsCount as number;
    await page.waitForFunction((n) => document.title === `(${n}) Inbox · Plática console`, count);
    // The sidebar counts it too, live.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: `Waiting for a person ${count}`, exact: true })
      .waitFor();
    // Turned off, and kept off in this browser.
    await notify.uncheck();
    await page.waitForFunction(() => localStorage.getItem('platica.console.alerts') === '{"notify":false,"sound":false}');
  });
});
