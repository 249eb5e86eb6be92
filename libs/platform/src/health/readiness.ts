import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

/**
 * What `/readyz` asks: each dependency registers a check (database reachable, NATS
 * subscriptions registered, Temporal worker running). Ready only when every required one
 * passes; a dependency the service can serve without (the gateway's Redis) is reported
 * `degraded: <why>` while it fails, and leaves the service ready.
 */
@Injectable()
export class Readiness {
  private readonly checks = new Map<string, { check: ReadinessCheck; required: boolean }>();
  private draining = false;
  private readonly drainingListeners: (() => void)[] = [];

  register(name: string, check: ReadinessCheck, options: { required?: boolean } = {}): void {
    this.checks.set(name, { check, required: options.required ?? true });
  }

  /** Called on shutdown, so load balancers stop sending work before connections close. */
  startDraining(): void {
    if (this.draining) return;
    this.draining = true;
    for (const listener of this.drainingListeners) listener();
  }

  /** Called once draining starts: what holds connections open on its own (an event stream) ends them. */
  onDraining(listener: () => void): void {
    this.drainingListeners.push(listener);
  }

  isDraining(): boolean {
    return this.draining;
  }

  async evaluate(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results: Record<string, string> = {};
    if (this.draining) results.shutdown = 'draining';
    let ready = !this.draining;
    await Promise.all(
      [...this.checks].map(async ([name, { check, required }]) => {
        try {
          await withTimeout(check(), 2_000);
          results[name] = 'ok';
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          results[name] = required ? message : `degraded: ${message}`;
          if (required) ready = false;
        }
      }),
    );
    return { ready, checks: results };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
