import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './wait';

/** One request the target received. */
export interface TargetRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  json: unknown;
  /** How long the target held the request, from its body read to its answer (its handler and `delayMs`). */
  heldMs?: number;
  /** The remote's whole time: from the request's arrival to its answer's last byte handed to the socket. */
  servedMs?: number;
}

/** What a handler answers: an object body is sent as JSON, a string as text/plain (unless headers say otherwise). */
export interface TargetAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
}

export type TargetHandler = (request: TargetRequest) => TargetAnswer | Promise<TargetAnswer>;

/**
 * A remote HTTP API on loopback, standing in for what a custom API tool calls: it records
 * every request and answers what the test programs (default `200 {"ok": true}`).
 */
export class HttpTarget {
  readonly requests: TargetRequest[] = [];
  private server: Server | null = null;
  url = '';

  private constructor(private handler: TargetHandler) {}

  static async start(handler: TargetHandler = () => ({ body: { ok: true } })): Promise<HttpTarget> {
    const target = new HttpTarget(handler);
    await target.listen();
    return target;
  }

  setHandler(handler: TargetHandler): void {
    this.handler = handler;
  }

  async waitFor(match: (request: TargetRequest) => boolean, timeoutMs = 10_000): Promise<TargetRequest> {
    return eventually('a request to the HTTP target', async () => this.requests.find(match), timeoutMs);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }

  private async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      const arrived = performance.now();
      void this.handle(req).then(
        ({ request, status, headers, body }) => {
          res.on('finish', () => (request.servedMs = performance.now() - arrived));
          res.writeHead(status, headers).end(body);
        },
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ request: TargetRequest; status: number; headers: Record<string, string>; body: string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://target');
    let json: unknown = null;
    try {
      json = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      json = null;
    }
    const request: TargetRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody,
      json,
    };
    this.requests.push(request);
    const received = performance.now();
    const answer = await this.handler(request);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    request.heldMs = performance.now() - received;
    const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
    const type = typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
    return { request, status: answer.status ?? 200, headers: { 'content-type': type, ...answer.headers }, body: text };
  }
}
