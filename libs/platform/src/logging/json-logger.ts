import type { LoggerService, LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-context';

const SEVERITY: Record<string, number> = { debug: 10, verbose: 10, log: 20, info: 20, warn: 30, error: 40, fatal: 50 };
const LEVEL_NAME: Record<string, string> = { log: 'info', verbose: 'debug' };

/**
 * Structured logs: one JSON object per line on stdout, with the service, the request id
 * when there is one, and the Nest context. Secrets are never passed to it.
 */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    private readonly service: string,
    level: 'debug' | 'info' | 'warn' | 'error' = 'info',
  ) {
    this.threshold = SEVERITY[level] ?? 20;
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }
  setLogLevels(_levels: LogLevel[]): void {
    // The level comes from LOG_LEVEL; Nest's per-level toggles are not used.
  }

  private write(level: string, message: unknown, rest: unknown[]): void {
    if ((SEVERITY[level] ?? 20) < this.threshold) return;
    const entry: Record<string, unknown> = {
      level: LEVEL_NAME[level] ?? level,
      time: new Date().toISOString(),
      service: this.service,
    };
    const requestId = currentRequestId();
    if (requestId) entry.requestId = requestId;
    // Nest passes the context as the last string argument, and for errors a stack before it.
    const args = [...rest];
    if (args.length > 0 && typeof args[args.length - 1] === 'string') entry.context = args.pop();
    if (message instanceof Error) {
      entry.msg = message.message;
      entry.stack = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(entry, message);
    } else {
      entry.msg = String(message);
    }
    for (const extra of args) {
      if (typeof extra === 'string') entry.stack = extra;
      else if (extra instanceof Error) entry.stack = extra.stack;
      else if (typeof extra === 'object' && extra !== null) Object.assign(entry, extra);
    }
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  }
}
