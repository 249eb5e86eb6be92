import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { splice } from '@platica/testing';

/**
 * The load balancer in front of the gateway replicas, as a cloud one behaves: each new TCP
 * connection goes to the next replica in turn among those whose `/readyz` answered 200 within
 * a second at the last check (every half second), so a killed or frozen replica stops getting
 * new connections within a second or two; the connections it already had fail or hang with
 * it, as they would.
 */
export class GatewayBalancer {
  private readonly healthy = new Set<number>();
  private readonly sockets = new Set<Socket>();
  private next = 0;
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly server: Server,
    private upstreams: number[],
  ) {}

  static async start(upstreams: number[]): Promise<GatewayBalancer> {
    const server = createServer();
    const balancer = new GatewayBalancer(server, upstreams);
    server.on('connection', (client) => balancer.forward(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await balancer.check();
    balancer.timer = setInterval(() => void balancer.check(), 500);
    return balancer;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The gateway replicas' ports, after one was replaced. */
  setUpstreams(ports: number[]): void {
    this.upstreams = ports;
    for (const port of [...this.healthy]) if (!ports.includes(port)) this.healthy.delete(port);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async check(): Promise<void> {
    await Promise.all(
      this.upstreams.map(async (port) => {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1_000) })
          .then((res) => res.status === 200)
          .catch(() => false);
        if (ready) this.healthy.add(port);
        else this.healthy.delete(port);
      }),
    );
  }

  private forward(client: Socket): void {
    // No replica ready (a dependency of every gateway down): still one of them, whose 503 names it.
    const candidates = this.healthy.size ? this.upstreams.filter((port) => this.healthy.has(port)) : this.upstreams;
    const port = candidates[this.next++ % candidates.length]!;
    splice(client, connect(port, '127.0.0.1'), this.sockets);
  }
}
