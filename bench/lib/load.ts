import autocannon, { type Request } from 'autocannon';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { processCpuMs } from './proc';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
  /** CPU time (user + system) each watched process spent per request answered, in microseconds. */
  cpuUsPerRequest: Record<string, number>;
}

/** A request other than a plain GET: its method, and a body made anew for each request. */
export interface LoadRequest {
  method: 'POST';
  body: () => string;
}

/** Busy and total CPU time of the machine so far, from /proc/stat (Linux). */
export function cpuTimes(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3]! - fields[4]!, total }; // idle and iowait are not busy
}

/**
 * Waits until the machine has been quiet (under `threshold` of its CPU busy in every
 * half-second) for `quietMs`, at most `maxMs`: what a run just started or just measured
 * leaves behind (start-up compilation, V8's garbage collections of processes gone idle,
 * which come some 8 s after, a previous route's backlog) would otherwise land in the next
 * measurement's figures. Returns the milliseconds waited.
 */
export async function settle({ quietMs = 1_000, maxMs = 30_000, threshold = 0.15 } = {}): Promise<number> {
  const started = Date.now();
  let quietSince = started;
  let before = cpuTimes();
  while (Date.now() - quietSince < quietMs && Date.now() - started < maxMs) {
    await sleep(500);
    const now = cpuTimes();
    if ((now.busy - before.busy) / Math.max(1, now.total - before.total) >= threshold) quietSince = Date.now();
    before = now;
  }
  return Date.now() - started;
}

/** Before a bench's first measurement: the services' start-up work, and the idle-time collections that follow it, end first. */
export async function settleAfterStart(): Promise<void> {
  const waited = await settle({ quietMs: 10_000, maxMs: 60_000 });
  process.stdout.write(`the stack settled in ${(waited / 1000).toFixed(0)} s\n`);
}

/**
 * A closed-loop load at `connections` for `seconds` (after the machine settles and a warm-up),
 * with autocannon; the CPU each process of `watch` (name: pid) spends per request is measured
 * over the same seconds.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  request?: LoadRequest,
  watch: Record<string, number> = {},
): Promise<LoadResult> {
  const options = request
    ? {
        method: request.method as Request['method'],
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [{ setupRequest: (req: Request): Request => ({ ...req, body: request.body() }) }],
      }
    : { headers };
  await settle();
  await autocannon({ url, connections, duration: 2, ...options }); // warm-up: JIT, pools, caches
  const cpuBefore = Object.fromEntries(Object.entries(watch).map(([name, pid]) => [name, processCpuMs(pid)]));
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  const answered = Math.max(1, result.requests.total);
  const cpuUsPerRequest = Object.fromEntries(
    Object.entries(watch).map(([name, pid]) => [name, ((processCpuMs(pid) - cpuBefore[name]!) * 1000) / answered]),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    cpuUsPerRequest,
  };
}

export function row(label: string, r: LoadResult): string {
  return `${label.padEnd(46)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${r.p50Ms.toFixed(1).padStart(8)} ${r.p99Ms.toFixed(1).padStart(8)} ${String(r.non2xx + r.errors).padStart(8)}`;
}

export const HEADER = `${'path'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(8)}`;
