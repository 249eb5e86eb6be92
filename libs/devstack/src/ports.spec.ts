import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePorts } from './ports';

describe('freePorts', () => {
  it('finds distinct ports, none of those excluded, each free to listen on afterwards', async () => {
    const excluded = await freePorts(20);
    const ports = await freePorts(20, excluded);
    expect(new Set(ports).size).toBe(20);
    expect(ports.filter((port) => excluded.includes(port))).toEqual([]);
    // Never from the ephemeral range, where an outgoing connection can take the port first.
    const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    expect(ports.filter((port) => port >= ephemeralStart)).toEqual([]);
    for (const port of ports) {
      await new Promise<void>((resolve, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
      });
    }
  });
});
