// bench/gateway: throughput and latency of authenticated requests through gateway -> NATS ->
// service -> Postgres, each next to a bare twin doing the same NATS request and the same
// Postgres reads and writes without Nest, auth, validation or an ORM (bare-path.ts), in the
// same run, one route after the other, each on Plática then at once on its twin:
//   - GET /v1/workspaces (answered by the gateway's own data; issue 3: >= 50% of the bare
//     path's throughput, p99 < 30 ms);
//   - GET /v1/agents/{id}, GET /v1/conversations?limit=20 over a workspace of 10,000
//     conversations, POST /v1/messages (internal channel, immediate) (issue 18: each >= 70% of
//     its twin's throughput, p99 <= 1.5x its twin's).
// Also printed: the CPU per request of the gateway and the route's service, and of the twin's
// two processes, which shows where a gap comes from.
//
// Every route is measured `--rounds` times (Plática, then its twin, route after route); the
// verdict takes the median round, as one pair of 10-second runs is at the mercy of a moment.
//
//   node dist/bench/gateway/main.js [--connections 50] [--seconds 10] [--rounds 3] [--conversations 10000] [--only <text in a route's name>]
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { freePort, stopProcess } from '@platica/devstack';
import { HEADER, measure, row, settleAfterStart, type LoadRequest, type LoadResult } from '../lib/load';
import { startBenchStack } from '../lib/stack';
import { ascending, numberOption, option, percentile } from '../lib/args';
import type { ServiceName } from '@platica/contracts';
import type { BarePath } from './bare-path';

/** The workspace's conversations, all on its internal channel (the send route writes into them). */
const LOAD_CONVERSATIONS = `
insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, agent_id, source, contact_name,
  phone_number, topic, status, operation, message_count, owners, tags, last_user_message_at, resume_requested_at, created_at, updated_at)
select 'cv_bench_' || i, $1, $2, 'service', 'bench-' || i, 'cl_bench_' || i, $3, 'api_chat', null, null, null, 'active', 'automatic',
       0, '[]'::jsonb, '[]'::jsonb, null, null, now() - i * interval '1 minute', now() - i * interval '1 minute'
  from generate_series(1, $4::int) as i`;

interface Route {
  name: string;
  path: string;
  /** The service answering it behind the gateway (none: the gateway answers from its own data). */
  service?: ServiceName;
  request?: LoadRequest;
  /** Share of the twin's throughput, and p99 against the twin's (or an absolute bound), that meet the target of `issue`. */
  target: { issue: number; minShare: number; maxP99Ms?: number; maxP99Ratio?: number };
}

function startBare(role: 'responder' | 'http', config: BarePath): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(__dirname, 'bare-path.js'), role], {
    env: { ...process.env, BARE_PATH: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare path (${role}) exited with ${code}`)));
  });
}

/** One route's measurement on Plática and, right after, on its twin. */
interface Pair {
  platform: LoadResult;
  twin: LoadResult;
}

/**
 * The route's verdict on the median round: the median of the rounds' throughput shares and
 * of their p99 ratios (or of Plática's p99, for an absolute bound); any failed request misses.
 */
function verdict(route: Route, pairs: Pair[]): { met: boolean; text: string } {
  const median = (values: number[]) => percentile(ascending(values), 50);
  const share = median(pairs.map(({ platform, twin }) => (100 * platform.requestsPerSecond) / twin.requestsPerSecond));
  const p99Ratio = median(pairs.map(({ platform, twin }) => platform.p99Ms / twin.p99Ms));
  const p99Ms = median(pairs.map(({ platform }) => platform.p99Ms));
  const failed = pairs.reduce((sum, { platform }) => sum + platform.non2xx + platform.errors, 0);
  const { minShare, maxP99Ms, maxP99Ratio } = route.target;
  const p99Met = maxP99Ms !== undefined ? p99Ms < maxP99Ms : p99Ratio <= maxP99Ratio!;
  const met = share >= minShare && p99Met && failed === 0;
  const p99Target = maxP99Ms !== undefined ? `< ${maxP99Ms} ms` : `<= ${maxP99Ratio}x`;
  const rounds = pairs.length > 1 ? ` (medians of ${pairs.length} rounds)` : '';
  return {
    met,
    text: `${route.name}: ${share.toFixed(0)}% of its twin's throughput (target >= ${minShare}%), p99 ${p99Ms.toFixed(1)} ms = ${p99Ratio.toFixed(2)}x its twin's (target ${p99Target})${rounds}: ${met ? 'met' : 'MISSED'}`,
  };
}

/** Marks, among a twin's watched processes, the stack's services idle beside it. */
const IDLE = 'idle ';

function markedIdle(pids: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(pids).map(([name, pid]) => [`${IDLE}${name}`, pid]));
}

/** The share of one core the idle stack's processes used during a twin's measurement. */
function idleCoreShare(twin: LoadResult, seconds: number): number {
  const usPerRequest = Object.entries(twin.cpuUsPerRequest)
    .filter(([name]) => name.startsWith(IDLE))
    .reduce((sum, [, us]) => sum + us, 0);
  return (usPerRequest * twin.total) / (seconds * 1e6);
}

/** `gateway 120 + agents 150 = 270`: each watched process's CPU per request (the idle stack's apart), and their sum. */
function cpuLine(result: LoadResult): string {
  const parts = Object.entries(result.cpuUsPerRequest).filter(([name]) => !name.startsWith(IDLE));
  const sum = parts.reduce((total, [, us]) => total + us, 0);
  return `${parts.map(([name, us]) => `${name} ${us.toFixed(0)}`).join(' + ')} = ${sum.toFixed(0)}`;
}

async function main(): Promise<void> {
  const connections = numberOption('connections', 50);
  const seconds = numberOption('seconds', 10);
  const conversations = numberOption('conversations', 10_000);
  const rounds = numberOption('rounds', 3);
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const bench = await startBenchStack();
  const { stack, isolation } = bench;
  let bare: ChildProcess[] = [];
  try {
    const seeded = (
      await bench.admin.post('/admin/v1/seed', {
        workspace: { name: 'Bench' },
        users: [{ email: 'bench@example.test' }],
        apiKeys: [{ ref: 'k', name: 'bench', rateLimitPerSecond: 100_000 }],
        agents: [{ ref: 'a', name: 'Bench agent', systemPrompt: 'You answer benchmark questions.' }],
      })
    ).body as {
      workspace: { id: string };
      apiKeys: { k: { key: string } };
      agents: { a: { id: string } };
      channels: { internal: { id: string } };
    };
    const workspaceId = seeded.workspace.id;
    const agentId = seeded.agents.a.id;
    const channelId = seeded.channels.internal.id;
    const db = new PgClient({ connectionString: isolation.databaseUrl });
    await db.connect();
    await db.query(LOAD_CONVERSATIONS, [workspaceId, channelId, agentId, conversations]);
    await db.query('analyze messaging.conversation');
    await db.end();

    // Each send goes to the next conversation in turn, so concurrent sends rarely share one.
    const conversationIds = Array.from({ length: conversations }, (_, i) => `bench-${i + 1}`);
    let sent = 0;
    const send: LoadRequest = {
      method: 'POST',
      body: () => JSON.stringify({ channelId, conversationId: conversationIds[sent++ % conversationIds.length], content: 'hola' }),
    };
    const issue18 = { issue: 18, minShare: 70, maxP99Ratio: 1.5 };
    const only = option('only', '');
    const routes: Route[] = (
      [
        { name: 'GET /v1/workspaces', path: '/v1/workspaces', target: { issue: 3, minShare: 50, maxP99Ms: 30 } },
        { name: 'GET /v1/agents/{id}', path: `/v1/agents/${agentId}`, service: 'agents', target: issue18 },
        { name: 'GET /v1/conversations?limit=20', path: '/v1/conversations?limit=20', service: 'messaging', target: issue18 },
        { name: 'POST /v1/messages (internal)', path: '/v1/messages', request: send, service: 'messaging', target: issue18 },
      ] satisfies Route[]
    ).filter((route) => route.name.includes(only));

    // The twins' two processes run beside the stack for the whole run, and each route is
    // measured on Plática then at once on its twin: the machine's speed drifts by tens of
    // percent over minutes on these shared machines, and a pair measured minutes apart
    // compares two machines. The stack's idle services cost the twins little (printed).
    const config: BarePath = {
      natsUrl,
      subjectPrefix: `${isolation.natsPrefix}bare`,
      databaseUrl: isolation.databaseUrl,
      port: await freePort(),
      workspaceId,
      agentId,
      channelId,
      conversationIds,
    };
    bare = [await startBare('responder', config), await startBare('http', config)];
    const bareWatch = { http: bare[1]!.pid!, responder: bare[0]!.pid! };
    const pidOf = (name: ServiceName) => stack.services.get(name)!.process.pid!;
    const idleStack = (route: Route) =>
      Object.fromEntries(
        [...stack.services.keys()].filter((name) => name !== 'gateway' && name !== route.service).map((name) => [name, pidOf(name)]),
      );

    await settleAfterStart();
    process.stdout.write(
      `measuring ${seconds} s at ${connections} connections per route, Plática then its bare twin, ${rounds} round(s)…\n\n`,
    );
    const pairs: Pair[][] = routes.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, route] of routes.entries()) {
        const headers = { authorization: `Bearer ${seeded.apiKeys.k.key}` };
        const watch = { gateway: pidOf('gateway'), ...(route.service && { [route.service]: pidOf(route.service) }) };
        const platform = await measure(`${bench.baseUrl}${route.path}`, headers, connections, seconds, route.request, watch);
        const twinWatch = { ...bareWatch, ...markedIdle(idleStack(route)) };
        const twin = await measure(`http://127.0.0.1:${config.port}${route.path}`, {}, connections, seconds, route.request, twinWatch);
        pairs[i]!.push({ platform, twin });
      }
    }

    const roundLabel = (round: number) => (rounds > 1 ? ` #${round + 1}` : '');
    process.stdout.write(`${HEADER}\n`);
    routes.forEach((route, i) =>
      pairs[i]!.forEach(({ platform, twin }, round) => {
        process.stdout.write(`${row(`Plática ${route.name}${roundLabel(round)}`, platform)}\n`);
        process.stdout.write(`${row(`bare    ${route.name}${roundLabel(round)}`, twin)}\n`);
      }),
    );
    process.stdout.write('\nCPU per request answered (user + system, µs):\n');
    routes.forEach((route, i) =>
      pairs[i]!.forEach(({ platform, twin }, round) =>
        process.stdout.write(`${`${route.name}${roundLabel(round)}`.padEnd(36)} Plática ${cpuLine(platform)} | bare ${cpuLine(twin)}\n`),
      ),
    );
    const idleShare = Math.max(...pairs.flat().map(({ twin }) => idleCoreShare(twin, seconds)));
    process.stdout.write(`the stack's idle services used at most ${(100 * idleShare).toFixed(1)}% of a core while a twin ran\n\n`);
    const verdicts = routes.map((route, i) => verdict(route, pairs[i]!));
    for (const v of verdicts) process.stdout.write(`${v.text}\n`);
    // One line per issue: each issue's routes are judged together, apart from the others'.
    for (const issue of new Set(routes.map((route) => route.target.issue))) {
      const met = verdicts.every((v, i) => routes[i]!.target.issue !== issue || v.met);
      process.stdout.write(`issue ${issue}: ${met ? 'TARGET MET' : 'TARGET MISSED'}\n`);
    }
  } finally {
    await Promise.all(bare.map((child) => stopProcess(child)));
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
