import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { eventually, useSharedStack, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 38 item 2 in a real headless Chromium through the real stack: an admin creates an API
 * key with an expiry in the console, reads its value once, rotates and revokes it, and each
 * value answers the API as it should; an `agent` user sees only the inbox and is told plainly
 * that the admin pages are not theirs. Every page is screenshotted (`keys-…`) and checked by axe-core.
 */
describe('API keys and roles in the console (e2e)', () => {
  let t: StackApi;
  let workspaceId: string;
  let seededKey: string;
  const suffix = randomBytes(4).toString('hex');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const admin = { email: `ada-${suffix}@example.test`, password };
  const agent = { email: `abel-${suffix}@example.test`, password };
  const browser = new TestBrowser(() => t.baseUrl);

  beforeAll(async () => {
    t = await useSharedStack();
    const seeded = await t.seedMinimalWorkspace({
      users: [
        { email: admin.email, name: 'Ada', password },
        { email: agent.email, password, role: 'agent' },
      ],
    });
    workspaceId = seeded.workspaceId;
    seededKey = seeded.key;
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const check = (page: Page, name: string) => browser.check(page, name);
  /** What `/v1/workspaces` answers with this key, asked by the page itself (the API's origin). */
  const statusWith = (page: Page, key: string) =>
    page.evaluate(async (value) => (await fetch('/v1/workspaces', { headers: { authorization: `Bearer ${value}` } })).status, key);
  const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  /** A `datetime-local` value (the browser's time zone is this process's) this many ms from now. */
  const localDateTime = (fromNowMs: number) => {
    const at = new Date(Date.now() + fromNowMs);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  };

  it('lets an admin create a key with an expiry, shown once, then rotate and revoke it; the list shows each state', async () => {
    // Names of this attempt's own.
    const attempt = randomBytes(3).toString('hex');
    const expiredName = `expired ${attempt}`;
    const keyName = `ci ${attempt}`;
    // An expired key, for the list's states.
    const expiring = await t.http.withToken(seededKey).post('/v1/api-keys', {
      name: expiredName,
      expiresAt: new Date(Date.now() + 1_000).toISOString(),
    });
    expect(expiring.status).toBe(201);
    await eventually(
      'the key to expire',
      async () => (await t.http.withToken(expiring.body.data.key).get('/v1/workspaces')).status === 401,
    );

    const page = await browser.newPage();
    await browser.context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    await browser.signIn(page, admin);
    await page.getByText(`${admin.email} · Role: Admin`).waitFor();
    await check(page, 'keys-01-inbox-admin');
    await page.getByRole('link', { name: 'Agents' }).waitFor();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/console/w/${workspaceId}/api-keys`);
    await row(page, expiredName).getByRole('cell', { name: 'Expired' }).waitFor();
    await check(page, 'keys-02-list');

    // The form's own validation: a name is required, the expiry must be in the future.
    const name = page.getByLabel('Name', { exact: true });
    const expiry = page.getByLabel('Expires (optional)');
    await name.fill('   ');
    await expiry.fill(localDateTime(-60 * 60_000));
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Give the key a name.').waitFor();
    await page.getByText('The expiry must be in the future.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await check(page, 'keys-03-validation');
    // The API's own refusal lands on its field too: a name already used by a live key.
    await name.fill('main key');
    await expiry.fill('');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText(/^Name: already used/).waitFor();

    // Created with an expiry: the value shown once, with a copy button.
    await name.fill(keyName);
    await expiry.fill(localDateTime(24 * 60 * 60_000));
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: `The key “${keyName}” was created` }).waitFor();
    await page.getByText('it will not be shown again').waitFor();
    const created = await page.getByLabel('Key value').inputValue();
    expect(created).toMatch(/^pl_key_/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created);
    expect(await statusWith(page, created)).toBe(200);
    await row(page, keyName).getByRole('cell', { name: 'Active' }).waitFor();
    expect(await row(page, keyName).getByRole('cell', { name: 'Does not expire' }).count()).toBe(0);
    await check(page, 'keys-04-created');

    // Leaving the page forgets the value.
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.getByRole('link', { name: 'API keys' }).click();
    await row(page, keyName).waitFor();
    expect(await page.getByLabel('Key value').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(created);

    // Rotated, after confirming: the new value once; the old one answers 401 at once.
    await page.getByRole('button', { name: `Rotate ${keyName}` }).click();
    await page.getByRole('heading', { name: `Rotate the key “${keyName}”?` }).waitFor();
    await check(page, 'keys-05-confirm-rotate');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('heading', { name: `The key “${keyName}” has a new value` }).waitFor();
    const rotated = await page.getByLabel('Key value').inputValue();
    expect(rotated).toMatch(/^pl_key_/);
    expect(rotated).not.toBe(created);
    expect(await statusWith(page, created)).toBe(401);
    expect(await statusWith(page, rotated)).toBe(200);
    await check(page, 'keys-06-rotated');

    // Revoked, after confirming (a cancelled confirmation changes nothing).
    await page.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await statusWith(page, rotated)).toBe(200);
    await page.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await page.getByRole('heading', { name: `Revoke the key “${keyName}”?` }).waitFor();
    await check(page, 'keys-07-confirm-revoke');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await row(page, keyName).getByRole('cell', { name: 'Revoked' }).waitFor();
    expect(await statusWith(page, rotated)).toBe(401);
    expect(await page.getByRole('button', { name: `Revoke ${keyName}` }).count()).toBe(0);
    await row(page, 'main key').getByRole('cell', { name: 'Active' }).waitFor();
    await row(page, expiredName).getByRole('cell', { name: 'Expired' }).waitFor();
    await check(page, 'keys-08-states');
  });

  it('keeps an agent to the inbox: no Agents or API keys links, and those pages say the role lacks access', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, agent);
    await page.getByText(agent.email, { exact: true }).waitFor();
    await page.getByText('Role: Agent', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Inbox' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Agents' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await check(page, 'keys-09-inbox-agent');

    for (const [path, screenshot] of [
      ['api-keys', 'keys-10-api-keys-no-access'],
      ['agents', 'keys-11-agents-no-access'],
    ] as const) {
      await page.goto(`${t.baseUrl}/console/w/${workspaceId}/${path}`);
      await page.getByRole('heading', { name: 'No access' }).waitFor();
      await page.getByText('it needs the Admin role and your role in this workspace is Agent').waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
      await check(page, screenshot);
    }
  });

  it('lets an admin invite a colleague, who joins with the link and signs in as an agent, and signs them out at once when removed', async () => {
    const cleo = { email: `cleo-${randomBytes(4).toString('hex')}@example.test`, password: `pw-${randomBytes(6).toString('hex')}-cleo` };
    const page = await browser.newPage();
    await browser.signIn(page, admin);
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await page.getByLabel('Email').fill(cleo.email);
    await page.getByLabel('Role', { exact: true }).selectOption('agent');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toContain('/oauth/invitation?token=pl_inv_');
    await page.getByText(`${cleo.email} as Agent`, { exact: false }).waitFor();
    await check(page, 'team-01-invited');

    // Cleo, in a browser of her own, opens the link, chooses a password and signs in.
    const second = await browser.context!.browser()!.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const colleague = await second.newPage();
      await colleague.goto(link);
      await colleague.getByLabel('Your name').fill('Cleo');
      await colleague.getByLabel(/Choose a password/).fill(cleo.password);
      await check(colleague, 'team-02-invitation-page');
      await colleague.getByRole('button', { name: 'Join the workspace' }).click();
      await colleague.getByRole('heading', { name: 'Sign in to Plática' }).waitFor();
      await colleague.getByLabel('Email').fill(cleo.email);
      await colleague.getByLabel('Password').fill(cleo.password);
      await colleague.getByRole('button', { name: 'Sign in' }).click();
      await colleague.getByRole('heading', { name: 'Inbox' }).waitFor();
      await colleague.getByText(`${cleo.email} · Role: Agent`).waitFor();
      // An agent: the inbox, no Team link, and the Team page is not theirs.
      expect(await colleague.getByRole('link', { name: 'Team' }).count()).toBe(0);
      await colleague.goto(`${t.baseUrl}/console/w/${workspaceId}/team`);
      await colleague.getByRole('heading', { name: 'No access' }).waitFor();
      await colleague.getByRole('link', { name: 'Inbox' }).click();
      await colleague.getByRole('heading', { name: 'Inbox' }).waitFor();

      // The admin sees her as a member and removes her, confirming first.
      await page.reload();
      const member = row(page, 'Cleo');
      await member.getByRole('combobox', { name: 'Role of Cleo' }).waitFor();
      await member.getByRole('button', { name: 'Remove Cleo' }).click();
      await member
        .getByRole('group', { name: 'Remove Cleo? They are signed out at once.' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await member.waitFor({ state: 'detached' });
      await check(page, 'team-03-removed');

      // Her next action lands on the sign-in page, saying the session ended; under load the tab's
      // own next read (the sidebar's counts) may have taken it there first, the link gone with it.
      await colleague
        .getByRole('link', { name: 'Clients' })
        .click({ timeout: 5_000 })
        .catch((error: unknown) => {
          if (!colleague.url().includes('/console/signin')) throw error;
        });
      await colleague.getByRole('heading', { name: 'Sign in to the Plática console' }).waitFor();
      expect(new URL(colleague.url()).searchParams.has('expired')).toBe(true);
    } finally {
      await second.close();
    }
  });
});
