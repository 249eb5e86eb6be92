import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { newIsolation, type Isolation } from '@platica/testing';
import { checkDatabaseReadiness } from '../health/database-readiness';
import { errorReply } from './error-reply';

/**
 * Every way a real PostgreSQL refuses work is a 503 naming the database, and `/readyz`'s
 * database check says so the same way: too many clients (a role's connection limit), a
 * read-only server (a role whose transactions are read-only), an administrator's termination
 * of the connection, and a pool whose connections are all taken.
 */
describe('PostgreSQL unavailable (integration)', () => {
  let isolation: Isolation;
  let admin: Client;
  const role = `platica_t_${randomBytes(4).toString('hex')}`;
  const open: Client[] = [];

  const urlAs = (name: string) => {
    const url = new URL(isolation.databaseUrl);
    url.username = name;
    url.password = 'secret';
    return url.toString();
  };
  const connect = async (url: string) => {
    const client = new Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    open.push(client);
    return client;
  };
  const expectUnavailable = (error: unknown) => {
    const { status, body } = errorReply(error);
    expect({ status, body }).toEqual({
      status: 503,
      body: {
        code: 503,
        error: expect.stringContaining('the database cannot be reached'),
        details: { reason: 'database_unavailable', retryAfterSeconds: 5 },
      },
    });
  };

  /** The server's maintenance database: where the test's own database is made and dropped. */
  const onServer = async (sql: string) => {
    const url = new URL(isolation.databaseUrl);
    url.pathname = '/postgres';
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const databaseName = () => decodeURIComponent(new URL(isolation.databaseUrl).pathname.slice(1));

  beforeAll(async () => {
    isolation = newIsolation();
    await onServer(`create database "${databaseName()}"`);
    admin = new Client({ connectionString: isolation.databaseUrl });
    await admin.connect();
    await admin.query(`create role ${role}_full login password 'secret' connection limit 1`);
    await admin.query(`create role ${role}_ro login password 'secret'`);
    await admin.query(`alter role ${role}_ro set default_transaction_read_only = on`);
  });

  afterAll(async () => {
    await Promise.all(open.map((client) => client.end().catch(() => undefined)));
    await admin?.query(`drop role if exists ${role}_full`);
    await admin?.query(`drop role if exists ${role}_ro`);
    await admin?.end();
    await onServer(`drop database if exists "${databaseName()}" with (force)`);
  });

  it('reports a reachable, writable database ready', async () => {
    await expect(checkDatabaseReadiness(isolation.databaseUrl)).resolves.toBeUndefined();
  });

  it('answers 503 when the server has too many clients (53300), and /readyz says so', async () => {
    await connect(urlAs(`${role}_full`)); // the role's one connection
    const refused = await connect(urlAs(`${role}_full`)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: '53300' });
    expectUnavailable(refused);
    await expect(checkDatabaseReadiness(urlAs(`${role}_full`))).rejects.toThrow(
      /^database_unavailable: .*too many connections.* \(53300\)$/,
    );
  });

  it('answers 503 when the server only reads (25006), and /readyz says so', async () => {
    const client = await connect(urlAs(`${role}_ro`));
    const refused = await client.query('create table t (id int)').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: '25006' });
    expectUnavailable(refused);
    await expect(checkDatabaseReadiness(urlAs(`${role}_ro`))).rejects.toThrow(/^database_unavailable: .* \(25006\)$/);
  });

  it('answers 503 for a query whose connection an administrator terminated (57P01)', async () => {
    const client = await connect(isolation.databaseUrl);
    const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
    const sleeping = client.query('select pg_sleep(30)').catch((error: unknown) => error);
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const terminated = await sleeping;
    expect(terminated).toMatchObject({ code: '57P01' });
    expectUnavailable(terminated);
  });

  it('answers 503 when no pooled connection frees up in time (the pool’s acquisition time-out)', async () => {
    const pool = new Pool({ connectionString: isolation.databaseUrl, max: 1, connectionTimeoutMillis: 200 });
    try {
      const held = await pool.connect();
      const waited = await pool.query('select 1').catch((error: unknown) => error);
      held.release();
      expectUnavailable(waited);
    } finally {
      await pool.end();
    }
  });

  it('says a refused connection the same way in /readyz', async () => {
    const url = new URL(isolation.databaseUrl);
    url.port = '1'; // nothing listens there
    await expect(checkDatabaseReadiness(url.toString())).rejects.toThrow(/^database_unavailable: .*ECONNREFUSED.* \(ECONNREFUSED\)$/);
  });
});
