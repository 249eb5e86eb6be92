// bench/webhooks: end-to-end webhook deliveries per second and latency, from an event's commit
// to the receiver having it, at a steady offered load. Target (issue 6): p99 under 250 ms for
// one receiver at 500 events/s and for 20 receivers sharing 1,000 deliveries/s, on 2 cores.
//
//   node tools/build.mjs && node dist/bench/webhooks/main.js [--seconds 10] [--source outbox|stream]
//
// --source outbox (default): each event is one committed transaction inserting an outbox row
//   in the messaging schema with its NOTIFY, exactly as `recordEvent` does; the messaging
//   service's relay publishes it. Latency runs from that transaction's commit.
// --source stream: events are published to the stream directly (with `Nats-Msg-Id`), as the
//   relay would; latency runs from the stream's acknowledgement.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { Pool } from 'pg';
import { domainEvent } from '@platica/contracts';
import { dropDatabase, freePort, startStack } from '@platica/devstack';
import { ascending, option, percentile } from '../lib/args';

const root = path.resolve(__dirname, '../../..');
const SECONDS = Number(option('seconds', '10'));
const WARMUP_SECONDS = 2;
const SOURCE = option('source', 'outbox') as 'outbox' | 'stream';

interface Receiver {
  server: Server;
  url: string;
}

interface CaseResult {
  label: string;
  offeredPerSecond: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
}

const eventId = () => `evt_${Date.now().toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const tag = `whbench${randomBytes(3).toString('hex')}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/platica_${tag}`;
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const gatewayPort = await freePort();
  const adminToken = randomBytes(16).toString('hex');
  const natsPrefix = `${tag}.`;
  process.stdout.write(`starting the stack (${tag})…\n`);
  const stack = await startStack({
    root,
    gatewayPort,
    temporalCli: path.join(root, '.toolchain/py/bin/temporal'),
    env: {
      PATH: process.env.PATH,
      PLATICA_ENV: 'production',
      LOG_LEVEL: 'warn',
      PLATICA_HTTP_HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      PLATICA_NATS_PREFIX: natsPrefix,
      PLATICA_EVENTS_STREAM: `PLATICA_EVENTS_${tag.toUpperCase()}`,
      PLATICA_REDIS_PREFIX: `${tag}:`,
      PLATICA_TASK_QUEUE_PREFIX: `${tag}-`,
      TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
      PLATICA_ADMIN_TOKEN: adminToken,
      PLATICA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // The receivers listen on loopback.
      PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
    },
    log: (source, line) => process.stderr.write(`[${source}] ${line}\n`),
  });
  const base = `http://127.0.0.1:${gatewayPort}`;
  const pool = new Pool({ connectionString: databaseUrl, max: 16 });
  const nc: NatsConnection = await connect({ servers: natsUrl });
  const js = jetstream(nc);
  const arrivals = new Map<string, number>();
  const receivers: Receiver[] = [];
  const results: CaseResult[] = [];
  try {
    for (let i = 0; i < 20; i++) receivers.push(await startReceiver(arrivals));

    const api = async (method: string, url: string, token: string, body: unknown) => {
      const answer = await fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${await answer.text()}`);
      return (await answer.json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's JSON answer
    };
    /** `count` workspaces, each with one webhook on its own receiver; returns their workspace ids. */
    const setUp = async (count: number) => {
      const workspaces: string[] = [];
      for (let i = 0; i < count; i++) {
        const suffix = randomBytes(3).toString('hex');
        const seeded = await api('POST', '/admin/v1/seed', adminToken, {
          workspace: { name: `Bench ${suffix}` },
          users: [{ email: `bench-${suffix}@example.test` }],
          apiKeys: [{ ref: 'k', name: 'bench', rateLimitPerSecond: 10_000 }],
        });
        await api('POST', '/v1/webhooks', seeded.apiKeys.k.key, {
          name: `bench ${i}`,
          url: receivers[i]!.url,
          events: ['message.created'],
        });
        workspaces.push(seeded.workspace.id);
      }
      return workspaces;
    };

    const emit = async (workspaceId: string): Promise<{ id: string; t0: number }> => {
      const id = eventId();
      const occurredAt = new Date().toISOString();
      // A customer's message as messaging records it (consumers refuse data their schema does not accept).
      const { data } = domainEvent('message.created', workspaceId, {
        messageId: `msg_${id.slice(4)}`,
        conversationId: 'conv_bench',
        clientId: 'cl_bench',
        channelId: 'ch_bench',
        message: {
          id: `msg_${id.slice(4)}`,
          role: 'user',
          content: 'Hola, ¿siguen abiertos hoy? Quisiera reservar una mesa.',
          contentType: 'text',
          direction: 'incoming',
          status: 'received',
          creationDate: occurredAt,
        },
      });
      if (SOURCE === 'outbox') {
        // One transaction, as recordEvent writes it: the row and its NOTIFY, delivered at commit.
        await pool.query(
          `with row as (insert into messaging.outbox_event (id, type, workspace_id, occurred_at, data) values ($1, 'message.created', $2, $3, $4::jsonb) returning id)
           select pg_notify('platica_outbox_messaging', id) from row`,
          [id, workspaceId, occurredAt, JSON.stringify(data)],
        );
      } else {
        const envelope = { id, type: 'message.created', workspaceId, occurredAt, data };
        await js.publish(`${natsPrefix}events.message.created`, JSON.stringify(envelope), { msgID: id });
      }
      // Committed (the transaction, or the stream's acknowledgement): latency runs from here.
      return { id, t0: Date.now() };
    };

    const run = async (label: string, workspaces: string[], eventsPerSecond: number): Promise<CaseResult> => {
      process.stdout.write(`${label}: ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured…\n`);
      const issued: { id: string; t0: number; measured: boolean }[] = [];
      const inFlight = new Set<Promise<void>>();
      const start = Date.now();
      const end = start + (WARMUP_SECONDS + SECONDS) * 1000;
      const measureFrom = start + WARMUP_SECONDS * 1000;
      let count = 0;
      while (Date.now() < end) {
        const due = Math.floor(((Date.now() - start) / 1000) * eventsPerSecond);
        for (; count < due; count++) {
          const workspaceId = workspaces[count % workspaces.length]!;
          const measured = Date.now() >= measureFrom;
          const p = emit(workspaceId).then(
            (e) => {
              issued.push({ ...e, measured });
            },
            (error: unknown) => {
              process.stderr.write(`emit failed: ${String(error)}\n`);
            },
          );
          inFlight.add(p);
          void p.finally(() => inFlight.delete(p));
        }
        await sleep(2);
      }
      await Promise.all(inFlight);
      const measured = issued.filter((e) => e.measured);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && measured.some((e) => !arrivals.has(e.id))) await sleep(100);
      const latencies = measured
        .filter((e) => arrivals.has(e.id))
        .map((e) => arrivals.get(e.id)! - e.t0)
        .sort((a, b) => a - b);
      const firstT0 = Math.min(...measured.map((e) => e.t0));
      const lastT0 = Math.max(...measured.map((e) => e.t0));
      const windowEnd = firstT0 + SECONDS * 1000;
      const deliveredInWindow = measured.filter((e) => {
        const at = arrivals.get(e.id);
        return at !== undefined && at >= firstT0 && at < windowEnd;
      }).length;
      const pct = (p: number) => percentile(latencies, p);
      // Where the time goes, from the dispatcher's own records: commit -> consumed (the consumer's
      // transaction), consumed -> first attempt started, first attempt's duration.
      const stages = await pool.query<{ id: string; consumed: number; attempted: number; duration: number }>(
        `select e.id, extract(epoch from e.received_at) * 1000 as consumed, extract(epoch from a.attempted_at) * 1000 as attempted, a.duration_ms as duration
           from webhook_dispatcher.webhook_event e
           join webhook_dispatcher.webhook_delivery d on d.event_id = e.id
           join webhook_dispatcher.webhook_delivery_attempt a on a.delivery_id = d.id and a.attempt = 1
          where e.id = any($1)`,
        [measured.map((e) => e.id)],
      );
      const t0s = new Map(measured.map((e) => [e.id, e.t0]));
      const toConsumed = ascending(stages.rows.map((r) => Number(r.consumed) - t0s.get(r.id)!));
      const toAttempt = ascending(stages.rows.map((r) => Number(r.attempted) - Number(r.consumed)));
      const durations = ascending(stages.rows.map((r) => Number(r.duration)));
      const show = (name: string, values: number[]) =>
        `${name} p50 ${percentile(values, 50).toFixed(0)} / p99 ${percentile(values, 99).toFixed(0)} ms`;
      process.stdout.write(
        `  ${show('commit -> consumed', toConsumed)}; ${show('consumed -> sending', toAttempt)}; ${show('attempt', durations)}\n`,
      );
      return {
        label,
        offeredPerSecond: measured.length / Math.max((lastT0 - firstT0) / 1000, 1e-3),
        deliveredPerSecond: deliveredInWindow / SECONDS,
        p50: pct(50),
        p99: pct(99),
        max: latencies[latencies.length - 1] ?? NaN,
        lost: measured.length - latencies.length,
      };
    };

    const one = await setUp(1);
    results.push(await run('1 receiver, 500 events/s', one, 500));
    const twenty = await setUp(20);
    results.push(await run('20 receivers sharing 1,000 deliveries/s', twenty, 1000));

    process.stdout.write(
      `\nsource: ${SOURCE === 'outbox' ? 'outbox rows (commit -> relay -> JetStream -> dispatcher -> receiver)' : 'JetStream publish with Nats-Msg-Id (-> dispatcher -> receiver)'}\n`,
    );
    process.stdout.write(
      `${'case'.padEnd(42)} ${'offered/s'.padStart(10)} ${'delivered/s'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'lost'.padStart(6)}\n`,
    );
    for (const r of results) {
      process.stdout.write(
        `${r.label.padEnd(42)} ${r.offeredPerSecond.toFixed(0).padStart(10)} ${r.deliveredPerSecond.toFixed(0).padStart(12)} ${r.p50.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)} ${r.max.toFixed(0).padStart(8)} ${String(r.lost).padStart(6)}\n`,
      );
    }
    const met = results.every((r) => r.p99 < 250 && r.lost === 0);
    process.stdout.write(`\ntarget: p99 < 250 ms and nothing lost in both cases: ${met ? 'TARGET MET' : 'TARGET MISSED'}\n`);
  } finally {
    await Promise.all(receivers.map((r) => new Promise((resolve) => r.server.close(resolve))));
    await nc.close();
    await pool.end();
    await stack.stop();
    await dropDatabase(databaseUrl).catch(() => undefined);
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const cleanup = await connect({ servers: natsUrl });
    await (await jetstreamManager(cleanup)).streams.delete(`PLATICA_EVENTS_${tag.toUpperCase()}`).catch(() => undefined);
    await cleanup.close();
  }
}

/** A receiver that notes when each event id first arrives and answers 200. */
async function startReceiver(arrivals: Map<string, number>): Promise<Receiver> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, Date.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
