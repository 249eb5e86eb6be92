import { readFileSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';

/**
 * Ports are picked below the kernel's ephemeral range (ip_local_port_range, 32768 by default), where
 * the OS never hands a port to an outgoing connection: a port picked from that range (listen on 0)
 * could be taken by any loopback connection between the pick and the service's own listen, as a
 * container of the image test once was (EADDRINUSE).
 */
const PICK_FROM = 20000;
const pickBelow = ephemeralRangeStart();

function ephemeralRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > PICK_FROM + 1000 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** A port free right now on 127.0.0.1, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}

/**
 * `count` distinct ports free right now on 127.0.0.1, none of `excluding`, outside the ephemeral
 * range. Each is held (listened on) until all are found, which both proves it free and keeps one
 * port from being picked twice.
 */
export async function freePorts(count: number, excluding: readonly number[] = []): Promise<number[]> {
  const held: Server[] = [];
  const ports: number[] = [];
  try {
    for (let attempts = 0; ports.length < count; attempts++) {
      if (attempts > count * 50) throw new Error(`no ${count} free ports found in ${PICK_FROM}-${pickBelow - 1}`);
      const port = PICK_FROM + Math.floor(Math.random() * (pickBelow - PICK_FROM));
      if (excluding.includes(port) || ports.includes(port)) continue;
      const server = await listening(port);
      if (!server) continue;
      held.push(server);
      ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A server listening on `port`, or null when the port is taken. */
function listening(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
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
