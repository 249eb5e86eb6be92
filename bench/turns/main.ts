// bench/turns: the platform's own overhead per agent turn, with a fake OpenAI-compatible model
// on loopback. For each turn: total time minus the fake model's time (from the fake's own
// clock: request received -> answer ended), p50/p99, for
//   - chat turns:     POST /v1/chat sent -> 200 received;
//   - WhatsApp turns: the end of the debounce window (webhook accepted + PLATICA_TURN_DEBOUNCE_MS)
//                     -> the reply's request at the (fake) Graph API;
// then turns per second with 20 conversations at once (each sends its next message when its
// previous reply arrives). Target (issues 7, 13, 18): chat p99 overhead under 100 ms, printed next
// to the bare twin of a chat turn in the same run (bare-path.ts: HTTP -> Postgres insert -> the
// fake model -> insert -> answer, no Temporal), measured the same way.
// --guardrails 1: the agent's guardrails are on (two rules): every turn is checked against the
// lexicon and makes the evaluator model call (answering in --model-ms too) alongside its own;
// the model time excluded is then the span of both calls. A turn that folds the history into the
// memory's summary (past PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES) waits for that model call too: it
// is model time, excluded as well.
//
// --summaries 0: the agent has disableContextSummarization (a long WhatsApp conversation is
// otherwise folded into its summary every PLATICA_CONTEXT_SUMMARY_AFTER_MESSAGES messages).
//
// --rounds N: N paired rounds, each Plática's sequential turns then the bare twin's, back to back,
// so both see the same spell of a shared machine; each round's figures are printed, then their
// medians, and the verdict is on the median chat p99 (issue 53).
//
//   node tools/build.mjs && node dist/bench/turns/main.js [--turns 200] [--seconds 20] [--model-ms 50] [--guardrails 1] [--summaries 0] [--rounds 3]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort, stopProcess } from '@platica/devstack';
import {
  deliverMetaWebhook,
  FakeLlm,
  FakeMetaGraph,
  HttpClient,
  lastOf,
  MessagingWorkspace,
  newPhone,
  textOf,
  whatsappInbound,
  withAgents,
} from '@platica/testing';
import { settle, settleAfterStart } from '../lib/load';
import { startBenchStack } from '../lib/stack';
import type { BareTurns } from './bare-path';
import { ascending, numberOption as option, percentile } from '../lib/args';
import { runBench } from '../lib/run';

const DEBOUNCE_MS = 300;
const CONCURRENCY = 20;
const TARGET_P99_MS = 100;

function startBare(config: BareTurns): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(__dirname, 'bare-path.js')], {
    env: { ...process.env, BARE_TURNS: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the bare chat turn exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const turns = option('turns', 200);
  const seconds = option('seconds', 20);
  const llm = await FakeLlm.start();
  llm.delayMs = option('model-ms', 50);
  const graph = await FakeMetaGraph.start();
  const bench = await startBenchStack({
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'fake-model',
    META_GRAPH_BASE_URL: graph.url,
    PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
    PLATICA_TURN_DEBOUNCE_MS: String(DEBOUNCE_MS),
  });
  try {
    const ws = await MessagingWorkspace.seed(bench, withAgents);
    const sofia = ws.ids.agents.sofia.id as string;
    const guardrails = option('guardrails', 0) === 1;
    if (option('summaries', 1) === 0) {
      const res = await ws.api.patch(`/v1/agents/${sofia}`, { disableContextSummarization: true });
      if (res.status !== 200) throw new Error(`disabling summaries answered ${res.status}: ${res.text}`);
    }
    if (guardrails) {
      const res = await ws.api.patch(`/v1/agents/${sofia}/guardrails`, {
        enabled: true,
        rules: ['No insults', 'No threats'],
        message: 'No puedo ayudar con eso.',
      });
      if (res.status !== 200) throw new Error(`guardrails answered ${res.status}: ${res.text}`);
    }
    /**
     * The fake model's time for the turn whose customer message holds `marker`, between `from`
     * and `to`: the union of its calls (the evaluator's and the agent's overlap) and of any other
     * call made meanwhile (the memory's summariser: turns run one at a time here).
     */
    const modelMs = (marker: string, from: number, to: number) => {
      const timings = llm.timings.filter(
        (x) => textOf(lastOf(x.request.messages, 'user')).includes(marker) || (x.startedAt >= from && (x.finishedAt ?? Infinity) <= to),
      );
      if (!timings.length || timings.some((t) => !t.finishedAt)) throw new Error(`the model never answered ${marker}`);
      let total = 0;
      let reached = -Infinity;
      for (const t of [...timings].sort((a, b) => a.startedAt - b.startedAt)) {
        total += Math.max(0, t.finishedAt! - Math.max(t.startedAt, reached));
        reached = Math.max(reached, t.finishedAt!);
      }
      return total;
    };

    /** Thread messages refused while the thread's previous turn was still finishing, this round. */
    let turnsInProgress = 0;
    // One chat turn: its own thread, one at a time after a warm-up.
    const chatTurn = async (conversationId?: string, api: HttpClient = ws.api): Promise<{ overhead: number; conversationId: string }> => {
      const marker = `c${randomBytes(5).toString('hex')}`;
      for (;;) {
        const started = Date.now();
        const res = await api.post(
          '/v1/chat',
          conversationId
            ? { conversationId, message: marker }
            : { agentId: sofia, client: { email: `${marker}@bench.test` }, message: marker },
        );
        // The thread's previous turn still finishing (its reply is out, its workflow not yet ended: a loaded
        // machine): that turn's time, not this one's; asked again, timed from the accepted request.
        if (res.status === 409 && res.body?.details?.reason === 'turn_in_progress') {
          turnsInProgress += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${res.text}`);
        const ended = Date.now();
        return { overhead: ended - started - modelMs(marker, started, ended), conversationId: res.body.conversationId };
      }
    };

    // One WhatsApp turn: a customer writes, the reply reaches the Graph API.
    const whatsappTurn = async (phone: string): Promise<number> => {
      const marker = `w${randomBytes(5).toString('hex')}`;
      const wa = ws.whatsapp;
      const before = graph.sends(wa.phoneNumberId).filter((s) => s.body.to === phone).length;
      const started = Date.now();
      const res = await deliverMetaWebhook(
        bench.baseUrl,
        whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: marker }),
        wa.appSecret,
      );
      if (res.status !== 200) throw new Error(`the webhook answered ${res.status}`);
      const deadline = Date.now() + 30_000;
      for (;;) {
        const sends = graph.sends(wa.phoneNumberId).filter((s) => s.body.to === phone);
        const reply = sends.at(-1);
        if (sends.length > before) return reply!.time - started - DEBOUNCE_MS - modelMs(marker, started, reply!.time);
        if (Date.now() > deadline) throw new Error(`no reply to ${marker}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };

    await settleAfterStart();
    for (let i = 0; i < 10; i++) await chatTurn(); // warm-up: connections, caches, the JIT
    const report = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      process.stdout.write(
        `${name.padEnd(16)} n=${sorted.length}  overhead p50 ${percentile(sorted, 50).toFixed(0)} ms  p99 ${percentile(sorted, 99).toFixed(0)} ms  max ${sorted.at(-1)!.toFixed(0)} ms\n`,
      );
    };

    /** Half the turns each on a thread of its own, then half on one thread: their overheads. */
    const sequentialChatTurns = async (api: HttpClient) => {
      const fresh: number[] = [];
      for (let i = 0; i < turns / 2; i++) fresh.push((await chatTurn(undefined, api)).overhead);
      const thread = (await chatTurn(undefined, api)).conversationId;
      const next: number[] = [];
      for (let i = 0; i < turns / 2; i++) next.push((await chatTurn(thread, api)).overhead);
      return { fresh, next };
    };

    const p99Of = (values: number[]) => percentile(ascending(values), 99);
    const verdict = (chatP99: number, bareP99: number) =>
      `chat overhead p99 ${chatP99.toFixed(0)} ms (bare twin ${bareP99.toFixed(0)} ms, ${(chatP99 - bareP99).toFixed(0)} ms more): target < ${TARGET_P99_MS} ms ${chatP99 < TARGET_P99_MS ? 'met' : 'MISSED'}`;

    // The bare twin runs beside the stack, idle while Plática's turns run (and the stack idles while its own run).
    const bareConfig: BareTurns = { port: await freePort(), databaseUrl: bench.isolation.databaseUrl, llmUrl: llm.url };
    const bareProcess = await startBare(bareConfig);
    const bareApi = new HttpClient(`http://127.0.0.1:${bareConfig.port}`);
    const rounds = Math.max(1, option('rounds', 1));
    const results: { chat: number; whatsapp: number; bare: number }[] = [];
    try {
      for (let i = 0; i < 10; i++) await chatTurn(undefined, bareApi);
      for (let round = 1; round <= rounds; round++) {
        const { fresh: chatNew, next: chatNext } = await sequentialChatTurns(ws.api);
        const phone = newPhone();
        const inbound: number[] = [];
        for (let i = 0; i < turns / 2; i++) inbound.push(await whatsappTurn(phone));

        // The bare twin, the same turns the same way, right after (the pair shares the machine's spell).
        await settle();
        const { fresh, next } = await sequentialChatTurns(bareApi);
        const bare = [...fresh, ...next];

        process.stdout.write(
          `\nround ${round} of ${rounds}: sequential turns, fake model ${llm.delayMs} ms, debounce ${DEBOUNCE_MS} ms (excluded), guardrails ${guardrails ? 'on (lexicon + evaluator)' : 'off'}:\n`,
        );
        report('chat (new)', chatNew);
        report('chat (thread)', chatNext);
        report('chat (all)', [...chatNew, ...chatNext]);
        report('whatsapp', inbound);
        report('bare chat turn', bare);
        const result = { chat: p99Of([...chatNew, ...chatNext]), whatsapp: p99Of(inbound), bare: p99Of(bare) };
        results.push(result);
        process.stdout.write(`${verdict(result.chat, result.bare)}\n`);
        if (turnsInProgress)
          process.stdout.write(`(${turnsInProgress} thread messages asked again: the previous turn was still finishing)\n`);
        turnsInProgress = 0;
      }
    } finally {
      await stopProcess(bareProcess);
    }
    if (rounds > 1) {
      const median = (pick: (r: (typeof results)[number]) => number) => percentile(ascending(results.map(pick)), 50);
      const list = (pick: (r: (typeof results)[number]) => number) => results.map((r) => pick(r).toFixed(0)).join(', ');
      process.stdout.write(
        `\n${rounds} paired rounds: chat p99 ${list((r) => r.chat)} ms, whatsapp p99 ${list((r) => r.whatsapp)} ms, bare twin p99 ${list((r) => r.bare)} ms\n`,
      );
      process.stdout.write(
        `median of the rounds: whatsapp p99 ${median((r) => r.whatsapp).toFixed(0)} ms; ${verdict(
          median((r) => r.chat),
          median((r) => r.bare),
        )}\n`,
      );
    }

    // Throughput: 20 conversations at once, each waiting for its reply before the next message.
    const throughput = async (name: string, turn: (i: number) => Promise<unknown>) => {
      const until = Date.now() + seconds * 1_000;
      let done = 0;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, i) => {
          while (Date.now() < until) {
            await turn(i);
            done += 1;
          }
        }),
      );
      process.stdout.write(
        `${name.padEnd(16)} ${(done / ((Date.now() - started) / 1_000)).toFixed(1)} turns/s with ${CONCURRENCY} conversations at once\n`,
      );
    };
    process.stdout.write('\n');
    const threads = await Promise.all(Array.from({ length: CONCURRENCY }, async () => (await chatTurn()).conversationId));
    await throughput('chat', (i) => chatTurn(threads[i]));
    const phones = Array.from({ length: CONCURRENCY }, () => newPhone());
    await throughput('whatsapp', (i) => whatsappTurn(phones[i]!));
  } finally {
    await bench.stop();
    await graph.stop();
    await llm.stop();
  }
}

runBench(main);
