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

/**
 * The environment of a stack on these isolated names, for test stacks and benchmarks;
 * infrastructure URLs come from this process's environment (local defaults otherwise).
 */
export function isolatedStackEnv(isolation: Isolation, options: { temporalAddress: string; adminToken: string }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'warn',
    PLATICA_HTTP_HOST: '127.0.0.1',
    DATABASE_URL: isolation.databaseUrl,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    PLATICA_NATS_PREFIX: isolation.natsPrefix,
    PLATICA_EVENTS_STREAM: isolation.eventsStream,
    PLATICA_REDIS_PREFIX: isolation.redisPrefix,
    PLATICA_TASK_QUEUE_PREFIX: isolation.taskQueuePrefix,
    TEMPORAL_ADDRESS: options.temporalAddress,
    TEMPORAL_NAMESPACE: 'default',
    PLATICA_ADMIN_TOKEN: options.adminToken,
    PLATICA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
}
