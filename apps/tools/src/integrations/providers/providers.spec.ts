import { createHash } from 'node:crypto';
import { loadConfig } from '@platica/platform';
import { toolsConfigSchema } from '../../config/tools.config';
import { ToolsConfigService } from '../../config/tools.config';
import { IntegrationOauth } from '../integration-oauth';
import type { OutboundHttp } from '../../shared/outbound-http';
import { freeSlots, googleCalendarProvider } from './google-calendar.provider';
import { PROVIDERS } from './index';
import { parametersOfTool, ProviderProblem, type ProviderApi } from './provider';
import { shopifyProvider } from './shopify.provider';

const config = loadConfig(toolsConfigSchema, {});

/** A provider API that records each request and answers what the test gives. */
function recordingApi(answer: unknown) {
  const requests: { method: string; path: string; options: unknown }[] = [];
  const api: ProviderApi = {
    request: async (method, path, options) => {
      requests.push({ method, path, options });
      return answer;
    },
  };
  return { api, requests };
}

describe('providers', () => {
  it('each has a unique id, and tools with unique names and an object JSON Schema without $schema', () => {
    expect(new Set(PROVIDERS.map((p) => p.id)).size).toBe(PROVIDERS.length);
    for (const provider of PROVIDERS) {
      expect(new Set(provider.tools.map((t) => t.name)).size).toBe(provider.tools.length);
      for (const tool of provider.tools) {
        const schema = parametersOfTool(tool);
        expect(schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
        expect(schema).not.toHaveProperty('$schema');
        expect(`${provider.id}_${tool.name}`.length).toBeLessThanOrEqual(64);
      }
    }
  });
});

describe('Shopify', () => {
  const findOrders = shopifyProvider.tools[0]!;

  it('accepts only a myshopify.com domain, and calls it unless INTEGRATIONS_SHOPIFY_BASE_URL says otherwise', () => {
    expect(shopifyProvider.settingsProblems!({ shopDomain: 'acme.myshopify.com' })).toEqual([]);
    for (const bad of ['acme.com', 'http://acme.myshopify.com', '10.0.0.1', 'a.myshopify.com.evil.com'])
      expect(shopifyProvider.settingsProblems!({ shopDomain: bad })).toEqual([
        { path: ['settings', 'shopDomain'], message: expect.any(String) },
      ]);
    expect(shopifyProvider.baseUrl({ shopDomain: 'acme.myshopify.com' }, config)).toBe('https://acme.myshopify.com');
    expect(
      shopifyProvider.baseUrl({ shopDomain: 'acme.myshopify.com' }, { ...config, INTEGRATIONS_SHOPIFY_BASE_URL: 'http://127.0.0.1:9' }),
    ).toBe('http://127.0.0.1:9');
  });

  it('needs an order number or an email', () => {
    expect(findOrders.input.safeParse({}).success).toBe(false);
    expect(findOrders.input.safeParse({ orderNumber: '#1001' }).success).toBe(true);
  });

  it("searches by Shopify's syntax (the number without its #, an email quoted)", async () => {
    const { api, requests } = recordingApi({ data: { orders: { nodes: [] } } });
    await findOrders.run(api, { orderNumber: '#1001' }, {});
    await findOrders.run(api, { email: 'a"b@example.com' }, {});
    expect(requests.map((r) => [r.method, r.path, (r.options as any).json.variables])).toEqual([
      ['POST', '/admin/api/2025-01/graphql.json', { query: 'name:#1001' }],
      ['POST', '/admin/api/2025-01/graphql.json', { query: 'email:"ab@example.com"' }],
    ]);
  });

  it('turns GraphQL errors (answered with 200) into a provider refusal', async () => {
    const { api } = recordingApi({ errors: [{ message: 'Throttled' }] });
    await expect(findOrders.run(api, { orderNumber: '1' }, {})).rejects.toEqual(
      new ProviderProblem('http-error', 'Shopify answered: Throttled'),
    );
  });
});

describe('Google Calendar', () => {
  it('finds back-to-back free slots between busy intervals, within the window', () => {
    const slots = freeSlots(
      '2026-12-01T09:00:00Z',
      '2026-12-01T12:00:00Z',
      [
        { start: '2026-12-01T10:30:00Z', end: '2026-12-01T11:00:00Z' },
        { start: '2026-12-01T09:00:00Z', end: '2026-12-01T09:30:00Z' },
      ],
      30,
    );
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual(['09:30', '10:00', '11:00', '11:30']);
    expect(freeSlots('2026-12-01T09:00:00Z', '2026-12-01T09:20:00Z', [], 30)).toEqual([]);
  });

  it('refuses a time zone that is not an IANA one, naming the setting', () => {
    expect(googleCalendarProvider.settingsProblems!({ timeZone: 'America/Mexico_City' })).toEqual([]);
    expect(googleCalendarProvider.settingsProblems!({})).toEqual([]);
    expect(googleCalendarProvider.settingsProblems!({ timeZone: 'Mars/Olympus' })).toEqual([
      { path: ['settings', 'timeZone'], message: expect.any(String) },
    ]);
  });

  it('is unavailable without its OAuth client, and books in the calendar and time zone of the installation', async () => {
    const auth = googleCalendarProvider.auth;
    if (auth.type !== 'oauth2') throw new Error('Google Calendar is an OAuth provider');
    expect(auth.endpoints(config)).toBeNull();
    expect(auth.endpoints({ ...config, INTEGRATIONS_GOOGLE_CLIENT_ID: 'id', INTEGRATIONS_GOOGLE_CLIENT_SECRET: 'secret' })).toMatchObject({
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    const { api, requests } = recordingApi({ id: 'evt1', status: 'confirmed', htmlLink: 'https://calendar', start: {}, end: {} });
    const book = googleCalendarProvider.tools.find((t) => t.name === 'book_appointment')!;
    const args = book.input.parse({ start: '2026-12-01T15:00:00-06:00', end: '2026-12-01T16:00:00-06:00', summary: 'Cita' });
    await book.run(api, args, { calendarId: 'citas@example.com', timeZone: 'America/Mexico_City' });
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/calendar/v3/calendars/citas%40example.com/events',
      options: {
        json: {
          summary: 'Cita',
          start: { dateTime: '2026-12-01T15:00:00-06:00', timeZone: 'America/Mexico_City' },
          end: { dateTime: '2026-12-01T16:00:00-06:00', timeZone: 'America/Mexico_City' },
        },
      },
    });
  });
});

describe('IntegrationOauth.start', () => {
  it("builds an authorization URL with PKCE (S256 of the verifier kept), a state, the provider's scopes and extra parameters", () => {
    const oauth = new IntegrationOauth(
      {} as OutboundHttp,
      new ToolsConfigService({ ...config, PLATICA_PUBLIC_URL: 'https://platica.example.com/' }),
    );
    const auth = googleCalendarProvider.auth;
    if (auth.type !== 'oauth2') throw new Error('Google Calendar is an OAuth provider');
    const started = oauth.start(auth, {
      authorizationUrl: 'https://accounts.example/auth',
      tokenUrl: 'https://accounts.example/token',
      clientId: 'cid',
      clientSecret: 's',
    });
    const params = Object.fromEntries(new URL(started.authorizationUrl).searchParams);
    expect(params).toEqual({
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://platica.example.com/hooks/integrations/oauth/callback',
      scope: auth.scopes.join(' '),
      state: started.state,
      code_challenge: createHash('sha256').update(started.pending!.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(started.pending!.redirectUri).toBe(params.redirect_uri);
  });
});
