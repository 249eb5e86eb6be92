import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
  /** 1-based count of requests to this path. */
  attempt: number;
  answered: number | null;
}

/** How a path answers: fail the first `failFirst` requests with `status` (and `headers`), or always `hang`. */
export interface Program {
  failFirst?: number;
  status?: number;
  headers?: Record<string, string>;
  hang?: boolean;
}

/**
 * A real HTTP receiver for the tests: records every request, answers 200 unless its path is
 * programmed otherwise, and verifies Standard Webhooks signatures with the `standardwebhooks`
 * package (an implementation independent of the dispatcher's).
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly programs = new Map<string, Program>();
  private readonly counts = new Map<string, number>();
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://receiver').pathname;
        const attempt = (this.counts.get(path) ?? 0) + 1;
        this.counts.set(path, attempt);
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const program = this.programs.get(path);
        const record: ReceivedDelivery = {
          at: Date.now(),
          path,
          headers: req.headers,
          rawBody,
          body: safeJson(rawBody),
          attempt,
          answered: null,
        };
        this.received.push(record);
        if (program?.hang) {
          this.hanging.add(res);
          return;
        }
        const failing = program && attempt <= (program.failFirst ?? Infinity);
        record.answered = failing ? (program.status ?? 500) : 200;
        res.writeHead(record.answered, { 'content-type': 'application/json', ...(failing ? program.headers : {}) });
        res.end(failing ? '{"error":"programmed failure"}' : '{"ok":true}');
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** A fresh path: `{path, url}`. */
  endpoint(label = 'hook', program?: Program): { path: string; url: string } {
    const path = `/${label}/${randomBytes(6).toString('hex')}`;
    if (program) this.programs.set(path, program);
    return { path, url: `${this.baseUrl}${path}` };
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((d) => d.path === path);
  }

  /** Checks a delivery's signature with the standardwebhooks package; throws when it does not verify. */
  static verify(delivery: ReceivedDelivery, secret: string): unknown {
    const verifier = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
    return verifier.verify(delivery.rawBody, delivery.headers as Record<string, string>);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
