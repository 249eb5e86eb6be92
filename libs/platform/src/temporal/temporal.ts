import { readFileSync } from 'node:fs';
import { Client, Connection, type ConnectionOptions, type TLSConfig } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkerOptions } from '@temporalio/worker';
import type { BaseConfig } from '../config/config';
import { temporalClientInterceptors, temporalWorkerTracing } from '../observability/tracing';
import type { BackgroundPart } from '../service/run-service';
import { TemporalPulse } from './start-once';
import { dependencyUnavailable } from '../errors/error-reply';

let runtimeInstalled = false;

/**
 * Temporal's runtime reacts to SIGTERM by itself unless told otherwise; the service's own
 * shutdown drains the worker instead. Must run before the first connection.
 */
export function installTemporalRuntime(level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' = 'WARN'): void {
  if (runtimeInstalled) return;
  Runtime.install({ logger: new DefaultLogger(level), shutdownSignals: [] });
  runtimeInstalled = true;
}

/** One task queue per service, behind the deployment's prefix (isolated test runs). */
export function taskQueue(config: BaseConfig, service: string): string {
  return `${config.PLATICA_TASK_QUEUE_PREFIX}${service}`;
}

/**
 * How to reach Temporal: plain (a dev server), TLS with the system's or a given CA, mTLS with
 * a client certificate (self-hosted or Temporal Cloud), or an API key (Temporal Cloud). The
 * files were checked readable when the configuration loaded.
 */
export function temporalConnectionOptions(
  config: BaseConfig,
): Pick<ConnectionOptions, 'address' | 'metadata'> & { tls?: TLSConfig | boolean; apiKey?: string } {
  const tls: TLSConfig = {};
  if (config.TEMPORAL_TLS_CERT_PATH && config.TEMPORAL_TLS_KEY_PATH) {
    tls.clientCertPair = { crt: readFileSync(config.TEMPORAL_TLS_CERT_PATH), key: readFileSync(config.TEMPORAL_TLS_KEY_PATH) };
  }
  if (config.TEMPORAL_TLS_CA_PATH) tls.serverRootCACertificate = readFileSync(config.TEMPORAL_TLS_CA_PATH);
  if (config.TEMPORAL_TLS_SERVER_NAME) tls.serverNameOverride = config.TEMPORAL_TLS_SERVER_NAME;
  const useTls = config.TEMPORAL_TLS || Object.keys(tls).length > 0 || config.TEMPORAL_API_KEY !== undefined;
  return {
    address: config.TEMPORAL_ADDRESS,
    ...(useTls ? { tls: Object.keys(tls).length > 0 ? tls : true } : {}),
    // Temporal Cloud routes API-key calls by this header when the endpoint is regional.
    ...(config.TEMPORAL_API_KEY ? { apiKey: config.TEMPORAL_API_KEY, metadata: { 'temporal-namespace': config.TEMPORAL_NAMESPACE } } : {}),
  };
}

/** The longest a client connection waits before it tries to connect to Temporal again. */
export const RECONNECT_BACKOFF_MAX_MS = 2_000;

export async function connectTemporalClient(config: BaseConfig): Promise<{ client: Client; close(): Promise<void> }> {
  installTemporalRuntime();
  const connection = await Connection.connect({
    ...temporalConnectionOptions(config),
    // gRPC's reconnect back-off grows to 2 min by default: after a long outage the client would
    // go on failing for minutes after Temporal is back (start-once.ts refuses starts meanwhile).
    channelArgs: { 'grpc.initial_reconnect_backoff_ms': 250, 'grpc.max_reconnect_backoff_ms': RECONNECT_BACKOFF_MAX_MS },
  });
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE, interceptors: temporalClientInterceptors() });
  return { client, close: () => connection.close() };
}

/** Answers once the Temporal server answers this client (within `timeoutMs`); throws otherwise. */
export async function temporalReachable(client: Client, timeoutMs = 1_500): Promise<void> {
  try {
    await client.connection.withDeadline(Date.now() + timeoutMs, () => client.workflowService.getSystemInfo({}));
  } catch (error) {
    throw new Error(`Temporal does not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface TemporalWorkerPart extends BackgroundPart {
  worker: Worker;
  /**
   * A client on the worker's own connection. A workflow it starts on the worker's task queue
   * with `requestEagerStart` gets its first workflow task with the start's answer, in this
   * worker, instead of through the server's dispatch (measured at ~25 ms on an idle 2-core machine).
   */
  client: Client;
}

/** Starts a worker polling the service's task queue; `stop()` lets running tasks finish first. */
export async function startTemporalWorker(
  config: BaseConfig,
  options: {
    service: string;
    activities: object;
    workflows: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'>;
    /** Workflow tasks and local activities run at once (the SDK's defaults, 40 and 100, when absent). */
    slots?: number;
  },
): Promise<TemporalWorkerPart> {
  installTemporalRuntime();
  const connection = await NativeConnection.connect(temporalConnectionOptions(config));
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: taskQueue(config, options.service),
    activities: options.activities,
    ...(options.slots ? { maxConcurrentWorkflowTaskExecutions: options.slots, maxConcurrentLocalActivityExecutions: options.slots } : {}),
    // Under Kubernetes' 30 s grace period, with room for the rest of the shutdown.
    shutdownGraceTime: '20s',
    ...temporalWorkerTracing(options.workflows),
  });
  const running = worker.run();
  return {
    worker,
    client: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE, interceptors: temporalClientInterceptors() }),
    stop: async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

/**
 * A service's connection to Temporal as a client (starting, signalling and updating
 * workflows), opened with the Nest module and closed at shutdown. Extended by the classes
 * that speak to one kind of workflow.
 */
export abstract class TemporalClientOwner {
  private client: Client | null = null;
  private closeConnection: (() => Promise<void>) | null = null;
  private connecting: Promise<void> | null = null;
  /** Whether Temporal answers, asked before a start a request waits on (start-once.ts). */
  protected readonly pulse = new TemporalPulse(() => this.temporal());

  constructor(protected readonly serviceConfig: { values: BaseConfig }) {}

  async onModuleInit(): Promise<void> {
    await this.connected();
  }

  /**
   * Connects once. Nest runs onModuleInit when the app listens, after the worker and the
   * background parts have started: a part that uses the client at once (a consumer with a
   * backlog, an activity of a turn left running) awaits this first.
   */
  connected(): Promise<void> {
    this.connecting ??= connectTemporalClient(this.serviceConfig.values).then(({ client, close }) => {
      this.client = client;
      this.closeConnection = close;
    });
    return this.connecting;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pulse.settled();
    await this.closeConnection?.();
  }

  protected temporal(): Client {
    // A request before the connection is made (a replica starting): 503, as with Temporal down.
    if (!this.client) throw dependencyUnavailable('temporal');
    return this.client;
  }

  /** The task queue of a service's worker. */
  protected queueOf(service: string): string {
    return taskQueue(this.serviceConfig.values, service);
  }
}
