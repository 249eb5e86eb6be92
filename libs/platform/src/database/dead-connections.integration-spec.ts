import { MikroORM } from '@mikro-orm/postgresql';
import { CuttableProxy } from '@platica/testing';
import { ormOptions } from './database';

/**
 * Transactions in flight when PostgreSQL goes away (every connection cut) give their pool slots
 * back: afterwards the pool serves queries again at once, not after its acquire time-out, and
 * not never (kysely-org/kysely#1990: a transaction's connection was released only after a
 * ROLLBACK that a dead connection cannot run).
 */
describe('a pool whose checked-out connections die (integration)', () => {
  const POOL_SIZE = 3;
  let proxy: CuttableProxy;
  let orm: MikroORM;

  beforeAll(async () => {
    const server = new URL(process.env.PLATICA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    proxy = await CuttableProxy.start(`${server.hostname}:${server.port || '5432'}`);
    const [host, port] = proxy.address.split(':');
    const url = new URL(server.toString());
    url.hostname = host!;
    url.port = port!;
    const definition = { schema: 'public', entities: [], migrations: [], migrationsSourceDir: __dirname };
    orm = await MikroORM.init({ ...ormOptions(definition, url.toString(), POOL_SIZE), discovery: { warnWhenNoEntities: false } });
  });
  afterAll(async () => {
    await orm?.close(true);
    await proxy?.stop();
  });

  it('serves the next query at once after every connection of the pool died inside a transaction', async () => {
    const inFlight = Array.from({ length: POOL_SIZE }, () =>
      orm.em.fork().transactional(async (em) => {
        await em.execute('select pg_sleep(5)');
      }),
    );
    const failures = inFlight.map((transaction) =>
      transaction.then(
        () => null,
        (error: unknown) => error,
      ),
    );
    // Every slot taken by a transaction at the server.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await proxy.cut();
    await proxy.restore();
    for (const failure of await Promise.all(failures)) expect(String(failure)).toMatch(/Connection terminated|ECONNRESET/);

    const started = Date.now();
    const [row] = await orm.em.fork().execute<{ one: number }[]>('select 1 as one');
    expect(row?.one).toBe(1);
    // The acquire time-out is 10 s: a leaked pool would only fail then.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
