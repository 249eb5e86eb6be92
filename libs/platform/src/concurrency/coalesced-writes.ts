interface Queued<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** Items carried by one write at most. */
const MAX_ITEMS = 256;

/**
 * Writes that arrive while one is under way go together into the next: one round trip (one
 * statement and commit, one Redis script) for many concurrent callers, each resolved once the
 * write that carried its item ran. The first write starts at once, so a lone caller waits for nothing.
 * `write` answers one result per item, in order; when it fails, every caller of it sees the error.
 * `onIdle` is called each time the last queued item is written (an owner of many may drop it then).
 */
export class CoalescedWrites<Item, Result = void> {
  private readonly queued: Queued<Item, Result>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly onIdle?: () => void,
  ) {}

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
      this.onIdle?.();
    }
  }
}
