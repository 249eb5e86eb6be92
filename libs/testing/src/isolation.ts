import { randomBytes } from 'node:crypto';

/**
 * Names that keep one test run (or one test file) apart from every other run sharing this
 * machine's PostgreSQL, NATS, Redis and Temporal (ARCHITECTURE.md › Local run and test contract).
 */
export interface Isolation {
  tag: string;
  databaseUrl: string;
  natsPrefix: string;
  eventsStream: string;
  redisPrefix: string;
  taskQueuePrefix: string;
}

export function newIsolation(): Isolation {
  const tag = `t${randomBytes(5).toString('hex')}`;
  const base = new URL(process.env.PLATICA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/platica_${tag}`;
  return {
    tag,
    databaseUrl: base.toString(),
    natsPrefix: `${tag}.`,
    eventsStream: `PLATICA_EVENTS_${tag.toUpperCase()}`,
    redisPrefix: `${tag}:`,
    taskQueuePrefix: `${tag}-`,
  };
}

export function temporalAddress(): string {
  const address = process.env.PLATICA_TEST_TEMPORAL_ADDRESS;
  if (!address)
    throw new Error('PLATICA_TEST_TEMPORAL_ADDRESS is unset: run integration tests through jest (its global setup starts Temporal)');
  return address;
}
