import 'reflect-metadata';
import { Logger, Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { hostname } from 'node:os';
import type { z } from 'zod';
import type { ServiceName } from '@platica/contracts';
import { baseConfigSchema, ConfigError, loadConfig, type BaseConfig } from '../config/config';
import { createMigration, migrate, openDatabase, type DatabaseDefinition } from '../database/database';
import { Readiness } from '../health/readiness';
import { JsonLogger } from '../logging/json-logger';
import { RpcClient } from '../nats/rpc-client';
import { natsSubject } from '../nats/subjects';
import { ensureEventsStream, OutboxRelay } from '../outbox/outbox-relay';
import { Database } from '../database/unit-of-work';
import { NatsHandle, PlatformModule, ServiceConfig, type PlatformInstances } from './platform.module';

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
  /** Last wiring before the HTTP server listens (the gateway registers its route table here). */
  beforeListen?: (app: NestFastifyApplication) => Promise<void> | void;
  /** Background parts started once the service is ready (Temporal workers, consumers…). */
  background?: (app: INestApplication, instances: PlatformInstances) => Promise<BackgroundPart[]>;
}

/**
 * The entry point of every service:
 *   main.js                         serve (HTTP health + NATS handlers + background parts)
 *   main.js migrate                 apply the committed migrations and exit
 *   main.js migration:create NAME   write a migration for entity changes (development)
 */
export async function runService(definition: ServiceDefinition, argv = process.argv.slice(2)): Promise<void> {
  let config: BaseConfig;
  try {
    // A service's schema extends the base schema, so its output is a BaseConfig and more.
    config = loadConfig(definition.configSchema ?? baseConfigSchema) as BaseConfig;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${definition.name}: ${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = new JsonLogger(definition.name, config.LOG_LEVEL);
  Logger.overrideLogger(logger);

  const [command, ...args] = argv;
  if (command === 'migrate') {
    const applied = await migrate(definition.database, config.DATABASE_URL);
    logger.log({ msg: applied.length ? `applied ${applied.length} migration(s)` : 'schema is up to date', migrations: applied }, 'migrate');
    return;
  }
  if (command === 'migration:create') {
    const file = await createMigration(definition.database, config.DATABASE_URL, args[0] ?? 'change');
    logger.log(file ? `wrote ${file}` : 'no entity changes: no migration written', 'migrate');
    return;
  }
  if (command !== undefined) throw new Error(`unknown command "${command}" (serve by default, or: migrate, migration:create NAME)`);

  try {
    await serve(definition, config, logger);
  } catch (error) {
    // A service that cannot start says why and exits, so an orchestrator restarts it.
    logger.fatal(
      { msg: `${definition.name} failed to start`, error: error instanceof Error ? error.message : String(error) },
      error instanceof Error ? error.stack : undefined,
    );
    process.exit(1);
  }
}

async function serve(definition: ServiceDefinition, config: BaseConfig, logger: JsonLogger): Promise<void> {
  const readiness = new Readiness();
  const orm = await openDatabase(definition.database, config.DATABASE_URL);
  const nats = await connect({
    servers: config.NATS_URL,
    name: `${definition.name}@${hostname()}`,
    maxReconnectAttempts: -1,
    noAsyncTraces: true,
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

  const app = await NestFactory.create<NestFastifyApplication>(ServiceRootModule as Type<unknown> | DynamicModule, new FastifyAdapter(), {
    logger,
    bufferLogs: false,
    abortOnError: false,
  });
  app.connectMicroservice<MicroserviceOptions>({
    transport: Transport.NATS,
    options: {
      servers: config.NATS_URL,
      // One queue group per service: replicas share the requests, each is answered once.
      queue: natsSubject(definition.name),
      name: `${definition.name}-handlers@${hostname()}`,
      maxReconnectAttempts: -1,
      gracefulShutdown: true,
      gracePeriod: 2_000,
    },
  });
  await app.startAllMicroservices();
  const handlerConnection = app.getMicroservices()[0]?.unwrap<NatsConnection>();
  // SUB frames are sent asynchronously: after a flush the server has them all.
  await handlerConnection?.flush();

  readiness.register('database', async () => {
    const result = await orm.checkConnection();
    if (!result.ok) throw new Error(`database: ${result.reason}`);
  });
  readiness.register('nats', async () => {
    if (nats.isClosed() || !handlerConnection || handlerConnection.isClosed()) throw new Error('NATS connection closed');
    await handlerConnection.flush();
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
  }
  if (definition.background) parts.push(...(await definition.background(app, instances)));

  await definition.beforeListen?.(app);
  const port = config.PLATICA_HTTP_PORT ?? definition.defaultPort;
  await app.listen({ port, host: config.PLATICA_HTTP_HOST });
  logger.log({ msg: `${definition.name} ready`, port, natsPrefix: config.PLATICA_NATS_PREFIX }, 'bootstrap');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log({ msg: `${signal}: draining and shutting down` }, 'bootstrap');
    readiness.startDraining();
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    try {
      for (const part of parts.reverse()) await part.stop();
      await app.close();
      await rpc.close();
      await nats.drain();
      await orm.close(true);
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
