/** Buckets past which a write sweeps out the drained ones (a drained bucket is the same as none). */
const SWEEP_ABOVE = 10_000;

/**
 * The rate limiter's buckets in this replica's memory, for while Redis is down: the GCRA of
 * the Redis script (rate-limiter.ts), on this process's clock, answering in the script's
 * shape. Each replica counts alone, so N replicas admit up to N times a key's rate until
 * Redis returns; the counts are then Redis's again (what was counted here is forgotten).
 */
export class LocalBuckets {
  /** By key: the bucket's level (millionths of a request) at `at` (µs), draining at `perSecond`. */
  private readonly buckets = new Map<string, { level: number; at: number; perSecond: number }>();

  /** As ADMIT_UNLESS_BARRED without its barrier: {now µs, then per cost: admitted, remaining, µs until empty, µs until it fits}. */
  admit(key: string, perSecond: number, sizeInRequests: number, costs: number[], now = Date.now() * 1000): number[] {
    const size = sizeInRequests * 1_000_000;
    const bucket = this.buckets.get(key);
    let level = bucket ? Math.max(0, bucket.level - Math.max(0, now - bucket.at) * perSecond) : 0;
    const answers = [now];
    let spent = false;
    for (const requests of costs) {
      const cost = requests * 1_000_000;
      const admitted = level + cost <= size;
      if (admitted) {
        level += cost;
        spent = true;
      }
      answers.push(
        admitted ? 1 : 0,
        Math.floor((size - level) / 1_000_000),
        Math.ceil(level / perSecond),
        admitted ? 0 : Math.ceil((level + cost - size) / perSecond),
      );
    }
    if (spent) {
      this.buckets.set(key, { level, at: now, perSecond });
      if (this.buckets.size > SWEEP_ABOVE) this.sweep(now);
    }
    return answers;
  }

  private sweep(now: number): void {
    for (const [key, { level, at, perSecond }] of this.buckets) if (now - at >= level / perSecond) this.buckets.delete(key);
  }
}
