/**
 * What this process knows of its own sends but could not write down (the database went away
 * before answering): a later attempt here reads it instead of guessing from the records, and
 * neither sends again what Graph took nor gives up on what never reached Graph. Another
 * process does not know it, and takes the records' cautious path. Bounded: an outage leaves
 * a few batches' worth; past `capacity` the oldest are forgotten.
 */
export class UnrecordedOutcomes<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity = 10_000) {}

  get(id: string): V | undefined {
    return this.entries.get(id);
  }

  set(id: string, outcome: V): void {
    this.entries.delete(id);
    this.entries.set(id, outcome);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(id: string): void {
    this.entries.delete(id);
  }
}
