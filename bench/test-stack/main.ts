// bench/test-stack: what a test stack costs to start and stop, with its seven services as seven
// processes and in one (startStack's `oneProcess`, the test stacks' default): the CPU seconds
// of the services' processes (reaped children: `cutime + cstime` of this process, from
// /proc/self/stat) and the wall time to ready and to stopped, as the tests start them
// (a copy of a migrated template, source maps on, Node's compile cache warm, PLATICA_ENV=test).
// Temporal: a dev server of the bench's own, started first and not counted.
//
//   node dist/bench/test-stack/main.js [--rounds 3]
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@platica/contracts';
import { dropDatabase, ensureDatabase, ensureTemporalDevServer, freePort, runMigrations, startStack } from '@platica/devstack';
import { deleteStream, isolatedStackEnv, newIsolation } from '@platica/testing';
import { numberOption } from '../lib/args';
import { settle } from '../lib/load';

const root = path.resolve(__dirname, '../../..');
const rounds = numberOption('rounds', 3);
const compileCache = path.join(os.tmpdir(), 'platica-bench-compile-cache');

/** CPU time of this process's reaped children (user + system), in seconds. */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const temporalAddress = `127.0.0.1:${await freePort()}`;
  const temporal = await ensureTemporalDevServer({
    address: temporalAddress,
    cliPath: path.join(root, '.toolchain/py/bin/temporal'),
    namespace: 'default',
  });
  const adminToken = `adm_${randomBytes(16).toString('hex')}`;
  const template = newIsolation();
  const templateEnv = { ...isolatedStackEnv(template, { temporalAddress, adminToken }), NODE_COMPILE_CACHE: compileCache };
  await ensureDatabase(template.databaseUrl);
  for (const name of SERVICE_NAMES) await runMigrations(root, name, templateEnv, () => undefined);
  const templateDatabase = new URL(template.databaseUrl).pathname.slice(1);

  const figures: Record<'separate' | 'one', { cpu: number[]; start: number[]; stop: number[] }> = {
    separate: { cpu: [], start: [], stop: [] },
    one: { cpu: [], start: [], stop: [] },
  };
  // A first, uncounted stack of each kind warms Node's compile cache.
  for (let round = 0; round <= rounds; round++) {
    for (const mode of ['separate', 'one'] as const) {
      await settle({ quietMs: 2_000, maxMs: 30_000 });
      const isolation = newIsolation();
      const gatewayPort = await freePort();
      const cpuBefore = childrenCpuSeconds();
      const started = Date.now();
      const stack = await startStack({
        root,
        gatewayPort,
        temporalCli: path.join(root, '.toolchain/py/bin/temporal'),
        templateDatabase,
        oneProcess: mode === 'one',
        env: {
          ...isolatedStackEnv(isolation, { temporalAddress, adminToken }),
          PLATICA_ENV: 'test',
          NODE_COMPILE_CACHE: compileCache,
          PLATICA_PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
        },
        log: () => undefined,
      });
      const ready = Date.now();
      await stack.stop();
      const stopped = Date.now();
      const cpu = childrenCpuSeconds() - cpuBefore;
      await dropDatabase(isolation.databaseUrl).catch(() => undefined);
      await deleteStream(isolation.eventsStream);
      const line = `${round === 0 ? 'warm-up ' : `round ${round}  `} ${mode.padEnd(9)} CPU ${cpu.toFixed(2)} s, ready in ${((ready - started) / 1000).toFixed(2)} s, stopped in ${((stopped - ready) / 1000).toFixed(2)} s`;
      process.stdout.write(`${line}\n`);
      if (round === 0) continue;
      figures[mode].cpu.push(cpu);
      figures[mode].start.push((ready - started) / 1000);
      figures[mode].stop.push((stopped - ready) / 1000);
    }
  }
  await dropDatabase(template.databaseUrl).catch(() => undefined);
  await temporal.stop();

  process.stdout.write(`\nmedians of ${rounds} round(s), ${os.cpus().length} cores:\n`);
  process.stdout.write(`${'services'.padEnd(20)} ${'CPU s'.padStart(8)} ${'ready s'.padStart(8)} ${'stop s'.padStart(8)}\n`);
  for (const mode of ['separate', 'one'] as const) {
    const f = figures[mode];
    const label = mode === 'one' ? 'one process' : 'seven processes';
    process.stdout.write(
      `${label.padEnd(20)} ${median(f.cpu).toFixed(2).padStart(8)} ${median(f.start).toFixed(2).padStart(8)} ${median(f.stop).toFixed(2).padStart(8)}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
