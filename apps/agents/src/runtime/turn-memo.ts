/**
 * What a turn computed in this worker, kept for the turn's later steps (local activities run in
 * the worker that runs the turn): the setting its first model call loaded, so a tool round
 * reloads nothing; the results of a round's tool calls, so a retried model call does not run
 * them again. Entries expire; a worker that never saw the earlier step (restarted, another
 * replica) computes it again. An activity run outside a workflow has no run id: nothing is
 * kept for it.
 */
export class TurnMemo<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string | undefined): Value | undefined {
    if (key === undefined) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string | undefined, value: Value): void {
    if (key === undefined) return;
    this.entries.delete(key);
    // Maps iterate in insertion order: the first entry is the oldest.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  forget(key: string | undefined): void {
    if (key === undefined) return;
    this.entries.delete(key);
  }
}

/**
 * One computation per key in this worker, shared by whoever asks while it runs or after it
 * succeeded (until it expires); a failed one is forgotten, so the next caller (a retried
 * activity) starts afresh. Without a key, each caller computes its own.
 */
export class OncePerKey<Value> {
  private readonly begun: TurnMemo<Promise<Value>>;

  constructor(ttlMs?: number) {
    this.begun = new TurnMemo<Promise<Value>>(ttlMs);
  }

  run(key: string | undefined, compute: () => Promise<Value>): Promise<Value> {
    const begun = this.begun.get(key);
    if (begun) return begun;
    const computing = compute();
    this.begun.set(key, computing);
    computing.catch(() => this.begun.forget(key));
    return computing;
  }
}
