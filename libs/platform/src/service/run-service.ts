import 'reflect-metadata';
import { Logger, Module, type DynamicModule, type INestApplication, type LoggerService, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Server as HttpServer } from 'node:http';
import { hostname } from 'node:os';
import type { FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import type { ServiceName } from '@platica/contracts';
import { baseConfigSchema, ConfigError, loadConfig, type BaseConfig } from '../config/config';
import { createMigration, migrate, openDatabase, pendingMigrations, type DatabaseDefinition } from '../database/database';
import { checkDatabaseReadiness } from '../health/database-readiness';
import { Readiness } from '../health/readiness';
import { JsonLogger } from '../logging/json-logger';
import { DrainingNatsServer } from '../nats/draining-nats-server';
import { NATS_RECONNECT, RpcClient } from '../nats/rpc-client';
import { natsSubject } from '../nats/subjects';
import { collectProcessMetrics, databaseGauge } from '../observability/metrics';
import { startTracing, stopTracing, traceHttpServer } from '../observability/tracing';
import { ensureEventsStream, OutboxRelay } from '../outbox/outbox-relay';
import { Database } from '../database/unit-of-work';
import { temporalReachable, type TemporalWorkerPart } from '../temporal/temporal';
import { NatsHandle, PlatformModule, ServiceConfig, type PlatformInstances } from './platform.module';
import { hostedEnvironment, hostedServiceLogger, runAsHostedService } from './service-host';

/** Something started after the service is up and stopped before its connections close. */
export interface BackgroundPart {
  stop(): Promise<void>;
}

export interface ServiceDefinition {
  name: ServiceName;
  defaultPort: number;
  rootModule: Type<unknown>;
  database: DatabaseDefinition;
  /** The service's configuration schema (the base schema, extended); validated once at start. */
  configSchema?: z.ZodObject;
  /** Runs an outbox relay: the service writes domain events. */
  publishesEvents?: boolean;
  /** Options of the HTTP server (the gateway's limits and its handler of framework and client errors). */
  httpOptions?: Pick<FastifyServerOptions, 'routerOptions' | 'frameworkErrors' | 'clientErrorHandler' | 'bodyLimit'>;
  /** Last wiring before the HTTP server listens (the gateway registers its route table here). */
  beforeListen?: (app: NestFastifyApplication) => Promise<void> | void;
  /** Background parts started once the service is ready (event consumers, sweeps…); not in the `worker` role. */
  background?: (app: INestApplication, instances: PlatformInstances) => Promise<BackgroundPart[]>;
  /**
   * The service's Temporal worker, when it has one. PLATICA_ROLE chooses what a process runs:
   * `all` (default), `handlers` (no worker) or `worker` (only this and the HTTP probes), so the
   * worker can be a Deployment of its own.
   */
  worker?: (app: INestApplication, instances: PlatformInstances) => Promise<TemporalWorkerPart>;
}

/** A shutdown waits this long for NATS handlers already running (a chat turn waits up to its own timeout). */
const HANDLER_GRACE_MS = 20_000;
/** Past this, a stuck shutdown exits anyway (Kubernetes' grace period is a little longer). */
const SHUTDOWN_DEADLINE_MS = 40_000;

/**
 * The entry point of every service:
 *   main.js                         serve (HTTP health + NATS handlers + background parts)
 *   main.js migrate                 apply the committed migrations and exit
 *   main.js migrate:check           exit 0 when every committed migration is applied, 1 otherwise
 *   main.js migration:create NAME   write a migration for entity changes (development)
 */
export async function runService(definition: ServiceDefinition, argv = process.argv.slice(2)): Promise<void> {
  // Hosted with the other services in one process (test stacks): its own environment, serve only.
  const hosted = hostedEnvironment(definition.name);
  let config: BaseConfig;
  try {
    // A service's schema extends the base schema, so its output is a BaseConfig and more.
    config = loadConfig(definition.configSchema ?? baseConfigSchema, hosted ?? process.env) as BaseConfig;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = new JsonLogger(definition.name, config.LOG_LEVEL);
  if (hosted) {
    const nestLogger = hostedServiceLogger(logger);
    Logger.overrideLogger(nestLogger);
    return runAsHostedService(logger, () => serveOrExit(definition, config, logger, nestLogger));
  }
  Logger.overrideLogger(logger);

  const [command, ...args] = argv;
  if (command === 'migrate') {
    const applied = await migrate(definition.database, config.DATABASE_URL);
    logger.log({ msg: applied.length ? `applied ${applied.length} migration(s)` : 'schema is up to date', migrations: applied }, 'migrate');
    return;
  }
  if (command === 'migrate:check') {
    // An init container: the pod starts once the migrations Job has brought the schema up to date.
    const pending = await pendingMigrations(definition.database, config.DATABASE_URL);
    if (pending.length === 0) {
      logger.log({ msg: 'schema is up to date' }, 'migrate');
      return;
    }
    logger.warn({ msg: `${pending.length} migration(s) not applied yet`, migrations: pending }, 'migrate');
    process.exit(1);
  }
  if (command === 'migration:create') {
    const file = await createMigration(definition.database, config.DATABASE_URL, args[0] ?? 'change');
    logger.log(file ? `wrote ${file}` : 'no entity changes: no migration written', 'migrate');
    return;
  }
  if (command !== undefined)
    throw new Error(`unknown command "${command}" (serve by default, or: migrate, migrate:check, migration:create NAME)`);
  await serveOrExit(definition, config, logger, logger);
}

async function serveOrExit(
  definition: ServiceDefinition,
  config: BaseConfig,
  logger: JsonLogger,
  nestLogger: LoggerService,
): Promise<void> {
  if (config.PLATICA_ROLE === 'worker' && !definition.worker) {
    process.stderr.write(`${definition.name}: PLATICA_ROLE: ${definition.name} has no Temporal worker (use all or handlers)\n`);
    process.exit(78);
  }

  // An error nobody handled (a background part's promise, the Temporal worker's run) ends the
  // process, as Node would, said first in the log's own format so that it reaches the log store.
  const die = (what: string) => (error: unknown) => {
    logger.fatal(
      { msg: `${definition.name}: ${what}`, error: error instanceof Error ? error.message : String(error) },
      (error as Error)?.stack,
    );
    process.exit(1);
  };
  process.once('unhandledRejection', die('unhandled rejection'));
  process.once('uncaughtException', die('uncaught exception'));

  try {
    await serve(definition, config, logger, nestLogger);
  } catch (error) {
    // A service that cannot start says why and exits, so an orchestrator restarts it.
    logger.fatal(
      { msg: `${definition.name} failed to start`, error: error instanceof Error ? error.message : String(error) },
      error instanceof Error ? error.stack : undefined,
    );
    process.exit(1);
  }
}

async function serve(definition: ServiceDefinition, config: BaseConfig, logger: JsonLogger, nestLogger: LoggerService): Promise<void> {
  const role = config.PLATICA_ROLE;
  const runsHandlers = role !== 'worker';
  const runsWorker = role !== 'handlers' && definition.worker !== undefined;
  startTracing(role === 'worker' ? `${definition.name}-worker` : definition.name, { otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  collectProcessMetrics();
  const readiness = new Readiness();
  const orm = await openDatabase(definition.database, config.DATABASE_URL, config.PLATICA_DATABASE_POOL_SIZE);
  const nats = await connect({
    servers: config.NATS_URL,
    name: `${definition.name}@${hostname()}`,
    noAsyncTraces: true,
    ...NATS_RECONNECT,
  });
  const rpc = new RpcClient(config.NATS_URL, config.PLATICA_RPC_TIMEOUT_MS, `${definition.name}-rpc@${hostname()}`);
  await rpc.connect();
  const instances: PlatformInstances = {
    config: new ServiceConfig(config, definition.name, definition.database.schema),
    database: new Database(orm),
    nats: new NatsHandle(nats),
    rpc,
    readiness,
  };

  @Module({ imports: [PlatformModule.forService(instances), definition.rootModule] })
  class ServiceRootModule {}

  const app = await NestFactory.create<NestFastifyApplication>(
    ServiceRootModule as Type<unknown> | DynamicModule,
    new FastifyAdapter(definition.httpOptions as ConstructorParameters<typeof FastifyAdapter>[0]),
    {
      logger: nestLogger,
      bufferLogs: false,
      abortOnError: false,
    },
  );
  const fastify = app.getHttpAdapter().getInstance();
  traceHttpServer(fastify);
  // Once draining, every answer closes its connection: a keep-alive connection (a load
  // balancer's, an integrator's pool) would otherwise hold the server open after its last request.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (readiness.isDraining()) void reply.header('connection', 'close');
    return payload;
  });
  // A worker-only process takes no NATS requests: the service's handler replicas do.
  const handlerServer = runsHandlers
    ? new DrainingNatsServer(
        {
          servers: config.NATS_URL,
          // One queue group per service: replicas share the requests, each is answered once.
          queue: natsSubject(definition.name),
          name: `${definition.name}-handlers@${hostname()}`,
          ...NATS_RECONNECT,
        },
        HANDLER_GRACE_MS,
      )
    : null;
  if (handlerServer) {
    app.connectMicroservice<MicroserviceOptions>({ strategy: handlerServer });
    await app.startAllMicroservices();
  }
  const handlerConnection = runsHandlers ? app.getMicroservices()[0]?.unwrap<NatsConnection>() : undefined;
  // SUB frames are sent asynchronously: after a flush the server has them all.
  await handlerConnection?.flush();

  readiness.register('database', () => checkDatabaseReadiness(config.DATABASE_URL));
  readiness.register('nats', async () => {
    if (nats.isClosed() || (runsHandlers && (!handlerConnection || handlerConnection.isClosed())))
      throw new Error('NATS connection closed');
    await (handlerConnection ?? nats).flush();
  });

  const parts: BackgroundPart[] = [];
  if (definition.publishesEvents) {
    await ensureEventsStream(nats, config.PLATICA_EVENTS_STREAM);
    const relay = new OutboxRelay(orm, nats, {
      schema: definition.database.schema,
      databaseUrl: config.DATABASE_URL,
      streamName: config.PLATICA_EVENTS_STREAM,
    });
    await relay.start();
    parts.push(relay);
    const schema = definition.database.schema;
    databaseGauge(
      'platica_outbox_backlog',
      'Outbox events committed but not yet published to JetStream',
      async () => {
        const [row] = await orm.em
          .fork()
          .execute<{ count: string }[]>(`select count(*) as count from "${schema}".outbox_event where published_at is null`);
        return Number(row?.count ?? 0);
      },
      schema,
    );
  }
  if (runsWorker) {
    const worker = await definition.worker!(app, instances);
    readiness.register('temporal', async () => {
      if (worker.worker.getState() !== 'RUNNING') throw new Error(`worker is ${worker.worker.getState()}`);
      // A running worker keeps polling through an outage: ask the server itself.
      await temporalReachable(worker.client);
    });
    parts.push(worker);
  }
  if (runsHandlers && definition.background) parts.push(...(await definition.background(app, instances)));

  await definition.beforeListen?.(app);
  const port = config.PLATICA_HTTP_PORT ?? definition.defaultPort;
  await app.listen({ port, host: config.PLATICA_HTTP_HOST });
  logger.log({ msg: `${definition.name} ready`, port, role, natsPrefix: config.PLATICA_NATS_PREFIX }, 'bootstrap');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log({ msg: `${signal}: draining and shutting down` }, 'bootstrap');
    readiness.startDraining();
    const force = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS);
    force.unref();
    let exitCode = 0;
    try {
      // Outside in: no new HTTP requests (those in flight are answered), then no new NATS
      // requests (those taken are answered), then the background parts in reverse order of
      // start: consumers stop taking events, the worker lets running activities finish, and
      // the outbox relay (started first) publishes what they all committed, last.
      // Connections idle when the listener closes are closed with it; those answering a
      // request then are closed as they go idle (their answers say `connection: close`).
      const httpServer = app.getHttpServer() as HttpServer;
      const idleSweep = setInterval(() => httpServer.closeIdleConnections(), 100);
      try {
        await app.getHttpAdapter().close();
      } finally {
        clearInterval(idleSweep);
      }
      // The transport alone: closing Nest's microservice would run every provider's shutdown
      // hooks (the Temporal clients' among them) while activities still need them.
      await handlerServer?.close();
      for (const part of parts.reverse()) await part.stop();
      await app.close();
      await rpc.close();
      await nats.drain();
      await orm.close(true);
      await stopTracing();
    } catch (error) {
      exitCode = 1;
      logger.error({ msg: 'shutdown failed', error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(force);
      process.exit(exitCode);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
