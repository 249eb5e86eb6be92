import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { FakeMetaGraph, MessagingWorkspace, startTestStack, type TestStack } from '@platica/testing';
import { TestBrowser } from '@platica/testing/test-browser';

/** Where the login and consent screenshots go (git-ignored); printed by the test. */
const SCREENSHOTS = path.resolve(__dirname, '../../../.platica/test-output/mcp-oauth');

/**
 * An MCP client in memory, as Claude Desktop or an IDE keeps one on disk: the SDK's
 * OAuthClientProvider, remembering the authorization URL it is asked to open.
 */
class RecordingOAuthProvider implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  private client?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier = '';

  constructor(readonly redirectUrl: string) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Plática e2e MCP client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The redirect URI's listener: the MCP client's loopback callback (RFC 8252). */
class Callback {
  private server!: Server;
  private waiting: ((params: URLSearchParams) => void) | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const requested = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (requested.pathname !== '/callback') return void res.writeHead(404).end(); // the browser's favicon request, say
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Connected</title><p>You may close this window.</p>');
      this.waiting?.(requested.searchParams);
      this.waiting = null;
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/callback`;
  }

  next(): Promise<URLSearchParams> {
    return new Promise((resolve) => (this.waiting = resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/**
 * Every step of the flow is bounded and named: a step that hangs fails the test saying which,
 * well inside the test's own timeout (one CI run once hung somewhere in the second test).
 */
function step<T>(name: string, work: Promise<T>, ms = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`step "${name}" did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Issue 15's end-to-end proof: the MCP SDK's own client registers with the gateway, a real
 * headless Chromium signs in and consents on the gateway's page, the client receives tokens,
 * lists the tools, sends a WhatsApp message through messages_send, refreshes its token, and
 * a read-only grant is refused a write. The credential cache is on (5 s, the default).
 */
describe('MCP client through OAuth and a real browser (e2e)', () => {
  let t: TestStack;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let phone: string;
  const callback = new Callback();
  const browser = new TestBrowser(() => t.baseUrl);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  /** Every answer /mcp gave the SDK client: status and WWW-Authenticate. */
  const answers: { status: number; challenge: string | null }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (String(input instanceof Request ? input.url : input).endsWith('/mcp'))
      answers.push({ status: res.status, challenge: res.headers.get('www-authenticate') });
    return res;
  };
  const mcpUrl = () => new URL(`${t.baseUrl}/mcp`);

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    // One-second rate-limit windows: a burst of 70 exceeds a token's 30 (a 10-second window would take 300).
    t = await startTestStack({
      META_GRAPH_BASE_URL: fake.url,
      PLATICA_CREDENTIAL_CACHE_MS: '5000',
      PLATICA_RATE_LIMIT_WINDOW_SECONDS: '1',
    });
    ws = await MessagingWorkspace.seed(t, (doc) => Object.assign(doc.users[0]!, { password }));
    ({ phone } = await ws.customerWrites());
    await callback.start();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(() => browser.stop());
  afterAll(async () => {
    await callback.stop();
    await t?.stop();
    await fake?.stop();
  });

  /**
   * What the user does in the browser: open the URL, sign in, pick the workspace and access,
   * allow. Each consent has a browser context of its own, as a user's first visit would: nothing
   * of an earlier flow (cookies, a tab still closing) is left to meet this one.
   */
  async function consentInBrowser(authorizationUrl: URL, access: 'Read only' | 'Read and write', screenshots = false): Promise<string> {
    try {
      await step('open a browser context', browser.open());
      const page = await step('open a page', browser.newPage());
      const redirected = step('the redirect to the callback', callback.next());
      await page.goto(authorizationUrl.toString());
      await page.getByRole('heading', { name: 'Sign in to Plática' }).waitFor();
      if (screenshots) await page.screenshot({ path: path.join(SCREENSHOTS, 'login.png'), fullPage: true });
      await page.getByLabel('Email').fill(ws.doc.users[0]!.email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Allow access to Plática' }).waitFor();
      const workspace = page.getByLabel(ws.doc.workspace.name);
      expect(await workspace.isChecked()).toBe(true);
      await page.getByLabel(access, { exact: false }).check();
      if (screenshots) await page.screenshot({ path: path.join(SCREENSHOTS, 'consent.png'), fullPage: true });
      await page.getByRole('button', { name: 'Allow' }).click();
      const params = await redirected;
      expect(params.get('iss')).toBe(t.baseUrl);
      const code = params.get('code');
      if (!code) throw new Error(`the redirect carried no code: ${params.toString()}`);
      return code;
    } finally {
      await step('close the browser context', browser.close()).catch(() => undefined);
    }
  }

  /** The SDK's flow: a first connect fails with UnauthorizedError after registering; the browser consents; finishAuth exchanges the code. */
  async function authorizedClient(access: 'Read only' | 'Read and write', screenshots = false) {
    const provider = new RecordingOAuthProvider(callback.url);
    const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider, fetch: recordingFetch });
    await expect(step('register and get refused', new Client({ name: 'e2e', version: '1.0.0' }).connect(first))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.clientInformation()?.client_id).toMatch(/^cli_/);
    expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    const code = await consentInBrowser(provider.authorizationUrl!, access, screenshots);
    await step('exchange the code', first.finishAuth(code));
    const connect = async () => {
      const client = new Client({ name: 'e2e', version: '1.0.0' });
      await step('connect', client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider, fetch: recordingFetch })));
      return client;
    };
    return { provider, connect };
  }

  it('registers, consents in Chromium, lists tools, sends through messages_send and refreshes its token', async () => {
    const { provider, connect } = await authorizedClient('Read and write', true);
    process.stdout.write(`login and consent screenshots: ${SCREENSHOTS}\n`);
    const tokens = provider.tokens()!;
    expect(tokens.access_token).toMatch(/^pl_at_/);
    expect(tokens.refresh_token).toMatch(/^pl_rt_/);
    expect(tokens.scope).toBe('platica:read platica:write');

    const client = await connect();
    try {
      expect(client.getServerVersion()?.name).toBe('platica');
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['conversations_list', 'messages_send', 'chat_send', 'agents_update']));

      const sent = await client.callTool({
        name: 'messages_send',
        arguments: { channelId: ws.whatsapp.id, conversationId: phone, content: 'enviado por MCP' },
      });
      expect(sent.isError).toBeFalsy();
      expect(fake.sends(ws.whatsapp.phoneNumberId).some((r) => r.body.text?.body === 'enviado por MCP')).toBe(true);

      // The tool's answer is REST's answer to the same person (a summary's unreadCount is the asker's).
      const listed = await client.callTool({ name: 'conversations_list', arguments: {} });
      const rest = await t.http.withToken(provider.tokens()!.access_token).get('/v1/conversations');
      expect(listed.structuredContent).toEqual(rest.body);
      expect(JSON.parse((listed.content as { text: string }[])[0]!.text)).toEqual(rest.body);
    } finally {
      await client.close();
    }

    // The SDK refreshes with the stored refresh token: a new pair, and the rotated one is spent.
    expect(await auth(provider, { serverUrl: mcpUrl() })).toBe('AUTHORIZED');
    const refreshed = provider.tokens()!;
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    // Stateless: no standalone SSE stream and no session to delete.
    const get = await fetch(mcpUrl(), { headers: { authorization: `Bearer ${refreshed.access_token}`, accept: 'text/event-stream' } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const again = await connect();
    try {
      expect((await again.callTool({ name: 'workspaces_list', arguments: {} })).structuredContent).toEqual({
        workspaces: [{ id: ws.id, name: ws.doc.workspace.name, role: 'admin' }],
        user: expect.objectContaining({ email: ws.doc.users[0]!.email }),
      });
    } finally {
      await again.close();
    }

    // Revoked at the revocation endpoint: refused on /mcp at once, cache or not.
    const revoke = await fetch(`${t.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshed.refresh_token!, client_id: provider.clientInformation()!.client_id }),
    });
    expect(revoke.status).toBe(200);
    const refused = await fetch(mcpUrl(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${refreshed.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource"`);
  });

  it('refuses a write to a read-only grant with a 403 insufficient_scope challenge', async () => {
    const { provider, connect } = await authorizedClient('Read only');
    expect(provider.tokens()?.scope).toBe('platica:read');
    const client = await connect();
    try {
      expect((await step('conversations_list', client.callTool({ name: 'conversations_list', arguments: {} }))).isError).toBeFalsy();
      answers.length = 0;
      await expect(
        step(
          'messages_send refused',
          client.callTool({
            name: 'messages_send',
            arguments: { channelId: ws.whatsapp.id, conversationId: phone, content: 'no debe salir' },
          }),
        ),
      ).rejects.toThrow();
      expect(answers[0]).toEqual({
        status: 403,
        challenge: `Bearer error="insufficient_scope", scope="platica:write", resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource"`,
      });
      expect(fake.sends(ws.whatsapp.phoneNumberId).some((r) => r.body.text?.body === 'no debe salir')).toBe(false);
    } finally {
      await step('close the client', client.close());
    }

    // The REST rate limit (30 requests a second for a token) counts /mcp requests too, each
    // message of a batch as one: a batch of 31 never fits the token's bucket. (A burst of 70
    // single requests got none refused on a loaded CI machine: they reached Redis over more
    // than a second, as the bucket refilled.)
    const batch = Array.from({ length: 31 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }));
    const limited = await step(
      'a batch of 31 calls',
      fetch(mcpUrl(), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${provider.tokens()!.access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(batch),
      }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('30');
  });

  it('applies the workspace rules: a multi-workspace token names the workspace of a write with the workspace argument', async () => {
    const other = await t.seedMinimalWorkspace({ users: [{ email: ws.doc.users[0]!.email }] });
    const minted = await t.admin.post('/admin/v1/tokens', {
      userEmail: ws.doc.users[0]!.email,
      workspaceIds: [ws.id, other.workspaceId],
      scopes: ['platica:read', 'platica:write'],
    });
    const call = async (name: string, args: Record<string, unknown>) => {
      const res = await fetch(mcpUrl(), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${minted.body.token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }),
      });
      expect(res.status).toBe(200);
      const result = ((await res.json()) as { result: { isError?: boolean; content: { text: string }[] } }).result;
      return { isError: result.isError ?? false, body: JSON.parse(result.content[0]!.text) };
    };
    const reads = await call('workspaces_list', {});
    expect(reads.body.workspaces.map((w: { id: string }) => w.id).sort()).toEqual([ws.id, other.workspaceId].sort());
    const unnamed = await call('agents_update', { agentId: 'agt_missing', name: 'x' });
    expect(unnamed).toMatchObject({ isError: true, body: { code: 400, details: [{ path: ['workspace'] }] } });
    const named = await call('agents_update', { agentId: 'agt_missing', name: 'x', workspace: ws.id });
    expect(named).toMatchObject({ isError: true, body: { code: 404 } });
  });
});
