import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  isGuardrailEvaluation,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  withAgents,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * Issue 53's console in a real Chromium, against the real stack and two fake OpenAI-compatible
 * providers (the installation's and a workspace connection's, both speaking Chat Completions):
 * a connection created with its models and prices (the credential never in the page again),
 * tested with its one-token call (an answer, then the provider's 401 said plainly); an agent's
 * reply and evaluator models and its fallback list set and reordered by keyboard, the API's 400
 * shown beside the field it names; the moderation switch saved and the customer's message then
 * moderated; a customer's turn answered on the chosen model and its cost on the usage page as
 * GET /v1/usage/models says (the unpriced evaluator's calls "No price", never $0); the quiet
 * flag control reached by keyboard at 390 px. Screenshots: `models-…`.
 */
describe('the console: models, an agent’s models, model cost, moderation switch (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let provider: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const SECRET = `sk-acme-${randomBytes(12).toString('hex')}`;
  const PHONE = { width: 390, height: 844 };

  beforeAll(async () => {
    [llm, provider, graph] = await Promise.all([FakeLlm.start(), FakeLlm.start(), FakeMetaGraph.start()]);
    provider.answer = (request) => (isGuardrailEvaluation(request) ? { text: 'OK' } : { text: `Hola desde ${request.model}` });
    provider.usage = { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 };
    t = await useSharedStack({ llm, graph });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc.users[0]!, { password });
      withAgents(doc);
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await Promise.all([graph, llm, provider].map((fake) => fake?.stop()));
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const sofia = async () => {
    const agents = (await ws.api.get('/v1/agents')).body.workspaces[0].agents as { id: string; name: string }[];
    return agents.find((agent) => agent.name === 'Sofía')!;
  };
  /** The message a control's aria-describedby points at, with aria-invalid set. */
  const messageOf = async (page: Page, control: Locator) => {
    expect(await control.getAttribute('aria-invalid')).toBe('true');
    const id = await control.getAttribute('aria-describedby');
    return page.locator(`[id="${id}"]`).innerText();
  };
  const tableRows = (table: Locator) =>
    table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())));

  it('connects a provider, tests it, sets an agent’s models and fallback, turns moderation on, and shows the turn’s cost', async () => {
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/inbox`);
    await page.getByRole('link', { name: 'Models' }).click();
    await page.getByRole('heading', { level: 1, name: 'Models' }).waitFor();
    await page.getByText("This workspace has no model connection: its agents use the installation's model.").waitFor();

    // A new connection: three models, one without prices (left empty: unpriced, not free).
    await page.getByText('New connection').click();
    const form = page.locator('form.connection-form');
    await form.getByLabel('Name').fill('Acme AI');
    await form.getByLabel('Provider').selectOption('openai_compatible');
    await form.getByLabel('Base URL').fill(provider.url);
    await form.getByLabel('API key').fill(SECRET);
    await form.getByLabel('Model 1 id').fill('acme-large');
    await form.getByLabel('Input $ / million tokens').fill('3');
    await form.getByLabel('Output $ / million tokens').fill('15');
    await form.getByRole('button', { name: 'Add a model' }).click();
    await form.getByLabel('Model 2 id').fill('acme-small');
    await form.getByRole('button', { name: 'Add a model' }).click();
    await form.getByLabel('Model 3 id').fill('acme-mini');
    await form.getByRole('group', { name: 'Model 3' }).getByLabel('Input $ / million tokens').fill('0.15');
    await form.getByRole('group', { name: 'Model 3' }).getByLabel('Output $ / million tokens').fill('0.6');
    await browser.check(page, 'models-01-new-connection');
    await form.getByRole('button', { name: 'Create connection' }).click();
    const card = page.getByRole('article', { name: 'Acme AI' });
    await card.waitFor();
    const [connection] = (await ws.api.get('/v1/models/connections')).body.workspaces[0].connections;
    expect(connection).toMatchObject({
      name: 'Acme AI',
      provider: 'openai_compatible',
      baseUrl: provider.url,
      hasCredential: true,
      breaker: { state: 'closed' },
      models: [
        { id: 'acme-large', inputUsdPerMillion: 3, outputUsdPerMillion: 15 },
        { id: 'acme-small', inputUsdPerMillion: null, outputUsdPerMillion: null },
        { id: 'acme-mini', inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 },
      ],
    });
    expect(await tableRows(card.getByRole('table'))).toEqual([
      ['acme-large', '$3.00', '$15.00'],
      ['acme-small', 'No price', 'No price'],
      ['acme-mini', '$0.15', '$0.60'],
    ]);
    expect(await card.locator('dl').innerText()).toContain('Stored (never shown)');
    expect(await page.content()).not.toContain(SECRET);

    // The test button: the one-token call answered, then the provider's refusal said plainly.
    await card.getByLabel('Model to test').selectOption('acme-mini');
    await card.getByRole('button', { name: 'Test Acme AI' }).click();
    await card.getByText(/^acme-mini answered in \d+ ms\.$/).waitFor();
    expect(provider.requests.at(-1)).toMatchObject({ model: 'acme-mini', max_tokens: 1 });
    provider.failNext(1, 401);
    await card.getByRole('button', { name: 'Test Acme AI' }).click();
    const failed = card.getByRole('alert');
    await failed.waitFor();
    expect(await failed.innerText()).toMatch(/^acme-mini failed after \d+ ms: status 401/);
    await browser.check(page, 'models-02-connection-tested');

    // Edit: the key's field is empty and says so; saved empty, the stored key stays.
    await card.getByRole('button', { name: 'Edit Acme AI' }).click();
    const edit = card.getByRole('region', { name: 'Edit Acme AI' });
    const newKey = edit.getByLabel('New API key (leave empty to keep the stored one)');
    expect(await newKey.inputValue()).toBe('');
    expect(await newKey.getAttribute('type')).toBe('password');
    await edit.getByLabel('Name').fill('Acme');
    await edit.getByRole('button', { name: 'Save connection' }).click();
    // Exact: 'Acme' is also part of the card's old name, 'Acme AI', there before the save lands.
    await page.getByRole('article', { name: 'Acme', exact: true }).waitFor();
    expect((await ws.api.get(`/v1/models/connections/${connection.id}`)).body.data.connection).toMatchObject({
      name: 'Acme',
      hasCredential: true,
      baseUrl: provider.url,
    });
    await page.setViewportSize(PHONE);
    await browser.check(page, 'models-03-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The agent's models: replies on acme-large, the evaluator on the unpriced acme-small, two fallbacks.
    const agent = await sofia();
    await ws.api.patch(`/v1/agents/${agent.id}/guardrails`, { enabled: true, rules: ['No hablar de política'] });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/agents/${agent.id}`);
    const models = page.getByRole('region', { name: 'Models' });
    await models.getByLabel('Replies').selectOption({ label: 'acme-large — Acme' });
    await models.getByLabel('Guardrail evaluator').selectOption({ label: 'acme-small — Acme' });
    expect(await models.getByLabel('Summaries').inputValue()).toBe('');
    await models.getByLabel('Fallback to add').selectOption({ label: 'acme-small — Acme' });
    await models.getByRole('button', { name: 'Add to the fallback list' }).click();
    await models.getByLabel('Fallback to add').selectOption({ label: 'acme-mini — Acme' });
    await models.getByRole('button', { name: 'Add to the fallback list' }).click();
    // Reordered by keyboard: acme-mini moved up, the focus staying with it.
    await models.getByRole('button', { name: 'Move acme-mini — Acme up' }).focus();
    await page.keyboard.press('Enter');
    const fallbackNames = () =>
      models.getByRole('listitem').evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent ?? ''));
    expect(await fallbackNames()).toEqual(['acme-mini — Acme', 'acme-small — Acme']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move acme-mini — Acme down');

    // A model the connection does not offer (the request changed on its way): the API's 400 beside the field.
    await page.route('**/v1/agents/*/models**', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const body = route.request().postDataJSON() as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify({ ...body, reply: { connectionId: connection.id, model: 'acme-gone' } }) });
    });
    await models.getByRole('button', { name: 'Save models' }).click();
    await models.getByRole('alert').waitFor();
    expect(await messageOf(page, models.getByLabel('Replies'))).toBe('Acme offers acme-large, acme-small, acme-mini');
    await page.unrouteAll();
    await models.getByRole('button', { name: 'Save models' }).click();
    await models.getByText('Saved.').waitFor();
    const ref = (model: string) => ({ connectionId: connection.id, model });
    expect((await ws.api.get(`/v1/agents/${agent.id}/models`)).body).toEqual({
      reply: ref('acme-large'),
      guardrail: ref('acme-small'),
      summary: null,
      fallback: [ref('acme-mini'), ref('acme-small')],
    });
    await browser.check(page, 'models-04-agent-models');

    // The moderation switch, saved with the guardrails.
    const guardrails = page.getByRole('region', { name: 'Guardrails' });
    await guardrails.getByLabel('Moderation endpoint: check each customer message').check();
    await guardrails.getByRole('button', { name: 'Save guardrails' }).click();
    await guardrails.getByText('Saved.').waitFor();
    expect((await ws.api.get(`/v1/agents/${agent.id}/guardrails`)).body).toMatchObject({ enabled: true, moderationEnabled: true });
    await page.reload();
    expect(await page.getByLabel('Moderation endpoint: check each customer message').isChecked()).toBe(true);
    await page.setViewportSize(PHONE);
    await browser.check(page, 'models-05-agent-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A customer's turn: moderated, answered on acme-large, judged by acme-small.
    const said = `hola ${randomBytes(3).toString('hex')}`;
    const { phone, conversation } = await ws.customerWrites(newPhone(), said);
    await eventually(
      'the reply from acme-large',
      async () =>
        graph
          .sends(ws.whatsapp.phoneNumberId)
          .some((s) => s.body.to === phone && JSON.stringify(s.body).includes('Hola desde acme-large')) || undefined,
      30_000,
    );
    expect(llm.moderation.inputs().flat()).toContain(said);
    expect(provider.requests.some((r) => r.model === 'acme-small' && isGuardrailEvaluation(r))).toBe(true);

    // The usage page: the rows GET /v1/usage/models answers, the unpriced calls said to be so.
    const usage = await eventually('the turn’s model calls in the usage', async () => {
      const answer = (await ws.api.get('/v1/usage/models')).body.workspaces[0].models;
      const models = new Set(answer.rows.map((row: { model: string }) => row.model));
      return models.has('acme-large') && models.has('acme-small') ? answer : undefined;
    });
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/usage`);
    const cost = page.getByRole('region', { name: 'Model cost' });
    const table = cost.getByRole('table', { name: 'Model tokens and cost by day, agent and model' });
    await table.waitFor();
    const usd = (value: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 6 }).format(value);
    const expected = usage.rows.map((row: Record<string, any>) => [
      row.date,
      row.agentId === agent.id ? 'Sofía' : row.agentId,
      `${row.model} ${row.connectionId === connection.id ? 'Acme' : "installation's"}`,
      String(row.calls),
      new Intl.NumberFormat('en-US').format(row.inputTokens),
      new Intl.NumberFormat('en-US').format(row.outputTokens),
      row.unpricedCalls === row.calls
        ? 'No price'
        : row.unpricedCalls > 0
          ? `${usd(row.costUsd)} + ${row.unpricedCalls} calls without a price`
          : usd(row.costUsd),
    ]);
    expect(await tableRows(table)).toEqual(expected);
    const large = usage.rows.find((row: { model: string }) => row.model === 'acme-large');
    // 1200 input and 300 output tokens a call at $3 and $15 a million.
    expect(large.costUsd).toBeCloseTo((large.calls * (1200 * 3 + 300 * 15)) / 1e6, 9);
    const small = (await tableRows(table)).find((row) => row[2]!.startsWith('acme-small'))!;
    expect(small.at(-1)).toBe('No price');
    await cost.getByText(/calls? (was|were) of (a model|models) without a price/).waitFor();
    await browser.check(page, 'models-06-usage-cost');
    await page.setViewportSize(PHONE);
    await browser.check(page, 'models-07-usage-phone');

    // The flag control at 390 px: quiet (no filled button), reached with Tab, opened with Enter.
    await page.goto(`${t.baseUrl}/console/w/${ws.id}/conversations/${conversation.id}`);
    const flag = page.getByRole('button', { name: 'Flag message' });
    await flag.waitFor();
    expect(await flag.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    await page.getByText(said, { exact: true }).click();
    for (let presses = 0; presses < 40; presses++) {
      if (await flag.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await flag.evaluate((element) => element === document.activeElement)).toBe(true);
    await browser.check(page, 'models-08-flag-control-phone');
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: "Flag the customer's message" }).getByLabel('Severity').waitFor();
    await browser.check(page, 'models-09-flag-form-phone');
  });
});
