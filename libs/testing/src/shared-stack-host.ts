import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestStack, type TestStack } from './test-stack';

/**
 * The settings of the run's shared stacks, where files used to set their own: one value that
 * suits every file on them (files that need another value keep a stack of their own).
 */
export const SHARED_STACK_SETTINGS = {
  // A customer's burst is gathered for 300 ms (1.5 s in production): the turn tests send bursts within it.
  PLATICA_TURN_DEBOUNCE_MS: '300',
  // Campaign runs are not throttled: the pacing tests keep a stack of their own.
  CAMPAIGN_SEND_RATE: '0',
  LLM_API_KEY: 'test-key',
  LLM_MODEL: 'fake-model',
  MODERATION_API_KEY: 'test-moderation-key',
};

/** What a test file gets of the shared stack it uses. */
export interface SharedStackInfo {
  baseUrl: string;
  adminToken: string;
  isolation: TestStack['isolation'];
}

/** The fakes a file brings (origins of its FakeMetaGraph and FakeLlm), where the stack's calls go while it is in use. */
export interface SharedStackFakes {
  graph?: string;
  llm?: string;
}

interface Hosted {
  stack: TestStack;
  graph: Relay;
  llm: Relay;
}

/**
 * Runs in jest's global set-up (the parent of its workers): one stack per jest worker, started
 * by the first file of that worker that asks for it (`POST /stacks/{worker}`) and kept to the
 * end of the run. A worker runs one file at a time, so while a file uses its worker's stack,
 * the stack's calls to Meta's Graph API and to the model are relayed to that file's fakes.
 */
export async function startSharedStackHost(): Promise<{ url: string; stop(): Promise<void> }> {
  const stacks = new Map<string, Promise<Hosted>>();
  const start = async (): Promise<Hosted> => {
    const [graph, llm] = await Promise.all([Relay.start('Meta Graph'), Relay.start('LLM')]);
    try {
      const stack = await startTestStack({
        ...SHARED_STACK_SETTINGS,
        META_GRAPH_BASE_URL: `${graph.url}/v21.0`,
        LLM_BASE_URL: `${llm.url}/v1`,
        // The fake model also speaks OpenAI's moderation protocol (fake-moderation.ts); only agents with moderationEnabled call it.
        MODERATION_BASE_URL: `${llm.url}/v1`,
      });
      return { stack, graph, llm };
    } catch (error) {
      await Promise.all([graph.stop(), llm.stop()]);
      throw error;
    }
  };
  const server = createServer((req, res) => {
    void (async () => {
      const [, kind, worker, action] = (req.url ?? '').split('/');
      if (req.method !== 'POST' || kind !== 'stacks' || !worker) return answer(res, 404, { error: 'not found' });
      if (action === 'release') {
        const hosted = await stacks.get(worker)?.catch(() => undefined);
        if (hosted) hosted.graph.target = hosted.llm.target = null;
        return answer(res, 200, {});
      }
      const fakes = JSON.parse((await readBody(req)) || '{}') as SharedStackFakes;
      let hosted = stacks.get(worker);
      if (!hosted) {
        hosted = start();
        stacks.set(worker, hosted);
        // A stack that failed to start is tried again by the next file rather than failing them all.
        hosted.catch(() => stacks.delete(worker));
      }
      const { stack, graph, llm } = await hosted;
      graph.target = fakes.graph ?? null;
      llm.target = fakes.llm ?? null;
      answer(res, 200, { baseUrl: stack.baseUrl, adminToken: stack.adminToken, isolation: stack.isolation } satisfies SharedStackInfo);
    })().catch((error: Error) => answer(res, 500, { error: error.message }));
  });
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      const hosted = await Promise.all([...stacks.values()].map((h) => h.catch(() => null)));
      await Promise.all(hosted.map(async (h) => h && Promise.all([h.stack.stop(), h.graph.stop(), h.llm.stop()])));
    },
  };
}

/** Forwards every request, as it is (path, headers, streamed body and answer), to the current target; 503 without one. */
class Relay {
  target: string | null = null;
  url = '';
  private server: Server | null = null;

  private constructor(private readonly name: string) {}

  static async start(name: string): Promise<Relay> {
    const relay = new Relay(name);
    relay.server = createServer((req, res) => relay.forward(req, res));
    keepIdleConnections(relay.server);
    await new Promise<void>((resolve) => relay.server!.listen(0, '127.0.0.1', resolve));
    relay.url = `http://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
    return relay;
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    if (!this.target) return answer(res, 503, { error: { message: `no test file is using this shared stack's fake ${this.name}` } });
    // The Host header is kept: the fake Graph API builds media URLs from it, which come back here.
    const upstream = request(`${this.target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answered) => {
      res.writeHead(answered.statusCode ?? 502, answered.headers);
      answered.pipe(res);
    });
    upstream.on('error', (error) => (res.headersSent ? res.destroy() : answer(res, 502, { error: { message: error.message } })));
    req.pipe(upstream);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/**
 * Node closes an idle kept-alive connection after 5 s, but a jest worker busy loading its next
 * file for longer cannot notice before it sends that file's first request on it ("other side
 * closed"): these servers live as long as the run, so they keep idle connections as long.
 */
function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = 30 * 60_000;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
