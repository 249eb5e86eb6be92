import { execFileSync } from 'node:child_process';
import path from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { freePort } from '../../devstack/src/ports';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { ensureTemporalDevServer } from '../../devstack/src/temporal-dev-server';

const root = path.resolve(__dirname, '../../..');

/**
 * Once per integration run: builds dist/ (the services run from it, as in production) and
 * starts a Temporal dev server of the run's own on a free port, in memory, unless
 * PLATICA_TEST_TEMPORAL_ADDRESS names one. Test files start their own isolated stacks.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.PLATICA_TEST_SKIP_BUILD !== 'true') {
    execFileSync(process.execPath, [path.join(root, 'tools/build.mjs')], { stdio: 'ignore' });
  }
  if (process.env.PLATICA_TEST_TEMPORAL_ADDRESS) return;
  const address = `127.0.0.1:${await freePort()}`;
  const server = await ensureTemporalDevServer({
    address,
    cliPath: process.env.PLATICA_TEMPORAL_CLI ?? path.join(root, '.toolchain/py/bin/temporal'),
    namespace: 'default',
  });
  process.env.PLATICA_TEST_TEMPORAL_ADDRESS = address;
  (globalThis as { __platicaTemporal?: typeof server }).__platicaTemporal = server;
}
