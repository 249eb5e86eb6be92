// A bare machine: runs `scripts/up` with DATABASE_URL, NATS_URL, REDIS_URL and
// TEMPORAL_ADDRESS all pointing at loopback ports where nothing answers, so that it starts its
// own PostgreSQL, NATS, Valkey and Temporal (scripts/lib/embedded.sh) with a fresh state
// directory inside a directory of mode 700 (as root's clone under /root is); drives a chat turn
// and an inbound WhatsApp message answered by an agent (fake LLM and fake Graph API on loopback)
// through its gateway; then Ctrl-C (SIGINT to its process group) must stop the services, then
// everything else it started, without a stack trace. A second `scripts/up` on the same state
// with a readiness limit too short must fail saying which variable lengthens it, and stop what
// it started. Neither run rebuilds dist/ (scripts/test-bare-machine built it). Prints one line
// per check and, last, `N passed, M failed`. Run by scripts/test-image's caller in CI (.ci/run).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check, finish, must } from './lib/checks.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const testing = require(path.join(root, 'dist/libs/testing/src/index.js'));
const devstack = require(path.join(root, 'dist/libs/devstack/src/index.js'));
const started = Date.now();

const answers = (port) =>
  new Promise((resolve) => {
    const socket = require('node:net').connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const [gatewayPort, pgPort, natsPort, redisPort, temporalPort] = await devstack.freePorts(5);
const infraPorts = { PostgreSQL: pgPort, NATS: natsPort, Valkey: redisPort, Temporal: temporalPort };
// mkdtemp makes it mode 700: run by root, PostgreSQL (which refuses root) must still reach its data.
const closedDir = mkdtempSync(path.join(tmpdir(), 'platica-bare-'));
const stateDir = path.join(closedDir, 'state');
const adminToken = `adm_${randomBytes(16).toString('hex')}`;
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const llm = await testing.FakeLlm.start();
const graph = await testing.FakeMetaGraph.start();

await check('nothing answers at the configured URLs before scripts/up', async () => {
  for (const [name, port] of Object.entries(infraPorts)) must(!(await answers(port)), `${name}'s port ${port} answers`);
});

const upEnv = {
  ...process.env,
  DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/platica`,
  NATS_URL: `nats://127.0.0.1:${natsPort}`,
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  TEMPORAL_ADDRESS: `127.0.0.1:${temporalPort}`,
  PLATICA_HTTP_PORT: String(gatewayPort),
  PLATICA_STATE_DIR: stateDir,
  PLATICA_ADMIN_TOKEN: adminToken,
  PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
  META_GRAPH_BASE_URL: graph.url,
  ...llm.env(),
};
/** Starts scripts/up in a process group of its own (a Ctrl-C is a SIGINT to the group). */
function startUp(env) {
  const output = [];
  const child = spawn(path.join(root, 'scripts/up'), [], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const said = () => output.join('').replaceAll('\x1b[1m', '').replaceAll('\x1b[0m', ''); // without the scripts' bold
  return { child, exited, said, tail: (lines = 15) => said().split('\n').slice(-lines).join('\n') };
}
const within = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${what()} (after ${ms / 1000} s)`)), ms))]);
const rebuilt = (said) => said.includes('[platica] building');
const allClosed = async () => {
  for (const [name, port] of Object.entries({ ...infraPorts, gateway: gatewayPort })) {
    await testing.eventually(`${name}'s port ${port} closed`, async () => !(await answers(port)), 20_000, 200);
  }
};

const run = startUp(upEnv);
const up = run.child;
const tail = () => run.tail();

const isUp = await check('scripts/up starts PostgreSQL, NATS, Valkey, Temporal and the seven services', async () => {
  // The first run installs PostgreSQL, NATS and Valkey (tens of MB) before starting them.
  const deadline = Date.now() + 600_000;
  while (!run.said().includes('Plática is up')) {
    must(up.exitCode === null && up.signalCode === null, `scripts/up exited (${up.exitCode ?? up.signalCode}):\n${tail()}`);
    must(Date.now() < deadline, `not up within 600 s:\n${tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const said = run.said();
  for (const server of ['PostgreSQL', 'NATS', 'Valkey', "Temporal's dev server"]) must(said.includes(`starting ${server}`), `it did not start ${server}`);
  return said.match(/Plática is up in [0-9.]+ s/)?.[0];
});

if (isUp) {
  const http = new testing.HttpClient(gatewayUrl);
  const t = { admin: http.withToken(adminToken), http, baseUrl: gatewayUrl };
  let ws;
  await check('seed a workspace with a WhatsApp channel and agents (admin API)', async () => {
    ws = await testing.MessagingWorkspace.seed(t, testing.withAgents);
    return ws.id;
  });
  if (ws) {
    await check('a chat turn is answered by the agent (POST /v1/chat)', async () => {
      const marker = `m${randomBytes(4).toString('hex')}`;
      const res = await ws.api.post('/v1/chat', { agentId: ws.ids.agents.sofia.id, client: { email: `${marker}@example.test` }, message: `[[reply:Hola ${marker}]]` });
      must(res.status === 200 && res.body.messages?.[0]?.content === `Hola ${marker}`, `answered ${res.status}: ${res.text}`);
      return res.body.messages[0].content;
    });
    await check('an inbound WhatsApp message is answered by the agent through the Graph API', async () => {
      const phone = testing.newPhone();
      const marker = `m${randomBytes(4).toString('hex')}`;
      const wa = ws.whatsapp;
      const res = await testing.deliverMetaWebhook(gatewayUrl, testing.whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: `[[reply:Hola ${marker}]]` }), wa.appSecret);
      must(res.status === 200, `the Meta webhook answered ${res.status}`);
      const send = await testing.eventually('the reply at the Graph API', async () => graph.sends(wa.phoneNumberId).find((s) => s.body.to === phone), 60_000);
      must(send.body.text?.body === `Hola ${marker}`, `sent ${JSON.stringify(send.body)}`);
      return send.body.text.body;
    });
  }
}

await check('scripts/up did not rebuild the unchanged dist/', async () => {
  must(run.said().includes('dist/ is up to date'), `it did not say dist/ was up to date:\n${tail()}`);
  must(!rebuilt(run.said()), 'it rebuilt dist/');
});

await check('Ctrl-C stops the services, then the servers scripts/up started, without a stack trace', async () => {
  const before = run.said().length;
  if (up.exitCode === null) process.kill(-up.pid, 'SIGINT');
  const { code, signal } = await within(run.exited, 90_000, () => `scripts/up still running after SIGINT:\n${tail()}`);
  await allClosed();
  const stopping = run.said().slice(before);
  const servicesStopped = stopping.indexOf('The services have stopped.');
  const serversStopping = stopping.indexOf('stopping PostgreSQL');
  must(servicesStopped >= 0 && serversStopping > servicesStopped, `not the services first, then the servers:\n${stopping}`);
  const noisy = stopping.split('\n').filter((line) => /^\s+at |"level":"(error|fatal)"|Error:/.test(line));
  must(noisy.length === 0, `${noisy.length} error or stack trace lines on a clean stop:\n${noisy.slice(0, 10).join('\n')}`);
  return `scripts/up exited (${signal ?? code}); ${stopping.split('\n').filter(Boolean).length} lines after Ctrl-C`;
});

await check('a readiness time-out names PLATICA_READY_TIMEOUT_MS, and scripts/up stops what it started', async () => {
  const again = startUp({ ...upEnv, PLATICA_READY_TIMEOUT_MS: '1' });
  const { code } = await within(again.exited, 600_000, () => `scripts/up did not give up:\n${again.tail()}`);
  must(code !== 0, `scripts/up exited ${code}`);
  must(again.said().includes('PLATICA_READY_TIMEOUT_MS'), `the failure does not name PLATICA_READY_TIMEOUT_MS:\n${again.tail()}`);
  must(!rebuilt(again.said()), 'it rebuilt dist/');
  await allClosed();
  return again.said().match(/Could not start the stack: [^\n]*/)?.[0];
});

await graph.stop();
await llm.stop();
rmSync(closedDir, { recursive: true, force: true });
console.log(`bare-machine test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
finish();
