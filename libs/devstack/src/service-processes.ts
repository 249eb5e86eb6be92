import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ServiceName } from '@platica/contracts';
import { stopProcess } from './temporal-dev-server';
import { waitUntil } from './ports';

export interface ServiceSpec {
  name: ServiceName;
  port: number;
}

export interface RunningService extends ServiceSpec {
  process: ChildProcess;
}

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
  pipeLines(child, onLine);
  return { ...spec, process: child };
}

/**
 * Waits until the service answers `GET /readyz` with 200 (dependencies up, NATS subscribed).
 * `PLATICA_READY_TIMEOUT_MS` lengthens the wait on a loaded machine (default 60 s).
 */
export async function waitReady(
  service: RunningService,
  timeoutMs = Number(process.env.PLATICA_READY_TIMEOUT_MS ?? 60_000),
): Promise<void> {
  await waitUntil(
    `${service.name} to be ready on port ${service.port}`,
    async () => {
      if (service.process.exitCode !== null) throw new Error(`${service.name} exited with code ${service.process.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${service.port}/readyz`);
      return res.status === 200;
    },
    timeoutMs,
    150,
  );
}

export async function stopService(service: RunningService): Promise<void> {
  await stopProcess(service.process);
}
