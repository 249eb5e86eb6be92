// bench/resources: what each service process uses, idle and under a mixed load, so the
// Kubernetes requests and limits in deploy/ come from measurements. Samples every service's
// resident memory (VmRSS) and CPU time (utime + stime, /proc/<pid>/stat) once a second:
//   - idle: the stack up, seeded, nothing sent, for --idle seconds;
//   - load: for --seconds, at once: immediate WhatsApp sends (POST /v1/messages), chat turns
//     against a fake model, authenticated reads (GET /v1/workspaces), and a webhook receiving
//     every message.created.
// Prints, per service: idle RSS and CPU (cores), load peak RSS and mean CPU.
//
//   node tools/build.mjs && node dist/bench/resources/main.js [--idle 10] [--seconds 30]
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeLlm, FakeMetaGraph, MessagingWorkspace, newPhone, withAgents } from '@platica/testing';
import { startBenchStack } from '../lib/stack';
import { numberOption as option } from '../lib/args';
import { processCpuMs } from '../lib/proc';
import { runBench } from '../lib/run';

interface Sample {
  rssMiB: number;
  cpuSeconds: number;
}

function sample(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return { rssMiB: rssKiB / 1024, cpuSeconds: processCpuMs(pid) / 1000 };
}

/** Samples each pid every second for `seconds`; returns peak and mean RSS and mean CPU (cores). */
async function observe(pids: Map<string, number>, seconds: number, during: Promise<unknown> = Promise.resolve()) {
  const first = new Map([...pids].map(([name, pid]) => [name, sample(pid)]));
  const rss = new Map<string, number[]>([...pids.keys()].map((name) => [name, []]));
  const started = Date.now();
  while (Date.now() - started < seconds * 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const [name, pid] of pids) rss.get(name)!.push(sample(pid).rssMiB);
  }
  await during;
  const elapsed = (Date.now() - started) / 1_000;
  return new Map(
    [...pids].map(([name, pid]) => {
      const values = rss.get(name)!;
      const cpu = (sample(pid).cpuSeconds - first.get(name)!.cpuSeconds) / elapsed;
      return [name, { peakMiB: Math.max(...values), meanMiB: values.reduce((a, b) => a + b, 0) / values.length, cores: cpu }];
    }),
  );
}

async function main(): Promise<void> {
  const idleSeconds = option('idle', 10);
  const loadSeconds = option('seconds', 30);
  const llm = await FakeLlm.start();
  llm.delayMs = 50;
  const graph = await FakeMetaGraph.start();
  let delivered = 0;
  const receiver: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      delivered += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const bench = await startBenchStack({
    LLM_BASE_URL: llm.url,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'fake-model',
    META_GRAPH_BASE_URL: graph.url,
    PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
  });
  try {
    const ws = await MessagingWorkspace.seed(bench, withAgents);
    const hook = await ws.api.post('/v1/webhooks', {
      name: 'bench',
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      events: ['message.created'],
    });
    if (hook.status !== 201) throw new Error(`webhook answered ${hook.status}: ${hook.text}`);
    const phones = await Promise.all(Array.from({ length: 4 }, async () => (await ws.customerWrites(newPhone())).phone));
    const sofia = ws.ids.agents.sofia.id as string;
    const pids = new Map([...bench.stack.services].map(([name, running]) => [name as string, running.process.pid!]));

    process.stdout.write(`idle for ${idleSeconds} s…\n`);
    const idle = await observe(pids, idleSeconds);

    process.stdout.write(`load for ${loadSeconds} s…\n`);
    const counts = { sends: 0, turns: 0, reads: 0, failures: 0 };
    const until = Date.now() + loadSeconds * 1_000;
    const loop = (count: keyof typeof counts, step: () => Promise<{ status: number }>) => async () => {
      while (Date.now() < until) {
        const res = await step().catch(() => ({ status: 0 }));
        if (res.status >= 200 && res.status < 300) counts[count] += 1;
        else counts.failures += 1;
      }
    };
    const sends = phones.map((phone) =>
      loop('sends', () => ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, conversationId: phone, content: 'bench' })),
    );
    const turns = Array.from({ length: 4 }, (_, i) =>
      loop('turns', () =>
        ws.api.post('/v1/chat', { agentId: sofia, client: { email: `bench${i}-${Date.now()}@bench.test` }, message: 'hola' }),
      ),
    );
    const reads = Array.from({ length: 8 }, () => loop('reads', () => ws.api.get('/v1/workspaces')));
    const load = Promise.all([...sends, ...turns, ...reads].map((run) => run()));
    const busy = await observe(pids, loadSeconds, load);

    process.stdout.write(
      `\n${counts.sends} sends, ${counts.turns} chat turns, ${counts.reads} reads, ${counts.failures} failed; ${delivered} webhook deliveries\n\n`,
    );
    process.stdout.write(
      `${'service'.padEnd(20)} ${'idle MiB'.padStart(9)} ${'idle cores'.padStart(11)} ${'load peak MiB'.padStart(14)} ${'load cores'.padStart(11)}\n`,
    );
    for (const name of pids.keys()) {
      const i = idle.get(name)!;
      const b = busy.get(name)!;
      process.stdout.write(
        `${name.padEnd(20)} ${i.meanMiB.toFixed(0).padStart(9)} ${i.cores.toFixed(3).padStart(11)} ${b.peakMiB.toFixed(0).padStart(14)} ${b.cores.toFixed(3).padStart(11)}\n`,
      );
    }
  } finally {
    await bench.stop();
    await graph.stop();
    await llm.stop();
    receiver.close();
  }
}

runBench(main);
