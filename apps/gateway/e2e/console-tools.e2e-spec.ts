import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { eventually, HttpTarget, MessagingWorkspace, useSharedStack, withAgents, type StackApi } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

const REDACTED = '[REDACTED]';

/**
 * Issue 39 item 1 through the real stack, a remote API on loopback and Chromium: a custom API
 * created with the form (bad fields refused by the form first), its secret redacted on read and
 * kept on a save that leaves it so, a dry run showing the assembled request, a real call showing
 * the trimmed response, paused and enabled, in the catalog, connected to an agent, deactivated
 * and disconnected, and deleted with the count of connections it took along.
 */
describe('the console: tools (e2e)', () => {
  let t: StackApi;
  let ws: MessagingWorkspace;
  let target: HttpTarget;
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    target = await HttpTarget.start();
    t = await useSharedStack();
    ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      Object.assign(doc.users[0]!, { password });
    });
  }, 240_000);
  afterAll(async () => {
    await t?.stop();
    await target?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const apiNamed = async (name: string) =>
    ((await ws.api.get('/v1/tools/apis')).body.apis as { id: string; name: string }[]).find((a) => a.name === name);
  const read = async (id: string) => (await ws.api.get(`/v1/tools/apis/${id}`)).body;
  const connections = async (agentId: string) => (await ws.api.get(`/v1/agents/${agentId}/tools`)).body.tools as any[];
  const pre = (page: Page, name: string) => page.getByLabel(name, { exact: true }).locator('code').innerText();

  it('creates, edits, tests, publishes, connects and deletes a custom API', async () => {
    const name = `clima_${randomBytes(3).toString('hex')}`;
    const token = `tok-${randomBytes(6).toString('hex')}`;
    const page = await browser.newPage();
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Tools', exact: true }).click();
    await page.getByRole('heading', { name: 'Tools', exact: true }).waitFor();
    await page.getByText('New custom API').click();

    // The form's own rules: a lowercase name, a timeout within 1000..60000; nothing reaches the API.
    await page.getByLabel(/^Name \(lowercase/).fill('Clima-Norte');
    await page.getByLabel(/^Description: when/).fill('Consulta el clima actual de una ciudad para responder al cliente.');
    await page.getByLabel(/^URL/).fill(`${target.url}/v2/{{units}}/weather/{{city}}`);
    await page.getByLabel(/^Timeout in ms/).fill('500');
    const countBefore = (await ws.api.get('/v1/tools/apis')).body.count;
    await page.getByRole('button', { name: 'Create custom API' }).click();
    await page.getByText('Lowercase letters, digits and "_", starting with a letter or digit.').waitFor();
    await page.getByText('A whole number from 1000 to 60000.').waitFor();
    await browser.check(page, 'tools-01-new-refused');
    expect((await ws.api.get('/v1/tools/apis')).body.count).toBe(countBefore);

    await page.getByLabel(/^Name \(lowercase/).fill(name);
    await page.getByLabel(/^Timeout in ms/).fill('5000');
    await page.getByLabel(/^Query parameters/).fill('phone={{callerPhone}}');
    await page.getByLabel(/^Headers/).fill('Accept: application/json');
    await page.getByLabel('Authentication').selectOption('bearer');
    await page.getByLabel('Bearer token').fill(token);
    // city (ai, with an enum), units (constant: a secret like any write-only value), callerPhone (from the conversation).
    const addVariable = async (n: number, name: string, mode: string) => {
      await page.getByRole('button', { name: /^Add a variable/ }).click();
      await page.getByLabel(`Name of variable ${n}`).fill(name);
      await page.getByLabel(`Mode of variable ${n}`).selectOption(mode);
    };
    await addVariable(1, 'city', 'ai');
    await page.getByLabel(/^Description of variable 1/).fill('Ciudad a consultar');
    await page.getByLabel('Variable 1 is required').check();
    await page.getByLabel(/^Schema refinements of variable 1/).fill('{"enum": ["Monterrey", "CDMX"]}');
    await addVariable(2, 'units', 'constant');
    await page.getByLabel('Value of variable 2').fill('metric');
    await addVariable(3, 'callerPhone', 'context');
    await page.getByLabel('Conversation field of variable 3').selectOption('phoneNumber');
    await page.getByLabel(/^Pass the conversation context/).check();
    await page.getByLabel('Path to the useful fragment').fill('data');
    await page.getByLabel('Only these fields, one per line').fill('temp\ncity');
    await page.getByRole('button', { name: 'Create custom API' }).click();
    await page.getByRole('link', { name }).waitFor();
    const { id } = (await apiNamed(name))!;
    const created = await read(id);
    expect(created).toMatchObject({
      status: 'draft',
      passContext: true,
      secretsRedacted: true,
      request: {
        method: 'GET',
        params: [{ key: 'phone', value: '{{callerPhone}}' }],
        headers: [{ key: 'Accept', value: 'application/json' }],
        auth: { type: 'bearer', token: REDACTED },
        settings: { timeoutMs: 5000 },
      },
      response: { path: 'data', include: ['temp', 'city'] },
    });
    expect(created.variables).toEqual([
      expect.objectContaining({ name: 'city', mode: 'ai', required: true, description: 'Ciudad a consultar', enum: ['Monterrey', 'CDMX'] }),
      expect.objectContaining({ name: 'units', mode: 'constant', constantValue: REDACTED }),
      expect.objectContaining({ name: 'callerPhone', mode: 'context', contextField: 'phoneNumber' }),
    ]);
    await browser.check(page, 'tools-02-list');

    // Edited with the token left redacted: the description changes, the stored token stays.
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByLabel('Bearer token').inputValue()).toBe(REDACTED);
    expect(await page.getByLabel('Value of variable 2').inputValue()).toBe(REDACTED);
    await page.getByLabel(/^Description: when/).fill('Consulta el clima de una ciudad (actualizada desde la consola).');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('version 2').waitFor();
    const edited = await read(id);
    expect(edited).toMatchObject({
      version: 2,
      description: expect.stringContaining('desde la consola'),
      request: { auth: { token: REDACTED } },
    });

    // A dry run: the request as assembled, nothing sent.
    await page.getByLabel('Input for the ai variables (JSON object)').fill('{"city":"Monterrey"}');
    await page.getByLabel(/^Context: customer phone number/).fill('5215550002');
    await page.getByRole('button', { name: 'Dry run (send nothing)' }).click();
    const assembled = JSON.parse(await pre(page, 'Assembled request'));
    expect(assembled).toMatchObject({ method: 'GET', url: `${target.url}/v2/%5BREDACTED%5D/weather/Monterrey?phone=5215550002` });
    expect(target.requests).toHaveLength(0);
    await browser.check(page, 'tools-03-dry-run');

    // A real call: the remote gets the kept token, the page shows the answer trimmed to `data` and the included fields.
    target.setHandler(() => ({ body: { data: { temp: 21, city: 'Monterrey', internalCode: 'x-991' }, meta: { page: 1 } } }));
    await page.getByRole('button', { name: 'Call the API' }).click();
    await page.getByLabel('Response, as trimmed for the model', { exact: true }).waitFor();
    expect(JSON.parse(await pre(page, 'Response, as trimmed for the model'))).toEqual({ temp: 21, city: 'Monterrey' });
    const call = await target.waitFor((r) => r.path === '/v2/metric/weather/Monterrey');
    expect(call.headers.authorization).toBe(`Bearer ${token}`);
    expect(call.query).toEqual({ phone: '5215550002' });
    await browser.check(page, 'tools-04-real-test');
    await eventually('the test recorded', async () => ((await apiNamed(name)) as any)?.lastTestOutcome === 'success' || undefined);

    // Enabled, paused, enabled again: each read back.
    await page.getByRole('button', { name: `Enable ${name}` }).click();
    await page.getByRole('button', { name: `Pause ${name}` }).waitFor();
    expect((await read(id)).status).toBe('enabled');
    await page.getByRole('button', { name: `Pause ${name}` }).click();
    await page.getByRole('button', { name: `Enable ${name}` }).waitFor();
    expect((await read(id)).status).toBe('paused');
    await page.getByRole('button', { name: `Enable ${name}` }).click();
    await page.getByRole('button', { name: `Pause ${name}` }).waitFor();
    expect((await read(id)).status).toBe('enabled');

    // In the catalog, with the arguments the model receives.
    await page.getByRole('link', { name: 'Back to the tools' }).click();
    await page.locator('summary', { hasText: `api_${name}` }).click();
    await page.getByText('Arguments, as the model receives them (JSON Schema):').waitFor();
    await browser.check(page, 'tools-05-catalog');

    // Connected to Sofía, deactivated, activated, disconnected, connected again.
    const sofia = ws.ids.agents.sofia.id as string;
    await page.goto(`${t.baseUrl}/console/w/${ws.ids.workspace.id}/agents/${sofia}`);
    await page.getByRole('link', { name: 'Tool connections' }).click();
    await page.getByRole('heading', { name: 'Tool connections' }).waitFor();
    const connect = async () => {
      await page.getByLabel('Connect a catalog tool').selectOption({ label: `api_${name}` });
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.getByRole('button', { name: `Deactivate api_${name}`, exact: true }).waitFor();
    };
    await connect();
    expect(await connections(sofia)).toEqual([expect.objectContaining({ toolId: id, connectionStatus: 'active' })]);
    await page.getByRole('button', { name: `Deactivate api_${name}`, exact: true }).click();
    await page.getByRole('button', { name: `Activate api_${name}`, exact: true }).waitFor();
    expect(await connections(sofia)).toEqual([expect.objectContaining({ toolId: id, connectionStatus: 'inactive' })]);
    await browser.check(page, 'tools-06-agent-connections');
    await page.getByRole('button', { name: `Disconnect api_${name}` }).click();
    await page.getByText('This agent has no tool connected.').waitFor();
    expect(await connections(sofia)).toEqual([]);
    await connect();

    // Deleted from the list: the page says the connection went with it.
    await page.getByRole('link', { name: 'Tools', exact: true }).click();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText(`${name} deleted, with 1 agent connection.`).waitFor();
    await page.getByRole('link', { name }).waitFor({ state: 'detached' });
    expect((await ws.api.get(`/v1/tools/apis/${id}`)).status).toBe(404);
    expect(await connections(sofia)).toEqual([]);
  });
});
