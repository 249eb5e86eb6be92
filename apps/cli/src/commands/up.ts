import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { SERVICE_NAMES } from '@platica/contracts';
import { startStack, type Stack } from '@platica/devstack';
import { localSecrets } from '../local-state';

const LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'];
/**
 * How long `up` waits for a service to answer `/readyz` unless PLATICA_READY_TIMEOUT_MS says:
 * seven services starting at once on a loaded 2-core machine took 60-126 s.
 */
export const UP_READY_TIMEOUT_MS = 300_000;
/** Lines of each source kept to explain a failed start. */
const RECENT_LINES = 15;

/**
 * `platica up`: the whole stack on this machine, in the foreground. Infrastructure comes
 * from the environment (defaults: local PostgreSQL, NATS, Redis; a Temporal dev server is
 * started when none answers; scripts/up starts its own servers first). Service logs go to
 * .platica/logs/; warnings and errors are also shown here (all of them with --verbose).
 * Ctrl-C stops the services, then the Temporal dev server if it started one.
 */
export async function up(root: string, args: string[]): Promise<void> {
  const verbose = args.includes('--verbose');
  const stateDir = process.env.PLATICA_STATE_DIR ?? path.join(root, '.platica');
  const secrets = localSecrets(stateDir, process.env);
  const port = Number(process.env.PLATICA_HTTP_PORT ?? 8080);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PLATICA_ENCRYPTION_KEY: secrets.encryptionKey,
    PLATICA_ADMIN_TOKEN: secrets.adminToken,
    PLATICA_HTTP_HOST: process.env.PLATICA_HTTP_HOST ?? '127.0.0.1',
    PLATICA_PUBLIC_URL: process.env.PLATICA_PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  };
  delete env.PLATICA_HTTP_PORT;
  process.env.PLATICA_READY_TIMEOUT_MS ??= String(UP_READY_TIMEOUT_MS);

  const logDir = path.join(stateDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const files = new Map<string, WriteStream>();
  const recent = new Map<string, string[]>();
  const log = (source: string, line: string) => {
    let file = files.get(source);
    if (!file) files.set(source, (file = createWriteStream(path.join(logDir, `${source}.log`), { flags: 'a' })));
    file.write(`${line}\n`);
    const lines = recent.get(source) ?? [];
    recent.set(source, [...lines.slice(1 - RECENT_LINES), line]);
    if (verbose || isWarningOrWorse(line)) process.stdout.write(`\x1b[2m[${source}]\x1b[0m ${line}\n`);
  };

  process.stdout.write('Starting Plática (database, Temporal, migrations, seven services)…\n');
  const started = Date.now();
  let stack: Stack;
  try {
    stack = await startStack({
      root,
      env,
      gatewayPort: port,
      temporalCli: process.env.PLATICA_TEMPORAL_CLI ?? path.join(root, '.toolchain/py/bin/temporal'),
      temporalDbFile: path.join(stateDir, 'temporal.db'),
      log,
    });
  } catch (error) {
    process.stderr.write(`\n${startFailure(error, recent, process.env)}\nLogs: ${logDir}\n`);
    process.exit(1);
  }

  const base = `http://127.0.0.1:${port}`;
  process.stdout.write(
    [
      '',
      `Plática is up in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      `  Base URL     ${base}   (health: ${base}/healthz, readiness: ${base}/readyz)`,
      `  Admin token  ${secrets.adminToken}${secrets.generatedAdminToken ? '   (generated; set PLATICA_ADMIN_TOKEN to choose it)' : ''}`,
      `  Console      ${base}/console/   (sign in with a seeded user's email and password)`,
      `  Temporal     ${stack.temporal.address}${stack.temporal.process ? ' (dev server started here)' : ''}`,
      `  Logs         ${logDir}`,
      '',
      'Seed a workspace (docs/seed.md) and get an API key:',
      `  PLATICA_ADMIN_TOKEN=${secrets.adminToken} node dist/apps/cli/src/main.js seed examples/seed.yaml`,
      'Then:',
      `  curl -H "Authorization: Bearer <key>" ${base}/v1/workspaces`,
      '',
      'Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );

  for (const [name, service] of stack.services) {
    service.process.once('exit', (code, signal) => {
      if (!stopping) log(name, JSON.stringify({ level: 'error', msg: `${name} exited (${signal ?? code}); the rest keeps running` }));
    });
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping…\n');
    await stack.stop();
    process.stdout.write('The services have stopped.\n');
    for (const file of files.values()) file.end();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/**
 * Why the stack did not start, for the terminal: the error, and for each service it names, the
 * last lines that service printed; a readiness time-out also names the variable that lengthens it.
 */
export function startFailure(error: unknown, recent: ReadonlyMap<string, readonly string[]>, env: NodeJS.ProcessEnv): string {
  const message = error instanceof Error ? error.message : String(error);
  const parts = [`Could not start the stack: ${message}`];
  if (/timed out .* to be ready/.test(message) && !message.includes('PLATICA_READY_TIMEOUT_MS')) {
    parts.push(
      `A service still starting on a loaded machine may need longer: set PLATICA_READY_TIMEOUT_MS (milliseconds; now ${env.PLATICA_READY_TIMEOUT_MS ?? UP_READY_TIMEOUT_MS}).`,
    );
  }
  for (const name of SERVICE_NAMES) {
    const lines = recent.get(name);
    if (!new RegExp(`(^|[^a-z-])${name}([^a-z-]|$)`).test(message) || !lines?.length) continue;
    parts.push(`${name}'s last lines:`, ...lines.map((line) => `  ${line}`));
  }
  return parts.join('\n');
}

function isWarningOrWorse(line: string): boolean {
  try {
    const level = (JSON.parse(line) as { level?: string }).level ?? 'info';
    return LEVELS.indexOf(level) >= LEVELS.indexOf('warn');
  } catch {
    return true; // not a structured line: a crash, a stack trace
  }
}
