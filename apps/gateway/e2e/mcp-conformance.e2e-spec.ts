import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@platica/devstack';
import { startTestStack, type TestStack } from '@platica/testing';

const CONFORMANCE =
  process.env.PLATICA_MCP_CONFORMANCE ?? path.resolve(__dirname, '../../../.toolchain/mcp-conformance/node_modules/.bin/conformance');

/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, installed by
 * scripts/lib/toolchain.sh) against `/mcp`: every server scenario for a feature Plática offers.
 * Not run: the scenarios that call the suite's own test tools, prompts, resources, completion,
 * logging, sampling and elicitation, none of which Plática's server offers.
 */
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO';
  description: string;
  errorMessage?: string;
}

/**
 * The suite's client sends no credential, so it talks to `/mcp` through a reverse proxy that
 * adds an API key and forwards the request otherwise untouched (the Host and Origin it was
 * sent with included), as a load balancer in front of the gateway does. The stack's public
 * URL is the proxy's, as it is a load balancer's in production.
 */
function credentialProxy(port: number, gatewayUrl: string, key: string): Promise<Server> {
  const upstream = new URL(gatewayUrl);
  const server = createServer((incoming, answer) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Bearer ${key}` },
      },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    forwarded.on('error', () => answer.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('MCP conformance suite against /mcp (e2e)', () => {
  let t: TestStack;
  let proxy: Server;
  let mcpUrl: string;

  beforeAll(async () => {
    const proxyPort = await freePort();
    // A stack of its own: its public URL is a proxy of its own.
    t = await startTestStack({ PLATICA_PUBLIC_URL: `http://127.0.0.1:${proxyPort}` });
    const { key } = await t.seedMinimalWorkspace();
    proxy = await credentialProxy(proxyPort, t.baseUrl, key);
    mcpUrl = `http://127.0.0.1:${proxyPort}/mcp`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await t?.stop();
  });

  it.each(SCENARIOS)('passes %s', async (scenario) => {
    const results = mkdtempSync(path.join(tmpdir(), 'mcp-conformance-'));
    try {
      // A failing scenario exits 1: its checks, saved either way, say why.
      await promisify(execFile)(CONFORMANCE, ['server', '--url', mcpUrl, '--scenario', scenario, '-o', results], { timeout: 60_000 }).catch(
        () => undefined,
      );
      const [run] = readdirSync(results);
      if (!run) throw new Error(`the ${scenario} scenario saved no results`);
      const checks = JSON.parse(readFileSync(path.join(results, run, 'checks.json'), 'utf8')) as Check[];
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')).toEqual([]);
    } finally {
      rmSync(results, { recursive: true, force: true });
    }
  });

  describe('the transport, beyond the suite', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
    };
    const post = (url: string, body: string, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body,
      });

    it("refuses a Host or an Origin that is not the public URL's with 403, as JSON-RPC, before any credential is read", async () => {
      // Straight to the gateway: its Host is not the public URL's (the proxy's).
      const direct = await post(`${t.baseUrl}/mcp`, JSON.stringify(initialize));
      expect(direct.status).toBe(403);
      expect(await direct.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('Host') }, id: null });
      const hostile = await post(mcpUrl, JSON.stringify(initialize), { origin: 'http://evil.example.com' });
      expect(hostile.status).toBe(403);
      expect(((await hostile.json()) as { error: { message: string } }).error.message).toContain('Origin');
      expect((await post(mcpUrl, JSON.stringify(initialize), { origin: new URL(mcpUrl).origin })).status).toBe(200);
    });

    it('answers a body that is not JSON with JSON-RPC -32700', async () => {
      for (const body of ['{"jsonrpc": "2.0", "id": 1, "method": ', '']) {
        const answer = await post(mcpUrl, body);
        expect(answer.status).toBe(400);
        expect(await answer.json()).toEqual({
          jsonrpc: '2.0',
          error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
          id: null,
        });
      }
    });

    it('answers JSON that is not JSON-RPC with -32600 (invalid request), not a parse error', async () => {
      for (const body of ['{"foo":1}', '[]', '[{"foo":1}]', '"tools/list"']) {
        const answer = await post(mcpUrl, body);
        expect(answer.status).toBe(400);
        expect(await answer.json()).toEqual({
          jsonrpc: '2.0',
          error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) },
          id: null,
        });
      }
    });

    it("sends an error's message once, without the SDK's `MCP error <code>:` prefix, which a client adds itself", async () => {
      const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } };
      const answer = await post(mcpUrl, JSON.stringify(call));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: 'Unknown tool no_such_tool' } });
    });
  });
});
