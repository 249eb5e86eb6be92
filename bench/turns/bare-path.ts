// The bare twin of a chat turn, for bench/turns: HTTP -> Postgres insert (the user's message) ->
// the fake model -> Postgres insert (the reply) -> answer, in one process without Nest, NATS,
// Temporal or an ORM (`pg`, Fastify and fetch). What a chat turn cannot do with less; the
// platform's overhead is read against it. Its settings come as JSON in BARE_TURNS (see BareTurns).
import Fastify from 'fastify';
import { Pool } from 'pg';
import { randomBytes } from 'node:crypto';

export interface BareTurns {
  port: number;
  databaseUrl: string;
  /** The fake model's base URL (OpenAI Chat Completions). */
  llmUrl: string;
}

const config = JSON.parse(process.env.BARE_TURNS!) as BareTurns;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const INSERT = `insert into bench_turns.message (id, thread_id, role, content, created_at) values ($1, $2, $3, $4, now())`;

async function main(): Promise<void> {
  const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
  await pool.query(`create schema if not exists bench_turns`);
  await pool.query(`create table if not exists bench_turns.message
    (id text primary key, thread_id text not null, role text not null, content text not null, created_at timestamptz not null)`);
  const app = Fastify();
  app.post('/v1/chat', async (request) => {
    const body = request.body as { conversationId?: string; message: string };
    const threadId = body.conversationId ?? `chat_${randomBytes(12).toString('hex')}`;
    await pool.query(INSERT, [id('msg'), threadId, 'user', body.message]);
    const response = await fetch(`${config.llmUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
      body: JSON.stringify({
        model: 'fake-model',
        messages: [
          { role: 'system', content: 'You answer benchmark questions.' },
          { role: 'user', content: body.message },
        ],
      }),
    });
    const completion = (await response.json()) as { choices: { message: { content: string } }[] };
    const reply = completion.choices[0]!.message.content;
    const replyId = id('msg');
    await pool.query(INSERT, [replyId, threadId, 'assistant', reply]);
    return { conversationId: threadId, messages: [{ id: replyId, role: 'assistant', content: reply }] };
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

void main();
