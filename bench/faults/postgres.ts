import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@platica/devstack';
import { Client } from 'pg';

const BIN = process.env.PLATICA_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server of the bench's own (initdb in a temporary directory): exhausting its
 * connections (`ConnectionHog`) refuses only this stack, not the other stacks and tests that
 * share the machine's server. Run as the `postgres` user when the bench runs as root, which
 * initdb refuses.
 */
export class PrivatePostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async start(maxConnections: number): Promise<PrivatePostgres> {
    const dir = mkdtempSync('/tmp/platica-faults-pg-');
    const asRoot = userInfo().uid === 0;
    if (asRoot)
      chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    const server = new PrivatePostgres(dir, await freePort());
    server.run('initdb', ['-D', server.data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    server.run('pg_ctl', [
      '-D', server.data, '-l', path.join(dir, 'log'), '-w', 'start',
      '-o', `-p ${server.port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections}`,
    ]); // prettier-ignore
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  stop(): void {
    try {
      this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  private get data(): string {
    return path.join(this.dir, 'data');
  }

  private run(tool: string, args: string[]): void {
    const command = path.join(BIN, tool);
    if (userInfo().uid === 0) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
    else execFileSync(command, args, { stdio: 'ignore' });
  }
}

/**
 * Another client taking every connection the server has (`max_connections`, the superuser
 * slots too) for a while, and taking again each one the stack lets go: every new connection of
 * the stack's is refused with `53300 sorry, too many clients already`.
 */
export class ConnectionHog {
  private readonly clients: Client[] = [];
  private holding = false;
  private filling: Promise<void> = Promise.resolve();

  constructor(private readonly url: string) {}

  /** Opens connections until the server refuses one, and keeps doing so until `release`. */
  async take(): Promise<number> {
    this.holding = true;
    await this.fill();
    this.filling = (async () => {
      while (this.holding) {
        await sleep(100);
        await this.fill();
      }
    })();
    return this.clients.length;
  }

  async release(): Promise<void> {
    this.holding = false;
    await this.filling;
    await Promise.all(this.clients.splice(0).map((c) => c.end().catch(() => undefined)));
  }

  private async fill(): Promise<void> {
    while (this.holding) {
      const client = new Client({ connectionString: this.url });
      client.on('error', () => undefined);
      try {
        await client.connect();
      } catch {
        return; // refused: every slot is taken
      }
      this.clients.push(client);
    }
  }
}
