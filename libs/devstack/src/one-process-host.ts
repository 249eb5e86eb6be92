import { createRequire } from 'node:module';

/**
 * Test stacks only (startStack's `oneProcess`): runs the seven services in this one Node
 * process, so that NestJS, MikroORM, Temporal, NATS and the contracts load once rather than
 * seven times. PLATICA_HOSTED_SERVICES lists them: each one's entry (dist/apps/<name>/src/main.js)
 * and what its environment adds to this process's (its HTTP port, its own variables).
 * Each entry's runService takes its configuration from the map below (platform's
 * service-host.ts), not from process.env, whatever the order its start-up reads it in.
 */
export interface HostedServicePlan {
  name: string;
  entry: string;
  env: NodeJS.ProcessEnv;
}

/** The global key platform's hostedEnvironment() reads (HOSTED_SERVICES_KEY there). */
const HOSTED_SERVICES_KEY = 'platica.hostedServices';

export function hostServices(plan: HostedServicePlan[]): void {
  const hosted = new Map(plan.map((service) => [service.name, { ...process.env, ...service.env }]));
  (globalThis as Record<symbol, unknown>)[Symbol.for(HOSTED_SERVICES_KEY)] = hosted;
  // Seven services stop on the same SIGTERM/SIGINT and each handles crashes: more than ten listeners is expected here.
  process.setMaxListeners(4 * plan.length);
  // In turn and synchronously: each entry's runService has read its configuration before the next loads.
  const load = createRequire(__filename);
  for (const service of plan) load(service.entry);
}

if (require.main === module) {
  const plan = JSON.parse(process.env.PLATICA_HOSTED_SERVICES ?? '[]') as HostedServicePlan[];
  delete process.env.PLATICA_HOSTED_SERVICES;
  hostServices(plan);
}
