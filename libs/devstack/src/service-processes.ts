import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServiceName } from '@platica/contracts';
import { stopProcess } from './temporal-dev-server';

export interface ServiceSpec {
  name: ServiceName;
  port: number;
}

export interface RunningService extends ServiceSpec {
  process: ChildProcess;
  /** What it printed: the last lines (to say why it did not start) and how many in all. */
  output: { recent: string[]; count: number };
}

const RECENT_LINES = 40;

/** Where the compiled entry point of a service lives in dist/. */
export function serviceEntry(root: string, name: ServiceName): string {
  return path.join(root, 'dist', 'apps', name, 'src', 'main.js');
}

function pipeLines(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      lines.filter(Boolean).forEach(onLine);
    });
  }
}

/** Runs one service's migrations (`main.js migrate`) to completion. */
export function runMigrations(root: string, name: ServiceName, env: NodeJS.ProcessEnv, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serviceEntry(root, name), 'migrate'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(child, onLine);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrations of ${name} failed (exit ${code})`))));
  });
}

/** Starts one service; with `sourceMaps`, its stack traces name the TypeScript sources (production runs without: they cost memory and time). */
export function startService(
  root: string,
  spec: ServiceSpec,
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
  { sourceMaps = true } = {},
): RunningService {
  const child = spawn(process.execPath, [...(sourceMaps ? ['--enable-source-maps'] : []), serviceEntry(root, spec.name)], {
    env: { ...env, PLATICA_HTTP_PORT: String(spec.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { recent: [] as string[], count: 0 };
  pipeLines(child, (line) => {
    output.count += 1;
    output.recent.push(line);
    if (output.recent.length > RECENT_LINES) output.recent.shift();
    onLine(line);
  });
  return { ...spec, process: child, output };
}

/** Where the compiled one-process host (test stacks) lives in dist/. */
export function oneProcessHostEntry(root: string): string {
  return path.join(root, 'dist', 'libs', 'devstack', 'src', 'one-process-host.js');
}

/**
 * Starts the given services in one process (test stacks: see one-process-host.ts); each
 * gets `env` plus its own `serviceEnv` and its port. They share the process and its output.
 */
export function startServicesInOneProcess(
  root: string,
  specs: ServiceSpec[],
  env: NodeJS.ProcessEnv,
  serviceEnv: Partial<Record<ServiceName, NodeJS.ProcessEnv>>,
  onLine: (line: string) => void,
  { sourceMaps = true } = {},
): RunningService[] {
  const plan = specs.map((spec) => ({
    name: spec.name,
    entry: serviceEntry(root, spec.name),
    env: { ...serviceEnv[spec.name], PLATICA_HTTP_PORT: String(spec.port) },
  }));
  const child = spawn(process.execPath, [...(sourceMaps ? ['--enable-source-maps'] : []), oneProcessHostEntry(root)], {
    env: { ...env, PLATICA_HOSTED_SERVICES: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { recent: [] as string[], count: 0 };
  pipeLines(child, (line) => {
    output.count += 1;
    output.recent.push(line);
    if (output.recent.length > RECENT_LINES) output.recent.shift();
    onLine(line);
  });
  return specs.map((spec) => ({ ...spec, process: child, output }));
}

/**
 * Waits until the service answers `GET /readyz` with 200 (dependencies up, NATS subscribed).
 * On a loaded machine a start takes longer but keeps making progress (CPU time, lines printed),
 * so it waits as long as there is some; it fails at once when the service exits, and after
 * `PLATICA_READY_TIMEOUT_MS` (default 60 s) without progress (or five times that in all),
 * each time with the service's last lines.
 */
export async function waitReady(service: RunningService, stallMs = Number(process.env.PLATICA_READY_TIMEOUT_MS ?? 60_000)): Promise<void> {
  const started = Date.now();
  let progressAt = started;
  let cpu = cpuTicks(service.process.pid);
  let printed = service.output.count;
  const failure = (why: string) => new Error(`${service.name} ${why}; its last lines:\n${service.output.recent.join('\n') || '(none)'}`);
  for (;;) {
    if (service.process.exitCode !== null || service.process.signalCode !== null)
      throw failure(`exited (${service.process.exitCode ?? service.process.signalCode}) before it was ready on port ${service.port}`);
    const answer = await fetch(`http://127.0.0.1:${service.port}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (answer?.status === 200) return;
    const now = Date.now();
    const cpuNow = cpuTicks(service.process.pid);
    // 5 ticks (50 ms of CPU): more than an idle process spends on its timers between two polls.
    if (service.output.count > printed || (cpuNow !== null && cpu !== null && cpuNow - cpu >= 5)) {
      progressAt = now;
      printed = service.output.count;
      cpu = cpuNow;
    }
    if (now - progressAt > stallMs || now - started > 5 * stallMs)
      throw failure(
        `was not ready on port ${service.port} after ${Math.round((now - started) / 1000)} s, ${Math.round((now - progressAt) / 1000)} s of them without progress (PLATICA_READY_TIMEOUT_MS=${stallMs})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** CPU time a process has used (user + system, in clock ticks), from /proc; null where there is none. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

export async function stopService(service: RunningService): Promise<void> {
  await stopProcess(service.process);
}
