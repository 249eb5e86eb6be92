// bench/gateway: throughput and latency of an authenticated GET /v1/workspaces through
// gateway -> NATS -> service -> Postgres, next to a bare path doing the same NATS request
// and Postgres read without Nest, auth or validation. Target (issue 3): at least 50% of the
// bare path's throughput, p99 under 30 ms, at 50 connections on a 2-core machine.
//
//   node dist/bench/gateway/main.js [--connections 50] [--seconds 10]
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, stopProcess } from '@platica/devstack';
import { HEADER, measure, row } from '../lib/load';
import { startBenchStack } from '../lib/stack';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

function startBare(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(__dirname, 'bare-path.js'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare path exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const connections = arg('connections', 50);
  const seconds = arg('seconds', 10);
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
      })
    ).body as { workspace: { id: string }; apiKeys: { k: { key: string } } };

    process.stdout.write(`measuring ${seconds} s at ${connections} connections each…\n\n`);
    const platform = await measure(
      `${bench.baseUrl}/v1/workspaces`,
      { authorization: `Bearer ${seeded.apiKeys.k.key}` },
      connections,
      seconds,
    );

    // The bare path runs alone: the stack's services are stopped (its database stays).
    await Promise.all([...stack.services.keys()].map((name) => stack.stopService(name)));
    const barePort = await freePort();
    const subject = `${isolation.natsPrefix}bare.workspaces`;
    bare = [
      await startBare(['responder', natsUrl, subject, isolation.databaseUrl]),
      await startBare(['http', natsUrl, subject, seeded.workspace.id], { BARE_PORT: String(barePort) }),
    ];
    const baseline = await measure(`http://127.0.0.1:${barePort}/v1/workspaces`, {}, connections, seconds);

    process.stdout.write(`${HEADER}\n`);
    process.stdout.write(`${row('Plática: gateway -> NATS -> service -> Postgres', platform)}\n`);
    process.stdout.write(`${row('bare: Fastify -> NATS -> responder -> Postgres', baseline)}\n\n`);
    const share = (100 * platform.requestsPerSecond) / baseline.requestsPerSecond;
    process.stdout.write(
      `throughput: ${share.toFixed(0)}% of the bare path (target >= 50%); p99 ${platform.p99Ms.toFixed(1)} ms (target < 30 ms)\n`,
    );
    process.stdout.write(
      `${share >= 50 && platform.p99Ms < 30 && platform.non2xx + platform.errors === 0 ? 'TARGET MET' : 'TARGET MISSED'}\n`,
    );
  } finally {
    await Promise.all(bare.map((child) => stopProcess(child)));
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
