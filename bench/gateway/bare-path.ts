// The bare path of bench/gateway, without Nest, auth or validation: `responder` answers a
// NATS subject with the same Postgres read as GET /v1/workspaces; `http` is a minimal
// Fastify route doing the same NATS request. Run as two processes, like the real stack.
import Fastify from 'fastify';
import { connect } from '@nats-io/transport-node';
import { Pool } from 'pg';

const [role, natsUrl, subject, arg] = process.argv.slice(2);

async function responder(databaseUrl: string): Promise<void> {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const nc = await connect({ servers: natsUrl });
  nc.subscribe(subject!, {
    queue: 'bare',
    callback: (_error, msg) => {
      const { workspaceIds } = msg.json<{ workspaceIds: string[] }>();
      void pool
        .query('select id, name from gateway.workspace where id = any($1) order by name', [workspaceIds])
        .then((result) => msg.respond(JSON.stringify({ workspaces: result.rows })));
    },
  });
  await nc.flush();
  process.stdout.write('ready\n');
}

async function http(port: number, workspaceId: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  const app = Fastify();
  app.get('/v1/workspaces', async () =>
    (await nc.request(subject!, JSON.stringify({ workspaceIds: [workspaceId] }), { timeout: 5_000 })).json(),
  );
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

if (role === 'responder') void responder(arg!);
else void http(Number(process.env.BARE_PORT), arg!);
