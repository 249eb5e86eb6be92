import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { canConnect, splitHostPort, waitUntil } from './ports';

export interface TemporalDevServer {
  address: string;
  /** Null when an already running server is used. */
  process: ChildProcess | null;
  stop(): Promise<void>;
}

/**
 * Uses the Temporal server at `address` when one answers there; otherwise starts the CLI's
 * dev server (SQLite in `dbFile`, or in memory when omitted) on that address with
 * `namespace` registered. The CLI comes from PyPI's wheels (docs/development.md › The toolchain).
 */
export async function ensureTemporalDevServer(options: {
  address: string;
  cliPath: string;
  namespace: string;
  dbFile?: string;
  onOutput?: (line: string) => void;
}): Promise<TemporalDevServer> {
  const { host, port } = splitHostPort(options.address);
  if (await canConnect(host, port)) {
    return { address: options.address, process: null, stop: async () => undefined };
  }
  if (!existsSync(options.cliPath)) {
    throw new Error(
      `no Temporal server at ${options.address} and no Temporal CLI at ${options.cliPath} (run the set-up: scripts/up or scripts/test)`,
    );
  }
  const args = [
    'server',
    'start-dev',
    '--ip',
    host,
    '--port',
    String(port),
    '--headless',
    '--log-level',
    'error',
    '--namespace',
    options.namespace,
  ];
  if (options.dbFile) args.push('--db-filename', options.dbFile);
  const child = spawn(options.cliPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((line) => options.onOutput?.(line));
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitUntil(
    `Temporal dev server on ${options.address}`,
    async () => {
      if (exited) throw new Error('the Temporal dev server exited during start-up');
      return canConnect(host, port);
    },
    60_000,
  );
  return {
    address: options.address,
    process: child,
    stop: () => stopProcess(child),
  };
}

export function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
