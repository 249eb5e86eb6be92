import { createServer, Socket, type AddressInfo, type Server } from 'node:net';

/** A port the OS says is free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `count` distinct ports free right now on 127.0.0.1, none of `excluding`. Each is held until all
 * are found: ports asked for one after the other (freePort) may come back twice, as the OS may
 * hand out a port again once it is closed, and two services given one port leave one of them
 * unable to listen while the other answers its readiness probe.
 */
export async function freePorts(count: number, excluding: readonly number[] = []): Promise<number[]> {
  const held: Server[] = [];
  const ports: number[] = [];
  try {
    while (ports.length < count) {
      const server = await listening();
      held.push(server);
      const port = (server.address() as AddressInfo).port;
      if (!excluding.includes(port)) ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

function listening(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export function canConnect(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export function splitHostPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at) || '127.0.0.1', port: Number(address.slice(at + 1)) };
}
