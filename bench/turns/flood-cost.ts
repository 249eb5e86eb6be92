// bench/turns/flood-cost.ts: the CPU one inbound message of a flood costs, per process (the
// services, the bench's Temporal dev server, this stack's PostgreSQL backends, the NATS server),
// from /proc/<pid>/stat over a fixed number of messages: a count, unlike a share of a busy
// spell, that holds on a machine shared with other runs (bench/README.md › Fair turns across
// workspaces).
import { readdirSync, readFileSync } from 'node:fs';
import type { Client } from 'pg';
import { processCpuMs } from '../lib/proc';
import type { BenchStack } from '../lib/stack';

/** CPU milliseconds used so far by each process watched, by name (a name's processes summed). */
type CpuSample = Map<string, Map<number, number>>;

/** The pids of each process that a message's work runs in, read anew at each sample (PostgreSQL's backends come and go with the pools). */
async function watchedPids(bench: BenchStack, db: Client): Promise<Map<string, number[]>> {
  const pids = new Map<string, number[]>();
  for (const [name, service] of bench.stack.services) if (service.process.pid) pids.set(name, [service.process.pid]);
  const temporal = bench.stack.temporal.process?.pid;
  if (temporal) pids.set('temporal', [temporal]);
  // This stack's database only: the server is shared with other runs.
  const backends = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  pids.set(
    'postgresql',
    backends.rows.map((row) => row.pid),
  );
  // Shared too: what other runs publish meanwhile is counted against the flood.
  pids.set('nats (shared)', processesNamed('nats-server'));
  return pids;
}

function processesNamed(command: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

async function sample(bench: BenchStack, db: Client): Promise<CpuSample> {
  const result: CpuSample = new Map();
  for (const [name, pids] of await watchedPids(bench, db)) {
    const byPid = new Map<number, number>();
    for (const pid of pids) {
      try {
        byPid.set(pid, processCpuMs(pid));
      } catch {
        // exited between the listing and the read
      }
    }
    result.set(name, byPid);
  }
  return result;
}

/**
 * Starts counting; `end(messages)` answers each process's CPU milliseconds per message since.
 * A process started meanwhile counts from zero; one gone meanwhile loses its share (a pool's
 * idle connection closing).
 */
export async function startCpuCount(bench: BenchStack, db: Client): Promise<{ end(messages: number): Promise<Map<string, number>> }> {
  const before = await sample(bench, db);
  return {
    end: async (messages) => {
      const after = await sample(bench, db);
      const perMessage = new Map<string, number>();
      for (const [name, byPid] of after) {
        let used = 0;
        for (const [pid, ms] of byPid) used += ms - (before.get(name)?.get(pid) ?? 0);
        perMessage.set(name, used / Math.max(1, messages));
      }
      return perMessage;
    },
  };
}

/** One line: each process's CPU ms per message, the largest first, and their total. */
export function describeCpu(perMessage: Map<string, number>): string {
  const rows = [...perMessage].sort((a, b) => b[1] - a[1]);
  const total = rows.filter(([name]) => !name.includes('shared')).reduce((sum, [, ms]) => sum + ms, 0);
  return `${rows.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')}; total (without the shared) ${total.toFixed(1)} ms`;
}
