import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkerOptions } from '@temporalio/worker';
import type { BaseConfig } from '../config/config';
import type { BackgroundPart } from '../service/run-service';

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

export async function connectTemporalClient(config: BaseConfig): Promise<{ client: Client; close(): Promise<void> }> {
  installTemporalRuntime();
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  return { client: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }), close: () => connection.close() };
}

export interface TemporalWorkerPart extends BackgroundPart {
  worker: Worker;
}

/** Starts a worker polling the service's task queue; `stop()` lets running tasks finish first. */
export async function startTemporalWorker(
  config: BaseConfig,
  options: { service: string; activities: object; workflows: Pick<WorkerOptions, 'workflowBundle' | 'workflowsPath'> },
): Promise<TemporalWorkerPart> {
  installTemporalRuntime();
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: taskQueue(config, options.service),
    activities: options.activities,
    shutdownGraceTime: '10s',
    ...options.workflows,
  });
  const running = worker.run();
  return {
    worker,
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

  constructor(protected readonly serviceConfig: { values: BaseConfig }) {}

  async onModuleInit(): Promise<void> {
    const { client, close } = await connectTemporalClient(this.serviceConfig.values);
    this.client = client;
    this.closeConnection = close;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.closeConnection?.();
  }

  protected temporal(): Client {
    if (!this.client) throw new Error('the Temporal client is not connected');
    return this.client;
  }

  /** The task queue of a service's worker. */
  protected queueOf(service: string): string {
    return taskQueue(this.serviceConfig.values, service);
  }
}
