import { isGrpcServiceError } from '@temporalio/client';

/** What a service depends on that can be down (ARCHITECTURE.md › infrastructure). */
export type Dependency = 'database' | 'nats' | 'redis' | 'temporal';

/** Socket errors of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
/**
 * PostgreSQL's codes of a server that cannot take the work now: shutting down or starting
 * (`57P01` admin shutdown, `57P02` crash shutdown, `57P03` cannot connect now), a connection
 * that failed (class 08), too many clients (`53300`), and a read-only server (`25006`: a standby,
 * or `default_transaction_read_only` during a failover).
 */
const POSTGRES_UNAVAILABLE = /^(57P0[1-3]|08\d{3}|53300|25006)$/;
/** gRPC's UNAVAILABLE and DEADLINE_EXCEEDED: the only gRPC server a service calls is Temporal. */
const GRPC_UNAVAILABLE = new Set([14, 4]);
/** What node-postgres says of a connection lost or never made, without a code. */
const POSTGRES_MESSAGES = [
  /^Connection terminated/,
  // pg-pool's: no connection could be made or freed within `connectionTimeoutMillis` (the pool's acquisition time-out).
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];

/**
 * What ioredis says of a command it could not send or whose answer it gave up on (the
 * connection is down and the offline queue is off, it closed, or the command timed out).
 */
const REDIS_MESSAGES = new Set([
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
  'Command timed out',
]);

/**
 * The dependency an error says is unavailable, or null: such an error is a 503 the client
 * retries, not a 500. Errors and their causes are read; a socket error is attributed by the
 * address it names, compared with the dependencies' configured URLs (`env`).
 */
export function unavailableDependency(error: unknown, env: NodeJS.ProcessEnv = process.env): Dependency | null {
  for (const cause of causesOf(error)) {
    if (isGrpcServiceError(cause) && GRPC_UNAVAILABLE.has(cause.code)) return 'temporal';
    const { name, code, message } = cause as { name?: unknown; code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.has(text)) return 'redis';
    if (typeof code === 'string' && POSTGRES_UNAVAILABLE.test(code)) return 'database';
    if (POSTGRES_MESSAGES.some((pattern) => pattern.test(text))) return 'database';
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) {
      // MikroORM's wrapping of a socket lost mid-query ("read ECONNRESET"): no address, but its driver is PostgreSQL's.
      if (name === 'DriverException') return 'database';
      const found = dependencyAt(text, env);
      if (found) return found;
    }
  }
  return null;
}

/** The error, then its causes (and an AggregateError's errors), at most a few levels deep. */
function causesOf(error: unknown): unknown[] {
  const found: unknown[] = [];
  const queue = [error];
  while (queue.length && found.length < 8) {
    const next = queue.shift();
    if (!next || typeof next !== 'object') continue;
    found.push(next);
    queue.push((next as { cause?: unknown }).cause, ...((next as { errors?: unknown[] }).errors ?? []));
  }
  return found;
}

/** Which configured dependency listens at the `host:port` a socket error names. */
function dependencyAt(message: string, env: NodeJS.ProcessEnv): Dependency | null {
  // The address ends the message ("connect ECONNREFUSED ::1:7233"): its last `:port`.
  const port = [...message.matchAll(/:(\d+)\b/g)].at(-1)?.[1];
  if (!port) return null;
  const candidates: [Dependency, string | undefined, string][] = [
    ['database', portOf(env.DATABASE_URL), '5432'],
    ['nats', portOf(env.NATS_URL), '4222'],
    ['redis', portOf(env.REDIS_URL), '6379'],
    ['temporal', env.TEMPORAL_ADDRESS?.split(':').at(-1), '7233'],
  ];
  return candidates.find(([, configured, fallback]) => (configured || fallback) === port)?.[0] ?? null;
}

function portOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).port || undefined;
  } catch {
    return undefined;
  }
}
