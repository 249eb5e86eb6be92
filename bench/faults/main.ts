// bench/faults: issue 35's fault harness and soak. One stack whose services reach PostgreSQL,
// NATS, Redis and Temporal through TCP proxies the harness cuts (to the services, an outage of
// the dependency: every connection reset, new ones refused), under the steady mixed load of
// mixed-load.ts. Each row: 10 s of load, a 300-recipient campaign started, the dependency cut
// for the outage's seconds, restored, 20 s more load, then the invariants are checked once the
// stack settles (at most 3 min): every customer message answered once, every accepted
// scheduled send sent once, the campaign complete with each recipient sent once, every
// customer message's event delivered under one id, no chat thread stuck, no turn answered
// without its tools.
//
//   node tools/build.mjs && node dist/bench/faults/main.js [--faults postgres,nats,redis,temporal] [--outages 15,60]
//   node dist/bench/faults/main.js --soak-minutes 30     # steady load, no fault: memory and p99 per minute
//
// Exits 1 when an invariant does not hold (or, in a soak, a request failed).
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureTemporalDevServer, freePort } from '@platica/devstack';
import { CuttableProxy, FakeLlm, FakeMetaGraph } from '@platica/testing';
import { ascending, numberOption, option, percentile } from '../lib/args';
import { residentMb } from '../lib/proc';
import { startBenchStack, type BenchStack } from '../lib/stack';
import { holds, MixedLoad, type Answer, type Outcome, type Route } from './mixed-load';

type Dependency = 'postgres' | 'nats' | 'redis' | 'temporal';

const LOAD = { customers: 8, intervalMs: 1_000, campaignRecipients: 300 };

interface Harness {
  bench: BenchStack;
  graph: FakeMetaGraph;
  llm: FakeLlm;
  proxies: Record<Dependency, CuttableProxy>;
  stop(): Promise<void>;
}

async function startHarness(): Promise<Harness> {
  const root = path.resolve(__dirname, '../../..');
  const graph = await FakeMetaGraph.start();
  const llm = await FakeLlm.start();
  const temporal = await ensureTemporalDevServer({
    address: `127.0.0.1:${await freePort()}`,
    cliPath: path.join(root, '.toolchain/py/bin/temporal'),
    namespace: 'default',
  });
  const database = new URL(
    process.env.PLATICA_TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const hostOf = (url: string, port: number) => `${new URL(url).hostname}:${new URL(url).port || port}`;
  const proxies: Record<Dependency, CuttableProxy> = {
    postgres: await CuttableProxy.start(`${database.hostname}:${database.port || 5432}`),
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
  return {
    bench,
    graph,
    llm,
    proxies,
    stop: async () => {
      await bench.stop();
      for (const proxy of Object.values(proxies)) await proxy.stop();
      await temporal.stop();
      await llm.stop();
      await graph.stop();
    },
  };
}

interface FaultRow {
  fault: Dependency;
  seconds: number;
  whileDown: { requests: number; unavailable: number; otherErrors: number; refused: number };
  /** 5xx other than 503 and refused connections outside the outage. */
  errorsOutside: number;
  recoverySeconds: number;
  outcome: Outcome;
}

async function faultRow(h: Harness, fault: Dependency, seconds: number): Promise<FaultRow> {
  process.stdout.write(`\n${fault} down for ${seconds} s…\n`);
  const load = await MixedLoad.prepare(h.bench, h.graph, h.llm, LOAD);
  try {
    load.start();
    await sleep(10_000);
    await load.sendCampaign();
    await sleep(3_000);
    const cutAt = Date.now();
    await h.proxies[fault].cut();
    await sleep(seconds * 1_000);
    await h.proxies[fault].restore();
    const restoredAt = Date.now();
    await sleep(20_000);
    await load.stop();
    const outcome = await load.settle(180_000);
    const during = load.answers.filter((a) => a.at >= cutAt && a.at < restoredAt);
    const failing = (a: Answer) => a.status === 0 || (a.status >= 500 && a.status !== 503);
    return {
      fault,
      seconds,
      whileDown: {
        requests: during.length,
        unavailable: during.filter((a) => a.status === 503).length,
        otherErrors: during.filter((a) => a.status >= 500 && a.status !== 503).length,
        refused: during.filter((a) => a.status === 0).length,
      },
      errorsOutside: load.answers.filter((a) => (a.at < cutAt || a.at >= restoredAt) && failing(a)).length,
      recoverySeconds: recovery(load.answers, restoredAt),
      outcome,
    };
  } finally {
    await load.stop();
    await load.close();
  }
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

function printFaultTable(rows: FaultRow[]): void {
  const lines = [
    '| fault | down | requests while down | 503 while down | other 5xx / refused while down | errors outside | recovery | customer messages: lost / twice | scheduled: lost / twice | campaign | events: missing / two ids | stuck threads | turns without tools |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const o = r.outcome;
      return (
        `| ${r.fault} | ${r.seconds} s | ${r.whileDown.requests} | ${r.whileDown.unavailable} | ${r.whileDown.otherErrors} / ${r.whileDown.refused} | ${r.errorsOutside} | ` +
        `${r.recoverySeconds.toFixed(1)} s | ${o.customerMessages}: ${o.unanswered} / ${o.answeredTwice} | ${o.scheduled}: ${o.scheduledUnsent} / ${o.scheduledSentTwice} | ` +
        `${o.campaign.status} ${o.campaign.received}/${o.campaign.recipients}, ${o.campaignSentTwice} twice | ${o.events}: ${o.eventsMissing} / ${o.eventsDuplicated} | ${o.stuckThreads} | ${o.turnsWithoutTools} |`
      );
    }),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
  for (const r of rows.filter((row) => row.outcome.unansweredMarkers.length))
    process.stdout.write(`${r.fault} ${r.seconds} s: unanswered ${r.outcome.unansweredMarkers.join(', ')}\n`);
}

async function soak(h: Harness, minutes: number): Promise<boolean> {
  const load = await MixedLoad.prepare(h.bench, h.graph, h.llm, LOAD);
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
  const faults = option('faults', 'postgres,nats,redis,temporal').split(',') as Dependency[];
  const outages = option('outages', '15,60').split(',').map(Number);
  const h = await startHarness();
  let ok = true;
  try {
    if (soakMinutes > 0) {
      ok = await soak(h, soakMinutes);
    } else {
      const rows: FaultRow[] = [];
      for (const fault of faults) for (const seconds of outages) rows.push(await faultRow(h, fault, seconds));
      printFaultTable(rows);
      ok = rows.every((r) => holds(r.outcome) && r.errorsOutside === 0 && r.whileDown.otherErrors === 0);
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
