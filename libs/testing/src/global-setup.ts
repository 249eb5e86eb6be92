import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { dropDatabase, ensureDatabase } from '../../devstack/src/database';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { freePort } from '../../devstack/src/ports';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { runMigrations } from '../../devstack/src/service-processes';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { ensureTemporalDevServer } from '../../devstack/src/temporal-dev-server';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { SERVICE_NAMES } from '../../contracts/src/subjects';
import { isolatedStackEnv, newIsolation } from './isolation';
import type { startSharedStackHost as StartSharedStackHost } from './shared-stack-host';

const root = path.resolve(__dirname, '../../..');

/**
 * Once per integration run: builds dist/ (the services run from it, as in production), starts a
 * Temporal dev server of the run's own on a free port, in memory, unless
 * PLATICA_TEST_TEMPORAL_ADDRESS names one, and migrates a template database each test stack's
 * database is copied from (so no stack runs a migration), and hosts the shared stacks
 * (shared-stack-host.ts). Other test files start their own isolated stacks.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.PLATICA_TEST_SKIP_BUILD !== 'true') {
    execFileSync(process.execPath, [path.join(root, 'tools/build.mjs')], { stdio: 'ignore' });
  }
  // Node caches the services' compiled code here: each of a run's ~400 service starts loads the same dist/.
  process.env.PLATICA_TEST_COMPILE_CACHE ??= path.join(os.tmpdir(), 'platica-test-compile-cache');
  if (!process.env.PLATICA_TEST_TEMPORAL_ADDRESS) {
    const address = `127.0.0.1:${await freePort()}`;
    const server = await ensureTemporalDevServer({
      address,
      cliPath: process.env.PLATICA_TEMPORAL_CLI ?? path.join(root, '.toolchain/py/bin/temporal'),
      namespace: 'default',
    });
    process.env.PLATICA_TEST_TEMPORAL_ADDRESS = address;
    (globalThis as { __platicaTemporal?: typeof server }).__platicaTemporal = server;
  }
  await migrateTemplate();
  // From dist/ (built above), where its imports of the other libs resolve: jest's module mapper does not apply here.
  const { startSharedStackHost } = (await import(path.join(root, 'dist/libs/testing/src/shared-stack-host.js'))) as {
    startSharedStackHost: typeof StartSharedStackHost;
  };
  const host = await startSharedStackHost();
  process.env.PLATICA_TEST_STACK_HOST = host.url;
  (globalThis as { __platicaStackHost?: typeof host }).__platicaStackHost = host;
}

async function migrateTemplate(): Promise<void> {
  const isolation = newIsolation();
  const env = {
    ...isolatedStackEnv(isolation, {
      temporalAddress: process.env.PLATICA_TEST_TEMPORAL_ADDRESS!,
      adminToken: `adm_${randomBytes(16).toString('hex')}`,
    }),
    NODE_COMPILE_CACHE: process.env.PLATICA_TEST_COMPILE_CACHE,
  };
  await ensureDatabase(isolation.databaseUrl);
  const output: string[] = [];
  try {
    for (const name of SERVICE_NAMES) await runMigrations(root, name, env, (line) => output.push(`${name}: ${line}`));
  } catch (error) {
    await dropDatabase(isolation.databaseUrl).catch(() => undefined);
    throw new Error(`${(error as Error).message}; its output:\n${output.slice(-40).join('\n')}`);
  }
  process.env.PLATICA_TEST_TEMPLATE_DATABASE = new URL(isolation.databaseUrl).pathname.slice(1);
  process.env.PLATICA_TEST_TEMPLATE_DATABASE_URL = isolation.databaseUrl;
}
