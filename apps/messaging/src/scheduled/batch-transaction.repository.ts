import type { EntityManager } from '@mikro-orm/postgresql';
import type { Database } from '@platica/platform';

interface Pending {
  work: (em: EntityManager) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Stores written together at most: one transaction stays short. */
const MAX_BATCH = 64;

/**
 * Group commit for the stores of a due batch: the writes that arrive while a transaction is
 * being written go into the next one, so a batch costs one commit (and one wait for a pooled
 * connection), not one per message. Each write runs in its own savepoint: one that fails
 * (a claim finished elsewhere) rolls back alone and rejects only its caller.
 */
export class BatchTransaction {
  private readonly pending: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  run<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.writing) void this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, MAX_BATCH);
        const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
        try {
          await this.db.em().transactional(async (em) => {
            for (const { work } of batch) {
              // Nested: a savepoint per write.
              outcomes.push(
                await em.transactional(work).then(
                  (value) => ({ ok: true as const, value }),
                  (error: unknown) => ({ ok: false as const, error }),
                ),
              );
            }
          });
        } catch (error) {
          for (const { reject } of batch) reject(error);
          continue;
        }
        batch.forEach(({ resolve, reject }, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) resolve(outcome.value);
          else reject(outcome.error);
        });
      }
    } finally {
      this.writing = false;
    }
  }
}
