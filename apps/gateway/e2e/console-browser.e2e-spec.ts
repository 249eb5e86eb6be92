import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { FakeMetaGraph, MessagingWorkspace, eventually, startTestStack, withAgents, type TestStack } from '@platica/testing';
import { SCREENSHOTS, TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 38 part 1 through the real stack and a real headless Chromium: the console served by
 * the gateway, signed in through Plática's own authorization server (the backend-for-frontend
 * holds the tokens), the workspace switcher, session expiry and sign-out; the inbox with its
 * filters and live updates, a conversation taken over, answered, handed back and closed; an agent
 * edited, a prompt version added, compared side by side and an earlier one activated. Every
 * page is screenshotted and checked by axe-core for serious or critical violations.
 */
describe('the console in a browser (e2e)', () => {
  let t: TestStack;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let otherWorkspace: { workspaceId: string };
  let redis: Redis;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const email = () => ws.doc.users[0]!.email;
  const sessionKeys = () => redis.keys(`${t.isolation.redisPrefix}console:session:*`);

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    // Access tokens of 40 s: the console refreshes them 30 s before expiry, so a test sees a refresh after 10 s.
    // A stack of its own: its own 40 s access token lifetime, a process setting.
    t = await startTestStack({ META_GRAPH_BASE_URL: fake.url, PLATICA_OAUTH_ACCESS_TOKEN_TTL_SECONDS: '40' });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
      // No default agent: customers' messages wait for a person, no model is called.
      for (const channel of doc.channels) delete (channel as { defaultAgentRef?: string }).defaultAgentRef;
    });
    otherWorkspace = await t.seedMinimalWorkspace({ users: [{ email: email() }] });
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    // Nine services starting on two shared cores.
  }, 240_000);
  afterAll(async () => {
    redis?.disconnect();
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const check = (page: Page, name: string) => browser.check(page, name);
  const signIn = (page: Page, options: { screenshots?: boolean; fresh?: boolean } = {}) =>
    browser.signIn(page, { email: email(), password }, options);

  it('signs in through the authorization server, keeps tokens server-side, switches workspaces, expires and signs out', async () => {
    // A retry starts without the sessions of the failed attempt.
    for (const stale of await sessionKeys()) await redis.del(stale);
    const page = await browser.newPage();
    // Through the login pages: this test signs in, ends its session and signs out.
    await signIn(page, { screenshots: true, fresh: true });
    process.stdout.write(`console screenshots: ${SCREENSHOTS}\n`);
    // The first-party client skips consent and covers both workspaces of the user.
    expect(new URL(page.url()).pathname).toBe(`/console/w/${ws.id}/inbox`);
    await check(page, '03-inbox-after-sign-in');

    // The browser holds an opaque HttpOnly session cookie and no token anywhere it could read.
    const cookies = await browser.context!.cookies(`${t.baseUrl}/console/`);
    const session = cookies.find((c) => c.name === 'platica_console');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/console' });
    expect(session!.value).not.toMatch(/^pl_/);
    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }) + document.cookie);
    expect(stored).not.toMatch(/pl_at_|pl_rt_/);
    const [key, ...others] = await sessionKeys();
    expect(others).toEqual([]);
    const first = JSON.parse((await redis.get(key!))!) as { accessToken: string; refreshToken: string };
    expect(first.accessToken).toMatch(/^pl_at_/);

    // An unsafe request without the console's header (what a cross-site form could send) is refused.
    const forged = await page.evaluate(async () => {
      const res = await fetch('/console/api/v1/agents/agt_x', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"x"}',
      });
      return res.status;
    });
    expect(forged).toBe(403);

    // The workspace switcher: the other workspace's inbox.
    const switcher = page.getByLabel('Workspace');
    expect(await switcher.locator('option').allTextContents()).toEqual(expect.arrayContaining([ws.doc.workspace.name]));
    await switcher.selectOption(otherWorkspace.workspaceId);
    await page.waitForURL(`**/console/w/${otherWorkspace.workspaceId}/inbox`);
    await page.getByText('No conversation matches these filters.').waitFor();
    await check(page, '04-inbox-other-workspace');

    // In Spanish.
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { name: 'Bandeja' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await check(page, '05-inbox-spanish');
    await page.getByLabel('Idioma').selectOption('en');

    // The access token is refreshed behind the browser's back once it nears expiry (40 s tokens, 30 s margin).
    await page.waitForTimeout(11_000);
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('heading', { name: 'Agents' }).waitFor();
    // Awaited: the page shows its cached list at once, and its request (the first since the inbox stopped polling) follows.
    const refreshed = await eventually('the token refreshed', async () => {
      const now = JSON.parse((await redis.get(key!))!) as { accessToken: string; refreshToken: string };
      return now.accessToken !== first.accessToken ? now : undefined;
    });
    expect(refreshed.refreshToken).not.toBe(first.refreshToken);

    // The session ends server-side (as when its lifetime runs out): the next request sends the browser to sign in.
    await redis.del(key!);
    const answers: string[] = [];
    page.on('response', (answer) => answers.push(`${answer.status()} ${new URL(answer.url()).pathname}`));
    await page.getByRole('link', { name: 'Inbox' }).click();
    // Twice in loaded full runs (never alone, nor beside CPU hogs) the page did not get here: say where it was.
    await page
      .getByText('Your session has expired. Sign in again to continue.')
      .waitFor()
      .catch(async (error: Error) => {
        const sessions = await sessionKeys();
        throw new Error(
          `${error.message}\nat ${page.url()}, sessions in Redis: ${sessions.length}, answers since: ${answers.join(', ')}\n${(await page.locator('body').innerText()).slice(0, 400)}`,
        );
      });
    await check(page, '06-session-expired');

    // Sign in again, then sign out: the grant is revoked and the cookie cleared.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email());
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('heading', { name: 'Agents' })
      .or(page.getByRole('heading', { name: 'Inbox' }))
      .waitFor();
    const [again, ...more] = await sessionKeys();
    expect(more).toEqual([]);
    const tokens = JSON.parse((await redis.get(again!))!) as { accessToken: string };
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    expect(await sessionKeys()).toEqual([]);
    expect((await browser.context!.cookies(`${t.baseUrl}/console/`)).some((c) => c.name === 'platica_console')).toBe(false);
    const revoked = await fetch(`${t.baseUrl}/v1/workspaces`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(revoked.status).toBe(401);
  });

  it('lists conversations with filters and live updates, takes one over, replies as a human, hands it back and closes it', async () => {
    const a = await ws.customerWrites(undefined, 'necesito ayuda');
    const b = await ws.customerWrites(undefined, 'hola');
    await ws.api.patch(`/v1/conversations/${b.conversation.id}`, { tags: ['vip'] });
    const page = await browser.newPage();
    await signIn(page);
    const row = (phone: string) => page.getByRole('row').filter({ hasText: phone });
    await row(a.phone).waitFor();
    await row(b.phone).waitFor();
    await check(page, '07-inbox');

    // The API's filters (tags, channel; needs a human below), all in the URL, behind their button.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Tags (comma-separated)').fill('vip');
    await row(a.phone).waitFor({ state: 'detached' });
    await row(b.phone).waitFor();
    expect(new URL(page.url()).searchParams.get('tags')).toBe('vip');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Channel id').fill(ws.ids.channels.ig.id);
    await page.getByText('No conversation matches these filters.').waitFor();
    await page.getByLabel('Channel id').fill(ws.whatsapp.id);
    await row(a.phone).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // Live: a conversation that starts while the inbox is open appears in it.
    const c = await ws.customerWrites(undefined, 'recién llegado');
    await row(c.phone).waitFor({ timeout: 15_000 });

    // The conversation: take over, reply, hand back, close.
    await row(a.phone).getByRole('link').click();
    await page.getByText('necesito ayuda').waitFor();
    await page.getByText('The agent is answering this conversation.').waitFor();
    await check(page, '08-conversation');
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByText('You are answering this conversation; the agent is paused.').waitFor();
    await page.getByLabel('Your reply').fill('Hola, soy una persona de verdad');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('Hola, soy una persona de verdad').waitFor();
    expect(fake.sends(ws.whatsapp.phoneNumberId).some((r) => r.body.text?.body === 'Hola, soy una persona de verdad')).toBe(true);
    await check(page, '09-conversation-taken-over');

    // "Needs a human" now lists it, and only it.
    await page.getByRole('link', { name: 'Back to the inbox' }).click();
    // A click, not check(): the switch follows the URL, which the router updates in a transition, a moment after the click.
    const needsHuman = page.getByLabel('Needs a human');
    await needsHuman.click();
    await eventually('the switch on', async () => (await needsHuman.isChecked()) || undefined);
    await row(a.phone).waitFor();
    await row(b.phone).waitFor({ state: 'detached' });
    await row(a.phone).getByRole('link').click();

    await page.getByRole('button', { name: 'Hand back to the agent' }).click();
    await page.getByText('The agent is answering this conversation.').waitFor();
    await page.getByRole('button', { name: 'Close conversation' }).click();
    await page.getByRole('button', { name: 'Close conversation' }).waitFor({ state: 'detached' });
    const after = (await ws.api.get(`/v1/conversations/${a.conversation.id}`)).body.workspaces[0].conversations[0];
    expect([after.status, after.operation]).toEqual(['finished', 'automatic']);
    await check(page, '10-conversation-closed');
  });

  it('lists agents, edits one, adds a prompt version, compares versions side by side and activates an earlier one', async () => {
    const agents = (await ws.api.get('/v1/agents')).body.workspaces[0].agents as { id: string; name: string; systemPrompt: string }[];
    // By its prompt, which the seed made unique: a retry finds it renamed.
    const billing = agents.find((agent) => agent.systemPrompt.startsWith('You answer billing questions'))!;
    const page = await browser.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('link', { name: billing.name }).waitFor();
    await check(page, '11-agents');

    await page.getByRole('link', { name: billing.name }).click();
    await page.getByRole('region', { name: 'Settings' }).getByLabel('Name', { exact: true }).fill('Billing desk');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('region', { name: 'Settings' }).getByText('Saved.').waitFor();
    await page.getByLabel('Wait message').fill('Un momento, por favor');
    await page.getByRole('button', { name: 'Save human assistance' }).click();
    await page.getByRole('region', { name: 'Human assistance' }).getByText('Saved.').waitFor();
    const saved = (await ws.api.get(`/v1/agents/${billing.id}`)).body.workspaces[0].agents[0];
    expect([saved.name, saved.waitMessage]).toEqual(['Billing desk', 'Un momento, por favor']);

    // Two versions made here (a seeded agent's first prompt is not in its history): the diff faces them, then the first is activated again.
    const tag = randomBytes(3).toString('hex');
    const brief = `${billing.systemPrompt}\nBe brief.`;
    const newVersion = async (text: string, note: string) => {
      await page.getByLabel('System prompt').fill(text);
      await page.getByLabel('Note', { exact: true }).fill(note);
      await page.getByRole('button', { name: 'Save as new version' }).click();
      await page.getByRole('cell', { name: note }).waitFor();
    };
    await newVersion(brief, `brief ${tag}`);
    await newVersion(`${billing.systemPrompt}\nBe kind.`, `kind ${tag}`);
    const diff = page.getByRole('table', { name: 'Differences' });
    await diff.locator('td.removed', { hasText: 'Be brief.' }).waitFor();
    await diff.locator('td.added', { hasText: 'Be kind.' }).waitFor();
    await check(page, '12-agent-prompt-diff');

    await page.getByRole('button', { name: new RegExp(`^Activate .* — brief ${tag}$`) }).click();
    await eventually('the earlier version active', async () => {
      const now = (await ws.api.get(`/v1/agents/${billing.id}`)).body.workspaces[0].agents[0];
      return now.systemPrompt === brief || undefined;
    });
    await page
      .getByRole('row', { name: new RegExp(`brief ${tag}`) })
      .getByText('Active')
      .waitFor();
    await check(page, '13-agent-earlier-version-active');
  });
});
