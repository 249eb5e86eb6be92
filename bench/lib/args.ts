/** The value after `--name` on the bench's command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

/** Whether `--name` is on the bench's command line. */
export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

/** `option` as a number. */
export function numberOption(name: string, fallback: number): number {
  return Number(option(name, String(fallback)));
}

/** The nearest-rank `p`th percentile of values sorted ascending (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** A sorted copy, for `percentile`. */
export function ascending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}
