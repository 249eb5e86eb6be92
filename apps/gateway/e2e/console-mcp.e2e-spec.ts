import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  defaultTestMcpTools,
  eventually,
  MessagingWorkspace,
  useSharedStack,
  TestAuthorizationServer,
  TestMcpServer,
  withAgents,
  type TestMcpTool,
  type StackApi,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

const TRACK_PARCEL: TestMcpTool = {
  name: 'track_parcel',
  description: 'Track a parcel by its number.',
  inputSchema: { type: 'object', properties: { number: { type: 'string' } }, required: ['number'] },
};

/**
 * Issue 39 item 1, MCP servers, through the real stack, real MCP servers on loopback (the SDK's
 * server classes, TestMcpServer; the test stack allows private networks) and Chromium: the
 * connect form's refusals on their fields (its own rules, the API's 400 and 422s), a preview of
 * what the server exposes, connecting with a subset of its tools, choosing tools, a refresh
 * saying what changed, disconnecting with the counts; and an OAuth server authorized from the
 * link the page gives, against TestAuthorizationServer.
 */
describe('the console: MCP servers (e2e)', () => {
  let t: StackApi;
  let ws: MessagingWorkspace;
  const started: { stop(): Promise<void> }[] = [];
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    t = await useSharedStack();
    ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      Object.assign(doc.users[0]!, { password });
    });
  }, 240_000);
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    await t?.stop();
  });
  beforeEach(() => browser.open());
  afterEach(() => browser.close());
  afterAll(() => browser.stop());

  const suffix = () => randomBytes(3).toString('hex');
  const catalogNames = async (mcpId: string) =>
    ((await ws.api.get(`/v1/tools?kind=mcp&mcpId=${mcpId}`)).body.tools as { mcpToolName: string }[])
      .map((tool) => tool.mcpToolName)
      .sort();
  const serverNamed = async (name: string) =>
    ((await ws.api.get('/v1/tools/mcp')).body.servers as { mcpId: string; name: string }[]).find((server) => server.name === name);
  const catalogToolId = async (mcpId: string, mcpToolName: string) =>
    ((await ws.api.get(`/v1/tools?kind=mcp&mcpId=${mcpId}`)).body.tools as { id: string; mcpToolName: string }[]).find(
      (tool) => tool.mcpToolName === mcpToolName,
    )!.id;
  const connectToSofia = async (toolId: string) =>
    expect((await ws.api.post(`/v1/agents/${ws.ids.agents.sofia.id}/tools`, { toolId, status: 'active' })).status).toBe(201);
  const sofiaTools = async () => ((await ws.api.get(`/v1/agents/${ws.ids.agents.sofia.id}/tools`)).body.tools as unknown[]).length;
  /** Waits for a field's message: the control marked invalid, pointing at a message that says `expected`. */
  const fieldError = (page: Page, label: string | RegExp, expected: string | RegExp) =>
    eventually(`the message of ${String(label)}`, async () => {
      const control = page.getByLabel(label);
      const id = (await control.getAttribute('aria-invalid')) === 'true' && (await control.getAttribute('aria-describedby'));
      const said = id ? await page.locator(`#${id}`).innerText() : '';
      return (typeof expected === 'string' ? said === expected : expected.test(said)) && said;
    });

  async function openMcpServers(page: Page) {
    await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
    await page.getByRole('link', { name: 'Tools', exact: true }).click();
    await page.getByRole('link', { name: 'Manage MCP servers' }).click();
    await page.getByRole('heading', { name: 'MCP servers', level: 1 }).waitFor();
  }

  it('previews, connects a subset of tools, chooses, refreshes and disconnects an MCP server', async () => {
    const token = `tok-${suffix()}`;
    const mcp = await TestMcpServer.start({ bearer: token, tools: [...defaultTestMcpTools(), TRACK_PARCEL] });
    started.push(mcp);
    const name = `Clima ${suffix()}`;
    // From an empty list.
    for (const { mcpId } of (await ws.api.get('/v1/tools/mcp')).body.servers) await ws.api.delete(`/v1/tools/mcp/${mcpId}`);
    const page = await browser.newPage();
    await openMcpServers(page);
    await page.getByText('This workspace has no MCP server connected.').waitFor();

    // The form's own rules first: nothing reaches the API.
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await fieldError(page, 'Server URL', 'Required.');
    await fieldError(page, /^Name/, 'Required.');
    await page.getByLabel('Server URL').fill('ftp://example.com/mcp');
    await page.getByRole('button', { name: 'Preview' }).click();
    await fieldError(page, 'Server URL', 'An http(s) URL.');
    await browser.check(page, 'mcp-01-form-refused');

    // The API's refusals, each on its field: a URL it cannot parse (400), a server that is not there (422 unreachable), a token it refuses (422 unauthorized).
    await page.getByLabel('Server URL').fill('http://[::1/mcp');
    await page.getByRole('button', { name: 'Preview' }).click();
    await fieldError(page, 'Server URL', /not a valid URL/);
    await page.getByLabel('Server URL').fill('http://127.0.0.1:1/mcp');
    await page.getByRole('button', { name: 'Preview' }).click();
    await fieldError(page, 'Server URL', /could not be used/);
    await page.getByLabel('Server URL').fill(mcp.url);
    await page.getByLabel('Authentication').selectOption('bearer');
    await page.getByLabel(/^Bearer token/).fill('wrong');
    await page.getByRole('button', { name: 'Preview' }).click();
    await fieldError(page, /^Bearer token/, /refused the credentials/);
    await browser.check(page, 'mcp-02-api-refused');
    expect((await ws.api.get('/v1/tools/mcp')).body.count).toBe(0);

    // The preview: every tool with its description and input schema, nothing saved.
    await page.getByLabel(/^Bearer token/).fill(token);
    await page.getByLabel(/^Headers sent to the server/).fill('X-Tenant: acme');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('article', { name: 'What the server exposes (nothing saved yet)' });
    await preview.waitFor();
    await preview.getByText('Current weather of a city.').waitFor();
    await preview.getByText('Track a parcel by its number.').waitFor();
    const weather = preview.locator('.mcp-tool', { hasText: 'get_weather' });
    await weather.getByText('Input schema').click();
    expect(JSON.parse(await weather.locator('pre').innerText())).toMatchObject({ properties: { units: { enum: ['metric', 'imperial'] } } });
    expect((await ws.api.get('/v1/tools/mcp')).body.count).toBe(0);
    await page.getByRole('button', { name: 'Connect with 3 tools' }).waitFor();
    await page.getByLabel('search_orders', { exact: true }).uncheck();
    await page.getByLabel(/^Name/).fill(name);
    await browser.check(page, 'mcp-03-preview');

    // Connected with two of the three: the catalog has those two.
    await page.getByRole('button', { name: 'Connect with 2 tools' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText(`${name} connected; 2 tools installed.`).waitFor();
    const { mcpId } = (await serverNamed(name))!;
    expect(await catalogNames(mcpId)).toEqual(['get_weather', 'track_parcel']);
    expect((await ws.api.get(`/v1/tools/mcp/${mcpId}`)).body).toMatchObject({ status: 'active', auth: 'bearer', headers: ['X-Tenant'] });
    expect(await page.getByLabel('get_weather', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('search_orders', { exact: true }).isChecked()).toBe(false);
    await browser.check(page, 'mcp-04-server');

    // Choose tools: get_weather (connected to Sofía) out, search_orders in; the page says what went with it.
    await connectToSofia(await catalogToolId(mcpId, 'get_weather'));
    await page.getByLabel('get_weather', { exact: true }).uncheck();
    await page.getByLabel('search_orders', { exact: true }).check();
    await page.getByRole('button', { name: 'Save the choice' }).click();
    await page.getByText('Installed: search_orders. Uninstalled: get_weather. Agent connections removed: 1.').waitFor();
    expect(await catalogNames(mcpId)).toEqual(['search_orders', 'track_parcel']);
    expect(await sofiaTools()).toBe(0);

    // The server changes: search_orders gone, track_parcel described anew, list_stores new. Refresh says so.
    mcp.setTools([
      defaultTestMcpTools()[0]!,
      { ...TRACK_PARCEL, description: 'Track a parcel by its number or its order.' },
      { name: 'list_stores', description: 'Stores near a postal code.', inputSchema: { type: 'object', properties: {} } },
    ]);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Refreshed. Added: list_stores. Updated: track_parcel. Removed: search_orders.').waitFor();
    await page.getByText('Track a parcel by its number or its order.').waitFor();
    expect(await catalogNames(mcpId)).toEqual(['list_stores', 'track_parcel']);
    await page.getByText('2 of 3 installed').waitFor();
    expect(await page.getByLabel('get_weather', { exact: true }).isChecked()).toBe(false);
    await browser.check(page, 'mcp-05-refreshed');

    // Disconnected after a confirmation naming what goes; the list says what went.
    await connectToSofia(await catalogToolId(mcpId, 'track_parcel'));
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByText(`Disconnect ${name}? Its 2 installed tools leave the catalog, with their agent connections.`).waitFor();
    await browser.check(page, 'mcp-06-confirm-disconnect');
    await page.getByRole('button', { name: 'Yes, disconnect' }).click();
    await page.getByText(`${name} disconnected. Tools removed from the catalog: 2; agent connections removed: 1.`).waitFor();
    await page.getByText('This workspace has no MCP server connected.').waitFor();
    expect((await ws.api.get(`/v1/tools/mcp/${mcpId}`)).status).toBe(404);
    expect(await catalogNames(mcpId)).toEqual([]);
    expect(await sofiaTools()).toBe(0);
  });

  it('connects an OAuth server and authorizes it from the link the page gives', async () => {
    const as = await TestAuthorizationServer.start();
    started.push(as);
    const mcp = await TestMcpServer.start({ oauth: as });
    started.push(mcp);
    const name = `Protegido ${suffix()}`;
    const page = await browser.newPage();
    await openMcpServers(page);
    await page.getByLabel('Server URL').fill(mcp.url);
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel('Authentication').selectOption('oauth');
    // Not authorized yet, the server shows nothing: the preview's 422 is on the authentication.
    await page.getByRole('button', { name: 'Preview' }).click();
    await fieldError(page, 'Authentication', /refused the credentials/);

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText(`${name} saved; it needs authorization before its tools can be listed.`).waitFor();
    await page.getByText('No tools yet: authorize the server first.').waitFor();
    const { mcpId } = (await serverNamed(name))!;
    expect((await ws.api.get(`/v1/tools/mcp/${mcpId}`)).body).toMatchObject({ status: 'authorization_required', auth: 'oauth' });
    await page.getByRole('link', { name: 'Back to the MCP servers' }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('Needs authorization')
      .waitFor();
    await browser.check(page, 'mcp-07-list-needs-authorization');
    await page.getByRole('link', { name }).click();

    await page.getByRole('button', { name: 'Start authorization' }).click();
    const link = page.getByRole('link', { name: 'Open the authorization page (new tab)' });
    await link.waitFor();
    const authorizationUrl = new URL((await link.getAttribute('href'))!);
    expect(authorizationUrl.origin).toBe(as.url);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${t.baseUrl}/hooks/mcp/oauth/callback`,
      resource: mcp.url,
    });
    expect(await link.getAttribute('target')).toBe('_blank');
    await browser.check(page, 'mcp-08-authorization-started');

    // The user allows access in the new tab; the gateway's callback installs the tools, and this page sees it.
    const opened = page.context().waitForEvent('page');
    await link.click();
    const tab = await opened;
    await tab.getByText(`Authorized: 2 tools installed from ${name}.`, { exact: false }).waitFor();
    await tab.close();
    await page.getByText('Authorized.', { exact: true }).waitFor();
    await page.getByLabel('get_weather', { exact: true }).waitFor();
    expect(await page.getByLabel('search_orders', { exact: true }).isChecked()).toBe(true);
    expect((await ws.api.get(`/v1/tools/mcp/${mcpId}`)).body).toMatchObject({ status: 'active', installedCount: 2 });
    expect(await catalogNames(mcpId)).toEqual(['get_weather', 'search_orders']);
    await browser.check(page, 'mcp-09-authorized');
  });

  it('is for admins: an agent opening the MCP servers pages is told the role lacks access, with no form', async () => {
    const agent = { email: `abel-${suffix()}@example.test`, password };
    const { workspaceId } = await t.seedMinimalWorkspace({ users: [{ email: agent.email, password, role: 'agent' }] });
    const page = await browser.newPage();
    await browser.signIn(page, agent);
    expect(await page.getByRole('link', { name: 'Tools', exact: true }).count()).toBe(0);
    for (const path of ['tools/mcp', 'tools/mcp/mcp_unknown']) {
      await page.goto(`${t.baseUrl}/console/w/${workspaceId}/${path}`);
      await page.getByRole('heading', { name: 'No access' }).waitFor();
      expect(await page.getByLabel('Server URL').count()).toBe(0);
    }
    await browser.check(page, 'mcp-10-agent-no-access');
  });
});
