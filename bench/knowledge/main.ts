// bench/knowledge: knowledge search (issue 52). Two figures:
//  1. recall@5 of text search alone: Fastify's reference documentation as its npm package ships
//     it (node_modules/fastify/docs/Reference/*.md, fastify 5.12.8) indexed through the API as
//     Markdown text sources of one base, then each question of questions.ts asked through
//     `POST /v1/knowledge/bases/{id}/search` (limit 5) with the embeddings endpoint failing that
//     search (so `vectorSearch: unavailable`, text ranks alone): a hit when one of the five chunks
//     is of the question's file and under its heading;
//  2. search p50/p99 through the gateway over --chunks chunks: the indexed chunks (text and
//     vectors) copied with SQL into a second base, then the questions asked in rounds, each
//     question twice per round as text alone (the endpoint failing) and twice with its vector
//     (text and exact vector rankings fused), interleaved. The embeddings endpoint is the fake
//     model's `/v1/embeddings` answering --dimensions-long vectors (a bag of words: a speed
//     figure, not a quality one); --dimensions 0 configures none (text alone only).
//
//   node tools/build.mjs && node dist/bench/knowledge/main.js [--chunks 100000] [--rounds 3] [--dimensions 256]
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { eventually, FakeLlm, postSeed } from '@platica/testing';
import { ascending, numberOption as option, percentile } from '../lib/args';
import { runBench } from '../lib/run';
import { startBenchStack } from '../lib/stack';
import { QUESTIONS } from './questions';

const docs = path.resolve(__dirname, '../../../node_modules/fastify/docs/Reference');

async function main(): Promise<void> {
  const chunkTarget = option('chunks', 100_000);
  const rounds = option('rounds', 3);
  const dimensions = option('dimensions', 256);
  const version = (JSON.parse(readFileSync(path.join(docs, '../../package.json'), 'utf8')) as { version: string }).version;
  const llm = await FakeLlm.start();
  llm.embeddingDimensions = dimensions;
  const bench = await startBenchStack(
    dimensions > 0 ? { KNOWLEDGE_EMBEDDINGS_BASE_URL: llm.url, KNOWLEDGE_EMBEDDINGS_MODEL: 'fake-embeddings' } : {},
  );
  const db = new PgClient({ connectionString: bench.isolation.databaseUrl });
  try {
    await db.connect();
    const seeded = await postSeed(bench.admin, {
      workspace: { name: 'Knowledge bench' },
      users: [{ email: 'owner@bench.example', name: 'Owner' }],
      apiKeys: [{ ref: 'main', name: 'bench', rateLimitPerSecond: 100_000 }],
    });
    if (seeded.status !== 200) throw new Error(`seed answered ${seeded.status}: ${seeded.text}`);
    const api = bench.http.withToken(seeded.body.apiKeys.main.key as string);
    const base = (await api.post('/v1/knowledge/bases', { name: 'Fastify', language: 'en' })).body.data.id as string;

    // 1. Recall@5, text search alone.
    const files = readdirSync(docs).filter((name) => name.endsWith('.md'));
    const indexingStarted = performance.now();
    const sources = new Map<string, string>();
    for (const file of files) {
      const res = await api.post(`/v1/knowledge/bases/${base}/sources`, {
        kind: 'text',
        title: file,
        text: readFileSync(path.join(docs, file), 'utf8'),
      });
      if (res.status !== 201) throw new Error(`${file}: ${res.status} ${JSON.stringify(res.body)}`);
      sources.set(res.body.data.id, file);
    }
    await eventually(
      'every source indexed',
      async () => {
        const listed = (await api.get(`/v1/knowledge/bases/${base}/sources?limit=200`)).body.data as { status: string }[];
        return listed.every((source) => source.status === 'ready') ? true : undefined;
      },
      600_000,
      500,
    );
    const indexedMs = performance.now() - indexingStarted;
    const [{ count: indexedChunks, embedded }] = (
      await db.query<{ count: string; embedded: string }>(
        'select count(*), count(*) filter (where embedding is not null) as embedded from tools.knowledge_chunk where base_id = $1',
        [base],
      )
    ).rows as [{ count: string; embedded: string }];
    process.stdout.write(
      `fastify ${version}: ${files.length} files, ${indexedChunks} chunks (${embedded} with a vector), indexed in ${(indexedMs / 1000).toFixed(1)} s\n`,
    );

    /** A search through the gateway; `textAlone`: the embeddings endpoint fails it, so text ranks alone answer. */
    const search = async (baseId: string, query: string, textAlone: boolean) => {
      if (textAlone && dimensions > 0) llm.failNext(1, 503);
      const res = await api.post(`/v1/knowledge/bases/${baseId}/search`, { query, limit: 5 });
      if (res.status !== 200) throw new Error(`search: ${res.status} ${JSON.stringify(res.body)}`);
      const expected = dimensions === 0 ? 'not-configured' : textAlone ? 'unavailable' : 'used';
      const body = res.body as { vectorSearch: string; data: { sourceId: string; titlePath: string[] }[] };
      return { found: body.data, vectorUsed: body.vectorSearch === 'used', asExpected: body.vectorSearch === expected };
    };

    const fold = (text: string) => text.replace(/`/g, '').trim().toLowerCase();
    let hits = 0;
    const misses: string[] = [];
    for (const q of QUESTIONS) {
      const { found, asExpected } = await search(base, q.question, true);
      if (!asExpected) throw new Error('a text-alone search did not answer with text ranks alone');
      const hit = found.some(
        (chunk) => sources.get(chunk.sourceId) === q.file && chunk.titlePath.some((title) => fold(title) === fold(q.heading)),
      );
      if (hit) hits++;
      else
        misses.push(
          `${q.question} (${q.file} › ${q.heading}; got ${found.map((c) => `${sources.get(c.sourceId)} › ${c.titlePath.at(-1)}`).join(', ')})`,
        );
    }
    process.stdout.write(`recall@5 (text search alone): ${hits}/${QUESTIONS.length} = ${((100 * hits) / QUESTIONS.length).toFixed(1)}%\n`);
    for (const miss of misses) process.stdout.write(`  missed: ${miss}\n`);

    // 2. Search time over --chunks chunks: the indexed chunks copied into a base of their own.
    const big = (await api.post('/v1/knowledge/bases', { name: 'Fastify × many', language: 'en' })).body.data.id as string;
    const loadStarted = performance.now();
    await db.query(
      `insert into tools.knowledge_source (id, workspace_id, base_id, kind, title, status, language, generation, chunk_count, page_count, created_at, updated_at)
       select 'ks_bench_' || s.id, s.workspace_id, $1, s.kind, s.title, 'ready', s.language, 1, s.chunk_count, 1, now(), now() from tools.knowledge_source s where s.base_id = $2`,
      [big, base],
    );
    await db.query(
      `insert into tools.knowledge_chunk (id, workspace_id, base_id, source_id, page_id, ordinal, title, title_path, url, text, search, embedding, embedding_sketch, embedding_model, created_at)
       select 'kc_bench_' || n || '_' || c.id, c.workspace_id, $1, 'ks_bench_' || c.source_id, null, c.ordinal, c.title, c.title_path, null, c.text, c.search, c.embedding, c.embedding_sketch, c.embedding_model, now()
       from tools.knowledge_chunk c, generate_series(1, ceil($3::numeric / (select count(*) from tools.knowledge_chunk where base_id = $2))::int) as n
       where c.base_id = $2`,
      [big, base, chunkTarget],
    );
    await db.query('analyze tools.knowledge_chunk');
    const [{ count: bigChunks }] = (
      await db.query<{ count: string }>('select count(*) from tools.knowledge_chunk where base_id = $1', [big])
    ).rows as [{ count: string }];
    process.stdout.write(`${bigChunks} chunks loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s\n`);

    // Paired rounds: each question twice as text alone and twice with its vector, interleaved.
    const modes = dimensions > 0 ? (['text alone', 'fused'] as const) : (['text alone'] as const);
    const byMode = new Map(modes.map((mode) => [mode, { p50s: [] as number[], p99s: [] as number[] }]));
    for (let round = 1; round <= rounds; round++) {
      const times = new Map(modes.map((mode) => [mode, [] as number[]]));
      let vectorMissed = 0;
      for (const q of [...QUESTIONS, ...QUESTIONS]) {
        for (const mode of modes) {
          const started = performance.now();
          const answered = await search(big, q.question, mode === 'text alone');
          times.get(mode)!.push(performance.now() - started);
          if (!answered.asExpected) {
            if (mode !== 'fused') throw new Error('a text-alone search did not answer with text ranks alone');
            vectorMissed++;
          }
        }
      }
      for (const mode of modes) {
        const sorted = ascending(times.get(mode)!);
        byMode.get(mode)!.p50s.push(percentile(sorted, 50));
        byMode.get(mode)!.p99s.push(percentile(sorted, 99));
        process.stdout.write(
          `round ${round}, ${mode}: ${sorted.length} searches over ${bigChunks} chunks: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms` +
            (mode === 'fused' ? `, vector search past its bound (text alone answered) in ${vectorMissed}` : '') +
            ` (load average ${loadavg()[0]!.toFixed(1)})\n`,
        );
      }
    }
    for (const mode of modes) {
      const { p50s, p99s } = byMode.get(mode)!;
      process.stdout.write(
        `${mode}${mode === 'fused' ? ` (${dimensions} dimensions)` : ''} over ${bigChunks} chunks, median of ${rounds} rounds: p50 ${median(p50s).toFixed(1)} ms, p99 ${median(p99s).toFixed(1)} ms\n`,
      );
    }
  } finally {
    await db.end();
    await bench.stop();
    await llm.stop();
  }
}

function median(values: number[]): number {
  return ascending(values)[Math.floor(values.length / 2)]!;
}

runBench(main);
