import type { Pool, PoolClient } from 'pg';

/**
 * Gives a checked-out connection whose socket died back to the pool (which discards it), since
 * its holder may never do so: Kysely, under MikroORM, releases a transaction's connection only
 * once its COMMIT or ROLLBACK has succeeded, and on a dead connection neither can
 * (kysely-org/kysely#1990). Every transaction in flight when PostgreSQL went away kept its pool
 * slot for good, until the pool held only dead connections and every query waited out its
 * acquire time-out: bench/faults saw a messaging replica answer 503 for minutes after an outage
 * had ended. The holder's own release, when it comes, is then a no-op rather than pg-pool's
 * double-release error, which would replace the query's own.
 */
export function releaseDeadCheckouts(pool: Pool): void {
  pool.on('connect', (client: PoolClient) => {
    // pg-pool sets `release` anew at each checkout: each is kept as a release that acts once.
    let release: PoolClient['release'] | undefined;
    Object.defineProperty(client, 'release', {
      configurable: true,
      get: () => release,
      set: (poolRelease: PoolClient['release']) => {
        let released = false;
        release = (error?: Error | boolean) => {
          if (released) return;
          released = true;
          poolRelease(error);
        };
      },
    });
    // Idle, or released already: a no-op (the pool watches its idle connections itself).
    client.on('end', () => release?.(new Error('the connection to PostgreSQL ended while checked out')));
  });
}
