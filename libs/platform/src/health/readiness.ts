import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

/**
 * What `/readyz` asks: each dependency registers a check (database reachable, NATS
 * subscriptions registered, Temporal worker running). Ready only when every one passes.
 */
@Injectable()
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** Called on shutdown, so load balancers stop sending work before connections close. */
  startDraining(): void {
    this.draining = true;
  }

  isDraining(): boolean {
    return this.draining;
  }

  async evaluate(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results: Record<string, string> = {};
    if (this.draining) results.shutdown = 'draining';
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2_000);
          results[name] = 'ok';
        } catch (error) {
          results[name] = error instanceof Error ? error.message : String(error);
        }
      }),
    );
    return { ready: !this.draining && Object.values(results).every((r) => r === 'ok'), checks: results };
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
