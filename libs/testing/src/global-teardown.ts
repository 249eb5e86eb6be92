// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import { dropDatabase } from '../../devstack/src/database';
// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import type { TemporalDevServer } from '../../devstack/src/temporal-dev-server';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __platicaStackHost?: { stop(): Promise<void> } }).__platicaStackHost?.stop();
  const template = process.env.PLATICA_TEST_TEMPLATE_DATABASE_URL;
  if (template) await dropDatabase(template).catch(() => undefined);
  await (globalThis as { __platicaTemporal?: TemporalDevServer }).__platicaTemporal?.stop();
}
