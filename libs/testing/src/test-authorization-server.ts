import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  resource: string | null;
}

/**
 * A small OAuth 2.1 authorization server for tests of MCP servers that require OAuth:
 * RFC 8414 metadata, dynamic client registration (RFC 7591), an authorization endpoint that
 * consents at once (302 back to the redirect URI with a code), PKCE S256 checked at the token
 * endpoint, refresh tokens (rotated), and `revokeAll()` to make every token lapse.
 */
export class TestAuthorizationServer {
  /** Lifetime of the access tokens it issues (seconds). */
  accessTtlSeconds = 3_600;
  readonly registrations: { clientId: string; redirectUris: string[] }[] = [];
  /** Every token request's grant type, in order. */
  readonly grants: string[] = [];
  /** The `resource` of every authorization request. */
  readonly resources: (string | null)[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly accessTokens = new Set<string>();
  private readonly refreshTokens = new Map<string, string>();
  private http: HttpServer | null = null;
  url = '';

  static async start(): Promise<TestAuthorizationServer> {
    const server = new TestAuthorizationServer();
    server.http = createServer((req, res) => {
      server.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.http!.listen(0, '127.0.0.1', resolve));
    server.url = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}`;
    return server;
  }

  /** Whether an access token it issued is still good. */
  isValid(token: string | undefined): boolean {
    return Boolean(token && this.accessTokens.has(token));
  }

  /** Every access and refresh token stops working (a revoked authorization). */
  revokeAll(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  async stop(): Promise<void> {
    if (!this.http) return;
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http!.close(() => resolve()));
    this.http = null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/.well-known/oauth-authorization-server') {
      return json(200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/authorize`,
        token_endpoint: `${this.url}/token`,
        registration_endpoint: `${this.url}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    }
    if (req.method === 'POST' && url.pathname === '/register') {
      const body = JSON.parse(await readBody(req)) as { redirect_uris?: string[] };
      const clientId = `client_${randomBytes(6).toString('hex')}`;
      this.registrations.push({ clientId, redirectUris: body.redirect_uris ?? [] });
      return json(201, {
        ...body,
        client_id: clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
        token_endpoint_auth_method: 'none',
      });
    }
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const client = this.registrations.find((r) => r.clientId === q.get('client_id'));
      const redirectUri = q.get('redirect_uri') ?? '';
      if (!client || !client.redirectUris.includes(redirectUri) || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return json(400, { error: 'invalid_request' });
      }
      this.resources.push(q.get('resource'));
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, { clientId: client.clientId, redirectUri, challenge: q.get('code_challenge')!, resource: q.get('resource') });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      const grantType = form.get('grant_type') ?? '';
      this.grants.push(grantType);
      if (grantType === 'authorization_code') {
        const grant = this.codes.get(form.get('code') ?? '');
        this.codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !grant ||
          grant.challenge !== challenge ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.clientId !== form.get('client_id')
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        return json(200, this.issue(grant.clientId));
      }
      if (grantType === 'refresh_token') {
        const clientId = this.refreshTokens.get(form.get('refresh_token') ?? '');
        if (!clientId) return json(400, { error: 'invalid_grant', error_description: 'the refresh token was revoked' });
        this.refreshTokens.delete(form.get('refresh_token')!);
        return json(200, this.issue(clientId));
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    json(404, { error: 'not_found' });
  }

  private issue(clientId: string) {
    const accessToken = `at_${randomBytes(12).toString('hex')}`;
    const refreshToken = `rt_${randomBytes(12).toString('hex')}`;
    this.accessTokens.add(accessToken);
    this.refreshTokens.set(refreshToken, clientId);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: this.accessTtlSeconds, refresh_token: refreshToken };
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
