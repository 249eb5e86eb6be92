export interface HttpAnswer<Body = any> {
  status: number;
  headers: Headers;
  body: Body;
  text: string;
}

/** A small client for the gateway's HTTP API, as an integrator would call it. */
export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly token: string | null = null,
    private readonly timeoutMs: number | null = null,
  ) {}

  withToken(token: string | null): HttpClient {
    return new HttpClient(this.baseUrl, token, this.timeoutMs);
  }

  /** A client that gives up on a request after `ms` (it throws a TimeoutError), as an integrator's does. */
  withTimeout(ms: number): HttpClient {
    return new HttpClient(this.baseUrl, this.token, ms);
  }

  get<Body = any>(path: string, headers: Record<string, string> = {}): Promise<HttpAnswer<Body>> {
    return this.request('GET', path, undefined, headers);
  }

  post<Body = any>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer<Body>> {
    return this.request('POST', path, body, headers);
  }

  patch<Body = any>(path: string, body?: unknown): Promise<HttpAnswer<Body>> {
    return this.request('PATCH', path, body);
  }

  delete<Body = any>(path: string): Promise<HttpAnswer<Body>> {
    return this.request('DELETE', path);
  }

  async request<Body = any>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<HttpAnswer<Body>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: this.timeoutMs === null ? undefined : AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed as Body, text };
  }
}

/**
 * POSTs a seed document to the admin API, again while a service answers 503 (it had no NATS
 * responder): right after a stack reports ready, a seed has, rarely, met one (seen twice on
 * 2026-11-23, once in CI; tracked in that session's closing note). Seeding is idempotent on
 * the document's refs, so a repeat is safe; any other answer is returned as it is.
 */
export async function postSeed(admin: HttpClient, doc: unknown): Promise<HttpAnswer> {
  for (let attempt = 1; ; attempt++) {
    const res = await admin.post('/admin/v1/seed', doc);
    if (res.status !== 503 || attempt === 10) return res;
    process.stderr.write(`seed answered 503 (${res.text}); again in 500 ms\n`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
