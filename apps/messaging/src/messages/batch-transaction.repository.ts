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
 * The writes of a send, each with its own lane: `open` creates the client and conversation a
 * template send needs, `store` records the message. Each lane takes its own locks (the usage
 * aggregates' conversation bucket, the message bucket), so the two run side by side without
 * waiting on each other or deadlocking.
 */
export type WriteLane = 'open' | 'store';

/**
 * Group commit for the writes of sends made in bulk (scheduled sends, campaign runs): in each
 * lane, the writes that arrive while a transaction is being written go into the next one, so
 * a batch costs one commit (and one wait for a pooled connection), not one per message. A
 * write that fails (a claim finished elsewhere: rare) rolls the batch back, and its writes are
 * then made one transaction each, so only its caller sees the error.
 */
@Injectable()
export class BatchTransaction {
  private readonly lanes = new Map<WriteLane, { pending: Pending[]; writing: boolean }>();

  constructor(private readonly db: Database) {}

  run<T>(lane: WriteLane, work: (transaction: Transaction) => Promise<T>): Promise<T> {
    let queue = this.lanes.get(lane);
    if (!queue) this.lanes.set(lane, (queue = { pending: [], writing: false }));
    const { pending } = queue;
    return new Promise<T>((resolve, reject) => {
      pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!queue.writing) void this.writeAll(queue);
    });
  }

  private async writeAll(queue: { pending: Pending[]; writing: boolean }): Promise<void> {
    queue.writing = true;
    try {
      while (queue.pending.length) {
        const batch = queue.pending.splice(0, MAX_BATCH);
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
      queue.writing = false;
    }
  }
}
