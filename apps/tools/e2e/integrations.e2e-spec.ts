import { randomBytes } from 'node:crypto';
import {
  deliverMetaWebhook,
  eventually,
  FakeGoogleCalendar,
  FakeHubspot,
  FakeLlm,
  FakeMetaGraph,
  FakeShopify,
  lastOf,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  textOf,
  whatsappInbound,
  withAgents,
  type ChatCompletionRequest,
  type FakeAnswer,
  type HttpClient,
  type TestStack,
} from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/**
 * First-party integrations (docs/tools.md › Integrations; issue 55) through the gateway, each
 * provider against a fake that speaks its wire protocol: Shopify's GraphQL Admin API with an
 * access token, Google's OAuth 2.0 (PKCE, refresh) and Calendar API v3. Install, the catalog's
 * `kind: integration` entries, a WhatsApp customer answered through a provider call, pause,
 * tool choice, an authorization that expires (refreshed) and one revoked (shown, then mended),
 * uninstall removing the agents' connections.
 */
describe('integrations (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let shopify: FakeShopify;
  let google: FakeGoogleCalendar;
  let hubspot: FakeHubspot;
  let ws: MessagingWorkspace;
  let api: HttpClient;
  let other: HttpClient;
  let sofia: string;
  const shopToken = `shpat_${randomBytes(16).toString('hex')}`;
  const hubToken = `pat-na1-${randomBytes(16).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const browser = new TestBrowser(() => t.baseUrl);

  beforeAll(async () => {
    [llm, graph, shopify, google, hubspot] = await Promise.all([
      FakeLlm.start(),
      FakeMetaGraph.start(),
      FakeShopify.start(shopToken),
      FakeGoogleCalendar.start(),
      FakeHubspot.start(hubToken),
    ]);
    t = await startTestStack({
      ...llm.env(),
      ...google.env(),
      META_GRAPH_BASE_URL: graph.url,
      INTEGRATIONS_SHOPIFY_BASE_URL: shopify.url,
      INTEGRATIONS_HUBSPOT_BASE_URL: hubspot.url,
      PLATICA_TURN_DEBOUNCE_MS: '300',
    });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      Object.assign(doc.users[0]!, { password });
    });
    api = ws.api;
    sofia = ws.ids.agents.sofia.id;
    other = t.http.withToken((await t.seedMinimalWorkspace()).key);
    llm.answer = callThenAnswer;
  });
  afterAll(async () => {
    await browser.stop();
    await t?.stop();
    await Promise.all([llm?.stop(), graph?.stop(), shopify?.stop(), google?.stop(), hubspot?.stop()]);
  });

  /** The model of these tests: on `[[tool:NAME {json}]]` it calls the offered tool NAME once, then answers with its result. */
  function callThenAnswer(request: ChatCompletionRequest): FakeAnswer {
    const said = textOf(lastOf(request.messages, 'user'));
    const asked = /\[\[tool:(\S+) (\{[^\]]*\})\]\]/.exec(said);
    const result = request.messages.filter((m) => m.role === 'tool').pop();
    if (result) return { text: `RESULT: ${textOf(result)}` };
    const offered = request.tools?.some((entry) => entry.function.name === asked?.[1]);
    if (!asked || !offered) return { text: `ECHO: ${said}` };
    return { toolCall: { name: asked[1]!, arguments: JSON.parse(asked[2]!) } };
  }

  const catalog = async (query: string) => {
    const res = await api.get(`/v1/tools?${query}`);
    expect(res.status).toBe(200);
    return res.body.tools as any[];
  };

  async function chat(message: string): Promise<string> {
    const res = await api.post('/v1/chat', { agentId: sofia, client: { phoneNumber: newPhone() }, message });
    expect(res.status).toBe(200);
    return res.body.messages.map((m: { content: string }) => m.content).join('\n');
  }

  /** The user consents at the provider, which sends the browser back to the gateway's callback. */
  async function authorize(installationId: string): Promise<Response> {
    const started = await api.post(`/v1/tools/integrations/${installationId}/oauth/start`);
    expect(started.status).toBe(200);
    const consent = await fetch(started.body.authorizationUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    return fetch(consent.headers.get('location')!);
  }

  it('the gallery lists the providers with their settings, credentials and the tools the model would see', async () => {
    const res = await api.get('/v1/tools/integrations/providers');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.providers.map((p: any) => [p.providerId, p]));
    expect(byId.shopify).toMatchObject({
      name: 'Shopify',
      auth: 'api_key',
      available: true,
      settings: [expect.objectContaining({ key: 'shopDomain', required: true })],
      tools: [
        {
          providerToolName: 'find_orders',
          description: expect.stringContaining('order number'),
          parameters: expect.objectContaining({
            type: 'object',
            properties: expect.objectContaining({ orderNumber: expect.any(Object), email: expect.any(Object) }),
          }),
        },
      ],
    });
    expect(byId.google_calendar).toMatchObject({ auth: 'oauth2', available: true });
    expect(byId.hubspot).toMatchObject({ auth: 'api_key', available: true, settings: [] });
    expect(byId.google_calendar.tools.map((tool: any) => tool.providerToolName)).toEqual([
      'find_free_slots',
      'book_appointment',
      'cancel_appointment',
    ]);
  });

  it('Shopify: install with an access token, the catalog entries, a WhatsApp customer answered from the store, pause, uninstall', async () => {
    // Refusals name the fields at fault.
    const refused = async (body: unknown) => {
      const res = await api.post('/v1/tools/integrations', body);
      expect(res.status).toBe(400);
      return res.body.details.map((d: { path: (string | number)[] }) => d.path.join('.'));
    };
    expect(await refused({ providerId: 'shopify', settings: { shopDomain: 'acme.myshopify.com' } })).toEqual(['credentials.apiKey']);
    expect(
      await refused({ providerId: 'shopify', settings: { shopDomain: 'http://10.0.0.1' }, credentials: { apiKey: shopToken } }),
    ).toEqual(['settings.shopDomain']);
    expect(await refused({ providerId: 'nope', settings: {} })).toEqual(['providerId']);
    expect(
      await refused({
        providerId: 'shopify',
        settings: { shopDomain: 'acme.myshopify.com' },
        credentials: { apiKey: shopToken },
        tools: ['drop_tables'],
      }),
    ).toEqual(['tools.0']);

    const installed = await api.post('/v1/tools/integrations', {
      providerId: 'shopify',
      name: 'Tienda Acme',
      settings: { shopDomain: 'acme.myshopify.com' },
      credentials: { apiKey: shopToken },
    });
    expect(installed.status).toBe(201);
    const installationId = installed.body.data.installationId;
    expect(installed.body.data).toMatchObject({
      providerId: 'shopify',
      name: 'Tienda Acme',
      status: 'active',
      auth: 'api_key',
      authorized: true,
      installedCount: 1,
    });
    // The access token is write-only: never answered, and sealed at rest.
    expect(JSON.stringify(installed.body)).not.toContain(shopToken);
    expect(JSON.stringify((await api.get(`/v1/tools/integrations/${installationId}`)).body)).not.toContain(shopToken);
    const [row] = await t.query<{ secrets_sealed: string }>('select secrets_sealed from tools.integration_installation where id = $1', [
      installationId,
    ]);
    expect(row!.secrets_sealed).not.toContain(shopToken);

    // The catalog: kind integration with the spec's three fields, by kind and by integrationId.
    const [tool] = await catalog(`integrationId=${installationId}`);
    expect(tool).toEqual(
      expect.objectContaining({
        name: 'shopify_find_orders',
        kind: 'integration',
        status: 'active',
        installationId,
        providerId: 'shopify',
        providerToolName: 'find_orders',
        mcpId: null,
        mcpToolName: null,
        integrationId: null,
        parameters: expect.objectContaining({ type: 'object' }),
      }),
    );
    expect((await catalog('kind=integration')).map((entry) => entry.id)).toContain(tool.id);
    expect(await catalog('kind=mcp')).toEqual([]);
    expect((await api.get(`/v1/tools/${tool.id}`)).body).toMatchObject({ installationId, providerToolName: 'find_orders' });
    // Another workspace sees none of it.
    expect((await other.get(`/v1/tools/integrations/${installationId}`)).status).toBe(404);
    expect((await other.get(`/v1/tools?integrationId=${installationId}`)).body.tools).toEqual([]);

    expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: tool.id })).status).toBe(201);

    // A WhatsApp customer asks about an order: the model calls the tool, Shopify is asked, the answer goes out.
    const phone = newPhone();
    const wa = ws.whatsapp;
    await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({
        phoneNumberId: wa.phoneNumberId,
        displayPhone: wa.phoneNumber,
        from: phone,
        text: '¿Dónde está mi pedido? [[tool:shopify_find_orders {"orderNumber":"1001"}]]',
      }),
      wa.appSecret,
    );
    const [sent] = await eventually(
      'the answer at the Graph API',
      async () => {
        const sends = graph.sends(wa.phoneNumberId).filter((s) => s.body.to === phone);
        return sends.length >= 1 && sends;
      },
      30_000,
    );
    const reply = sent!.body.text.body as string;
    expect(reply).toMatch(/^RESULT: /);
    expect(JSON.parse(reply.replace(/^RESULT: /, ''))).toEqual({
      orders: [
        expect.objectContaining({
          orderNumber: '#1001',
          paymentStatus: 'PAID',
          fulfillmentStatus: 'FULFILLED',
          total: '1299.00 MXN',
          shipments: [
            {
              status: 'IN_TRANSIT',
              estimatedDeliveryAt: '2026-11-30T23:00:00Z',
              deliveredAt: null,
              tracking: [{ carrier: 'DHL Express', number: '1234567890', url: expect.stringContaining('1234567890') }],
            },
          ],
        }),
      ],
    });
    // What Shopify received: the Admin API's GraphQL endpoint, the access token, the search syntax.
    const asked = shopify.requests.at(-1)!;
    expect(asked).toMatchObject({ path: '/admin/api/2025-01/graphql.json', token: shopToken, variables: { query: 'name:#1001' } });
    expect(asked.query).toContain('trackingInfo');
    // Recorded in the integration log, with the conversation and the model's call id.
    const runs = await eventually('the call recorded', async () => {
      const rows = await t.query<{
        outcome: string;
        http_status: number;
        provider_tool_name: string;
        agent_id: string;
        tool_call_id: string;
      }>('select outcome, http_status, provider_tool_name, agent_id, tool_call_id from tools.integration_run where installation_id = $1', [
        installationId,
      ]);
      return rows.length > 0 && rows;
    });
    expect(runs).toEqual([
      { outcome: 'success', http_status: 200, provider_tool_name: 'find_orders', agent_id: sofia, tool_call_id: expect.any(String) },
    ]);

    // By email, over the chat API: both orders, newest first.
    const byEmail = await chat('[[tool:shopify_find_orders {"email":"ana.lopez@example.com"}]]');
    expect(JSON.parse(byEmail.replace(/^RESULT: /, '')).orders.map((o: any) => o.orderNumber)).toEqual(['#1002', '#1001']);
    // A wrong token: Shopify's 401 is the model's to read, not a failure of the turn.
    expect((await api.patch(`/v1/tools/integrations/${installationId}`, { credentials: { apiKey: 'shpat_wrong' } })).status).toBe(200);
    expect(await chat('[[tool:shopify_find_orders {"orderNumber":"1001"}]]')).toContain('Shopify refused the credentials (401)');
    expect((await api.patch(`/v1/tools/integrations/${installationId}`, { credentials: { apiKey: shopToken } })).status).toBe(200);

    // Pause: out of the catalog, the connection kept; resume: back.
    expect((await api.post(`/v1/tools/integrations/${installationId}/pause`)).body.data).toMatchObject({ status: 'paused' });
    expect(await catalog(`integrationId=${installationId}`)).toEqual([]);
    expect((await api.get(`/v1/agents/${sofia}/tools`)).body.tools.map((c: any) => c.toolId)).toContain(tool.id);
    expect((await api.post(`/v1/tools/integrations/${installationId}/resume`)).body.data).toMatchObject({ status: 'active' });
    expect((await catalog(`integrationId=${installationId}`)).map((entry) => entry.id)).toEqual([tool.id]);

    // Uninstall: the tool and the agent's connection go.
    const removed = await api.delete(`/v1/tools/integrations/${installationId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ installationId, removedTools: 1, removedAgentConnections: 1 });
    expect((await api.get(`/v1/agents/${sofia}/tools`)).body.tools.map((c: any) => c.toolId)).not.toContain(tool.id);
    expect(await catalog(`integrationId=${installationId}`)).toEqual([]);
    expect((await api.get(`/v1/tools/integrations/${installationId}`)).status).toBe(404);
  });

  it('Google Calendar: OAuth with PKCE from the dashboard, tools chosen, an appointment booked, a token refreshed before it expires, a revoked one shown and mended', async () => {
    const installed = await api.post('/v1/tools/integrations', {
      providerId: 'google_calendar',
      settings: { calendarId: 'citas@example.com', timeZone: 'America/Mexico_City' },
    });
    expect(installed.status).toBe(201);
    const installationId = installed.body.data.installationId;
    expect(installed.body.data).toMatchObject({ status: 'authorization_required', auth: 'oauth2', authorized: false, installedCount: 3 });
    // Nothing in the catalog until authorized.
    expect(await catalog(`integrationId=${installationId}`)).toEqual([]);

    const started = await api.post(`/v1/tools/integrations/${installationId}/oauth/start`);
    expect(started.status).toBe(200);
    const redirectUri = `${t.baseUrl}/hooks/integrations/oauth/callback`;
    expect(started.body).toEqual({
      installationId,
      authorizationUrl: expect.stringMatching(`^${google.url}/o/oauth2/v2/auth\\?`),
      redirectUri,
    });
    expect(Object.fromEntries(new URL(started.body.authorizationUrl).searchParams)).toMatchObject({
      response_type: 'code',
      client_id: google.clientId,
      redirect_uri: redirectUri,
      code_challenge_method: 'S256',
      code_challenge: expect.any(String),
      state: expect.any(String),
      access_type: 'offline',
      scope: expect.stringContaining('https://www.googleapis.com/auth/calendar.events'),
    });
    const consent = await fetch(started.body.authorizationUrl, { redirect: 'manual' });
    const callback = await fetch(consent.headers.get('location')!);
    expect(callback.status).toBe(200);
    expect(await callback.text()).toContain('Integration authorized');
    expect(google.grants).toEqual(['authorization_code']);
    // A state is good once.
    expect((await fetch(consent.headers.get('location')!)).status).toBe(400);
    const authorized = (await api.get(`/v1/tools/integrations/${installationId}`)).body;
    expect(authorized).toMatchObject({ status: 'active', authorized: true, lastError: null });
    expect(Date.parse(authorized.authorizationExpiresAt)).toBeGreaterThan(Date.now() + 3_000_000);
    expect(JSON.stringify(authorized)).not.toMatch(/ya29\.|1\/\/0g/);

    // Choose the tools: cancel is uninstalled.
    const synced = await api.post(`/v1/tools/integrations/${installationId}/tools/sync`, {
      tools: ['find_free_slots', 'book_appointment'],
    });
    expect(synced.status).toBe(200);
    expect(synced.body.data).toMatchObject({
      installed: [],
      uninstalled: ['cancel_appointment'],
      removedAgentConnections: 0,
      installedCount: 2,
    });
    const tools = await catalog(`integrationId=${installationId}`);
    expect(tools.map((tool) => tool.name).sort()).toEqual(['google_calendar_book_appointment', 'google_calendar_find_free_slots']);
    for (const tool of tools) expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: tool.id })).status).toBe(201);

    // Free slots around a busy hour, then a booking.
    google.busy = [{ start: '2026-12-01T16:00:00Z', end: '2026-12-01T17:00:00Z' }];
    const slots = JSON.parse(
      (
        await chat(
          '[[tool:google_calendar_find_free_slots {"timeMin":"2026-12-01T15:00:00Z","timeMax":"2026-12-01T18:00:00Z","durationMinutes":60}]]',
        )
      ).replace(/^RESULT: /, ''),
    );
    expect(slots.free).toEqual([
      { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T16:00:00.000Z' },
      { start: '2026-12-01T17:00:00.000Z', end: '2026-12-01T18:00:00.000Z' },
    ]);
    expect(google.apiRequests.at(-1)!.json).toMatchObject({ items: [{ id: 'citas@example.com' }], timeZone: 'America/Mexico_City' });
    const booked = JSON.parse(
      (
        await chat(
          '[[tool:google_calendar_book_appointment {"start":"2026-12-01T15:00:00Z","end":"2026-12-01T16:00:00Z","summary":"Cita con Ana","attendeeEmail":"ana.lopez@example.com"}]]',
        )
      ).replace(/^RESULT: /, ''),
    );
    expect(booked).toMatchObject({ eventId: expect.any(String), status: 'confirmed' });
    const insert = google.apiRequests.at(-1)!;
    expect(insert.path).toBe('/calendar/v3/calendars/citas%40example.com/events');
    expect(insert.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(insert.json).toMatchObject({ summary: 'Cita con Ana', attendees: [{ email: 'ana.lopez@example.com' }] });

    // A token that expires within the minute: shown on the installation, refreshed before the next call.
    google.accessTtlSeconds = 30;
    expect((await authorize(installationId)).status).toBe(200);
    const expiring = (await api.get(`/v1/tools/integrations/${installationId}`)).body.authorizationExpiresAt;
    expect(Date.parse(expiring)).toBeLessThan(Date.now() + 60_000);
    const grantsBefore = google.grants.length;
    expect(
      await chat('[[tool:google_calendar_find_free_slots {"timeMin":"2026-12-02T15:00:00Z","timeMax":"2026-12-02T16:00:00Z"}]]'),
    ).toContain('"free"');
    expect(google.grants.slice(grantsBefore)).toEqual(['refresh_token']);
    expect((await api.get(`/v1/tools/integrations/${installationId}`)).body.authorizationExpiresAt).not.toBe(expiring);

    // Revoked at Google: the refresh is refused, the model told, the installation shows the lapse; authorizing again mends it.
    google.revokeAll();
    expect(
      await chat('[[tool:google_calendar_find_free_slots {"timeMin":"2026-12-03T15:00:00Z","timeMax":"2026-12-03T16:00:00Z"}]]'),
    ).toContain('Google Calendar refused the authorization');
    expect((await api.get(`/v1/tools/integrations/${installationId}`)).body).toMatchObject({
      status: 'authorization_lapsed',
      lastError: expect.stringContaining('invalid_grant'),
    });
    google.accessTtlSeconds = 3_599;
    expect((await authorize(installationId)).status).toBe(200);
    expect((await api.get(`/v1/tools/integrations/${installationId}`)).body).toMatchObject({ status: 'active', lastError: null });
    expect(
      await chat('[[tool:google_calendar_find_free_slots {"timeMin":"2026-12-03T15:00:00Z","timeMax":"2026-12-03T16:00:00Z"}]]'),
    ).toContain('"free"');

    // Not an OAuth provider: 409. Uninstall: both connections go.
    const shop = await api.post('/v1/tools/integrations', {
      providerId: 'shopify',
      settings: { shopDomain: 'b.myshopify.com' },
      credentials: { apiKey: 'x' },
    });
    expect((await api.post(`/v1/tools/integrations/${shop.body.data.installationId}/oauth/start`)).status).toBe(409);
    expect((await api.delete(`/v1/tools/integrations/${installationId}`)).body.data).toEqual({
      installationId,
      removedTools: 2,
      removedAgentConnections: 2,
    });
  });

  it('HubSpot: a contact found or created and a note left on it, from a conversation', async () => {
    const installed = await api.post('/v1/tools/integrations', { providerId: 'hubspot', credentials: { apiKey: hubToken } });
    expect(installed.status).toBe(201);
    const installationId = installed.body.data.installationId;
    const tools = await catalog(`integrationId=${installationId}`);
    expect(tools.map((tool) => tool.providerToolName).sort()).toEqual(['add_note', 'create_contact', 'find_contact']);
    for (const tool of tools) expect((await api.post(`/v1/agents/${sofia}/tools`, { toolId: tool.id })).status).toBe(201);

    const result = async (message: string) => JSON.parse((await chat(message)).replace(/^RESULT: /, ''));
    expect(await result('[[tool:hubspot_find_contact {"email":"ana.lopez@example.com"}]]')).toEqual({ total: 0, contacts: [] });
    const created = await result('[[tool:hubspot_create_contact {"email":"ana.lopez@example.com","firstname":"Ana","lastname":"López"}]]');
    expect(created).toMatchObject({ contactId: expect.stringMatching(/^\d+$/), name: 'Ana López', email: 'ana.lopez@example.com' });
    expect(await result('[[tool:hubspot_find_contact {"email":"ana.lopez@example.com"}]]')).toMatchObject({
      total: 1,
      contacts: [{ contactId: created.contactId }],
    });
    const note = await result(`[[tool:hubspot_add_note {"contactId":"${created.contactId}","text":"Quiere cambiar su cita al jueves."}]]`);
    expect(note).toMatchObject({ noteId: expect.any(String), contactId: created.contactId });
    // What HubSpot received: the private app's token, a search filter, the note associated with the contact.
    expect(hubspot.requests.every((r) => r.headers.authorization === `Bearer ${hubToken}`)).toBe(true);
    expect(hubspot.requests[0]!.json).toMatchObject({
      filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'ana.lopez@example.com' }] }],
    });
    expect(hubspot.notes).toEqual([
      {
        id: note.noteId,
        properties: { hs_note_body: 'Quiere cambiar su cita al jueves.', hs_timestamp: expect.any(String) },
        associations: [{ to: { id: created.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }],
      },
    ]);
    // In the conversation's turn log, as any tool call (docs/agents.md › Turn log).
    const turn = await api.post('/v1/chat', {
      agentId: sofia,
      client: { phoneNumber: newPhone() },
      message: '[[tool:hubspot_find_contact {"phone":"+5215550000"}]]',
    });
    const toolCalls = await eventually('the turn logged', async () => {
      const log = await api.get(`/v1/conversations/${turn.body.id}/turns`);
      return log.body.turns?.[0]?.toolCalls?.length > 0 && log.body.turns[0].toolCalls;
    });
    expect(toolCalls).toEqual([expect.objectContaining({ name: 'hubspot_find_contact', outcome: 'ok', error: null })]);
    // The same email again: HubSpot's 409 is the model's to read.
    expect(await chat('[[tool:hubspot_create_contact {"email":"ana.lopez@example.com"}]]')).toContain('Contact already exists');
    expect((await api.delete(`/v1/tools/integrations/${installationId}`)).body.data).toEqual({
      installationId,
      removedTools: 3,
      removedAgentConnections: 3,
    });
  });

  it('the console: the gallery, installing Shopify with its token, authorizing Google Calendar in a tab of its own, choosing tools, pausing, uninstalling', async () => {
    await browser.open();
    try {
      const page = await browser.newPage();
      await browser.signIn(page, { email: ws.doc.users[0]!.email, password });
      await page.getByRole('link', { name: 'Integrations', exact: true }).click();
      await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
      const shopifyCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Shopify' }) });
      await shopifyCard.getByText('Look up a store').waitFor();
      await browser.check(page, 'integrations-01-gallery');

      // Shopify: the settings and the token, then its page.
      await shopifyCard.getByLabel('Shop domain').fill('consola.myshopify.com');
      await shopifyCard.getByLabel('Access token').fill(shopToken);
      await shopifyCard.getByRole('button', { name: 'Install Shopify' }).click();
      await page.getByRole('heading', { name: 'Shopify', level: 1 }).waitFor();
      await page.getByText('Shopify installed: 1 tools in the catalog.').waitFor();
      await page.getByText('Active', { exact: true }).waitFor();
      await browser.check(page, 'integrations-02-shopify');
      const shop = ((await api.get('/v1/tools/integrations')).body.installations as any[]).find(
        (i) => i.settings.shopDomain === 'consola.myshopify.com',
      );
      expect(shop).toMatchObject({ status: 'active', installedCount: 1 });
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByText('Paused', { exact: true }).waitFor();
      expect((await api.get(`/v1/tools/integrations/${shop.installationId}`)).body.status).toBe('paused');
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.getByText('Active', { exact: true }).waitFor();

      // Google Calendar: installed waiting for its authorization, given in the consent tab.
      await page.getByRole('link', { name: '← Integrations' }).click();
      const googleCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Google Calendar' }) });
      await googleCard.getByLabel('Calendar').fill('consola@example.com');
      await googleCard.getByRole('button', { name: 'Install Google Calendar' }).click();
      await page.getByText('Needs authorization').waitFor();
      await browser.check(page, 'integrations-03-needs-authorization');
      const consentTab = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Authorize', exact: true }).click();
      const tab = await consentTab;
      await tab.getByRole('heading', { name: 'Integration authorized' }).waitFor();
      await tab.close();
      await page.reload();
      await page.getByText('Active', { exact: true }).waitFor();
      await page.getByText(/^Authorized; the current access token is valid until/).waitFor();

      // Choosing tools: cancel_appointment unchecked, saved.
      await page.getByRole('checkbox', { name: /google_calendar_cancel_appointment/ }).uncheck();
      await page.getByRole('button', { name: 'Save the tools' }).click();
      await page.getByText('Saved: 2 tools installed.').waitFor();
      const calendar = ((await api.get('/v1/tools/integrations')).body.installations as any[]).find(
        (i) => i.providerId === 'google_calendar' && i.settings.calendarId === 'consola@example.com',
      );
      expect(calendar).toMatchObject({ status: 'active', installedCount: 2 });
      await browser.check(page, 'integrations-04-google-authorized');

      // Uninstall, confirmed: back to the list, which says so.
      await page.getByRole('button', { name: 'Uninstall' }).click();
      await page.getByRole('button', { name: 'Yes, uninstall' }).click();
      await page.getByText(/uninstalled; 0 agent connections removed/).waitFor();
      expect((await api.get(`/v1/tools/integrations/${calendar.installationId}`)).status).toBe(404);
      await browser.check(page, 'integrations-05-list');
    } finally {
      await browser.close();
    }
  });
});
