/**
 * A bounded in-memory cache of customer media on one gateway replica: at most `maxBytes` in
 * all, each entry for `ttlMs`, the least recently used evicted first. An entry larger than a
 * quarter of the cache is not kept, so one video cannot flush every photo of an inbox.
 */
export class MediaCache<Value extends { data: Uint8Array }> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();
  private bytes = 0;

  constructor(
    private readonly limits: { maxBytes: number; ttlMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.bytes -= entry.value.data.length;
      return undefined;
    }
    // Map keeps insertion order: re-inserted, it is the most recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    const size = value.data.length;
    if (this.limits.ttlMs <= 0 || size > this.limits.maxBytes / 4) return;
    this.delete(key);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes + size <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.value.data.length;
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.limits.ttlMs });
    this.bytes += size;
  }

  /** Bytes held now (expired entries included until they are next looked up or evicted). */
  get size(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.data.length;
  }
}
