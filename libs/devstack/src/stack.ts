import { SERVICE_NAMES, type ServiceName } from '@platica/contracts';
import { createDatabaseFromTemplate, ensureDatabase } from './database';
import { freePort, freePorts } from './ports';
import { runMigrations, startService, startServicesInOneProcess, stopService, waitReady, type RunningService } from './service-processes';
import { ensureTemporalDevServer, type TemporalDevServer } from './temporal-dev-server';

export interface StackOptions {
  /** The repository root (dist/ is below it). */
  root: string;
  /** The environment every service gets: DATABASE_URL, NATS_URL, TEMPORAL_*, provider URLs… */
  env: NodeJS.ProcessEnv;
  /** What one service gets besides (e.g. its own route to the database, for a test to cut). */
  serviceEnv?: Partial<Record<ServiceName, NodeJS.ProcessEnv>>;
  gatewayPort: number;
  /**
   * A database every service's migrations were applied to, nobody connected: the stack's
   * database is created as its copy and no migration runs (tests: one migration per run).
   */
  templateDatabase?: string;
  /** Ports of the other services; free ports when omitted. */
  servicePorts?: Partial<Record<ServiceName, number>>;
  temporalCli: string;
  /** SQLite file of a dev server started here; in memory when omitted. */
  temporalDbFile?: string;
  log: (source: string, line: string) => void;
  /**
   * Stack traces of the TypeScript sources in the services' logs (default). The production
   * image runs without (Dockerfile): parsed source maps enlarge every heap, so every garbage
   * collection, and each stack trace read costs a lookup. Benchmarks measure without.
   */
  sourceMaps?: boolean;
  /**
   * Tests: the seven services in one Node process (libs/devstack/src/one-process-host.ts),
   * which loads the modules they share once: a stack starts in about a seventh of the CPU
   * time. The services' lines are told apart by their `service` field. Everywhere else each
   * service is its own process.
   */
  oneProcess?: boolean;
  /**
   * With oneProcess: the services that run as processes of their own beside the one hosting
   * the rest, so that a test can stop, restart or kill them. stopService and startService
   * refuse the hosted ones; addReplica always starts a process of its own.
   */
  ownProcesses?: ServiceName[];
  /** A service process ended: stopped (code 0), killed (a signal) or crashed (any other code). */
  onExit?: (source: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface Stack {
  services: Map<ServiceName, RunningService>;
  temporal: TemporalDevServer;
  env: NodeJS.ProcessEnv;
  /** Stops one service (as an on-call engineer would scale it to zero). */
  stopService(name: ServiceName): Promise<void>;
  /**
   * Starts a stopped service again with the same port and environment (`env` changed, a bench's
   * second configuration), and waits until it is ready.
   */
  startService(name: ServiceName, env?: NodeJS.ProcessEnv): Promise<void>;
  /** Starts one more replica of a service on a free port (scaling out); stopped with the stack. */
  addReplica(name: ServiceName): Promise<RunningService>;
  stop(): Promise<void>;
}

/**
 * Brings up the whole stack on this machine: the database, Temporal (a dev server when none
 * answers), every service's migrations (or a copy of a migrated template), then the seven
 * services, ready.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const env = { ...options.env };
  const processOptions = { sourceMaps: options.sourceMaps ?? true };
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/platica';
  if (options.templateDatabase) await createDatabaseFromTemplate(databaseUrl, options.templateDatabase);
  else await ensureDatabase(databaseUrl);

  const temporal = await ensureTemporalDevServer({
    address: env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
    cliPath: options.temporalCli,
    namespace: env.TEMPORAL_NAMESPACE ?? 'default',
    dbFile: options.temporalDbFile,
    onOutput: (line) => options.log('temporal', line),
  });

  const envOf = (name: ServiceName) => ({ ...env, ...options.serviceEnv?.[name] });
  const services = new Map<ServiceName, RunningService>();
  try {
    if (!options.templateDatabase) {
      for (const name of SERVICE_NAMES) await runMigrations(options.root, name, env, (line) => options.log(name, line));
    }

    const ports = new Map<ServiceName, number>([['gateway', options.gatewayPort]]);
    for (const [name, port] of Object.entries(options.servicePorts ?? {})) if (name !== 'gateway') ports.set(name as ServiceName, port);
    const unset = SERVICE_NAMES.filter((name) => !ports.has(name));
    const free = await freePorts(unset.length, [...ports.values()]);
    unset.forEach((name, i) => ports.set(name, free[i]!));
    const replicas: RunningService[] = [];
    const launch = async (name: ServiceName, changed: NodeJS.ProcessEnv = {}) => {
      const running = startService(
        options.root,
        { name, port: ports.get(name)! },
        { ...envOf(name), ...changed },
        (line) => options.log(name, line),
        processOptions,
      );
      running.process.once('exit', (code, signal) => options.onExit?.(name, code, signal));
      services.set(name, running);
      await waitReady(running);
    };
    const hostedNames = options.oneProcess ? SERVICE_NAMES.filter((name) => !options.ownProcesses?.includes(name)) : [];
    const hosted = hostedNames.length
      ? startServicesInOneProcess(
          options.root,
          hostedNames.map((name) => ({ name, port: ports.get(name)! })),
          env,
          options.serviceEnv ?? {},
          (line) => options.log(/"service":"([a-z-]+)"/.exec(line)?.[1] ?? 'services', line),
          processOptions,
        )
      : [];
    hosted[0]?.process.once('exit', (code, signal) => options.onExit?.('services', code, signal));
    for (const running of hosted) services.set(running.name, running);
    await Promise.all([
      ...hosted.map((running) => waitReady(running)),
      ...SERVICE_NAMES.filter((name) => !hostedNames.includes(name)).map((name) => launch(name)),
    ]);
    const ownProcess = (what: string, name: ServiceName) => {
      if (hostedNames.includes(name))
        throw new Error(
          `${what}('${name}'): ${name} runs in the stack's shared process (oneProcess); name it in ownProcesses to stop or restart it`,
        );
    };

    return {
      services,
      temporal,
      env,
      stopService: async (name) => {
        ownProcess('stopService', name);
        const running = services.get(name);
        if (running) await stopService(running);
      },
      startService: async (name, changed) => {
        ownProcess('startService', name);
        await launch(name, changed);
      },
      addReplica: async (name) => {
        const source = `${name}#${replicas.length + 2}`;
        const replica = startService(
          options.root,
          { name, port: await freePort() },
          envOf(name),
          (line) => options.log(source, line),
          processOptions,
        );
        replica.process.once('exit', (code, signal) => options.onExit?.(source, code, signal));
        replicas.push(replica);
        await waitReady(replica);
        return replica;
      },
      stop: async () => {
        await Promise.all([...distinctProcesses(services), ...replicas].map(stopService));
        await temporal.stop();
      },
    };
  } catch (error) {
    await Promise.all(distinctProcesses(services).map(stopService));
    await temporal.stop();
    throw error;
  }
}

/** One process may stand for several services (oneProcess): each process once. */
function distinctProcesses(services: Map<ServiceName, RunningService>): RunningService[] {
  return [...new Map([...services.values()].map((running) => [running.process, running])).values()];
}
