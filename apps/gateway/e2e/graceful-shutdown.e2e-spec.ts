import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceName } from '@platica/contracts';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  HttpClient,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  withAgents,
  type TestStack,
} from '@platica/testing';

/**
 * SIGTERM loses nothing (issue 19): each service in turn gets a second replica (as a rolling
 * update surges one), then its first replica is sent SIGTERM while a load runs through the
 * gateway: immediate WhatsApp sends, chat turns against a slow model, and a webhook receiving
 * every message.created. Afterwards every request was answered 2xx, every accepted send
 * reached the Graph API exactly once, every chat turn got its reply and every sent message's
 * event reached the webhook. The gateway is taken out of the load's rotation a moment before
 * its SIGTERM, as Kubernetes removes a terminating pod's endpoint (the preStop pause).
 */
const ORDER: ServiceName[] = ['messaging', 'chat', 'agents', 'webhook-dispatcher', 'tools', 'campaigns', 'gateway'];
const MODEL_MS = 1_500;

describe('graceful shutdown under load (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let receiver: Server;
  const received: string[] = [];

  beforeAll(async () => {
    llm = await FakeLlm.start();
    llm.delayMs = MODEL_MS;
    graph = await FakeMetaGraph.start();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // A stack of its own: it stops services and replicas while they work.
    // Separate processes (oneProcess: false): this file adds replicas and stops services one by one.
    t = await startTestStack(
      {
        ...llm.env(),
        META_GRAPH_BASE_URL: graph.url,
        PLATICA_TURN_DEBOUNCE_MS: '100',
        // Production's pool: this load queued for the test stacks' smaller one past its acquisition time-out (503).
        PLATICA_DATABASE_POOL_SIZE: '10',
      },
      { oneProcess: false },
    );
  });
  afterAll(async () => {
    await t?.stop();
    await llm?.stop();
    await graph?.stop();
    receiver?.close();
  });

  it('loses no request, send, chat turn or webhook delivery when each service in turn is sent SIGTERM', async () => {
    const ws = await MessagingWorkspace.seed(t, withAgents);
    const key = ws.ids.apiKeys.main.key as string;
    const hook = await ws.api.post('/v1/webhooks', {
      name: 'shutdown',
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      events: ['message.created'],
    });
    expect(hook.status).toBe(201);
    const phones = await Promise.all(Array.from({ length: 3 }, async () => (await ws.customerWrites(newPhone())).phone));
    const sofia = ws.ids.agents.sofia.id as string;

    // The load balancer: the gateways in rotation, taken in turn.
    const rotation: HttpClient[] = [new HttpClient(t.baseUrl, key)];
    let turn = 0;
    const client = () => rotation[turn++ % rotation.length]!;
    const failures: string[] = [];
    const sends: { messageId: string; marker: string }[] = [];
    const chats: { marker: string; reply: string }[] = [];

    const runLoad = (until: () => boolean) => {
      const sendLoop = async (phone: string) => {
        while (!until()) {
          const marker = `s${randomBytes(5).toString('hex')}`;
          const res = await client()
            .post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: marker })
            .catch((error: unknown) => ({ status: 0, text: String(error), body: null }));
          if (res.status === 200) sends.push({ messageId: res.body.messageId, marker });
          else failures.push(`send ${marker}: ${res.status} ${res.text}`);
        }
      };
      const chatLoop = async () => {
        while (!until()) {
          const marker = `c${randomBytes(5).toString('hex')}`;
          const res = await client()
            .post('/v1/chat', { agentId: sofia, client: { email: `${marker}@shutdown.test` }, message: marker })
            .catch((error: unknown) => ({ status: 0, text: String(error), body: null }));
          const reply = res.status === 200 ? (res.body.messages?.[0]?.content as string | undefined) : undefined;
          if (reply) chats.push({ marker, reply });
          else failures.push(`chat ${marker}: ${res.status} ${res.text}`);
        }
      };
      return Promise.all([...phones.map(sendLoop), ...Array.from({ length: 6 }, chatLoop)]);
    };

    const exits: string[] = [];
    const inFlightAtSigterm = new Map<ServiceName, number>();
    for (const name of ORDER) {
      const first = t.stack.services.get(name)!;
      const replica = await t.stack.addReplica(name);
      if (name === 'gateway') rotation.push(new HttpClient(`http://127.0.0.1:${replica.port}`, key));
      let stopped = false;
      const load = runLoad(() => stopped);
      // Let requests, turns (the model takes 1.5 s) and deliveries be in flight on the first replica.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      if (name === 'gateway') {
        rotation.splice(0, 1);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      // What the first replica is handling as it is told to stop (a chat request waits for its turn):
      // for chat, wait (up to 10 s) until it has one in hand, so the drain is really put to the test.
      const inFlight = async () =>
        Number(
          /^platica_rpc_handlers_in_flight (\d+)/m.exec(await (await fetch(`http://127.0.0.1:${first.port}/metrics`)).text())?.[1] ?? NaN,
        );
      let handling = await inFlight();
      for (const deadline = Date.now() + 10_000; name === 'chat' && !(handling > 0) && Date.now() < deadline; handling = await inFlight()) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      inFlightAtSigterm.set(name, handling);
      const exited = new Promise<number | null>((resolve) => first.process.once('exit', (code) => resolve(code)));
      const signalled = Date.now();
      first.process.kill('SIGTERM');
      const code = await exited;
      exits.push(`${name}: ${code}`);
      process.stdout.write(`${name} exited with ${code} ${Date.now() - signalled} ms after SIGTERM\n`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      stopped = true;
      await load;
    }

    // Every process drained and exited by itself (1: the shutdown deadline forced it), and every request was answered 2xx.
    expect({ exits, failures }).toEqual({ exits: ORDER.map((name) => `${name}: 0`), failures: [] });
    // The drain was put to the test: chat requests (each waiting 1.5 s for the model) were in hand.
    expect(inFlightAtSigterm.get('chat')).toBeGreaterThan(0);
    expect(sends.length).toBeGreaterThan(ORDER.length * 3);
    expect(chats.length).toBeGreaterThan(ORDER.length);
    for (const chat of chats) expect(chat.reply).toContain(chat.marker);

    // Each accepted send reached Meta exactly once.
    const atGraph = graph.sends(ws.whatsapp.phoneNumberId).map((s) => JSON.stringify(s.body));
    const notOnce = sends.filter((s) => atGraph.filter((body) => body.includes(s.marker)).length !== 1).map((s) => s.marker);
    expect(notOnce).toEqual([]);

    // And its message.created event reached the webhook (at least once).
    await eventually(
      'every sent message to be delivered to the webhook',
      async () => {
        const all = received.join('\n');
        const missing = sends.filter((s) => !all.includes(s.messageId));
        return missing.length === 0 ? true : undefined;
      },
      60_000,
      250,
    );
  }, 600_000);
});
