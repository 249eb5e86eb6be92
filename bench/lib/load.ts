import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** A request other than a plain GET: its method, and a body made anew for each request. */
export interface LoadRequest {
  method: 'POST';
  body: () => string;
}

/** A closed-loop load at `connections` for `seconds` (after a warm-up), with autocannon. */
export async function measure(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  request?: LoadRequest,
): Promise<LoadResult> {
  const options = request
    ? {
        method: request.method as Request['method'],
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [{ setupRequest: (req: Request): Request => ({ ...req, body: request.body() }) }],
      }
    : { headers };
  await autocannon({ url, connections, duration: 2, ...options }); // warm-up: JIT, pools, caches
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

export function row(label: string, r: LoadResult): string {
  return `${label.padEnd(46)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${r.p50Ms.toFixed(1).padStart(8)} ${r.p99Ms.toFixed(1).padStart(8)} ${String(r.non2xx + r.errors).padStart(8)}`;
}

export const HEADER = `${'path'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(8)}`;
