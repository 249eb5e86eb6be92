import { Injectable } from '@nestjs/common';
import { Database, Transaction } from '@platica/platform';

interface Pending {
  work: (transaction: Transaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Stores written together at most: one transaction stays short. */
const MAX_BATCH = 64;

/**
 * Group commit for the stores of a due batch: the writes that arrive while a transaction is
 * being written go into the next one, so a batch costs one commit (and one wait for a pooled
 * connection), not one per message. A write that fails (a claim finished elsewhere: rare)
 * rolls the batch back, and its writes are then made one transaction each, so only its
 * caller sees the error.
 */
@Injectable()
export class BatchTransaction {
  private readonly pending: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
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
        try {
          const values = await this.db.em().transactional(async (em) => {
            const transaction = new Transaction(em);
            const results: unknown[] = [];
            for (const { work } of batch) {
              results.push(await work(transaction));
              // That write is flushed: without its entities, the next write's flush compares only its own.
              em.clear();
            }
            return results;
          });
          batch.forEach(({ resolve }, i) => resolve(values[i]));
        } catch {
          // One write failed (a claim finished elsewhere), and with it the batch: each again alone.
          for (const { work, resolve, reject } of batch) {
            await this.db
              .em()
              .transactional((em) => work(new Transaction(em)))
              .then(resolve, reject);
          }
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
