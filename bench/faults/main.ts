// bench/faults: issue 35's fault harness and soak, made as the real world is by issue 51. One
// stack with two replicas of every service (the gateway's behind a balancer that stops sending
// new connections to a replica whose /readyz fails), on a PostgreSQL server of its own; the
// services reach PostgreSQL, NATS, Redis and Temporal through TCP proxies the harness cuts (to
// the services, an outage of the dependency: every connection reset, new ones refused). The
// load (mixed-load.ts): customers arriving at a rate, Meta's redeliveries with the same message
// id, API clients timing out and retrying with the same Idempotency-Key, scheduled sends, chat
// turns, a campaign, a webhook. Each row: 10 s of load, a 300-recipient campaign started, five
// customers writing with a send scheduled into each, then the fault for its seconds, restored,
// 20 s more load, then the invariants are checked once the stack settles (at most 3 min). The
// faults: each dependency cut (`--outages` seconds); one replica of every service killed
// (kill -9) and started again 30 s later; one replica of every service frozen (SIGSTOP) for
// 30 s, then SIGCONT; every PostgreSQL connection taken by another client for 30 s.
//
//   node tools/build.mjs && node dist/bench/faults/main.js [--faults postgres,nats,redis,temporal,kill,freeze,connections] [--outages 15,60] [--arrivals 1]
//   node dist/bench/faults/main.js --soak-minutes 30     # steady load, no fault: memory and p99 per minute
//
// Exits 1 when an invariant does not hold in a row (each request that broke one is named), or
// a request failed outside its row's fault (or, in a soak, at all).
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICE_NAMES, type ServiceName } from '@platica/contracts';
import { ensureTemporalDevServer, freePort, type RunningService } from '@platica/devstack';
import { CuttableProxy, FakeLlm, FakeMetaGraph, HttpClient, type StackAccess } from '@platica/testing';
import { ascending, numberOption, option, percentile } from '../lib/args';
import { residentMb } from '../lib/proc';
import { startBenchStack, type BenchStack } from '../lib/stack';
import { GatewayBalancer } from './balancer';
import { holds, MixedLoad, type Answer, type LoadOptions, type Outcome, type Route } from './mixed-load';
import { ConnectionHog, PrivatePostgres } from './postgres';

type Dependency = 'postgres' | 'nats' | 'redis' | 'temporal';
/** Faults of the stack's own processes, and of PostgreSQL's connections; each for PROCESS_FAULT_SECONDS. */
type StackFault = 'kill' | 'freeze' | 'connections';
type Fault = Dependency | StackFault;

const DEPENDENCIES: readonly string[] = ['postgres', 'nats', 'redis', 'temporal'];
const PROCESS_FAULT_SECONDS = 30;
/** Room for two replicas of seven services at PLATICA_DATABASE_POOL_SIZE (10) each, and the harness. */
const MAX_CONNECTIONS = 200;

interface Harness {
  bench: BenchStack;
  /** The stack as the load reaches it: through the balancer. */
  access: StackAccess;
  graph: FakeMetaGraph;
  llm: FakeLlm;
  proxies: Record<Dependency, CuttableProxy>;
  postgres: PrivatePostgres;
  balancer: GatewayBalancer;
  /** The second replica of each service, which the process faults strike. */
  replicas: Map<ServiceName, RunningService>;
  stop(): Promise<void>;
}

async function startHarness(): Promise<Harness> {
  const root = path.resolve(__dirname, '../../..');
  const graph = await FakeMetaGraph.start();
  const llm = await FakeLlm.start();
  const postgres = await PrivatePostgres.start(MAX_CONNECTIONS);
  const temporal = await ensureTemporalDevServer({
    address: `127.0.0.1:${await freePort()}`,
    cliPath: path.join(root, '.toolchain/py/bin/temporal'),
    namespace: 'default',
  });
  const database = new URL(postgres.url);
  const hostOf = (url: string, port: number) => `${new URL(url).hostname}:${new URL(url).port || port}`;
  const proxies: Record<Dependency, CuttableProxy> = {
    postgres: await CuttableProxy.start(`${database.hostname}:${database.port}`),
    nats: await CuttableProxy.start(hostOf(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', 4222)),
    redis: await CuttableProxy.start(hostOf(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 6379)),
    temporal: await CuttableProxy.start(temporal.address),
  };
  // The bench stack takes its infrastructure's addresses from this process's environment.
  database.host = proxies.postgres.address;
  process.env.PLATICA_TEST_DATABASE_URL = database.toString();
  process.env.NATS_URL = `nats://${proxies.nats.address}`;
  process.env.REDIS_URL = `redis://${proxies.redis.address}`;
  const bench = await startBenchStack({
    ...llm.env(),
    META_GRAPH_BASE_URL: graph.url,
    TEMPORAL_ADDRESS: proxies.temporal.address,
    PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
    // 300 recipients over some 30 s: the campaign is mid-run when the fault comes.
    CAMPAIGN_SEND_RATE: '10',
  });
  const replicas = new Map<ServiceName, RunningService>();
  for (const name of SERVICE_NAMES) replicas.set(name, await bench.stack.addReplica(name));
  const balancer = await GatewayBalancer.start(gatewayPorts(bench, replicas));
  return {
    bench,
    access: { admin: bench.admin, http: new HttpClient(balancer.url), baseUrl: balancer.url },
    graph,
    llm,
    proxies,
    postgres,
    balancer,
    replicas,
    stop: async () => {
      await balancer.stop();
      await bench.stop();
      for (const proxy of Object.values(proxies)) await proxy.stop();
      await temporal.stop();
      postgres.stop();
      await llm.stop();
      await graph.stop();
    },
  };
}

function gatewayPorts(bench: BenchStack, replicas: Map<ServiceName, RunningService>): number[] {
  return [bench.stack.services.get('gateway')!.port, replicas.get('gateway')!.port];
}

/** Strikes the stack with `fault` for `seconds`, then restores it; resolves once it is restored. */
async function strike(h: Harness, fault: Fault, seconds: number): Promise<void> {
  if (DEPENDENCIES.includes(fault)) {
    const proxy = h.proxies[fault as Dependency];
    await proxy.cut();
    await sleep(seconds * 1_000);
    await proxy.restore();
  } else if (fault === 'kill') {
    // As an orchestrator sees a crash: the process gone at once, a new one started later.
    for (const replica of h.replicas.values()) replica.process.kill('SIGKILL');
    await sleep(seconds * 1_000);
    await Promise.all(SERVICE_NAMES.map(async (name) => h.replicas.set(name, await h.bench.stack.addReplica(name))));
    h.balancer.setUpstreams(gatewayPorts(h.bench, h.replicas));
  } else if (fault === 'freeze') {
    // A process that stops answering without going away (a long pause, a hung host).
    for (const replica of h.replicas.values()) replica.process.kill('SIGSTOP');
    try {
      await sleep(seconds * 1_000);
    } finally {
      for (const replica of h.replicas.values()) replica.process.kill('SIGCONT');
    }
  } else {
    const hog = new ConnectionHog(h.postgres.url);
    const taken = await hog.take();
    process.stdout.write(`another client holds ${taken} connections (max_connections ${MAX_CONNECTIONS})\n`);
    try {
      await sleep(seconds * 1_000);
    } finally {
      await hog.release();
    }
  }
}

interface FaultRow {
  fault: Fault;
  seconds: number;
  whileDown: { requests: number; unavailable: number; otherErrors: number; refused: number };
  /** Requests that failed (a 5xx other than 503, no answer, the client's time-out) and did not overlap the fault. */
  errorsOutside: Answer[];
  recoverySeconds: number;
  /** When the fault ended (each error outside is named with how long after it began). */
  restoredAt: number;
  /** Per route, how the requests meeting the fault were answered ("POST /v1/chat 200×12 504×3"). */
  metFault: string;
  outcome: Outcome;
}

async function faultRow(h: Harness, fault: Fault, seconds: number, load: LoadOptions): Promise<FaultRow> {
  process.stdout.write(`\n${fault} for ${seconds} s…\n`);
  const mixed = await MixedLoad.prepare(h.access, h.graph, h.llm, load);
  try {
    mixed.start();
    await sleep(10_000);
    await mixed.sendCampaign();
    await sleep(3_000);
    await mixed.writeJustBefore(5);
    const cutAt = Date.now();
    await strike(h, fault, seconds);
    const restoredAt = Date.now();
    await sleep(20_000);
    await mixed.stop();
    const outcome = await mixed.settle(180_000);
    // A request in flight at any moment of the fault met it; a replayed answer is its key's first attempt's.
    const during = (a: Answer) => (a.since ?? a.at) < restoredAt && a.at + a.ms >= cutAt;
    const failing = (a: Answer) => a.status === 0 || (a.status >= 500 && a.status !== 503);
    const metFault = mixed.answers.filter(during);
    return {
      fault,
      seconds,
      whileDown: {
        requests: metFault.length,
        unavailable: metFault.filter((a) => a.status === 503).length,
        otherErrors: metFault.filter((a) => a.status >= 500 && a.status !== 503).length,
        refused: metFault.filter((a) => a.status === 0).length,
      },
      errorsOutside: mixed.answers.filter((a) => !during(a) && failing(a)),
      recoverySeconds: recovery(mixed.answers, restoredAt),
      restoredAt,
      metFault: statusesByRoute(metFault),
      outcome,
    };
  } finally {
    await mixed.stop();
    await mixed.close();
  }
}

function statusesByRoute(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers)
    counts.set(`${a.route} ${a.status || 'no answer'}`, (counts.get(`${a.route} ${a.status || 'no answer'}`) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([what, n]) => `${what}×${n}`)
    .join(', ');
}

/** Seconds from the restore until every route answered a request made after it with a 2xx. */
function recovery(answers: Answer[], restoredAt: number): number {
  const routes = new Set(answers.map((a) => a.route));
  let latest = restoredAt;
  for (const route of routes) {
    const first = answers
      .filter((a) => a.route === route && a.at >= restoredAt && a.status >= 200 && a.status < 300)
      .sort((a, b) => a.at - b.at)[0];
    latest = Math.max(latest, first ? first.at + first.ms : Infinity);
  }
  return (latest - restoredAt) / 1000;
}

/** Every request or record of the row that broke an invariant, named. */
function brokenIn(r: FaultRow): string[] {
  return [
    ...r.outcome.violations,
    ...r.errorsOutside.map(
      (a) =>
        `${a.route} ${a.subject}: ${a.status || 'no answer'} at ${new Date(a.at).toISOString()} ` +
        `(${((a.at - r.restoredAt) / 1000).toFixed(1)} s after the restore) after ${a.ms} ms, outside the fault: ${a.detail ?? ''}`,
    ),
  ];
}

function printFaultTable(rows: FaultRow[]): void {
  const lines = [
    '| fault | for | requests meeting it | 503 | other 5xx / no answer | errors outside | recovery | customer messages (Meta resent): lost / twice | scheduled (just before): lost / twice | chats (client retries): lost / twice | campaign | events: missing / two ids | stuck threads | turns without tools |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const o = r.outcome;
      return (
        `| ${r.fault} | ${r.seconds} s | ${r.whileDown.requests} | ${r.whileDown.unavailable} | ${r.whileDown.otherErrors} / ${r.whileDown.refused} | ${r.errorsOutside.length} | ` +
        `${r.recoverySeconds.toFixed(1)} s | ${o.customerMessages} (${o.redeliveries}): ${o.unanswered} / ${o.answeredTwice} | ` +
        `${o.scheduled} (${o.scheduledBeforeFault}): ${o.scheduledUnsent} / ${o.scheduledSentTwice} | ${o.chats} (${o.clientRetries}): ${o.chatsLost} / ${o.chatsTwice} | ` +
        `${o.campaign.status} ${o.campaign.received}/${o.campaign.recipients}, ${o.campaignSentTwice} twice | ${o.events}: ${o.eventsMissing} / ${o.eventsDuplicated} | ${o.stuckThreads} | ${o.turnsWithoutTools} |`
      );
    }),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  for (const r of rows) process.stdout.write(`${r.fault} ${r.seconds} s, the answers of the requests meeting it: ${r.metFault}\n`);
  for (const r of rows) {
    const named = brokenIn(r);
    if (named.length)
      process.stdout.write(`\n${r.fault} ${r.seconds} s broke ${named.length}:\n${named.map((line) => `  ${line}`).join('\n')}\n`);
  }
}

function passes(row: FaultRow): boolean {
  return holds(row.outcome) && row.errorsOutside.length === 0;
}

async function soak(h: Harness, minutes: number, options: LoadOptions): Promise<boolean> {
  const load = await MixedLoad.prepare(h.access, h.graph, h.llm, options);
  const routes: Route[] = ['POST /hooks/meta', 'POST /v1/messages', 'POST /v1/chat'];
  const services = [...h.bench.stack.services.entries()];
  // The machine's load average beside each minute: on a shared machine, a p99 that moves with it is the machine's, not a drift.
  const header = `| minute | load | ${routes.map((r) => `${r} n / p50 / p99 ms`).join(' | ')} | errors | ${services.map(([name]) => `${name} MB`).join(' | ')} |`;
  process.stdout.write(`\nsoak: ${minutes} min of steady load\n${header}\n|${'---|'.repeat(routes.length + services.length + 3)}\n`);
  const p99s: number[][] = routes.map(() => []);
  const memory: number[][] = services.map(() => []);
  let errors = 0;
  load.start();
  try {
    for (let minute = 1; minute <= minutes; minute++) {
      // A campaign every ten minutes: its 300 sends take some 30 s.
      if (minute % 10 === 1 && minute > 1) await load.sendCampaign().catch((e) => process.stdout.write(`campaign: ${String(e)}\n`));
      const from = Date.now();
      await sleep(60_000);
      const window = load.answers.filter((a) => a.at >= from && a.at < from + 60_000);
      const failed = window.filter((a) => a.status === 0 || a.status >= 500).length;
      errors += failed;
      const cells = routes.map((route, i) => {
        const ms = ascending(window.filter((a) => a.route === route && a.status < 300).map((a) => a.ms));
        p99s[i]!.push(percentile(ms, 99));
        return `${ms.length} / ${percentile(ms, 50)} / ${percentile(ms, 99)}`;
      });
      const mb = services.map(([, s], i) => {
        const value = residentMb(s.process.pid!);
        memory[i]!.push(value);
        return value.toFixed(0);
      });
      process.stdout.write(`| ${minute} | ${loadavg()[0]!.toFixed(1)} | ${cells.join(' | ')} | ${failed} | ${mb.join(' | ')} |\n`);
    }
    await load.stop();
    const outcome = await load.settle(180_000);
    // Drift: the median of the last five minutes against the first five after a minute's warm-up.
    const median = (values: number[]) => percentile(ascending(values), 50);
    const firstAndLast = (values: number[]) => [median(values.slice(1, 6)), median(values.slice(-5))] as const;
    process.stdout.write('\nsoak verdict (median of minutes 2-6 → median of the last five)\n');
    routes.forEach((route, i) => {
      const [first, last] = firstAndLast(p99s[i]!);
      process.stdout.write(`p99 ${route}: ${first} → ${last} ms\n`);
    });
    services.forEach(([name], i) => {
      const [first, last] = firstAndLast(memory[i]!);
      process.stdout.write(`memory ${name}: ${first.toFixed(0)} → ${last.toFixed(0)} MB\n`);
    });
    process.stdout.write(`errors: ${errors}; invariants: ${JSON.stringify(outcome)}\n`);
    return errors === 0 && holds(outcome);
  } finally {
    await load.stop();
    await load.close();
  }
}

async function main(): Promise<void> {
  const soakMinutes = numberOption('soak-minutes', 0);
  const faults = option('faults', 'postgres,nats,redis,temporal,kill,freeze,connections').split(',') as Fault[];
  const outages = option('outages', '15,60').split(',').map(Number);
  const load: LoadOptions = {
    arrivalsPerSecond: numberOption('arrivals', 1),
    messagesPerCustomer: 2,
    intervalMs: 1_000,
    campaignRecipients: 300,
  };
  process.stdout.write(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${load.arrivalsPerSecond} new customers a second\n`,
  );
  const h = await startHarness();
  let ok = true;
  try {
    if (soakMinutes > 0) {
      ok = await soak(h, soakMinutes, load);
    } else {
      const rows: FaultRow[] = [];
      for (const fault of faults)
        for (const seconds of DEPENDENCIES.includes(fault) ? outages : [PROCESS_FAULT_SECONDS]) {
          const row = await faultRow(h, fault, seconds, load);
          process.stdout.write(`${passes(row) ? 'held' : 'BROKE'} (load average ${loadavg()[0]!.toFixed(1)})\n`);
          // Named at once too: a run cut short still says what broke.
          for (const line of brokenIn(row)) process.stdout.write(`  ${line}\n`);
          rows.push(row);
        }
      printFaultTable(rows);
      ok = rows.every(passes);
    }
  } finally {
    await h.stop();
  }
  process.stdout.write(ok ? '\nevery invariant held\n' : '\nAN INVARIANT DID NOT HOLD\n');
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
