// The bare twins of bench/gateway's routes, without Nest, auth, validation or an ORM:
// `responder` answers one NATS subject per route with the same Postgres reads and writes as
// the service behind it (`pg`, a pool of 10 like the services'); `http` is a minimal Fastify
// server doing the same NATS request per route. Run as two processes, like the real stack.
// Its settings come as JSON in BARE_PATH (see BarePath).
import Fastify from 'fastify';
import { connect, type Msg } from '@nats-io/transport-node';
import { Pool } from 'pg';
import { randomBytes } from 'node:crypto';

export interface BarePath {
  natsUrl: string;
  /** Subjects are `<prefix>.<route>`. */
  subjectPrefix: string;
  databaseUrl: string;
  port: number;
  workspaceId: string;
  agentId: string;
  channelId: string;
  /** The conversations the send twin writes into (`conversation_id`s of the internal channel). */
  conversationIds: string[];
}

const config = JSON.parse(process.env.BARE_PATH!) as BarePath;
const subject = (route: string) => `${config.subjectPrefix}.${route}`;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** GET /v1/conversations?limit=20: the page and the count, side by side (as messaging reads them). */
const CONVERSATION_PAGE = `select *, updated_at::text as sort_value from messaging.conversation where workspace_id in ($1)
  order by updated_at desc, id desc limit $2 offset 0`;
const CONVERSATION_COUNT = `select workspace_id, count(*)::int as n from messaging.conversation where workspace_id in ($1) group by workspace_id`;

/** POST /v1/messages (internal channel, immediate): the conversation, then the message, its count and its event in one transaction. */
async function send(pool: Pool, body: { conversationId: string; content: string }) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      `select c.*, exists (select 1 from messaging.client cl where cl.id = c.client_id and cl.status = 'blocked') as client_blocked
         from messaging.conversation c where c.channel_id = $1 and c.conversation_id = $2`,
      [config.channelId, body.conversationId],
    );
    const conversation = rows[0];
    const messageId = id('msg');
    const now = new Date().toISOString();
    await client.query(
      `insert into messaging.message (id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type, payload,
         files, images, status, external_id, actor_type, actor_id, campaign_id, error, provider_timestamp, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'assistant', 'outgoing', $6, 'text', '{}', '[]', '[]', 'sent', null, 'api', 'bench', 'api', null, null, $7, $7)`,
      [messageId, config.workspaceId, config.channelId, conversation.id, conversation.client_id, body.content, now],
    );
    await client.query(`update messaging.conversation set message_count = message_count + 1, updated_at = $1 where id = $2`, [
      now,
      conversation.id,
    ]);
    await client.query(
      // Recorded as published: the stack's relay, running beside the twin, must not publish the twin's events.
      `with recorded as (insert into messaging.outbox_event (id, type, workspace_id, occurred_at, data, published_at)
         values ($1, 'message.created', $2, $3, $4, $3)) select pg_notify('bench_outbox', $1)`,
      [id('evt'), config.workspaceId, now, JSON.stringify({ messageId, conversationId: conversation.id, content: body.content })],
    );
    await client.query('commit');
    return { messageId, status: 'sent', timestamp: now };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function responder(): Promise<void> {
  const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
  const nc = await connect({ servers: config.natsUrl });
  /** What each route's request carries (the http role sends it). */
  interface Asked {
    workspaceIds: string[];
    workspaceId: string;
    agentId: string;
    limit: number;
    conversationId: string;
    content: string;
  }
  const handlers: Record<string, (data: Asked) => Promise<unknown>> = {
    workspaces: async ({ workspaceIds }) => ({
      workspaces: (await pool.query('select id, name from gateway.workspace where id = any($1) order by name', [workspaceIds])).rows,
    }),
    agent: async ({ workspaceIds, agentId }) => ({
      agents: (await pool.query('select * from agents.agent where id = $1 and workspace_id = any($2)', [agentId, workspaceIds])).rows,
    }),
    conversations: async ({ workspaceId, limit }) => {
      const [page, count] = await Promise.all([
        pool.query(CONVERSATION_PAGE, [workspaceId, limit + 1]),
        pool.query(CONVERSATION_COUNT, [workspaceId]),
      ]);
      return { conversations: page.rows.slice(0, limit), count: count.rows[0]?.n ?? 0 };
    },
    send: (body) => send(pool, body),
  };
  for (const [route, handle] of Object.entries(handlers)) {
    nc.subscribe(subject(route), {
      queue: 'bare',
      callback: (_error, msg: Msg) => {
        void handle(msg.json()).then(
          (answer) => msg.respond(JSON.stringify(answer)),
          (error: unknown) => msg.respond(JSON.stringify({ error: String(error) })),
        );
      },
    });
  }
  await nc.flush();
  process.stdout.write('ready\n');
}

async function http(): Promise<void> {
  const nc = await connect({ servers: config.natsUrl });
  const ask = async (route: string, data: unknown) => (await nc.request(subject(route), JSON.stringify(data), { timeout: 5_000 })).json();
  const workspaceIds = [config.workspaceId];
  const app = Fastify();
  app.get('/v1/workspaces', () => ask('workspaces', { workspaceIds }));
  app.get('/v1/agents/:agentId', (request) => ask('agent', { workspaceIds, agentId: (request.params as { agentId: string }).agentId }));
  app.get('/v1/conversations', (request) =>
    ask('conversations', { workspaceId: config.workspaceId, limit: Number((request.query as { limit?: string }).limit ?? 20) }),
  );
  app.post('/v1/messages', (request) => ask('send', request.body));
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

if (process.argv[2] === 'responder') void responder();
else void http();
