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
  ) {}

  withToken(token: string | null): HttpClient {
    return new HttpClient(this.baseUrl, token);
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
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
