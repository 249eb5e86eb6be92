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
