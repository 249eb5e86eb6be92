import { Client as PgClient } from 'pg';
import path from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import type { MigrationObject } from '@mikro-orm/core';
import { releaseDeadCheckouts } from './dead-connections';

type EntityClass = NonNullable<Options['entities']>[number];
type MigrationClass = NonNullable<NonNullable<Options['migrations']>['migrationsList']>[number];

/**
 * One service's slice of Postgres: its own schema, its entities, its committed migrations.
 * No service reads another's tables; the schema is created by its first migration.
 */
export interface DatabaseDefinition {
  /** Postgres schema owned by the service, e.g. `messaging`. */
  schema: string;
  entities: EntityClass[];
  /** Committed migrations, in order (listed, so a built image never scans the disk). */
  migrations: (MigrationClass | MigrationObject)[];
  /** Where `migration:create` writes new migrations and the snapshot (the source tree). */
  migrationsSourceDir: string;
}

/** How long a query waits for a pooled connection (a free one, or a new one made) before the database counts as unavailable. */
export const POOL_ACQUIRE_TIMEOUT_MS = 10_000;

export function ormOptions(definition: DatabaseDefinition, databaseUrl: string, poolSize = 10): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    schema: definition.schema,
    entities: definition.entities,
    extensions: [Migrator],
    debug: false,
    pool: { min: 0, max: poolSize },
    // pg-pool waits for a connection without end by default: a full pool or a server refusing
    // new connections would hold requests until their route's time-out. After this it throws
    // "timeout exceeded when trying to connect", a 503 naming the database.
    driverOptions: { connectionTimeoutMillis: POOL_ACQUIRE_TIMEOUT_MS, onPoolCreated: releaseDeadCheckouts },
    migrations: {
      schema: definition.schema,
      tableName: 'mikro_orm_migrations',
      migrationsList: definition.migrations as MigrationClass[],
      pathTs: definition.migrationsSourceDir,
      path: definition.migrationsSourceDir,
      emit: 'ts',
      snapshotName: `.snapshot-${definition.schema}`,
      // The snapshot is the committed record of the schema: only `migration:create` writes it.
      snapshotOnMigrate: false,
      silent: true,
    },
  });
}

/** Connects eagerly (MikroORM 7 connects lazily), so a bad DATABASE_URL fails at start-up. */
export async function openDatabase(definition: DatabaseDefinition, databaseUrl: string, poolSize?: number): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(definition, databaseUrl, poolSize));
  await orm.connect();
  return orm;
}

export async function migrate(definition: DatabaseDefinition, databaseUrl: string): Promise<string[]> {
  // One migrator per schema at a time: a Job retried, or started twice by two rollouts, waits here.
  const lock = new PgClient({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [`platica.migrate.${definition.schema}`]);
    const orm = await openDatabase(definition, databaseUrl);
    try {
      const applied = await orm.migrator.up();
      return applied.map((migration) => migration.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.end();
  }
}

/** The committed migrations not applied yet (`main.js migrate:check`: pods wait for the migrations Job). */
export async function pendingMigrations(definition: DatabaseDefinition, databaseUrl: string): Promise<string[]> {
  const orm = await openDatabase(definition, databaseUrl);
  try {
    return (await orm.migrator.getPending()).map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

/** Development tool: writes a migration for the difference between the entities and the snapshot. */
export async function createMigration(definition: DatabaseDefinition, databaseUrl: string, name: string): Promise<string | null> {
  const orm = await openDatabase(definition, databaseUrl);
  try {
    const result = await orm.migrator.create(definition.migrationsSourceDir, false, false, name);
    return result.fileName ? path.join(definition.migrationsSourceDir, result.fileName) : null;
  } finally {
    await orm.close(true);
  }
}
