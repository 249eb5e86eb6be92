interface Queued<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** Items written by one statement at most. */
const MAX_ITEMS = 256;

/**
 * Writes that arrive while one is under way go together into the next: one statement (one
 * round trip, one commit) for many concurrent senders, each resolved once the statement that
 * carried its item ran. The first write starts at once, so a lone caller waits for nothing.
 * `write` answers one result per item, in order; when it fails, every caller of it sees the error.
 */
export class CoalescedWrites<Item, Result = void> {
  private readonly queued: Queued<Item, Result>[] = [];
  private writing = false;

  constructor(private readonly write: (items: Item[]) => Promise<Result[]>) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (!this.writing) void this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    try {
      while (this.queued.length) {
        const batch = this.queued.splice(0, MAX_ITEMS);
        try {
          const results = await this.write(batch.map((queued) => queued.item));
          batch.forEach(({ resolve }, i) => resolve(results[i]!));
        } catch (error) {
          batch.forEach(({ reject }) => reject(error));
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
