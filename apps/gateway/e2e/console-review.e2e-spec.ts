import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { MessagingWorkspace, startTestStack, withAgents, type TestStack } from '@platica/testing';
import { ConsoleBrowser } from './console-browser';

/**
 * Console review fixes through the real stack and a headless Chromium: the agent settings form's
 * `requireEvaluation` switch; a refetch that must not wipe an edit in progress; a save that names
 * the agent's lastUpdate from when the edit began, so a change saved meanwhile by someone else is
 * a 409 the form explains, with a reload. Screenshots and axe: `review-…`.
 */
describe('the console’s review fixes in a browser (e2e)', () => {
  jest.retryTimes(1, { logErrorsBeforeRetry: true });
  let t: TestStack;
  let ws: MessagingWorkspace;
  const browser = new ConsoleBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    t = await startTestStack();
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
      for (const channel of doc.channels) delete (channel as { defaultAgentRef?: string }).defaultAgentRef;
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());

  const check = (page: Page, name: string) => browser.check(page, name);
  const firstAgent = async () => ((await ws.api.get('/v1/agents')).body.workspaces[0].agents as { id: string; name: string }[])[0]!;
  const readAgent = async (id: string) => (await ws.api.get(`/v1/agents/${id}`)).body.workspaces[0].agents[0];
  const openAgent = async (id: string) => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/agents/${id}`);
    await page.getByRole('button', { name: 'Save guardrails' }).waitFor();
    return { page, settings: page.getByRole('region', { name: 'Settings' }) };
  };

  it('turns requireEvaluation on and off with its switch, read back through the API', async () => {
    const agent = await firstAgent();
    expect((await readAgent(agent.id)).requireEvaluation).toBe(false);
    const { page, settings } = await openAgent(agent.id);
    const gate = settings.getByRole('switch', { name: 'Require a passing evaluation before a prompt version is activated' });
    expect(await gate.isChecked()).toBe(false);
    await gate.check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectSaved(settings);
    await check(page, 'review-01-require-evaluation');
    expect((await readAgent(agent.id)).requireEvaluation).toBe(true);
    // The prompt section now stores a new version without activating it.
    await page.reload();
    await settings.getByRole('switch', { name: 'Require a passing evaluation before a prompt version is activated' }).waitFor();
    expect(await gate.isChecked()).toBe(true);
    await gate.uncheck();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectSaved(settings);
    expect((await readAgent(agent.id)).requireEvaluation).toBe(false);
  });

  it('keeps an edit through a refetch, and refuses to overwrite a change saved meanwhile: 409 with a reload', async () => {
    const agent = await firstAgent();
    const before = await readAgent(agent.id);
    const { page, settings } = await openAgent(agent.id);
    const name = settings.getByLabel('Name', { exact: true });
    const phone = settings.getByLabel('Support phone');
    await name.fill(`${before.name} (edited)`);

    // Someone else saves a change; then the page reads the agent again (the window regains focus).
    const concurrent = await ws.api.patch(`/v1/agents/${agent.id}?workspace=${ws.id}`, {
      supportInformation: { supportPhone: '+52 55 0000 1111' },
    });
    expect(concurrent.status).toBe(200);
    const refetched = page.waitForResponse(
      (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/console/api/v1/agents/${agent.id}`,
    );
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await refetched;
    // A tick for React to apply what was read.
    await page.waitForTimeout(300);
    expect(await name.inputValue()).toBe(`${before.name} (edited)`);

    // The save names the agent as the edit began: refused, nothing overwritten.
    await settings.getByRole('button', { name: 'Save settings' }).click();
    const alert = settings.getByRole('alert').filter({ hasText: 'changed by someone else since you began editing' });
    await alert.waitFor();
    await check(page, 'review-02-stale-edit');
    const kept = await readAgent(agent.id);
    expect(kept.name).toBe(before.name);
    expect(kept.supportInformation.supportPhone).toBe('+52 55 0000 1111');

    // Reloading drops the edit and shows the agent as it is now; a new save goes through.
    await settings.getByRole('button', { name: 'Reload the agent (discards your changes)' }).click();
    await expectValueSoon(phone, '+52 55 0000 1111');
    expect(await name.inputValue()).toBe(before.name);
    await name.fill(`${before.name} (edited)`);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectSaved(settings);
    const saved = await readAgent(agent.id);
    expect(saved.name).toBe(`${before.name} (edited)`);
    expect(saved.supportInformation.supportPhone).toBe('+52 55 0000 1111');
  });

  it('refuses an API update naming a lastUpdate the agent no longer has (409), and applies one naming the current', async () => {
    const agent = await firstAgent();
    const { lastUpdate } = await readAgent(agent.id);
    const stale = await ws.api.patch(`/v1/agents/${agent.id}?workspace=${ws.id}`, {
      waitMessage: 'Un momento, por favor',
      expectedLastUpdate: new Date(Date.parse(lastUpdate) - 1000).toISOString(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.details[0].path).toEqual(['expectedLastUpdate']);
    expect((await readAgent(agent.id)).waitMessage).not.toBe('Un momento, por favor');
    const current = await ws.api.patch(`/v1/agents/${agent.id}?workspace=${ws.id}`, {
      waitMessage: 'Un momento, por favor',
      expectedLastUpdate: lastUpdate,
    });
    expect(current.status).toBe(200);
    expect((await readAgent(agent.id)).waitMessage).toBe('Un momento, por favor');
    const malformed = await ws.api.patch(`/v1/agents/${agent.id}?workspace=${ws.id}`, { expectedLastUpdate: 'yesterday' });
    expect([malformed.status, malformed.body.details[0].path]).toEqual([400, ['expectedLastUpdate']]);
  });
});

/** Waits for the form in `region` to say it saved; otherwise fails with what the form shows instead. */
async function expectSaved(region: Locator): Promise<void> {
  const outcome = region.getByText('Saved.').or(region.getByRole('alert')).or(region.locator('[aria-invalid="true"]'));
  await outcome.first().waitFor();
  if (await region.getByText('Saved.').isVisible()) return;
  const invalid = await region.locator('[aria-invalid="true"]').evaluateAll((controls) => controls.map((c) => c.id));
  throw new Error(`not saved: ${(await region.getByRole('alert').allInnerTexts()).join(' ')} invalid: ${invalid.join(', ')}`);
}

/** The control's value once it shows `value` (a refetch fills it), or a failure naming what it shows after 5 s. */
async function expectValueSoon(control: Locator, value: string): Promise<void> {
  for (let waited = 0; waited < 5_000 && (await control.inputValue()) !== value; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  expect(await control.inputValue()).toBe(value);
}
