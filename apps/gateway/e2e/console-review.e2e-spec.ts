import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { eventually, MessagingWorkspace, useSharedStack, withAgents, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Console review fixes through the real stack and a headless Chromium: the agent settings form's
 * `requireEvaluation` switch; a refetch that must not wipe an edit in progress; a save that names
 * the agent's lastUpdate from when the edit began, so a change saved meanwhile by someone else is
 * a 409 the form explains, with a reload; the activation gate reading a version's latest finished
 * evaluation when 50 newer ones push it out of the list (the list's `promptId`, `finished` and
 * `limit` filters). Screenshots and axe: `review-…`.
 */
describe('the console’s review fixes in a browser (e2e)', () => {
  let t: StackApi;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    t = await useSharedStack();
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
  afterAll(() => browser.stop());

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

  it("saves an edit begun before the page's guardrails were saved: another form's save is not someone else's change", async () => {
    const agent = await firstAgent();
    const before = await readAgent(agent.id);
    const { page, settings } = await openAgent(agent.id);
    const name = settings.getByLabel('Name', { exact: true });
    await name.fill(`${before.name} (renamed)`);

    // The guardrails' save moves the agent's lastUpdate, and the page reads the agent again.
    const guardrails = page.getByRole('region', { name: 'Guardrails' });
    const enabled = guardrails.getByRole('switch', { name: 'Guardrails on' });
    const guardrailsWere = await enabled.isChecked();
    await enabled.setChecked(!guardrailsWere);
    const refetched = page.waitForResponse(
      (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/console/api/v1/agents/${agent.id}`,
    );
    await guardrails.getByRole('button', { name: 'Save guardrails' }).click();
    await expectSaved(guardrails);
    await refetched;
    await page.waitForTimeout(300);
    expect(await name.inputValue()).toBe(`${before.name} (renamed)`);

    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectSaved(settings);
    const saved = await readAgent(agent.id);
    expect(saved.name).toBe(`${before.name} (renamed)`);
    expect((await ws.api.get(`/v1/agents/${agent.id}/guardrails`)).body.enabled).toBe(!guardrailsWere);
    // The values just saved stay on show (not the agent as read before the save).
    expect(await name.inputValue()).toBe(`${before.name} (renamed)`);
  });

  it('keeps a custom API edit through a refetch, and refuses it (409) once someone else saved a new version', async () => {
    const name = `pedidos_${randomBytes(3).toString('hex')}`;
    const created = await ws.api.post('/v1/tools/apis', {
      name,
      description: 'Consulta el estado de un pedido.',
      request: { method: 'GET', url: 'https://api.example.com/orders' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/tools/apis/${id}`);
    const description = page.getByLabel(/^Description: when/);
    await description.waitFor();
    await description.fill('Consulta un pedido (editado en la consola).');

    // Someone else saves version 2; the page reads the custom API again (the window regains focus).
    const concurrent = await ws.api.patch(`/v1/tools/apis/${id}`, { description: 'Consulta un pedido por su número.' });
    expect(concurrent.status).toBe(200);
    const refetched = page.waitForResponse(
      (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/console/api/v1/tools/apis/${id}`,
    );
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await refetched;
    await page.getByText('version 2').waitFor();
    expect(await description.inputValue()).toBe('Consulta un pedido (editado en la consola).');

    // The save names version 1, the one the edit began from: refused, the other save kept.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'changed since that version was read' }).waitFor();
    const kept = (await ws.api.get(`/v1/tools/apis/${id}`)).body;
    expect([kept.version, kept.description]).toEqual([2, 'Consulta un pedido por su número.']);
    await check(page, 'review-05-custom-api-stale-edit');
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
    // The base alone changes nothing: refused as an empty update.
    const { lastUpdate: now } = await readAgent(agent.id);
    const nothing = await ws.api.patch(`/v1/agents/${agent.id}?workspace=${ws.id}`, { expectedLastUpdate: now });
    expect(nothing.status).toBe(400);
    expect((await readAgent(agent.id)).lastUpdate).toBe(now);
  });

  it('gates a version by its latest finished evaluation even when 50 newer ones push it out of the list', async () => {
    const agent = await firstAgent();
    const version = async (note: string) => {
      const made = await ws.api.post(`/v1/agents/${agent.id}/prompt`, {
        systemPrompt: `Eres un agente de prueba (${note}).`,
        note,
        activate: false,
      });
      expect(made.status).toBe(201);
      return made.body.data.promptId as string;
    };
    /** An evaluation with an empty sample (turns from the future): it completes at once, not passing. */
    const evaluate = async (promptId: string) => {
      for (;;) {
        const started = await ws.api.post(`/v1/agents/${agent.id}/evaluations`, {
          candidate: { promptId },
          sample: { from: new Date(Date.now() + 3_600_000).toISOString() },
        });
        if (started.status === 429) await new Promise((r) => setTimeout(r, 1_000));
        else {
          expect(started.status).toBe(202);
          return started.body.data.id as string;
        }
      }
    };
    const older = await version('review-A');
    const olderEvaluation = await evaluate(older);
    await eventually('the evaluation of review-A to end', async () => {
      const read = await ws.api.get(`/v1/agents/${agent.id}/evaluations/${olderEvaluation}?limit=1`);
      return read.body.status === 'completed' ? read.body : undefined;
    });
    const newer = await version('review-B');
    for (let i = 0; i < 50; i += 1) await evaluate(newer);

    // The list holds the latest 50: review-A's is not among them; the filters find it.
    const listed = await ws.api.get(`/v1/agents/${agent.id}/evaluations`);
    expect(listed.body.evaluations).toHaveLength(50);
    expect(listed.body.evaluations.some((e: { id: string }) => e.id === olderEvaluation)).toBe(false);
    const found = await ws.api.get(`/v1/agents/${agent.id}/evaluations?promptId=${older}&finished=true&limit=1`);
    expect(found.status).toBe(200);
    expect(found.body.evaluations.map((e: { id: string }) => e.id)).toEqual([olderEvaluation]);
    const running = await ws.api.get(`/v1/agents/${agent.id}/evaluations?promptId=${older}&finished=false`);
    expect(running.body.evaluations).toEqual([]);
    const bad = await ws.api.get(`/v1/agents/${agent.id}/evaluations?finished=maybe&limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string[] }) => d.path[0]).sort()).toEqual(['finished', 'limit']);

    // The console's gate names review-A's own evaluation, not "needs a passing evaluation first".
    expect((await ws.api.patch(`/v1/agents/${agent.id}`, { requireEvaluation: true })).status).toBe(200);
    const { page } = await openAgent(agent.id);
    const reason = page.locator(`[id="activation-reason-${older}"]`);
    await reason.getByText('Its latest evaluation did not pass.').waitFor();
    expect(await page.locator(`a[href$="/evaluations/${olderEvaluation}"]`).count()).toBe(1);
    await check(page, 'review-03-gate-past-50');
    expect((await ws.api.patch(`/v1/agents/${agent.id}`, { requireEvaluation: false })).status).toBe(200);
  });

  it('keeps a key value just created on show when another key is created and revoked', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/api-keys`);
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    const suffix = randomBytes(3).toString('hex');
    const revealed = (keyName: string) => page.getByRole('article', { name: `The key “${keyName}” was created` });
    const create = async (keyName: string) => {
      await page.getByLabel('Name', { exact: true }).fill(keyName);
      await page.getByRole('button', { name: 'Create key' }).click();
      await revealed(keyName).waitFor();
      return revealed(keyName).getByLabel('Key value').inputValue();
    };
    const kept = await create(`kept ${suffix}`);
    await create(`doomed ${suffix}`);
    // Both values on show; revoking the second takes its value away, not the first's.
    await page.getByRole('button', { name: `Revoke doomed ${suffix}` }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page
      .getByRole('row', { name: new RegExp(`doomed ${suffix}`) })
      .getByRole('cell', { name: 'Revoked' })
      .waitFor();
    expect(await revealed(`doomed ${suffix}`).count()).toBe(0);
    expect(await revealed(`kept ${suffix}`).getByLabel('Key value').inputValue()).toBe(kept);
    await check(page, 'review-04-key-value-kept');
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
