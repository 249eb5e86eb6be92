import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { EventStreamReader, FakeMetaGraph, MessagingWorkspace, useSharedStack, withAgents, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/** Well under the console's fallback polling (60 s): a test waiting this long fails if only polling works. */
const LIVE_MS = 5_000;

/**
 * Issue 38's live console through the real stack and a headless Chromium: the console's event
 * stream (`/console/api/v1/events`, served by the gateway with the session's token), the inbox
 * and an open conversation updated by it, the polling fallback while the stream is refused, and
 * the inbox's status and "needs a human" filters answered by the API (`status`, `operation` on
 * GET /v1/conversations).
 */
describe('the live console (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const streams: EventStreamReader[] = [];

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
      // No default agent: customers' messages wait for a person, no model is called.
      for (const channel of doc.channels) delete (channel as { defaultAgentRef?: string }).defaultAgentRef;
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await browser.close();
  });
  afterAll(() => browser.stop());

  /** `fresh` for the test that signs out: its session is not the one the others reuse. */
  const signIn = (page: Page, fresh = false) => browser.signIn(page, { email: ws.doc.users[0]!.email, password }, { fresh });
  const liveNote = (page: Page) => page.getByText('Live: changes appear as they happen.');
  const row = (page: Page, phone: string) => page.getByRole('row').filter({ hasText: phone });
  /** The console's stream opened from outside the browser, with the browser's session cookie (or none). */
  const consoleStream = async (headers: Record<string, string> = {}, withSession = true) => {
    const cookie = (await browser.context!.cookies(`${t.baseUrl}/console/`)).find((c) => c.name === 'platica_console');
    const stream = await EventStreamReader.open(`${t.baseUrl}/console/api/v1/events?workspace=${ws.id}&types=message.created`, {
      ...(withSession && cookie ? { cookie: `platica_console=${cookie.value}` } : {}),
      ...headers,
    });
    streams.push(stream);
    return stream;
  };

  it("streams the workspace's events to the session, refuses other origins and no session, and ends at sign-out", async () => {
    const page = await browser.newPage();
    await signIn(page, true);

    // Without a session: 401 as for any console request. From another origin: 403, naming the header.
    const anonymous = await consoleStream({}, false);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ code: 401, details: { reason: 'signed_out' } });
    const foreign = await consoleStream({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ code: 403, details: { header: 'origin' } });
    // The console's own origin is fine.
    const sameOrigin = await consoleStream({ origin: new URL(t.baseUrl).origin });
    expect(sameOrigin.status).toBe(200);

    // The session's stream: the workspace's events, as GET /v1/events sends them.
    const stream = await consoleStream();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.until('connected', (s) => s.frames.some((f) => f.comments.includes('connected')));
    const { phone } = await ws.customerWrites(undefined, 'por el stream de la consola');
    await stream.until('the message', (s) => s.events.some((f) => f.data?.includes('por el stream de la consola')));
    const [event] = stream.events;
    expect(event).toMatchObject({ event: 'message.created', id: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(event!.data!)).toMatchObject({ type: 'message.created', workspaceId: ws.id });

    // Resuming after the last event seen (what EventSource does on reconnecting) replays what came since.
    await ws.customerWrites(phone, 'mientras tanto');
    const resumed = await consoleStream({ 'last-event-id': event!.id! });
    await resumed.until('the missed message', (s) => s.events.some((f) => f.data?.includes('mientras tanto')));
    expect(resumed.events.some((f) => f.id === event!.id)).toBe(false);

    // Signing out revokes the session's token, which ends its streams at once.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await stream.until('the end of the stream', (s) => s.ended);
    expect((await consoleStream()).status).toBe(401);
  });

  it('says when it is not live (polling every 60 s), and comes back live once the stream answers again', async () => {
    const page = await browser.newPage();
    // The stream refused (as a gateway without NATS would): EventSource gives up, the console tries again later.
    await page.route('**/console/api/v1/events?*', (route) => route.fulfill({ status: 503, body: '{}' }));
    await signIn(page);
    await page.getByText('Not connected live: updated every 60 seconds.').waitFor();
    await browser.check(page, 'live-04-inbox-not-live');
    await page.unroute('**/console/api/v1/events?*');
    await liveNote(page).waitFor({ timeout: 30_000 });
    const arriving = await ws.customerWrites(undefined, 'de vuelta en vivo');
    await row(page, arriving.phone).waitFor({ timeout: LIVE_MS });
  });

  it('shows new conversations and messages live, and filters by status and "needs a human" through the API', async () => {
    const waiting = await ws.customerWrites(undefined, 'sigo esperando');
    const closed = await ws.customerWrites(undefined, 'ya está resuelto');
    const human = await ws.customerWrites(undefined, 'quiero una persona');
    await ws.api.patch(`/v1/conversations/${closed.conversation.id}`, { status: 'finished' });
    await ws.api.patch(`/v1/conversations/${human.conversation.id}`, { operation: 'assistance' });

    const page = await browser.newPage();
    await signIn(page);
    await liveNote(page).waitFor();
    await row(page, waiting.phone).waitFor();

    // A conversation that starts while the inbox is open shows up pushed, not polled.
    const arriving = await ws.customerWrites(undefined, 'recién llegado');
    await row(page, arriving.phone).waitFor({ timeout: LIVE_MS });
    await browser.check(page, 'live-01-inbox');

    // Status: the API filters (the request carries it) and only closed conversations are listed.
    const byStatus = page.waitForRequest((request) => new URL(request.url()).searchParams.get('status') === 'finished');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Status').selectOption('finished');
    await byStatus;
    await row(page, closed.phone).waitFor();
    await row(page, waiting.phone).waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr').filter({ hasNotText: 'Closed' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Needs a human: `operation=assistance`, the conversation a person took over and only it.
    const byOperation = page.waitForRequest((request) => new URL(request.url()).searchParams.get('operation') === 'assistance');
    await page.getByLabel('Needs a human').click();
    await byOperation;
    await row(page, human.phone).waitFor();
    await row(page, waiting.phone).waitFor({ state: 'detached' });
    // Who answers names who took it: here the API key.
    expect(await page.locator('tbody tr').filter({ hasNotText: 'API key' }).count()).toBe(0);
    await browser.check(page, 'live-02-inbox-needs-a-human');
    // A filtered inbox is live too: a customer writing into it shows their message's count go up.
    await ws.customerWrites(human.phone, 'sigo aquí');
    await row(page, human.phone).getByRole('cell', { name: '2', exact: true }).waitFor({ timeout: LIVE_MS });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Who answers: `state`, asked of the API; the agent's conversations are not a person's.
    const byState = page.waitForRequest((request) => new URL(request.url()).searchParams.get('state') === 'ai');
    await page.getByLabel('Who answers').selectOption('ai');
    await byState;
    await row(page, waiting.phone).waitFor();
    await row(page, human.phone).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // An open conversation shows the customer's new message as it arrives.
    await row(page, waiting.phone).getByRole('link').click();
    await page.getByText('sigo esperando', { exact: true }).waitFor();
    // (The tab's one connection is the inbox's, kept across the navigation.)
    await ws.customerWrites(waiting.phone, '¿hay alguien ahí?');
    await page.getByText('¿hay alguien ahí?', { exact: true }).waitFor({ timeout: LIVE_MS });
    await browser.check(page, 'live-03-conversation');
  });
});
