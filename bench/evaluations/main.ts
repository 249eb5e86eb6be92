// bench/evaluations: an agent evaluation of recorded turns against a fake model answering in
// --model-ms (issue 40). It records --conversations chat threads of --turns-each turns with the
// active prompt (the model answering at once), then evaluates a candidate prompt over all of
// them and prints the evaluation's wall time (its created → finished, as the service stamps
// them) next to the model's own share, and the platform's overhead per replayed turn: the four
// replay lanes' time (wall × 4) less the model's time, per turn (reading the recorded turn, the
// conversation's history from messaging, the agent, its tools and allowed terms, the prompt
// assembly, storing the result, the workflow's activity round trips; the sampling and the summary too).
//
//   node tools/build.mjs && node dist/bench/evaluations/main.js [--conversations 20] [--turns-each 10] [--model-ms 50]
import { EVALUATION_LIMITS } from '@platica/contracts';
import { FakeLlm, lastOf, MessagingWorkspace, textOf, withAgents, type ChatCompletionRequest } from '@platica/testing';
import { numberOption as option } from '../lib/args';
import { startBenchStack } from '../lib/stack';
import { runBench } from '../lib/run';

const CANDIDATE = 'CANDIDATE-PROMPT';

async function main(): Promise<void> {
  const conversations = option('conversations', 20);
  const turnsEach = option('turns-each', 10);
  const modelMs = option('model-ms', 50);
  const llm = await FakeLlm.start();
  llm.answer = (request: ChatCompletionRequest) => {
    const said = textOf(lastOf(request.messages, 'user'));
    const candidate = request.messages.some((m) => m.role === 'system' && textOf(m).includes(CANDIDATE));
    return { text: candidate ? `Con gusto: ${said}` : `ECHO: ${said}` };
  };
  const bench = await startBenchStack({ LLM_BASE_URL: llm.url, LLM_API_KEY: 'bench', LLM_MODEL: 'fake-model' });
  try {
    const ws = await MessagingWorkspace.seed(bench, withAgents);
    const sofia = ws.ids.agents.sofia.id as string;

    const recordedAt = Date.now();
    const refs = await Promise.all(
      Array.from({ length: conversations }, async (_, c) => {
        let thread: string | null = null;
        let ref = '';
        for (let t = 0; t < turnsEach; t++) {
          const ask = () =>
            ws.api.post('/v1/chat', {
              ...(thread ? { conversationId: thread } : { agentId: sofia, client: { email: `c${c}@bench.test` } }),
              message: `pregunta ${t} de la conversación ${c}`,
            });
          let res = await ask();
          // The thread's previous turn is still finishing (409 turn_in_progress): asked again shortly.
          for (let tries = 0; res.status === 409 && tries < 50; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            res = await ask();
          }
          if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${res.text}`);
          thread = res.body.conversationId as string;
          ref = res.body.id as string;
        }
        return ref;
      }),
    );
    for (const ref of refs) {
      for (let tries = 0; ; tries++) {
        const turns = (await ws.api.get(`/v1/conversations/${ref}/turns?limit=200`)).body.turns as { outcome: string | null }[];
        if (turns.filter((turn) => turn.outcome === 'answered').length === turnsEach) break;
        if (tries > 200) throw new Error(`the turn log of ${ref} is incomplete`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const turns = conversations * turnsEach;
    process.stdout.write(
      `recorded ${turns} turns in ${conversations} conversations in ${((Date.now() - recordedAt) / 1000).toFixed(1)} s\n`,
    );

    llm.delayMs = modelMs;
    const modelCallsBefore = llm.timings.length;
    const started = await ws.api.post(`/v1/agents/${sofia}/evaluations`, {
      candidate: { systemPrompt: `Eres Sofía. ${CANDIDATE}` },
      sample: { last: conversations },
      budget: { maxTurns: Math.min(turns, EVALUATION_LIMITS.maxTurns) },
    });
    if (started.status !== 202) throw new Error(`the evaluation answered ${started.status}: ${started.text}`);
    const id = started.body.data.id as string;
    let evaluation: { status: string; createdAt: string; finishedAt: string; summary: { replayed: number; repliesChanged: number } };
    for (;;) {
      const read = await ws.api.get(`/v1/agents/${sofia}/evaluations/${id}?limit=1`);
      if (read.body.status !== 'running') {
        evaluation = read.body;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (evaluation.status !== 'completed') throw new Error(`the evaluation ended ${evaluation.status}`);
    const wallMs = Date.parse(evaluation.finishedAt) - Date.parse(evaluation.createdAt);
    const calls = llm.timings.slice(modelCallsBefore);
    const modelTime = calls.reduce((sum, call) => sum + ((call.finishedAt ?? call.startedAt) - call.startedAt), 0);
    const lanes = EVALUATION_LIMITS.concurrency;
    const replayed = evaluation.summary.replayed;
    process.stdout.write(
      `evaluation of ${replayed} recorded turns (${evaluation.summary.repliesChanged} replies changed), model ${modelMs} ms, ${lanes} turns at once:\n` +
        `  wall ${(wallMs / 1000).toFixed(2)} s (the model alone, ${calls.length} calls over ${lanes} lanes: ${(modelTime / lanes / 1000).toFixed(2)} s)\n` +
        `  platform overhead per replayed turn: ${((wallMs * lanes - modelTime) / replayed).toFixed(1)} ms of lane time\n`,
    );
  } finally {
    await bench.stop();
    await llm.stop();
  }
}

runBench(main);
