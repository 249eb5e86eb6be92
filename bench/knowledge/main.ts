// bench/knowledge: knowledge search (issue 52). Two figures:
//  1. recall@5 of text search alone: Fastify's reference documentation as its npm package ships
//     it (node_modules/fastify/docs/Reference/*.md, fastify 5.12.8) indexed through the API as
//     Markdown text sources of one base (no embeddings endpoint), then each question of
//     questions.ts asked through `POST /v1/knowledge/bases/{id}/search` (limit 5): a hit when one
//     of the five chunks is of the question's file and under its heading;
//  2. search p50/p99 through the gateway over 100,000 chunks: the indexed chunks copied with SQL
//     into a second base until it holds --chunks, then the questions asked in rounds; and the exact
//     vector search's statement, timed in SQL over the same chunks given --dimensions-long unit
//     vectors (what search runs when an embeddings endpoint is configured).
//
//   node tools/build.mjs && node dist/bench/knowledge/main.js [--chunks 100000] [--rounds 3] [--dimensions 256 (0: no vector figure)]
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { eventually, postSeed } from '@platica/testing';
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
  const bench = await startBenchStack();
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
    const [{ count: indexedChunks }] = (
      await db.query<{ count: string }>('select count(*) from tools.knowledge_chunk where base_id = $1', [base])
    ).rows as [{ count: string }];
    process.stdout.write(
      `fastify ${version}: ${files.length} files, ${indexedChunks} chunks, indexed in ${(indexedMs / 1000).toFixed(1)} s\n`,
    );

    const fold = (text: string) => text.replace(/`/g, '').trim().toLowerCase();
    let hits = 0;
    const misses: string[] = [];
    for (const q of QUESTIONS) {
      const found = (await api.post(`/v1/knowledge/bases/${base}/search`, { query: q.question, limit: 5 })).body.data as {
        sourceId: string;
        titlePath: string[];
      }[];
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
      `insert into tools.knowledge_chunk (id, workspace_id, base_id, source_id, page_id, ordinal, title, title_path, url, text, search, embedding, embedding_model, created_at)
       select 'kc_bench_' || n || '_' || c.id, c.workspace_id, $1, 'ks_bench_' || c.source_id, null, c.ordinal, c.title, c.title_path, null, c.text, c.search, null, null, now()
       from tools.knowledge_chunk c, generate_series(1, ceil($3::numeric / (select count(*) from tools.knowledge_chunk where base_id = $2))::int) as n
       where c.base_id = $2`,
      [big, base, chunkTarget],
    );
    await db.query('analyze tools.knowledge_chunk');
    const [{ count: bigChunks }] = (
      await db.query<{ count: string }>('select count(*) from tools.knowledge_chunk where base_id = $1', [big])
    ).rows as [{ count: string }];
    process.stdout.write(`${bigChunks} chunks loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s\n`);

    const p50s: number[] = [];
    const p99s: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const times: number[] = [];
      for (const q of [...QUESTIONS, ...QUESTIONS]) {
        const started = performance.now();
        const res = await api.post(`/v1/knowledge/bases/${big}/search`, { query: q.question, limit: 5 });
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`search: ${res.status}`);
      }
      const sorted = ascending(times);
      p50s.push(percentile(sorted, 50));
      p99s.push(percentile(sorted, 99));
      process.stdout.write(
        `round ${round}: ${times.length} searches over ${bigChunks} chunks: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms (load average ${loadavg()[0]!.toFixed(1)})\n`,
      );
    }
    process.stdout.write(
      `search over ${bigChunks} chunks, median of ${rounds} rounds: p50 ${median(p50s).toFixed(1)} ms, p99 ${median(p99s).toFixed(1)} ms\n`,
    );

    // The exact vector search's statement over the same chunks, each given a unit vector (--dimensions 0: not measured).
    if (dimensions === 0) return;
    const vectorStarted = performance.now();
    await db.query(
      `update tools.knowledge_chunk set embedding_model = 'bench', embedding = (
         select array_agg(x / norm) from (select x, sqrt(sum(x * x) over ()) as norm from (select (random() - 0.5)::real as x from generate_series(1, $2) where id is not null) r) v
       ) where base_id = $1`,
      [big, dimensions],
    );
    process.stdout.write(`${dimensions}-dimension vectors written in ${((performance.now() - vectorStarted) / 1000).toFixed(1)} s\n`);
    const query = `{${Array.from({ length: dimensions }, () => (Math.random() - 0.5).toFixed(6)).join(',')}}`;
    const vectorTimes: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await db.query(
        `select c.id, (select sum(x * y) from unnest(c.embedding, $1::real[]) as v(x, y)) as similarity
         from tools.knowledge_chunk c where c.workspace_id = (select workspace_id from tools.knowledge_base where id = $2) and c.base_id = any($3) and c.embedding_model = 'bench' and c.embedding is not null
         order by similarity desc nulls last, c.id limit 50`,
        [query, big, [big]],
      );
      vectorTimes.push(performance.now() - started);
    }
    const vectors = ascending(vectorTimes);
    process.stdout.write(
      `exact vector search over ${bigChunks} × ${dimensions} dimensions (SQL, 5 runs): median ${percentile(vectors, 50).toFixed(0)} ms, max ${vectors.at(-1)!.toFixed(0)} ms\n`,
    );
  } finally {
    await db.end();
    await bench.stop();
  }
}

function median(values: number[]): number {
  return ascending(values)[Math.floor(values.length / 2)]!;
}

runBench(main);
