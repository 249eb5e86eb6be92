// bench/turns/fairness.ts: fair turns across workspaces (docs/agents.md › Fair turns across
// workspaces), with the fake model on loopback.
//   0. Cost: the CPU each process spends per message of A's flood (flood-cost.ts), over
//      --cost-messages of its first pass over the pool (new conversations), then as many of its
//      second (conversations whose turn waits); --cost-only stops there.
//   1. Paired rounds: workspace B's chat turn overhead (POST /v1/chat sent -> 200 received, minus
//      the fake model's own time, as main.ts measures it), --turns turns one after another with A
//      idle, then as many while A's WhatsApp customers write --rate messages a second (a pool of
//      conversations, each writing every --slow-ms) to a model answering A in --slow-ms. A's
//      backlog is drained between rounds (A's model made quick). Each round's ratio is its
//      flooded p99 over its alone p99; the median ratio of --rounds rounds is judged against 1.5.
//   2. Drain: the agents service killed for --outage-s while A's customers keep writing
//      (--rate a second, each message a new conversation, the model quick), then started again:
//      the backlog's turns answered per second from its restart to the last reply. Then the
//      same again with A's own bound lifted to the deployment's (PLATICA_MODEL_CALLS_PER_WORKSPACE
//      = PLATICA_MODEL_CALLS_IN_FLIGHT, 32): the machine's turn rate in the same run, which
//      the first drain's rate is judged against (the machine may be shared).
//   --steps: every service exports its spans to a collector here, and each pass of B's turns
//      prints, for each step of a turn (turn-steps.ts), the p50 and p99 of the time from the
//      step before: where a flood's delay enters B's turns (tracing costs each turn a few ms).
//   --no-drain stops after the paired rounds.
//   --turns is 400 and --rounds 5 by default: a p99 of 200 turns is their third slowest, and a
//   round's ratio moved by half its value from one round to the next; of 400, the fifth slowest.
//   node tools/build.mjs && node dist/bench/turns/fairness.js [--rounds 5] [--turns 400] [--rate 20] [--slow-ms 20000] [--lead-s 10] [--outage-s 60] [--model-ms 50] [--cost-messages 300] [--cost-only] [--no-drain] [--steps]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import {
  deliverMetaWebhook,
  FakeLlm,
  FakeMetaGraph,
  FakeOtlpCollector,
  lastOf,
  MessagingWorkspace,
  newPhone,
  textOf,
  whatsappInbound,
  withAgents,
  type ChatCompletionRequest,
} from '@platica/testing';
import { cpuTimes, settle, settleAfterStart } from '../lib/load';
import { describeCpu, startCpuCount } from './flood-cost';
import { startBenchStack } from '../lib/stack';
import { STEPS } from './turn-steps';
import { ascending, flag, numberOption as option, percentile } from '../lib/args';
import { runBench } from '../lib/run';

const DEBOUNCE_MS = 300;
const TARGET_RATIO = 1.5;

async function main(): Promise<void> {
  const rounds = option('rounds', 5);
  const turns = option('turns', 400);
  const rate = option('rate', 20);
  const slowMs = option('slow-ms', 20_000);
  const leadMs = option('lead-s', 10) * 1_000;
  const outageMs = option('outage-s', 60) * 1_000;
  const modelMs = option('model-ms', 50);
  const costMessages = option('cost-messages', 300);
  const llm = await FakeLlm.start();
  const graph = await FakeMetaGraph.start();
  const collector = flag('steps') ? await FakeOtlpCollector.start() : undefined;
  const bench = await startBenchStack({
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'fake-model',
    META_GRAPH_BASE_URL: graph.url,
    PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
    PLATICA_TURN_DEBOUNCE_MS: String(DEBOUNCE_MS),
    ...(collector ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_BSP_SCHEDULE_DELAY: '200' } : {}),
  });
  const db = new Client({ connectionString: bench.isolation.databaseUrl });
  await db.connect();
  try {
    const a = await MessagingWorkspace.seed(bench, withAgents);
    const b = await MessagingWorkspace.seed(bench, withAgents);
    const promptOfA = (a.doc.agents![0] as { systemPrompt: string }).systemPrompt;
    const isA = (request: ChatCompletionRequest) => request.messages.some((m) => m.role === 'system' && textOf(m).includes(promptOfA));
    let aSlow = false;
    llm.delayFor = (request) => (isA(request) && aSlow ? slowMs : modelMs);
    const sofiaOfB = b.ids.agents.sofia.id as string;

    type TracedTurn = { traceId: string; started: number; ended: number; calls: { startedAt: number; finishedAt: number }[] };
    /** One of B's chat turns on a new thread: its time minus the model's. */
    const chatTurnOfB = async (): Promise<{ overhead: number; traced: TracedTurn }> => {
      const marker = `b${randomBytes(5).toString('hex')}`;
      const traceId = randomBytes(16).toString('hex');
      const started = Date.now();
      const res = await b.api.post(
        '/v1/chat',
        { agentId: sofiaOfB, client: { email: `${marker}@bench.test` }, message: marker },
        collector ? { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` } : {},
      );
      if (res.status !== 200) throw new Error(`B's chat answered ${res.status}: ${res.text}`);
      const ended = Date.now();
      const calls = llm.timings.filter((t) => textOf(lastOf(t.request.messages, 'user')).includes(marker));
      if (!calls.length || calls.some((t) => !t.finishedAt)) throw new Error(`the model never answered ${marker}`);
      const timed = calls.map((t) => ({ startedAt: t.startedAt, finishedAt: t.finishedAt! }));
      return {
        overhead: ended - started - timed.reduce((sum, t) => sum + (t.finishedAt - t.startedAt), 0),
        traced: { traceId, started, ended, calls: timed },
      };
    };
    /** With --steps: each step's time from the step before, p50 and p99 over the turns. */
    const describeSteps = async (label: string, traced: TracedTurn[]) => {
      if (!collector) return;
      await sleep(2_000); // spans are exported in batches every 200 ms
      const gaps = new Map<string, number[]>();
      const gapsOf = (turn: TracedTurn) => {
        const found: [string, number][] = [];
        let previous = turn.started;
        const spans = collector.trace(turn.traceId);
        for (const [step, at] of [...STEPS, ['the caller has the answer', () => turn.ended] as const]) {
          const when = at(spans, turn.calls);
          if (when === undefined || !Number.isFinite(when)) continue;
          found.push([step, when - previous]);
          previous = when;
        }
        return found;
      };
      for (const turn of traced) for (const [step, gap] of gapsOf(turn)) gaps.set(step, [...(gaps.get(step) ?? []), gap]);
      process.stdout.write(`  B's steps, ${label} (ms from the step before, p50 / p99):\n`);
      for (const [step, values] of gaps) {
        const sorted = ascending(values);
        process.stdout.write(
          `    ${step.padEnd(38)} ${percentile(sorted, 50).toFixed(1).padStart(6)} ${percentile(sorted, 99).toFixed(1).padStart(7)}\n`,
        );
      }
      const slowest = [...traced].sort((x, y) => y.ended - y.started - (x.ended - x.started)).slice(0, 3);
      for (const turn of slowest) {
        const steps = gapsOf(turn).map(([step, gap]) => `${step} +${gap}`);
        process.stdout.write(`  a slowest turn, ${turn.ended - turn.started} ms: ${steps.join(', ')}\n`);
      }
    };
    /** B's turns, and how busy the machine's cores were meanwhile (a share of all of them). */
    const chatTurnsOfB = async (label: string) => {
      const overheads: number[] = [];
      const traced: TracedTurn[] = [];
      const before = cpuTimes();
      // When each pass ran, to set beside the services' own logs.
      process.stdout.write(`${new Date().toISOString()} B's turns, ${label}: begin\n`);
      for (let i = 0; i < turns; i++) {
        const turn = await chatTurnOfB();
        overheads.push(turn.overhead);
        traced.push(turn.traced);
      }
      const after = cpuTimes();
      process.stdout.write(`${new Date().toISOString()} B's turns, ${label}: end\n`);
      await describeSteps(label, traced);
      return { overheads: ascending(overheads), busy: (after.busy - before.busy) / Math.max(1, after.total - before.total) };
    };

    /** A's customers write `rate` messages a second until stopped: `phones` gives each message's sender. */
    const aWrites = (phones: (i: number) => string) => {
      let sent = 0;
      let failed = 0;
      let stopped = false;
      const started = Date.now();
      const writing = (async () => {
        const pending: Promise<void>[] = [];
        while (!stopped) {
          const due = started + (sent * 1_000) / rate;
          if (due > Date.now()) await sleep(due - Date.now());
          const wa = a.whatsapp;
          const payload = whatsappInbound({
            phoneNumberId: wa.phoneNumberId,
            displayPhone: wa.phoneNumber,
            from: phones(sent),
            text: `a${sent}`,
          });
          pending.push(
            deliverMetaWebhook(bench.baseUrl, payload, wa.appSecret).then(
              (res) => void (res.status === 200 || failed++),
              () => void failed++,
            ),
          );
          sent++;
        }
        await Promise.all(pending);
      })();
      return {
        sent: () => sent,
        stop: async () => {
          stopped = true;
          await writing;
          return { sent, failed };
        },
      };
    };
    const slotsOfA = async () =>
      Number((await db.query(`select count(*) from agents.model_call_slot where workspace_id = $1`, [a.id])).rows[0].count);
    /** A's model quick again, its backlog answered: no slot row of A's for 3 s in a row. */
    const drainA = async () => {
      aSlow = false;
      for (let emptySince = Date.now(); Date.now() - emptySince < 3_000; await sleep(250))
        if ((await slotsOfA()) > 0) emptySince = Date.now();
    };

    await settleAfterStart();
    for (let i = 0; i < 10; i++) await chatTurnOfB(); // warm-up: connections, caches, the JIT
    const pool = Array.from({ length: Math.max(1, Math.round((rate * slowMs) / 1_000)) }, () => newPhone());

    // What A's flood costs per message, by process: its first pass over the pool (each message a
    // new conversation), then its second (each message joining a conversation whose turn waits).
    if (costMessages > 0) {
      aSlow = true;
      const flood = aWrites((i) => pool[i % pool.length]!);
      const count = async (from: number, to: number) => {
        while (flood.sent() < from) await sleep(20);
        const counting = await startCpuCount(bench, db);
        while (flood.sent() < to) await sleep(20);
        return describeCpu(await counting.end(to - from));
      };
      const fresh = await count(0, Math.min(costMessages, pool.length));
      const joining = await count(pool.length, pool.length + costMessages);
      await flood.stop();
      process.stdout.write(`A's flood, CPU ms per message, new conversations: ${fresh}\n`);
      process.stdout.write(`A's flood, CPU ms per message, into conversations whose turn waits: ${joining}\n`);
      await drainA();
      if (flag('cost-only')) return;
    }
    const results: { alone: number[]; flooded: number[]; most: number }[] = [];
    for (let round = 1; round <= rounds; round++) {
      await settle();
      const { overheads: alone, busy: busyAlone } = await chatTurnsOfB('alone');
      aSlow = true;
      const flood = aWrites((i) => pool[i % pool.length]!);
      await sleep(leadMs);
      let most = 0;
      const watching = setInterval(() => void slotsOfA().then((n) => (most = Math.max(most, n))), 500);
      const { overheads: flooded, busy: busyFlooded } = await chatTurnsOfB('with A flooding');
      clearInterval(watching);
      const { sent, failed } = await flood.stop();
      const held = Number(
        (await db.query(`select count(*) from agents.model_call_slot where workspace_id = $1 and granted_at is not null`, [a.id])).rows[0]
          .count,
      );
      await drainA();
      results.push({ alone, flooded, most });
      process.stdout.write(
        `round ${round}: B alone p50/p99 ${percentile(alone, 50)}/${percentile(alone, 99)} ms, with A flooding ${percentile(flooded, 50)}/${percentile(flooded, 99)} ms ` +
          `(ratio ${(percentile(flooded, 99) / percentile(alone, 99)).toFixed(2)}); A sent ${sent} (${failed} refused), ` +
          `held ${held} at the end, up to ${most} calls held or queued; the machine ${(busyAlone * 100).toFixed(0)}% busy alone, ${(busyFlooded * 100).toFixed(0)}% flooded; load average ${loadavg()[0]!.toFixed(1)}\n`,
      );
    }
    const ratios = ascending(results.map((r) => percentile(r.flooded, 99) / percentile(r.alone, 99)));
    const median = percentile(ratios, 50);
    process.stdout.write(
      `\nB's chat turn overhead p99, with A flooding (${rate} msg/s, model ${slowMs / 1000} s) over alone, median of ${rounds} paired rounds: ` +
        `${median.toFixed(2)}x (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}): target <= ${TARGET_RATIO}x ${median <= TARGET_RATIO ? 'met' : 'MISSED'}\n`,
    );

    /**
     * The drain after an outage: A's customers write (each message a new conversation) while the
     * agents service is down; it starts again with `env` changed. Its backlog's turns per second.
     */
    const drainAfterOutage = async (label: string, env: NodeJS.ProcessEnv = {}): Promise<number> => {
      await settle();
      const answeredBefore = graph.sends(a.whatsapp.phoneNumberId).length;
      const agents = bench.stack.services.get('agents')!;
      agents.process.kill('SIGKILL');
      const outage = aWrites(() => newPhone());
      await sleep(outageMs);
      const { sent, failed } = await outage.stop();
      const restarting = Date.now();
      await bench.stack.startService('agents', env);
      const restarted = Date.now();
      const backlog = sent - failed;
      let last = restarted;
      for (let answered = 0; answered < backlog; await sleep(100)) {
        const now = graph.sends(a.whatsapp.phoneNumberId).length - answeredBefore;
        if (now > answered) last = Date.now();
        answered = now;
        if (Date.now() - last > 120_000) throw new Error(`the backlog stopped draining at ${answered} of ${backlog}`);
      }
      const calls = llm.timings.filter((t) => t.startedAt >= restarted && isA(t.request)).map((t) => t.startedAt - restarted);
      const sends = graph
        .sends(a.whatsapp.phoneNumberId)
        .slice(answeredBefore)
        .map((send) => send.time - restarted);
      const rate = backlog / ((last - restarted) / 1000);
      process.stdout.write(
        `${label}: the backlog's model calls from ${calls[0] ?? NaN} to ${calls.at(-1) ?? NaN} ms after the restart (median ${percentile(ascending(calls), 50)} ms), ` +
          `its replies sent from ${sends[0] ?? NaN} to ${sends.at(-1) ?? NaN} ms\n`,
      );
      process.stdout.write(
        `${label}: after ${outageMs / 1000} s with the agents service down (${sent} messages, ${failed} refused): ` +
          `started again in ${((restarted - restarting) / 1000).toFixed(1)} s, then ${backlog} turns answered in ${((last - restarted) / 1000).toFixed(1)} s: ` +
          `${rate.toFixed(1)} turns/s; load average ${loadavg()[0]!.toFixed(1)}\n`,
      );
      return rate;
    };
    if (flag('no-drain')) return;
    const bounded = await drainAfterOutage('bounded (8 calls a workspace)');
    const machine = await drainAfterOutage("the machine's rate (A's bound lifted to the deployment's 32)", {
      PLATICA_MODEL_CALLS_PER_WORKSPACE: '32',
      PLATICA_MODEL_CALLS_IN_FLIGHT: '32',
    });
    process.stdout.write(
      `the drain after ${outageMs / 1000} s: ${bounded.toFixed(1)} turns/s with A bounded, ${machine.toFixed(1)} turns/s with its bound lifted ` +
        `(${((bounded / machine) * 100).toFixed(0)}% of the machine's rate)\n`,
    );
  } finally {
    await db.end();
    await bench.stop();
    await graph.stop();
    await llm.stop();
    await collector?.stop();
  }
}

runBench(main);
