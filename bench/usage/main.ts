// bench/usage: p50/p99 of GET /v1/usage/conversations (each breakdown) and GET /v1/usage/actors
// through the gateway over a workspace of 1,000,000 messages and 100,000 conversations in the
// current billing period (issue 16; target p99 < 100 ms), and how long loading took.
// The data goes in with two INSERT … SELECT generate_series statements straight into
// messaging's tables (the usage triggers fire once per statement, as for any bulk write);
// the figures are then checked against a recount of the rows before anything is timed, and
// GET /v1/workspaces is timed alongside as the baseline of any request on the same machine.
//
//   node tools/build.mjs && node dist/bench/usage/main.js [--conversations 100000] [--messages 1000000] [--requests 200]
import { Client as PgClient } from 'pg';
import { MessagingWorkspace } from '@platica/testing';
import { startBenchStack } from '../lib/stack';
import { numberOption as option, percentile } from '../lib/args';

/** Conversations over the span, round-robin over the channels; a fifth without agent; four tag sets. */
const LOAD_CONVERSATIONS = `
insert into messaging.conversation (id, workspace_id, channel_id, platform, conversation_id, client_id, agent_id, source, contact_name,
  phone_number, topic, status, operation, message_count, owners, tags, last_user_message_at, resume_requested_at, created_at, updated_at)
select 'cv_bench_' || i, $1, ch ->> 0, ch ->> 1, 'bench-' || i, 'cl_bench_' || i,
       case when i % 5 = 0 then null else 'ag_bench_' || (i % 4) end, null, null, null, null, 'active', 'automatic',
       10, '[]'::jsonb, (array['[]', '["vip"]', '["sales","vip"]', '["support"]'])[1 + i % 4]::jsonb, null, null, at, at
  from generate_series(1, $5::int) as i,
       lateral (select $2::jsonb -> (i % jsonb_array_length($2::jsonb)) as ch) c,
       lateral (select $3::timestamptz + ($4::timestamptz - $3::timestamptz) * ((i::bigint * 7919) % $5::int)::float8 / $5::int as at) t`;

/**
 * Messages, ten kinds in turn: three customer messages (not billable), three agent replies,
 * one each of api, user, campaign and system; one in fifty agent replies failed (not billable).
 */
const LOAD_MESSAGES = `
insert into messaging.message (id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type, payload,
  files, images, status, external_id, actor_type, actor_id, campaign_id, error, provider_timestamp, created_at, updated_at)
select 'msg_bench_' || n, $1, c.channel_id, c.id, c.client_id,
       case when kind = 'customer' then 'user' else 'assistant' end,
       case when kind = 'customer' then 'incoming' else 'outgoing' end,
       'bench message ' || n, 'text', '{}'::jsonb, '[]'::jsonb, '[]'::jsonb,
       case when kind = 'customer' then 'received' when n % 50 = 1 then 'failed' else 'delivered' end,
       null, kind,
       case when kind = 'user' then $2::jsonb ->> (n % jsonb_array_length($2::jsonb)) when kind = 'ai' then c.agent_id end,
       null, null, null, at, at
  from generate_series(1, $4::int) as n,
       lateral (select (array['customer', 'ai', 'customer', 'ai', 'api', 'user', 'customer', 'ai', 'campaign', 'system'])[1 + n % 10] as kind) k,
       lateral (select * from messaging.conversation where id = 'cv_bench_' || (1 + n % $5::int)) c,
       lateral (select least(c.created_at + ((n / $5::int) * interval '3 minutes'), $3::timestamptz) as at) t`;

async function main(): Promise<void> {
  const conversations = option('conversations', 100_000);
  const messages = option('messages', 1_000_000);
  const requests = option('requests', 200);
  const bench = await startBenchStack();
  const db = new PgClient({ connectionString: bench.isolation.databaseUrl });
  try {
    await db.connect();
    const ws = await MessagingWorkspace.seed(bench, (doc) => {
      doc.users.push({ email: `bea-${doc.workspace.name.split(' ')[1]}@example.test`, name: 'Bea' });
    });
    const first = await ws.api.get('/v1/usage/actors');
    const period = first.body.workspaces[0].billingPeriod;
    const from = new Date(period.startDate);
    const to = new Date(Math.min(Date.now(), Date.parse(period.endDate)));
    const channels = JSON.stringify(ws.doc.channels.map((c) => [ws.ids.channels[c.ref].id, c.platform]));
    const users = JSON.stringify(Object.values(ws.ids.users as Record<string, { id: string }>).map((u) => u.id));

    process.stdout.write(
      `loading ${conversations} conversations and ${messages} messages from ${from.toISOString()} to ${to.toISOString()}…\n`,
    );
    const loading = Date.now();
    await db.query(LOAD_CONVERSATIONS, [ws.id, channels, from, to, conversations]);
    const conversationsLoaded = Date.now();
    await db.query(LOAD_MESSAGES, [ws.id, users, to, messages, conversations]);
    const loaded = Date.now();
    await db.query(
      'analyze messaging.conversation, messaging.message, messaging.usage_conversation_bucket, messaging.usage_tag_bucket, messaging.usage_message_bucket',
    );
    process.stdout.write(
      `loaded in ${((loaded - loading) / 1000).toFixed(1)} s (conversations ${((conversationsLoaded - loading) / 1000).toFixed(1)} s, messages ${((loaded - conversationsLoaded) / 1000).toFixed(1)} s), aggregates included\n`,
    );

    // Exact before fast: the API's figures against a recount of the rows.
    const usage = (await ws.api.get('/v1/usage/conversations')).body.workspaces[0].conversations;
    const actors = (await ws.api.get('/v1/usage/actors')).body.workspaces[0].actors;
    const [recount] = (
      await db.query(
        `select (select count(*)::int from messaging.conversation where workspace_id = $1) as conversations,
                (select count(*)::int from messaging.message where workspace_id = $1 and direction = 'outgoing' and status in ('sent', 'delivered', 'read')) as billable`,
        [ws.id],
      )
    ).rows;
    const exact = usage.summary.conversationCount === recount.conversations && actors.summary.totalMessages === recount.billable;
    process.stdout.write(
      `figures: ${usage.summary.conversationCount} conversations, ${actors.summary.totalMessages} billable messages; recount ${recount.conversations} / ${recount.billable}: ${exact ? 'exact' : 'MISMATCH'}\n`,
    );
    if (!exact) process.exitCode = 1;

    const endpoints: [string, string][] = [
      ['conversations (platform)', '/v1/usage/conversations'],
      ['conversations (agent)', '/v1/usage/conversations?breakdown=agent'],
      ['conversations (channel)', '/v1/usage/conversations?breakdown=channel'],
      ['conversations (tag)', '/v1/usage/conversations?breakdown=tag'],
      [
        'conversations (cut instants)',
        `/v1/usage/conversations?startDate=${encodeURIComponent(new Date(from.getTime() + 7 * 60_000).toISOString())}`,
      ],
      ['actors', '/v1/usage/actors'],
      // The same path (gateway -> NATS -> a service -> Postgres) with a trivial read: what the machine gives any request.
      ['baseline: GET /v1/workspaces', '/v1/workspaces'],
    ];
    process.stdout.write(`\n${requests} sequential requests each (after 20 to warm up):\n`);
    for (const [name, path] of endpoints) {
      for (let i = 0; i < 20; i++) await ws.api.get(path);
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        const res = await ws.api.get(path);
        times.push(performance.now() - started);
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text}`);
      }
      times.sort((a, b) => a - b);
      process.stdout.write(
        `  ${name.padEnd(30)} p50 ${percentile(times, 50).toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms   max ${times.at(-1)!.toFixed(1)} ms\n`,
      );
    }
  } finally {
    await db.end().catch(() => undefined);
    await bench.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
