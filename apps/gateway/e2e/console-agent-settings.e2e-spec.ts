import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { FakeMetaGraph, MessagingWorkspace, useSharedStack, withAgents, type StackApi } from '@platica/testing';
import { SCREENSHOTS, TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 38 item 4 through the real stack and a headless Chromium: every setting of an agent, its
 * human-assistance rules and its guardrails edited in the console and read back through the API;
 * out-of-bounds values refused by the form itself (the message beside the field, nothing sent);
 * a 400 from the API shown beside the field it names. Screenshots and axe: `agentforms-…`.
 */
describe('the console’s agent settings in a browser (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const colleague = `luis-${randomBytes(4).toString('hex')}@example.test`;
  const email = () => ws.doc.users[0]!.email;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      doc.users.push({ email: colleague, name: 'Luis' });
      withAgents(doc);
      for (const channel of doc.channels) delete (channel as { defaultAgentRef?: string }).defaultAgentRef;
    });
    // Nine services starting on two shared cores.
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const check = (page: Page, name: string) => browser.check(page, name);
  const agentNamed = async (prefix: string) => {
    const agents = (await ws.api.get('/v1/agents')).body.workspaces[0].agents as {
      id: string;
      systemPrompt: string;
      workingMessage: unknown;
    }[];
    return agents.find((agent) => agent.systemPrompt.startsWith(prefix))!;
  };
  const readAgent = async (id: string) => (await ws.api.get(`/v1/agents/${id}`)).body.workspaces[0].agents[0];
  /** Signed in, on the agent's page, with every PATCH the page sends recorded. */
  const openAgent = async (id: string) => {
    const page = await browser.newPage();
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(new URL(request.url()).pathname);
    });
    await browser.signIn(page, { email: email(), password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/agents/${id}`);
    await page.getByRole('button', { name: 'Save guardrails' }).waitFor();
    return { page, patches };
  };
  /** The message a control's aria-describedby points at, with aria-invalid set. */
  const messageOf = async (page: Page, control: Locator) => {
    expect(await control.getAttribute('aria-invalid')).toBe('true');
    const id = await control.getAttribute('aria-describedby');
    return page.locator(`[id="${id}"]`).innerText();
  };

  it('edits every setting of an agent and reads it back through the API; a 400 is shown beside the field it names', async () => {
    const sofia = await agentNamed('Eres Sofía');
    // Channel ids and numbers must be the workspace's channels': one of Sofía's is dropped.
    const { channelId: channelIds, phoneNumber: phoneNumbers } = (await readAgent(sofia.id)).comunicationChannel as Record<
      string,
      string[]
    >;
    expect(phoneNumbers.length).toBeGreaterThan(0);
    const kept = channelIds.slice(0, -1);
    expect(kept.length).toBeGreaterThan(0);
    const { page } = await openAgent(sofia.id);
    await check(page, 'agentforms-01-agent');
    const settings = page.getByRole('region', { name: 'Settings' });

    await settings.getByLabel('Image URL').fill('https://cdn.example.test/sofia.png');
    await settings.getByLabel('Channel ids (one per line)').fill(kept.join('\n'));
    await settings.getByLabel('Phone numbers (one per line, international format)').fill(phoneNumbers.map((n) => `+${n}`).join('\n'));
    await settings.getByLabel('Support address').fill('Av. Reforma 1, CDMX');
    await settings.getByLabel('Support email').fill('soporte@example.test');
    await settings.getByLabel('Support phone').fill('+52 55 1234 5678');
    await settings.getByLabel('Monday: Opens').fill('8:00am');
    await settings.getByLabel('Monday: Closes').fill('6:00pm');
    await settings.getByLabel('Monday: Availability').fill('Abierto');
    await settings.getByLabel('Recall the last conversation with the customer').check();
    await settings.getByLabel('Accept file attachments (images, audio, documents)').check();
    await settings.getByLabel('Keep the full history (no automatic summarization)').check();
    await settings.getByLabel('Send a working message').check();
    await settings.getByLabel('When to send it').selectOption('any');
    await settings.getByLabel('Tool calls before sending').fill('3');
    await settings.getByLabel('Tools (one per line)').fill('api_\nsearch_catalog');
    await settings.getByLabel('Compare the tools').selectOption('prefix');
    await settings.getByLabel('Send a text').check();
    await settings.getByLabel('Text', { exact: true }).selectOption('fixed');
    await settings.getByLabel('Fixed text to send').fill('Estoy consultando, un momento…');
    await settings.getByLabel('Send a sticker').check();
    await settings.getByLabel('Sticker URL').fill('https://cdn.example.test/wait.webp');
    await settings.getByLabel('Emails of workspace users (one per line)').fill(`${email()}\n${colleague}`);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectSaved(settings);
    await check(page, 'agentforms-02-settings-saved');

    const saved = await readAgent(sofia.id);
    expect(saved).toMatchObject({
      imageUrl: 'https://cdn.example.test/sofia.png',
      comunicationChannel: { channelId: kept, phoneNumber: phoneNumbers },
      supportInformation: {
        supportAddress: 'Av. Reforma 1, CDMX',
        supportEmail: 'soporte@example.test',
        supportPhone: '+52 55 1234 5678',
        serviceHours: { monday: { start: '8:00am', end: '6:00pm', availability: 'Abierto' } },
      },
      recallLastConversation: true,
      enableFileAttachments: true,
      disableContextSummarization: true,
      workingMessage: {
        enabled: true,
        trigger: { type: 'any', minToolCalls: 3, toolNames: ['api_', 'search_catalog'], match: 'prefix' },
        message: { enabled: true, mode: 'fixed', fixedText: 'Estoy consultando, un momento…' },
        sticker: { enabled: true, url: 'https://cdn.example.test/wait.webp' },
      },
      owners: [email(), colleague],
    });
    expect(Object.keys(saved.supportInformation.serviceHours)).toEqual(['monday']);

    // The form reads back what was saved: a reload shows the same values.
    await page.reload();
    await expectValue(settings.getByLabel('Tools (one per line)'), 'api_\nsearch_catalog');
    await expectValue(settings.getByLabel('Monday: Closes'), '6:00pm');

    // An owner who is not a user of the workspace passes the form (a well-formed email) and the API refuses it: its message sits beside the field.
    const owners = settings.getByLabel('Emails of workspace users (one per line)');
    await owners.fill(`${email()}\nstranger@example.test`);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('"stranger@example.test" is not a user of the workspace').waitFor();
    expect(await messageOf(page, owners)).toBe('"stranger@example.test" is not a user of the workspace');
    await check(page, 'agentforms-03-server-refusal');
    expect((await readAgent(sofia.id)).owners).toEqual([email(), colleague]);
  });

  it('saves human-assistance rules and guardrails, and refuses out-of-bounds values in the form without sending them', async () => {
    const billing = await agentNamed('You answer billing questions');
    const { page, patches } = await openAgent(billing.id);
    const assist = page.getByRole('region', { name: 'Human assistance' });
    const guardrails = page.getByRole('region', { name: 'Guardrails' });

    await assist.getByLabel('Human assistance enabled').check();
    await assist.getByLabel('When to ask for a human').fill('When the customer asks for a refund');
    await assist.getByLabel('Wait message').fill('Te paso con una persona.');
    await assist.getByRole('button', { name: 'Save human assistance' }).click();
    await expectSaved(assist);
    expect((await ws.api.get(`/v1/agents/${billing.id}/assist-rules`)).body).toEqual({
      assistanceEnabled: true,
      assistanceTriggers: 'When the customer asks for a refund',
      waitMessage: 'Te paso con una persona.',
    });

    await guardrails.getByLabel('Guardrails on').check();
    await guardrails.getByRole('button', { name: 'Add a rule' }).click();
    await guardrails.getByLabel('Rule 1', { exact: true }).fill('Never talk about politics');
    await guardrails.getByRole('button', { name: 'Add a rule' }).click();
    await guardrails.getByLabel('Rule 2', { exact: true }).fill('No medical advice');
    await guardrails.getByLabel('Message to the customer on a violation').fill('No puedo ayudarte con eso.');
    await guardrails.getByLabel('Violations allowed in a conversation').fill('3');
    await guardrails.getByLabel('Violations allowed per customer').fill('5');
    await guardrails.getByRole('button', { name: 'Save guardrails' }).click();
    await expectSaved(guardrails);
    await check(page, 'agentforms-04-assist-and-guardrails-saved');
    const savedGuardrails = {
      enabled: true,
      rules: ['Never talk about politics', 'No medical advice'],
      message: 'No puedo ayudarte con eso.',
      conversationStrikeThreshold: 3,
      clientStrikeThreshold: 5,
      // Its switch left off (console-models turns it on).
      moderationEnabled: false,
    };
    expect((await ws.api.get(`/v1/agents/${billing.id}/guardrails`)).body).toEqual(savedGuardrails);

    // Out of bounds: a threshold over 10, an empty rule, a wait message over 500 characters, 11 tool calls. The forms refuse them and send nothing.
    const sent = patches.length;
    const threshold = guardrails.getByLabel('Violations allowed per customer');
    await threshold.fill('11');
    await guardrails.getByRole('button', { name: 'Add a rule' }).click();
    await guardrails.getByRole('button', { name: 'Save guardrails' }).click();
    expect(await messageOf(page, threshold)).toBe('A whole number from 1 to 10.');
    expect(await messageOf(page, guardrails.getByLabel('Rule 3', { exact: true }))).toBe('A rule cannot be empty.');

    const wait = assist.getByLabel('Wait message');
    await wait.fill('x'.repeat(501));
    await assist.getByRole('button', { name: 'Save human assistance' }).click();
    expect(await messageOf(page, wait)).toBe('At most 500 characters.');

    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Send a working message').check();
    const calls = settings.getByLabel('Tool calls before sending');
    await calls.fill('11');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    expect(await messageOf(page, calls)).toBe('A whole number from 1 to 10.');
    await check(page, 'agentforms-05-out-of-bounds-refused');

    expect(patches.slice(sent)).toEqual([]);
    expect((await ws.api.get(`/v1/agents/${billing.id}/guardrails`)).body).toEqual(savedGuardrails);
    expect((await ws.api.get(`/v1/agents/${billing.id}/assist-rules`)).body.waitMessage).toBe('Te paso con una persona.');
    expect((await readAgent(billing.id)).workingMessage).toEqual(billing.workingMessage);

    // Corrected, the value goes through.
    await threshold.fill('10');
    await guardrails.getByRole('button', { name: 'Remove rule 3' }).click();
    await guardrails.getByRole('button', { name: 'Save guardrails' }).click();
    await expectSaved(guardrails);
    expect(await threshold.getAttribute('aria-invalid')).toBeNull();
    expect((await ws.api.get(`/v1/agents/${billing.id}/guardrails`)).body.clientStrikeThreshold).toBe(10);
  });

  it('answers only from knowledge: the switch and the sentence set by keyboard, kept after a reload, read back by the API; its 400 beside the field (issue 52)', async () => {
    const dormant = await agentNamed('You are asleep');
    expect(await readAgent(dormant.id)).toMatchObject({ answerOnlyFromKnowledge: false, unknownAnswerMessage: '' });
    const { page } = await openAgent(dormant.id);
    await page.setViewportSize({ width: 390, height: 844 });
    const settings = page.getByRole('region', { name: 'Settings' });
    const only = settings.getByRole('switch', { name: 'Answer only from the knowledge bases' });
    const sentence = settings.getByLabel('What to say when no passage answers (empty: the sentence shown)');
    // Empty, the field shows the sentence the server says in its place.
    expect(await sentence.getAttribute('placeholder')).toBe("I'm sorry, I don't have that information.");

    // Keyboard alone: Space turns the switch on, Tab reaches the sentence, Tab again to the save button, Enter saves.
    await only.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await sentence.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('No tengo esa información; te paso con alguien.');
    const save = settings.getByRole('button', { name: 'Save settings' });
    for (let i = 0; i < 40 && !(await save.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectSaved(settings);
    expect(await readAgent(dormant.id)).toMatchObject({
      answerOnlyFromKnowledge: true,
      unknownAnswerMessage: 'No tengo esa información; te paso con alguien.',
    });

    await page.reload();
    await expectValue(sentence, 'No tengo esa información; te paso con alguien.');
    expect(await only.isChecked()).toBe(true);
    await sentence.scrollIntoViewIfNeeded();
    await check(page, 'agentforms-08-knowledge-390px');
    const fieldset = settings.getByRole('group', { name: 'Knowledge' });
    await fieldset.screenshot({ path: path.join(SCREENSHOTS, 'agentforms-08-knowledge-fieldset.png') });

    // The form keeps the sentence within 500 characters; a body the API still refuses (here made
    // too long on its way) gets the API's 400, shown beside the field it names.
    await page.route(
      (url) => url.pathname.endsWith(`/v1/agents/${dormant.id}`),
      (route) =>
        route.request().method() === 'PATCH'
          ? route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), unknownAnswerMessage: 'x'.repeat(501) }) })
          : route.continue(),
    );
    await sentence.fill('Otra frase.');
    await save.click();
    await settings.locator('#settings-unknownAnswerMessage[aria-invalid="true"]').waitFor();
    expect(await messageOf(page, sentence)).toMatch(/500/);
    await fieldset.screenshot({ path: path.join(SCREENSHOTS, 'agentforms-09-knowledge-refused.png') });
    expect((await readAgent(dormant.id)).unknownAnswerMessage).toBe('No tengo esa información; te paso con alguien.');
  });

  it('creates an agent, copies it, and deletes the copy once nothing relies on it; a refused delete says why (issue 50 item 7)', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: email(), password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/agents`);
    const name = `Devoluciones ${randomBytes(2).toString('hex')}`;
    await page.locator('summary', { hasText: 'New agent' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('System prompt (optional)').fill('Atiendes devoluciones.');
    await check(page, 'agentforms-06-new-agent');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const listed = async () =>
      (await ws.api.get('/v1/agents')).body.workspaces[0].agents as { id: string; name: string; systemPrompt: string }[];
    const created = (await listed()).find((agent) => agent.name === name)!;
    expect(created).toMatchObject({ systemPrompt: 'Atiendes devoluciones.', status: 'active' });

    // Copied under the name the form offers; a taken name is refused beside the field.
    const lifecycle = page.getByRole('region', { name: 'Copy or delete' });
    await lifecycle.locator('summary', { hasText: 'Copy agent' }).click();
    const copyName = lifecycle.getByLabel('Name');
    await expectValue(copyName, `${name} (copy)`);
    await copyName.fill(name);
    await lifecycle.getByRole('button', { name: 'Copy agent' }).click();
    await lifecycle.locator('[aria-invalid="true"]').waitFor();
    expect(await messageOf(page, copyName)).toBe('already used by another agent of the workspace');
    await copyName.fill(`${name} (copy)`);
    await lifecycle.getByRole('button', { name: 'Copy agent' }).click();
    await page.getByRole('heading', { level: 1, name: `${name} (copy)` }).waitFor();
    const copy = (await listed()).find((agent) => agent.name === `${name} (copy)`)!;
    expect(copy).toMatchObject({ systemPrompt: 'Atiendes devoluciones.' });

    // While the original has the copy as a sub-agent, its delete is refused and the page says why.
    await ws.api.post(`/v1/agents/${created.id}/subagents`, { subagentId: copy.id, task: 'assist', description: 'Ayuda' });
    await page.getByRole('button', { name: `Delete ${name} (copy)` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'sub-agent' }).waitFor();
    await check(page, 'agentforms-07-delete-refused');
    expect((await ws.api.get(`/v1/agents/${copy.id}`)).status).toBe(200);

    await ws.api.delete(`/v1/agents/${created.id}/subagents/${copy.id}`);
    await page.getByRole('button', { name: `Delete ${name} (copy)` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
    await page.getByRole('link', { name, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: `${name} (copy)` }).count()).toBe(0);
    expect((await ws.api.get(`/v1/agents/${copy.id}`)).status).toBe(404);
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

async function expectValue(control: Locator, value: string): Promise<void> {
  await control.waitFor();
  expect(await control.inputValue()).toBe(value);
}
