// bench/turns/steps.ts: where a synchronous chat turn's time goes. Sequential chat turns (each
// on a new thread, a fake model answering in --model-ms) with every service exporting its
// OpenTelemetry spans to a collector in this process; for each step, the time from the
// request's sending until the step was reached, median and p90 over the turns. Spans give the
// services' own clocks (one machine): the agents service's handler, Temporal's client and
// activity interceptors (the workflow's own spans carry workflow time, so none is used), the
// NATS requests. Tracing costs each turn a few milliseconds: compare the steps, not the totals
// with `bench/turns`.
//
//   node tools/build.mjs && node dist/bench/turns/steps.js [--turns 100] [--model-ms 50] [--guardrails 1] [--thread 1]
import { randomBytes } from 'node:crypto';
import { FakeLlm, FakeOtlpCollector, lastOf, MessagingWorkspace, textOf, withAgents } from '@platica/testing';
import { STEPS } from './turn-steps';
import { settleAfterStart } from '../lib/load';
import { startBenchStack } from '../lib/stack';
import { ascending, numberOption as option, percentile } from '../lib/args';
import { runBench } from '../lib/run';

async function main(): Promise<void> {
  const turns = option('turns', 100);
  const collector = await FakeOtlpCollector.start();
  const llm = await FakeLlm.start();
  llm.delayMs = option('model-ms', 50);
  const bench = await startBenchStack({
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'fake-model',
    PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  });
  try {
    const ws = await MessagingWorkspace.seed(bench, withAgents);
    const sofia = ws.ids.agents.sofia.id as string;
    if (option('guardrails', 0) === 1) {
      const res = await ws.api.patch(`/v1/agents/${sofia}/guardrails`, { enabled: true, rules: ['No insults'], message: 'No.' });
      if (res.status !== 200) throw new Error(`guardrails answered ${res.status}: ${res.text}`);
    }
    await settleAfterStart();
    const oneThread = option('thread', 0) === 1;
    let thread: string | undefined;
    const sent: { traceId: string; marker: string; started: number; ended: number }[] = [];
    for (let i = 0; i < turns + 10; i++) {
      const traceId = randomBytes(16).toString('hex');
      const marker = `c${randomBytes(5).toString('hex')}`;
      const started = Date.now();
      const res = await ws.api.post(
        '/v1/chat',
        thread
          ? { conversationId: thread, message: marker }
          : { agentId: sofia, client: { email: `${marker}@bench.test` }, message: marker },
        { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      );
      if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${res.text}`);
      if (oneThread) thread = res.body.conversationId;
      // The first ten warm up connections, caches and the JIT.
      if (i >= 10) sent.push({ traceId, marker, started, ended: Date.now() });
    }
    // Spans are exported in batches every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const reached = new Map<string, number[]>();
    for (const turn of sent) {
      const spans = collector.trace(turn.traceId);
      const model = llm.timings
        .filter((t) => textOf(lastOf(t.request.messages, 'user')).includes(turn.marker))
        .map((t) => ({ startedAt: t.startedAt, finishedAt: t.finishedAt ?? NaN }));
      for (const [step, at] of [...STEPS, ['the caller has the answer', () => turn.ended] as const]) {
        const when = at(spans, model);
        if (when !== undefined && Number.isFinite(when)) reached.set(step, [...(reached.get(step) ?? []), when - turn.started]);
      }
    }
    process.stdout.write(
      `\n${sent.length} sequential chat turns, ${oneThread ? 'one thread' : 'new threads'}, fake model ${llm.delayMs} ms; ms from the request:\n`,
    );
    process.stdout.write(`${'step'.padEnd(38)} ${'p50'.padStart(6)} ${'p90'.padStart(6)}   turns\n`);
    for (const [step, values] of reached) {
      process.stdout.write(
        `${step.padEnd(38)} ${percentile(ascending(values), 50).toFixed(1).padStart(6)} ${percentile(ascending(values), 90).toFixed(1).padStart(6)}   ${values.length}\n`,
      );
    }
  } finally {
    await bench.stop();
    await llm.stop();
    await collector.stop();
  }
}

runBench(main);
