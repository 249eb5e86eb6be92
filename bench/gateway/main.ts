// bench/gateway: throughput and latency of authenticated requests through gateway -> NATS ->
// service -> Postgres, each next to a bare twin doing the same NATS request and the same
// Postgres reads and writes without Nest, auth, validation or an ORM (bare-path.ts), in the
// same run, one route after the other:
//   - GET /v1/workspaces (answered by the gateway's own data; issue 3: >= 50% of the bare
//     path's throughput, p99 < 30 ms);
//   - GET /v1/agents/{id}, GET /v1/conversations?limit=20 over a workspace of 10,000
//     conversations, POST /v1/messages (internal channel, immediate) (issue 18: each >= 70% of
//     its twin's throughput, p99 <= 1.5x its twin's).
// Also printed: the CPU per request of the gateway and the route's service, and of the twin's
// two processes, which shows where a gap comes from.
//
//   node dist/bench/gateway/main.js [--connections 50] [--seconds 10] [--conversations 10000] [--only <text in a route's name>]
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { freePort, stopProcess } from '@platica/devstack';
import { HEADER, measure, row, settleAfterStart, type LoadRequest, type LoadResult } from '../lib/load';
import { startBenchStack } from '../lib/stack';
import { numberOption, option } from '../lib/args';
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

function verdict(route: Route, platform: LoadResult, bare: LoadResult): { share: number; met: boolean; text: string } {
  const share = (100 * platform.requestsPerSecond) / bare.requestsPerSecond;
  const p99Ratio = platform.p99Ms / bare.p99Ms;
  const { minShare, maxP99Ms, maxP99Ratio } = route.target;
  const p99Met = maxP99Ms !== undefined ? platform.p99Ms < maxP99Ms : p99Ratio <= maxP99Ratio!;
  const met = share >= minShare && p99Met && platform.non2xx + platform.errors === 0;
  const p99Target = maxP99Ms !== undefined ? `< ${maxP99Ms} ms` : `<= ${maxP99Ratio}x`;
  return {
    share,
    met,
    text: `${route.name}: ${share.toFixed(0)}% of its twin's throughput (target >= ${minShare}%), p99 ${platform.p99Ms.toFixed(1)} ms = ${p99Ratio.toFixed(2)}x its twin's (target ${p99Target}): ${met ? 'met' : 'MISSED'}`,
  };
}

/** `gateway 120 + agents 150 = 270`: each watched process's CPU per request, and their sum. */
function cpuLine(result: LoadResult): string {
  const parts = Object.entries(result.cpuUsPerRequest);
  const sum = parts.reduce((total, [, us]) => total + us, 0);
  return `${parts.map(([name, us]) => `${name} ${us.toFixed(0)}`).join(' + ')} = ${sum.toFixed(0)}`;
}

async function main(): Promise<void> {
  const connections = numberOption('connections', 50);
  const seconds = numberOption('seconds', 10);
  const conversations = numberOption('conversations', 10_000);
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

    await settleAfterStart();
    process.stdout.write(`measuring ${seconds} s at ${connections} connections per route, Plática then the bare twins…\n\n`);
    const platform: LoadResult[] = [];
    const pidOf = (name: ServiceName) => stack.services.get(name)!.process.pid!;
    for (const route of routes) {
      const headers = { authorization: `Bearer ${seeded.apiKeys.k.key}` };
      const watch = { gateway: pidOf('gateway'), ...(route.service && { [route.service]: pidOf(route.service) }) };
      platform.push(await measure(`${bench.baseUrl}${route.path}`, headers, connections, seconds, route.request, watch));
    }

    // The twins run alone: the stack's services are stopped (its database stays).
    await Promise.all([...stack.services.keys()].map((name) => stack.stopService(name)));
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
    const twins: LoadResult[] = [];
    for (const route of routes)
      twins.push(await measure(`http://127.0.0.1:${config.port}${route.path}`, {}, connections, seconds, route.request, bareWatch));

    process.stdout.write(`${HEADER}\n`);
    routes.forEach((route, i) => {
      process.stdout.write(`${row(`Plática ${route.name}`, platform[i]!)}\n`);
      process.stdout.write(`${row(`bare    ${route.name}`, twins[i]!)}\n`);
    });
    process.stdout.write('\nCPU per request answered (user + system, µs):\n');
    routes.forEach((route, i) =>
      process.stdout.write(`${route.name.padEnd(32)} Plática ${cpuLine(platform[i]!)} | bare ${cpuLine(twins[i]!)}\n`),
    );
    process.stdout.write('\n');
    const verdicts = routes.map((route, i) => verdict(route, platform[i]!, twins[i]!));
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
