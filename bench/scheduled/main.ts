// bench/scheduled: schedules N messages due over the same S seconds through the gateway and
// measures, in the same run, the BullMQ anchor: delayed jobs in BullMQ on the local Redis,
// each doing a Postgres insert and an HTTP POST to a loopback receiver (issue 17).
// For each: lateness at the receiver (Graph fake / loopback receiver receipt - due time:
// p50/p99/max), how many were sent, and how fast they were scheduled.
// Target (issue 17): all sent, Plática's p99 lateness <= 2x the anchor's and < 250 ms, scheduling >= 500/s.
//
//   node tools/build.mjs && node dist/bench/scheduled/main.js [--scenarios 1000:10,10000:60] [--concurrency 50]
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue, Worker } from 'bullmq';
import { Pool } from 'pg';
import { FakeMetaGraph, MessagingWorkspace, newPhone } from '@platica/testing';
import { startBenchStack, type BenchStack } from '../lib/stack';
import { option, percentile } from '../lib/args';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Scenario {
  total: number;
  spreadMs: number;
}

interface Result {
  name: string;
  scenario: Scenario;
  scheduledPerSecond: number;
  sent: number;
  /** Delivered more than once at the receiver. */
  duplicates: number;
  lateness: number[];
}

/** Due instants: all inside [start, start + spread), evenly spaced. */
const dueTimes = ({ total, spreadMs }: Scenario, start: number) =>
  Array.from({ length: total }, (_, i) => start + Math.floor((i * spreadMs) / total));

/** When scheduling has surely finished (at the slowest rate the bench accepts, 100/s), plus a margin. */
const windowStart = ({ total }: Scenario) => Date.now() + 10_000 + total * 10;

async function platica(
  bench: BenchStack,
  fake: FakeMetaGraph,
  ws: MessagingWorkspace,
  phones: string[],
  scenario: Scenario,
  concurrency: number,
) {
  const { total, spreadMs } = scenario;
  const tag = `s${Date.now().toString(36)}`;
  const start = windowStart(scenario);
  const due = dueTimes(scenario, start);
  const scheduling = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const res = await ws.api.post('/v1/messages', {
          channelId: ws.whatsapp.id,
          conversationId: phones[i % phones.length],
          content: `${tag} ${i}`,
          scheduleTime: new Date(due[i]!).toISOString(),
        });
        if (res.status !== 202) throw new Error(`scheduling answered ${res.status}: ${res.text}`);
      }
    }),
  );
  const schedulingSeconds = (Date.now() - scheduling) / 1000;
  if (Date.now() > start) process.stdout.write('warning: scheduling overran the start of the window\n');

  // Sent = received by the Graph fake; wait for every one (or 60 s after the window).
  const received = () => fake.sends(ws.whatsapp.phoneNumberId).filter((r) => String(r.body?.text?.body ?? '').startsWith(`${tag} `));
  const deadline = start + spreadMs + 60_000;
  while (Date.now() < deadline && new Set(received().map((r) => r.body.text.body)).size < total) await sleep(500);
  await sleep(1_000); // a late duplicate would show up here
  const first = new Map<number, number>();
  let duplicates = 0;
  for (const r of received()) {
    const i = Number(String(r.body.text.body).split(' ')[1]);
    if (first.has(i)) duplicates++;
    else first.set(i, r.time);
  }
  // Every one must also be recorded `sent` by Plática (its database: the API pages 200 at a time).
  const db = new Pool({ connectionString: bench.isolation.databaseUrl, max: 1 });
  const recorded = await db
    .query<{ status: string; count: string }>(
      `select status, count(*) from messaging.scheduled_message where preview like $1 group by status`,
      [`${tag} %`],
    )
    .finally(() => db.end());
  const recordedSent = Number(recorded.rows.find((r) => r.status === 'sent')?.count ?? 0);
  if (recordedSent !== total)
    process.stdout.write(`warning: ${recordedSent} of ${total} recorded sent (${JSON.stringify(recorded.rows)})\n`);
  return {
    name: 'Plática',
    scenario,
    scheduledPerSecond: total / schedulingSeconds,
    sent: first.size,
    duplicates,
    lateness: [...first.entries()].map(([i, at]) => at - due[i]!).sort((a, b) => a - b),
  } satisfies Result;
}

/** The anchor: BullMQ delayed jobs, each a Postgres insert and a POST to a loopback receiver. */
async function bullmqAnchor(databaseUrl: string, redisPrefix: string, scenario: Scenario, concurrency: number): Promise<Result> {
  const { total, spreadMs } = scenario;
  const receipts = new Map<number, number>();
  let duplicates = 0;
  const receiver = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { i } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { i: number };
      if (receipts.has(i)) duplicates++;
      else receipts.set(i, Date.now());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/send`;
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query('create table if not exists bench_anchor_send (id text primary key, body text not null, sent_at timestamptz not null)');
  const connection = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const prefix = `${redisPrefix}bullmq`;
  const queueName = `anchor-${total}`;
  const queue = new Queue(queueName, { connection, prefix });
  const worker = new Worker(
    queueName,
    async (job) => {
      const { i } = job.data as { i: number };
      await pool.query('insert into bench_anchor_send (id, body, sent_at) values ($1, $2, now())', [`${queueName}-${i}`, `m${i}`]);
      const answer = await fetch(receiverUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ i }),
      });
      if (!answer.ok) throw new Error(`receiver answered ${answer.status}`);
      await answer.arrayBuffer();
    },
    { connection, prefix, concurrency },
  );
  try {
    const start = windowStart(scenario);
    const due = dueTimes(scenario, start);
    const scheduling = Date.now();
    for (let from = 0; from < total; from += 1_000) {
      await queue.addBulk(
        due.slice(from, from + 1_000).map((at, k) => ({
          name: 'send',
          data: { i: from + k },
          opts: { delay: Math.max(0, at - Date.now()), removeOnComplete: true },
        })),
      );
    }
    const schedulingSeconds = (Date.now() - scheduling) / 1000;
    const deadline = start + spreadMs + 60_000;
    while (Date.now() < deadline && receipts.size < total) await sleep(500);
    await sleep(1_000);
    return {
      name: 'BullMQ anchor',
      scenario,
      scheduledPerSecond: total / schedulingSeconds,
      sent: receipts.size,
      duplicates,
      lateness: [...receipts.entries()].map(([i, at]) => at - due[i]!).sort((a, b) => a - b),
    };
  } finally {
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await pool.end();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

function line(result: Result): string {
  const { lateness } = result;
  return [
    `  ${result.name.padEnd(14)}`,
    `sent ${result.sent}/${result.scenario.total}${result.duplicates ? ` (+${result.duplicates} duplicates)` : ''}`,
    `scheduling ${result.scheduledPerSecond.toFixed(0)}/s`,
    `lateness p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms`,
  ].join(' | ');
}

async function main(): Promise<void> {
  const scenarios: Scenario[] = option('scenarios', '1000:10,10000:60')
    .split(',')
    .map((s) => {
      const [total, seconds] = s.split(':').map(Number);
      return { total: total!, spreadMs: seconds! * 1_000 };
    });
  // Through the gateway as integrators call it; the anchor's workers get the same concurrency as Plática's dispatcher.
  const concurrency = Number(option('concurrency', '50'));
  const fake = await FakeMetaGraph.start();
  const bench = await startBenchStack({ META_GRAPH_BASE_URL: fake.url, PLATICA_ALLOW_PRIVATE_NETWORKS: 'true' });
  const report: string[] = [];
  let met = true;
  try {
    // The bench measures scheduling, not the per-key limit: its key is given a limit it cannot reach (10,000 at 50 at a time).
    const ws = await MessagingWorkspace.seed(bench, (doc) => {
      doc.apiKeys[0]!.rateLimitPerSecond = 100_000;
    });
    const phones = Array.from({ length: 100 }, () => newPhone());
    for (const phone of phones) await ws.customerWrites(phone); // opens each customer's WhatsApp window
    // Warm-up, not reported: the first scenario would otherwise pay for the fresh stack (the JIT,
    // connection pools, the dispatcher's first window), as bench/tools and bench/turns warm up too.
    process.stdout.write('warm-up: 300 messages due over 3 s…\n');
    await platica(bench, fake, ws, phones, { total: 300, spreadMs: 3_000 }, concurrency);
    for (const scenario of scenarios) {
      process.stdout.write(`\n${scenario.total} messages due over ${scenario.spreadMs / 1000} s: Plática…\n`);
      const ours = await platica(bench, fake, ws, phones, scenario, concurrency);
      process.stdout.write(`${line(ours)}\nBullMQ anchor…\n`);
      const anchor = await bullmqAnchor(bench.isolation.databaseUrl, bench.isolation.redisPrefix, scenario, 32);
      const ok =
        ours.sent === scenario.total &&
        ours.duplicates === 0 &&
        percentile(ours.lateness, 99) <= Math.max(2 * percentile(anchor.lateness, 99), 1) &&
        percentile(ours.lateness, 99) < 250 &&
        ours.scheduledPerSecond >= 500;
      met &&= ok;
      report.push(
        `${scenario.total} due over ${scenario.spreadMs / 1000} s: ${ok ? 'TARGET MET' : 'TARGET MISSED'}`,
        line(ours),
        line(anchor),
      );
    }
  } finally {
    await bench.stop();
    await fake.stop();
  }
  process.stdout.write(`\n${report.join('\n')}\n${met ? 'ALL TARGETS MET' : 'SOME TARGETS MISSED'}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
