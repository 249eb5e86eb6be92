/* eslint-disable @typescript-eslint/no-explicit-any -- the API's JSON answers, read as an integrator would. */
/**
 * Inbound webhook bench: how many signed WhatsApp messages per second the stack accepts and
 * stores, how long after the webhook's answer a message is readable through
 * `GET /v1/conversations/{id}`, and whether any accepted message is lost; with this machine's
 * bare Postgres insert rate measured in the same run for comparison.
 *
 *   node tools/build.mjs && node dist/bench/inbound/bench.js
 *   BASE_URL=http://127.0.0.1:8080 PLATICA_ADMIN_TOKEN=… node dist/bench/inbound/bench.js   # an existing stack
 *
 * Env: BENCH_SECONDS (per level, default 5), BENCH_CONCURRENCY (default "8,32,128"),
 * BENCH_CUSTOMERS (distinct senders, default 2000), DATABASE_URL (for the bare insert rate).
 */
import { randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { dropDatabase, ensureDatabase, freePort, startStack, type Stack } from '@platica/devstack';
import { hubSignature, newMetaId, newPhone, whatsappInbound } from '@platica/testing';
import { ascending, percentile } from '../lib/args';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '8,32,128').split(',').map(Number);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
/** One message in this many is followed until it is readable through the API. */
const SAMPLE_EVERY = 100;

const root = path.resolve(__dirname, '../../..');

interface Target {
  baseUrl: string;
  adminToken: string;
  databaseUrl: string | null;
  stop: () => Promise<void>;
}

async function startTarget(): Promise<Target> {
  if (process.env.BASE_URL) {
    return {
      baseUrl: process.env.BASE_URL.replace(/\/+$/, ''),
      adminToken: process.env.PLATICA_ADMIN_TOKEN ?? '',
      databaseUrl: process.env.DATABASE_URL ?? null,
      stop: async () => undefined,
    };
  }
  const tag = `bench${randomBytes(4).toString('hex')}`;
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/platica_${tag}`;
  const databaseUrl = base.toString();
  const gatewayPort = await freePort();
  const adminToken = `adm_${randomBytes(16).toString('hex')}`;
  await ensureDatabase(databaseUrl);
  const stack: Stack = await startStack({
    root,
    gatewayPort,
    temporalCli: path.join(root, '.toolchain/py/bin/temporal'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PLATICA_ENV: 'test',
      LOG_LEVEL: 'warn',
      PLATICA_HTTP_HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      PLATICA_NATS_PREFIX: `${tag}.`,
      PLATICA_EVENTS_STREAM: `PLATICA_EVENTS_${tag.toUpperCase()}`,
      PLATICA_REDIS_PREFIX: `${tag}:`,
      PLATICA_TASK_QUEUE_PREFIX: `${tag}-`,
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      PLATICA_ADMIN_TOKEN: adminToken,
      PLATICA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
      // e.g. BENCH_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the services.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
    log: (source, line) => {
      if (process.env.BENCH_LOGS) process.stdout.write(`[${source}] ${line}\n`);
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    adminToken,
    databaseUrl,
    stop: async () => {
      await stack.stop();
      await dropDatabase(databaseUrl).catch(() => undefined);
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function request(
  baseUrl: string,
  method: string,
  url: string,
  body: string | null,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      { method, agent, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function json(baseUrl: string, method: string, url: string, token: string, body?: unknown): Promise<any> {
  const res = await request(baseUrl, method, url, body === undefined ? null : JSON.stringify(body), {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  });
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`);
  return JSON.parse(res.text);
}

/** Single-row autocommitted inserts (one commit each) with 16 connections for 3 s: the bare rate. */
async function bareInsertRate(databaseUrl: string): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: 16 }, async () => {
      const c = new PgClient({ connectionString: databaseUrl });
      await c.connect();
      return c;
    }),
  );
  const table = `bench_bare_${randomBytes(4).toString('hex')}`;
  await clients[0]!.query(`create table if not exists public.${table} (id text primary key, payload jsonb, at timestamptz default now())`);
  const payload = JSON.stringify({ object: 'whatsapp_business_account', text: 'x'.repeat(300) });
  let count = 0;
  const until = Date.now() + 3_000;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) {
        await c.query(`insert into public.${table} (id, payload) values ($1, $2)`, [randomBytes(12).toString('hex'), payload]);
        count += 1;
      }
    }),
  );
  await clients[0]!.query(`drop table public.${table}`);
  await Promise.all(clients.map((c) => c.end()));
  return count / 3;
}

async function main(): Promise<void> {
  const target = await startTarget();
  try {
    const s = randomBytes(4).toString('hex');
    const channel = { phoneNumber: newPhone(), phoneNumberId: newMetaId('1'), appSecret: `bench-secret-${s}` };
    const seed = await json(target.baseUrl, 'POST', '/admin/v1/seed', target.adminToken, {
      workspace: { name: `Bench ${s}` },
      users: [{ email: `bench-${s}@example.test` }],
      apiKeys: [{ ref: 'bench', name: 'bench key', rateLimitPerSecond: 100_000 }],
      channels: [
        {
          ref: 'wa',
          platform: 'whatsapp',
          name: 'Bench',
          phoneNumber: channel.phoneNumber,
          phoneNumberId: channel.phoneNumberId,
          wabaId: newMetaId('2'),
          accessToken: 'EAAG-bench',
          appSecret: channel.appSecret,
          verifyToken: `verify-${s}`,
        },
      ],
    });
    const key: string = seed.apiKeys.bench.key;
    const channelId: string = seed.channels.wa.id;
    const customers = Array.from({ length: CUSTOMERS }, () => newPhone());

    const deliver = async (from: string, text: string) => {
      const raw = JSON.stringify(
        whatsappInbound({ phoneNumberId: channel.phoneNumberId, displayPhone: channel.phoneNumber, from, name: 'Bench', text }),
      );
      const signature = hubSignature(raw, channel.appSecret);
      return request(target.baseUrl, 'POST', '/hooks/meta', raw, { 'content-type': 'application/json', 'x-hub-signature-256': signature });
    };

    // Every customer writes once first, so the followed messages land in known conversations.
    process.stdout.write(`warming up: ${CUSTOMERS} customers write once… `);
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < customers.length) {
          const from = customers[next++]!;
          const res = await deliver(from, 'hola');
          if (res.status !== 200) throw new Error(`warm-up delivery answered ${res.status}: ${res.text}`);
        }
      }),
    );
    const conversationOf = new Map<string, string>();
    const warmDeadline = Date.now() + 60_000;
    while (conversationOf.size < new Set(customers).size && Date.now() < warmDeadline) {
      for (let token: string | null = null, first = true; first || token; first = false) {
        const page: any = await json(
          target.baseUrl,
          'GET',
          `/v1/conversations?channelId=${channelId}&limit=200${token ? `&pageToken=${token}` : ''}`,
          key,
        );
        for (const c of page.workspaces[0].conversations) conversationOf.set(c.conversationId, c.id);
        token = page.nextPageToken;
      }
    }
    process.stdout.write(`${conversationOf.size} conversations\n`);

    const storedTotal = async (): Promise<number> => {
      let total = 0;
      for (let token: string | null = null, first = true; first || token; first = false) {
        const page: any = await json(
          target.baseUrl,
          'GET',
          `/v1/conversations?channelId=${channelId}&limit=200${token ? `&pageToken=${token}` : ''}`,
          key,
        );
        for (const c of page.workspaces[0].conversations) total += c.messageCount;
        token = page.nextPageToken;
      }
      return total;
    };

    const bare = target.databaseUrl ? await bareInsertRate(target.databaseUrl) : NaN;
    console.log(`bare Postgres: ${bare.toFixed(0)} single-row inserts/s (16 connections, one commit each)`);
    console.log('');
    console.log('concurrency | sent | accepted | refused | accepted/s | stored/s | answer p50/p99 ms | answer→readable p50/p99 ms | lost');

    let storedBefore = await storedTotal();
    for (const concurrency of LEVELS) {
      const answerTimes: number[] = [];
      const readable: number[] = [];
      const follows: Promise<void>[] = [];
      let sent = 0;
      let accepted = 0;
      let refused = 0;
      const started = Date.now();
      const until = started + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (Date.now() < until) {
            const from = customers[randomInt(0, customers.length)]!;
            const text = `bench ${randomBytes(6).toString('hex')}`;
            const t0 = performance.now();
            sent += 1;
            const res = await deliver(from, text).catch(() => ({ status: 0, text: '' }));
            const answeredAt = performance.now();
            answerTimes.push(answeredAt - t0);
            if (res.status !== 200) {
              refused += 1;
              continue;
            }
            accepted += 1;
            const id = conversationOf.get(from);
            if (accepted % SAMPLE_EVERY === 0 && id) {
              follows.push(
                (async () => {
                  for (;;) {
                    const detail: any = await json(target.baseUrl, 'GET', `/v1/conversations/${id}`, key);
                    if (detail.workspaces[0].conversations[0].messages.some((m: any) => m.content === text)) {
                      readable.push(performance.now() - answeredAt);
                      return;
                    }
                    if (performance.now() - answeredAt > 60_000) return;
                    await new Promise((r) => setTimeout(r, 20));
                  }
                })().catch((error: unknown) => console.error(`following a message failed: ${String(error)}`)),
              );
            }
          }
        }),
      );
      const sendingSeconds = (Date.now() - started) / 1000;
      // Stored: wait until every accepted message is counted (or 60 s pass).
      let stored = 0;
      const waitUntil = Date.now() + 60_000;
      for (;;) {
        stored = (await storedTotal()) - storedBefore;
        if (stored >= accepted || Date.now() > waitUntil) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const storedSeconds = (Date.now() - started) / 1000;
      await Promise.all(follows);
      storedBefore += stored;
      console.log(
        [
          String(concurrency).padStart(11),
          sent,
          accepted,
          refused,
          (accepted / sendingSeconds).toFixed(0),
          (stored / storedSeconds).toFixed(0),
          `${percentile(ascending(answerTimes), 50).toFixed(1)}/${percentile(ascending(answerTimes), 99).toFixed(1)}`,
          `${percentile(ascending(readable), 50).toFixed(1)}/${percentile(ascending(readable), 99).toFixed(1)} (${readable.length} followed)`,
          `${accepted - stored} lost`,
        ].join(' | '),
      );
    }
  } finally {
    agent.destroy();
    await target.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
