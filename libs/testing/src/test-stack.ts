import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { ServiceName } from '@platica/contracts';
import { dropDatabase, freePort, startStack, type Stack } from '@platica/devstack';
import { Client } from 'pg';
import { HttpClient, postSeed } from './http-client';
import { isolatedStackEnv, newIsolation, temporalAddress, type Isolation } from './isolation';

// The repository root, from libs/testing/src or from its build in dist/ (the run's shared stacks start from there).
const built = path.basename(path.resolve(__dirname, '../../..')) === 'dist';
const root = path.resolve(__dirname, built ? '../../../..' : '../../..');

/** What a test drives a stack by: its HTTP API, the seed endpoint and its database. */
export interface StackApi {
  isolation: Isolation;
  baseUrl: string;
  adminToken: string;
  /** Unauthenticated client; `.withToken(key)` for a credential. */
  http: HttpClient;
  admin: HttpClient;
  /** Seeds a workspace with one user and one API key; returns the workspace id and key. */
  seedMinimalWorkspace(extra?: Record<string, unknown>): Promise<{ workspaceId: string; key: string; answer: any }>;
  /** One SQL statement against the stack's database (a test reading what the API does not show); its rows. */
  query<Row extends Record<string, unknown> = Record<string, any>>(sql: string, params?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

/** A stack of the file's own: its processes can be stopped, restarted and scaled. */
export interface TestStack extends StackApi {
  stack: Stack;
}

/**
 * The whole stack (seven services from dist/, in one process or as `platica up` runs them) on an isolated
 * database, NATS subject prefix, events stream, Redis prefix and task queues, against the
 * run's Temporal server. Service logs are kept and printed only when `PLATICA_TEST_LOGS` is set.
 */
export async function startTestStack(
  env: NodeJS.ProcessEnv = {},
  options: {
    /** What one service gets besides, given the stack's isolation (e.g. its own route to the isolated database). */
    serviceEnv?: (isolation: Isolation) => Partial<Record<ServiceName, NodeJS.ProcessEnv>>;
    /**
     * The seven services in one Node process (default): far less CPU time to start. false for
     * a file that needs each service's own process (its signals, its telemetry);
     * PLATICA_TEST_ONE_PROCESS=false makes separate processes every file's default (to compare, or to rule it out).
     */
    oneProcess?: boolean;
    /** The services a file stops, restarts or kills: each in a process of its own beside the shared one. */
    ownProcesses?: ServiceName[];
  } = {},
): Promise<TestStack> {
  const isolation = newIsolation();
  const gatewayPort = await freePort();
  const adminToken = `adm_${randomBytes(16).toString('hex')}`;
  const baseUrl = `http://127.0.0.1:${gatewayPort}`;
  const recent = new RecentLines(40);
  const stack = await startStack({
    root,
    gatewayPort,
    temporalCli: path.join(root, '.toolchain/py/bin/temporal'),
    // Migrated once per run by global set-up; a stack started outside jest migrates its own.
    templateDatabase: process.env.PLATICA_TEST_TEMPLATE_DATABASE,
    env: {
      ...isolatedStackEnv(isolation, { temporalAddress: temporalAddress(), adminToken }),
      PLATICA_ENV: 'test',
      NODE_COMPILE_CACHE: process.env.PLATICA_TEST_COMPILE_CACHE,
      PLATICA_PUBLIC_URL: baseUrl,
      PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
      PLATICA_CREDENTIAL_CACHE_MS: '0',
      // Three stacks run at once on a server allowing 100 connections (seven services each).
      PLATICA_DATABASE_POOL_SIZE: '5',
      // Every answer is checked against its operation's declared responses (the OpenAPI document).
      PLATICA_CHECK_RESPONSES: 'true',
      ...env,
    },
    serviceEnv: options.serviceEnv?.(isolation),
    oneProcess: options.oneProcess ?? process.env.PLATICA_TEST_ONE_PROCESS !== 'false',
    ownProcesses: options.ownProcesses,
    log: (source, line) => {
      recent.keep(source, line);
      if (process.env.PLATICA_TEST_LOGS) process.stdout.write(`[${isolation.tag} ${source}] ${line}\n`);
    },
    // A crash is said at once, with the service's last lines: otherwise a test sees only the
    // gateway's 503 for it, and the logs are printed only with PLATICA_TEST_LOGS.
    onExit: (source, code, signal) => {
      if (code === 0 || signal) return;
      process.stderr.write(`[${isolation.tag}] ${source} exited with code ${code}; its last lines:\n${recent.of(source).join('\n')}\n`);
    },
  });
  return {
    ...stackApi(isolation, baseUrl, adminToken),
    stack,
    async stop() {
      await stack.stop();
      await dropDatabase(isolation.databaseUrl).catch(() => undefined);
      await deleteStream(isolation.eventsStream);
    },
  };
}

/** The API side of a running stack (its own or the worker's shared one); `stop` is the caller's. */
export function stackApi(isolation: Isolation, baseUrl: string, adminToken: string): Omit<StackApi, 'stop'> {
  const http = new HttpClient(baseUrl);
  const admin = http.withToken(adminToken);
  return {
    isolation,
    baseUrl,
    adminToken,
    http,
    admin,
    async seedMinimalWorkspace(extra = {}) {
      const suffix = randomBytes(4).toString('hex');
      const answer = await postSeed(admin, {
        workspace: { name: `Test ${suffix}` },
        users: [{ email: `owner-${suffix}@example.test`, name: 'Owner' }],
        apiKeys: [{ ref: 'main', name: 'main key', rateLimitPerSecond: 1000 }],
        ...extra,
      });
      if (answer.status !== 200) throw new Error(`seed answered ${answer.status}: ${answer.text}`);
      return { workspaceId: answer.body.workspace.id, key: answer.body.apiKeys.main.key, answer: answer.body };
    },
    async query<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      const db = new Client({ connectionString: isolation.databaseUrl });
      await db.connect();
      try {
        return (await db.query<Row>(sql, params)).rows;
      } finally {
        await db.end();
      }
    },
  };
}

export async function deleteStream(name: string): Promise<void> {
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(name).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

/** The last lines each source printed. */
class RecentLines {
  private readonly lines = new Map<string, string[]>();

  constructor(private readonly keptPerSource: number) {}

  keep(source: string, line: string): void {
    const kept = this.lines.get(source) ?? [];
    kept.push(line);
    if (kept.length > this.keptPerSource) kept.shift();
    this.lines.set(source, kept);
  }

  of(source: string): string[] {
    return this.lines.get(source) ?? [];
  }
}
