// eslint-disable-next-line @nx/enforce-module-boundaries -- jest loads global setup outside its module mapper: no @platica/* paths here
import type { TemporalDevServer } from '../../devstack/src/temporal-dev-server';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __platicaTemporal?: TemporalDevServer }).__platicaTemporal?.stop();
}
