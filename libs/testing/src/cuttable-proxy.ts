import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut and restore: an outage of whatever stands behind
 * it (Temporal, PostgreSQL, NATS, Redis), as its clients see one. Cutting closes the listener
 * and every connection through it; restoring listens again on the same port.
 */
export class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  /** Starts proxying to `target` ("host:port") on a free loopback port. */
  static async start(target: string): Promise<CuttableProxy> {
    const [host = '127.0.0.1', port = ''] = target.split(':');
    const proxy = new CuttableProxy({ host, port: Number(port) });
    await proxy.restore();
    return proxy;
  }

  /** What clients are given instead of the target: "127.0.0.1:port". */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async restore(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => splice(client, connect(this.target.port, this.target.host), this.sockets));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  stop(): Promise<void> {
    return this.cut();
  }
}

/**
 * Joins a client's connection to its upstream both ways, each closed with the other; both are
 * kept in `sockets` while open (to be destroyed at once by whoever cuts them).
 */
export function splice(client: Socket, upstream: Socket, sockets: Set<Socket>): void {
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  }
  client.pipe(upstream).pipe(client);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
}
