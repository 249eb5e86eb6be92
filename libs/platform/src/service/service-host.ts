import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService, LogLevel } from '@nestjs/common';

/**
 * Test stacks only: libs/devstack's one-process host runs the seven services in one Node
 * process (they load the same modules once instead of seven times). Before it requires the
 * services' entry points it puts each one's environment here, under a global key (devstack
 * may not import the platform), and each runService takes its configuration from it rather
 * than from the process's environment. Nothing sets it in production: one service a process.
 */
export const HOSTED_SERVICES_KEY = 'platica.hostedServices';

/** The environment the one-process host gave this service, or undefined (its own process). */
export function hostedEnvironment(service: string): NodeJS.ProcessEnv | undefined {
  const hosted = (globalThis as Record<symbol, Map<string, NodeJS.ProcessEnv> | undefined>)[Symbol.for(HOSTED_SERVICES_KEY)];
  return hosted?.get(service);
}

const currentService = new AsyncLocalStorage<LoggerService>();

/**
 * Nest's static Logger is one per process; with several services in it, this one writes each
 * line with the logger of the service whose work (asynchronous context) wrote it.
 */
class HostedLogger implements LoggerService {
  constructor(private readonly fallback: LoggerService) {}

  private target(): LoggerService {
    return currentService.getStore() ?? this.fallback;
  }
  log(message: unknown, ...rest: unknown[]): void {
    this.target().log(message, ...rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.target().error(message, ...rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.target().warn(message, ...rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.target().debug?.(message, ...rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.target().verbose?.(message, ...rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.target().fatal?.(message, ...rest);
  }
  setLogLevels(_levels: LogLevel[]): void {
    // Each service's logger keeps its own LOG_LEVEL.
  }
}

let hostedLogger: HostedLogger | undefined;

/** The logger Nest gets (globally and for the application) for a hosted service. */
export function hostedServiceLogger(fallback: LoggerService): LoggerService {
  hostedLogger ??= new HostedLogger(fallback);
  return hostedLogger;
}

/** Runs a hosted service's start, so that everything it starts logs as that service. */
export function runAsHostedService<T>(logger: LoggerService, work: () => T): T {
  return currentService.run(logger, work);
}
