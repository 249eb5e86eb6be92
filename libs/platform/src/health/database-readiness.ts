import { Client as PgClient } from 'pg';

/** How long `/readyz` waits for a new connection to PostgreSQL (Readiness gives each check 2 s). */
const CONNECT_TIMEOUT_MS = 1_500;

/**
 * The database check of every service's `/readyz`: a new connection, not one of the pool's,
 * since a pool keeping one warm connection answers while every new one is refused (too many
 * clients); and a server that only reads (`25006` on the first write) is not ready either.
 * What it throws says why the same way for every service and every cause: `database_unavailable:
 * <PostgreSQL's words> (<code>)`.
 */
export async function checkDatabaseReadiness(databaseUrl: string): Promise<void> {
  const client = new PgClient({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection dropped while the check holds it reports an 'error' event: the query rejects too.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ read_only: string }>("select current_setting('transaction_read_only') as read_only");
    if (rows[0]?.read_only === 'on') {
      throw Object.assign(new Error('the server accepts only reads'), { code: '25006' });
    }
  } catch (error) {
    throw new Error(databaseUnavailableReason(error));
  } finally {
    void client.end().catch(() => undefined);
  }
}

/** `database_unavailable: sorry, too many clients already (53300)`; any other failure of the check is named as it came. */
export function databaseUnavailableReason(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  const words = typeof message === 'string' && message ? message : String(error);
  const suffix = typeof code === 'string' ? ` (${code})` : '';
  return `database_unavailable: ${words}${suffix}`;
}
