import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canConnect, dropDatabase, freePort } from '@platica/devstack';
import { deleteStream, eventually, HttpClient, newIsolation, temporalAddress } from '@platica/testing';

const root = path.resolve(__dirname, '../../..');
const cli = path.join(root, 'dist/apps/cli/src/main.js');

/** README's run command: `platica up` brings up the stack, prints what a user needs, seeds through `platica seed`, stops on Ctrl-C. */
describe('platica up (e2e)', () => {
  const isolation = newIsolation();
  const stateDir = mkdtempSync(path.join(tmpdir(), 'platica-cli-'));
  let port: number;
  let up: ChildProcess;
  let output = '';
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    port = await freePort();
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PLATICA_STATE_DIR: stateDir,
      PLATICA_HTTP_PORT: String(port),
      DATABASE_URL: isolation.databaseUrl,
      PLATICA_NATS_PREFIX: isolation.natsPrefix,
      PLATICA_EVENTS_STREAM: isolation.eventsStream,
      PLATICA_REDIS_PREFIX: isolation.redisPrefix,
      PLATICA_TASK_QUEUE_PREFIX: isolation.taskQueuePrefix,
      TEMPORAL_ADDRESS: temporalAddress(),
    };
    up = spawn(process.execPath, [cli, 'up'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    up.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    up.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // `platica up` fails (and exits) by itself when a service does not start; this limit only
    // ends a hang. Seven migrations and seven processes took 79 s at load 12 and over 90 s at load 17.
    await eventually(
      '"Plática is up"',
      async () => output.includes('Plática is up') || (up.exitCode !== null ? Promise.reject(new Error(output)) : false),
      240_000,
      200,
    );
  }, 300_000);

  afterAll(async () => {
    if (up && up.exitCode === null) up.kill('SIGKILL');
    await dropDatabase(isolation.databaseUrl).catch(() => undefined);
    await deleteStream(isolation.eventsStream);
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('prints the base URL, a generated admin token and how to seed', () => {
    expect(output).toContain(`Base URL     http://127.0.0.1:${port}`);
    expect(output).toContain(`Console      http://127.0.0.1:${port}/console/`);
    expect(output).toMatch(/Admin token {2}adm_[\w-]+ {3}\(generated/);
    expect(output).toContain('seed');
  });

  it('seeds a workspace with `platica seed FILE.yaml` and mints a token with `platica token`; both read GET /v1/workspaces', async () => {
    const adminToken = /Admin token {2}(adm_[\w-]+)/.exec(output)![1]!;
    const file = path.join(stateDir, 'seed.yaml');
    writeFileSync(
      file,
      ['workspace:', '  name: CLI Acme', 'users:', '  - email: ana@cli.test', 'apiKeys:', '  - ref: ci', '    name: ci key', ''].join('\n'),
    );
    const seeded = spawnSync(process.execPath, [cli, 'seed', file], {
      env: { ...env, PLATICA_ADMIN_TOKEN: adminToken, PLATICA_URL: `http://127.0.0.1:${port}` },
      encoding: 'utf8',
    });
    expect(seeded.stderr).toBe('');
    expect(seeded.status).toBe(0);
    const answer = JSON.parse(seeded.stdout) as { workspace: { id: string }; apiKeys: { ci: { key: string } } };
    const asKey = await new HttpClient(`http://127.0.0.1:${port}`, answer.apiKeys.ci.key).get('/v1/workspaces');
    expect(asKey.body).toEqual({ workspaces: [{ id: answer.workspace.id, name: 'CLI Acme', role: null }], user: null });

    const minted = spawnSync(
      process.execPath,
      [cli, 'token', '--user', 'ana@cli.test', '--workspace', answer.workspace.id, '--scope', 'platica:read'],
      {
        env: { ...env, PLATICA_ADMIN_TOKEN: adminToken, PLATICA_URL: `http://127.0.0.1:${port}` },
        encoding: 'utf8',
      },
    );
    expect(minted.status).toBe(0);
    const { token } = JSON.parse(minted.stdout) as { token: string };
    const asToken = await new HttpClient(`http://127.0.0.1:${port}`, token).get('/v1/workspaces');
    // A user's token also says who they are and their role (a seeded user is an admin).
    expect(asToken.body).toEqual({
      workspaces: [{ id: answer.workspace.id, name: 'CLI Acme', role: 'admin' }],
      user: { id: expect.any(String), email: 'ana@cli.test', name: null },
    });
  });

  it('answers chats with the built-in development model when no LLM is configured, and says so at start-up', async () => {
    expect(output).toContain('no LLM configured (LLM_BASE_URL is unset)');
    const adminToken = /Admin token {2}(adm_[\w-]+)/.exec(output)![1]!;
    const admin = new HttpClient(`http://127.0.0.1:${port}`, adminToken);
    const seeded = await admin.post('/admin/v1/seed', {
      workspace: { name: 'Dev model' },
      users: [{ email: 'dev@cli.test' }],
      apiKeys: [{ ref: 'k', name: 'k' }],
      agents: [{ ref: 'sofia', name: 'Sofía', systemPrompt: 'Eres Sofía.' }],
    });
    const api = new HttpClient(`http://127.0.0.1:${port}`, seeded.body.apiKeys.k.key);
    const res = await api.post('/v1/chat', { agentId: seeded.body.agents.sofia.id, message: '¿tienen envío?' });
    expect(res.status).toBe(200);
    expect(res.body.messages[0].content).toBe(
      '[platica-development-echo] No language model is configured (set LLM_BASE_URL). You said: "¿tienen envío?"',
    );
  });

  it('stops everything it started on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => up.once('exit', resolve));
    up.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await canConnect('127.0.0.1', port)).toBe(false);
  });
});
