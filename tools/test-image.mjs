// The image as the manifests run it (scripts/test-image builds it first): reads the rendered
// Kubernetes manifests, runs each service's migrations Job and each Deployment from the image
// with the pod's security context (read-only root filesystem, its uid, no capabilities), its
// env names, its volumes and its probes, against this machine's PostgreSQL, NATS and Redis
// under an isolated prefix and a Temporal dev server of its own; drives a smoke of the API
// through the containerized gateway; then SIGTERMs every container and checks that it exits 0
// within the pod's terminationGracePeriodSeconds. Prints one line per check and, last,
// `N passed, M failed`.
//   node tools/test-image.mjs <image> [overlay]
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';
import { check, finish, must } from './lib/checks.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const testing = require(path.join(root, 'dist/libs/testing/src/index.js'));
const devstack = require(path.join(root, 'dist/libs/devstack/src/index.js'));
const { WebhookReceiver } = require(path.join(root, 'dist/apps/webhook-dispatcher/e2e/webhook-receiver.js'));

const image = process.argv[2] ?? 'localhost/platica:test';
const overlay = process.argv[3] ?? 'deploy/overlays/dev';
const podman = (args, options = {}) => run('podman', args, { maxBuffer: 64 << 20, ...options });
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;


// ---- The manifests ---------------------------------------------------------------------------

const { stdout: rendered } = await run('kubectl', ['kustomize', path.resolve(root, overlay)], { maxBuffer: 16 << 20 });
const objects = YAML.parseAllDocuments(rendered).map((d) => d.toJS()).filter(Boolean);
const byKind = (kind) => objects.filter((o) => o.kind === kind);
const configMaps = new Map(byKind('ConfigMap').map((c) => [c.metadata.name.replace(/-[a-z0-9]{10}$/, ''), c.data ?? {}]));
const secrets = new Map(byKind('Secret').map((s) => [s.metadata.name.replace(/-[a-z0-9]{10}$/, ''), secretData(s)]));
const deployments = byKind('Deployment').filter((d) => d.spec.template.spec.containers[0].image.startsWith('platica'));
const jobs = byKind('Job').filter((j) => j.spec.template.spec.containers[0].image.startsWith('platica'));

function secretData(secret) {
  const data = { ...(secret.stringData ?? {}) };
  for (const [k, v] of Object.entries(secret.data ?? {})) data[k] = Buffer.from(v, 'base64').toString('utf8');
  return data;
}
const baseName = (ref) => ref.replace(/-[a-z0-9]{10}$/, '');

/** The env names (and the manifest's values) a container gets: envFrom sources, then env. */
function manifestEnv(container) {
  const env = {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, configMaps.get(baseName(from.configMapRef.name)) ?? {});
    if (from.secretRef) Object.assign(env, secrets.get(baseName(from.secretRef.name)) ?? {});
  }
  for (const e of container.env ?? []) env[e.name] = e.value ?? '';
  return env;
}

// ---- This run's isolation and fakes ------------------------------------------------------------

const isolation = testing.newIsolation();
const adminToken = `adm_${randomBytes(16).toString('hex')}`;
const [gatewayPort, temporalPort, ...servicePorts] = await devstack.freePorts(2 + deployments.length);
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const llm = await testing.FakeLlm.start();
const graph = await testing.FakeMetaGraph.start();
const receiver = new WebhookReceiver();
await receiver.start();
await devstack.ensureDatabase(isolation.databaseUrl);
const temporal = await devstack.ensureTemporalDevServer({
  address: `127.0.0.1:${temporalPort}`,
  cliPath: process.env.PLATICA_TEMPORAL_CLI ?? path.join(root, '.toolchain/py/bin/temporal'),
  namespace: 'default',
});

/**
 * What this machine changes in the manifests' values: addresses (everything is on loopback,
 * with host networking), this run's isolated names, fresh secrets, and the fakes. Only values:
 * the names come from the manifests, except the isolation prefixes a shared machine needs.
 */
const machineValues = {
  ...testing.isolatedStackEnv(isolation, { temporalAddress: temporal.address, adminToken }),
  PLATICA_HTTP_HOST: '127.0.0.1',
  PLATICA_PUBLIC_URL: gatewayUrl,
  PLATICA_ALLOW_PRIVATE_NETWORKS: 'true',
  META_GRAPH_BASE_URL: graph.url,
  LOG_LEVEL: 'info',
  ...llm.env(),
};
delete machineValues.PATH;
delete machineValues.HOME;
const isolationOnly = ['PLATICA_NATS_PREFIX', 'PLATICA_REDIS_PREFIX', 'PLATICA_TASK_QUEUE_PREFIX'];

function containerEnv(container, port) {
  const env = manifestEnv(container);
  for (const [k, v] of Object.entries(machineValues)) if (k in env || isolationOnly.includes(k) || k.startsWith('LLM_')) env[k] = v;
  if (port !== undefined) env.PLATICA_HTTP_PORT = String(port);
  return env;
}

/** podman arguments for a pod's container: its security context and its volumes. */
function podArgs(pod, container, name) {
  const args = ['run', '--name', name, '--network', 'host', '--runtime', 'runc'];
  const sc = { ...pod.securityContext, ...container.securityContext };
  if (sc.readOnlyRootFilesystem) args.push('--read-only', '--read-only-tmpfs=false');
  if (sc.runAsUser !== undefined) args.push('--user', `${sc.runAsUser}:${sc.runAsGroup ?? sc.runAsUser}`);
  for (const cap of sc.capabilities?.drop ?? []) args.push(`--cap-drop=${cap.toLowerCase()}`);
  if (sc.allowPrivilegeEscalation === false) args.push('--security-opt', 'no-new-privileges');
  for (const mount of container.volumeMounts ?? []) {
    const volume = pod.volumes.find((v) => v.name === mount.name);
    if (volume.emptyDir) args.push('--tmpfs', `${mount.mountPath}:rw,size=${volume.emptyDir.sizeLimit?.replace(/Mi$/, 'm') ?? '64m'},mode=1777`);
    else if (volume.secret?.optional) continue; // absent here (production's Temporal mTLS): the pod starts without it too
    else throw new Error(`volume ${mount.name} of ${name}: no stand-in here for ${Object.keys(volume).join(', ')}`);
  }
  return args;
}

function envArgs(env) {
  return Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
}

const containers = [];
async function removeAll() {
  if (containers.length) await podman(['rm', '-f', '-t', '0', ...containers.map((c) => c.name)]).catch(() => undefined);
}
process.on('SIGINT', async () => {
  await removeAll();
  process.exit(130);
});

// ---- The contract: what the manifests declare is what the image uses ----------------------------

const imageConfig = JSON.parse((await podman(['image', 'inspect', image])).stdout)[0].Config;
const imageSource = (
  await podman(['run', '--rm', '--runtime', 'runc', '--network', 'none', '--read-only', '--user', '1000', image, 'node', '-e', `
    const fs = require('fs'), path = require('path'); const names = new Set();
    const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f); else if (f.endsWith('.js')) for (const m of fs.readFileSync(f, 'utf8').matchAll(/\\b[A-Z][A-Z0-9_]{2,}\\b/g)) names.add(m[0]);
    } };
    walk('dist'); process.stdout.write(JSON.stringify([...names]));`])
).stdout;
const namesInImage = new Set(JSON.parse(imageSource));

await check(`the manifests name ${deployments.length} Deployments and ${jobs.length} migration Jobs of the image`, async () => {
  must(deployments.length >= 9 && jobs.length >= 7, `${deployments.map((d) => d.metadata.name)} / ${jobs.map((j) => j.metadata.name)}`);
  return deployments.map((d) => d.metadata.name).join(', ');
});
await check('every env name the manifests give the image is one the image reads', async () => {
  const given = new Set();
  for (const o of [...deployments, ...jobs]) for (const c of [...(o.spec.template.spec.initContainers ?? []), ...o.spec.template.spec.containers]) Object.keys(manifestEnv(c)).forEach((n) => given.add(n));
  // Read by others than Plática's code: NODE_ENV by the libraries; POSTGRES_PASSWORD by the dev
  // overlay's in-namespace PostgreSQL (it shares the Secret).
  const readByOthers = new Set(['NODE_ENV', 'POSTGRES_PASSWORD']);
  const unread = [...given].filter((n) => !namesInImage.has(n) && !readByOthers.has(n));
  must(unread.length === 0, `names no code in the image reads: ${unread.join(', ')}`);
  return `${given.size} names`;
});
await check('every container listens where its manifest says (containerPort = PLATICA_HTTP_PORT; the image exposes it)', async () => {
  for (const d of deployments) {
    const c = d.spec.template.spec.containers[0];
    const port = c.ports?.find((p) => p.name === 'http')?.containerPort;
    must(String(port) === manifestEnv(c).PLATICA_HTTP_PORT, `${d.metadata.name}: containerPort ${port}, PLATICA_HTTP_PORT ${manifestEnv(c).PLATICA_HTTP_PORT}`);
    must(Object.keys(imageConfig.ExposedPorts ?? {}).includes(`${port}/tcp`), `the image exposes ${Object.keys(imageConfig.ExposedPorts ?? {})}, not ${port}`);
  }
});
await check('the image runs as the uid the pods require', async () => {
  const { stdout } = await podman(['run', '--rm', '--runtime', 'runc', '--network', 'none', image, 'id', '-u']);
  for (const o of [...deployments, ...jobs]) must(String(o.spec.template.spec.securityContext?.runAsUser) === stdout.trim(), `${o.metadata.name}: runAsUser ${o.spec.template.spec.securityContext?.runAsUser}, image user ${stdout.trim()}`);
  return `uid ${stdout.trim()}`;
});

// ---- Migrations (the Jobs), then the Deployments -------------------------------------------------

async function runToExit(pod, container, name, env) {
  containers.push({ name });
  const args = [...podArgs(pod, container, name), ...envArgs(env), image, ...container.command, ...(container.args ?? [])];
  try {
    await podman(args, { timeout: 120_000 });
  } finally {
    await podman(['rm', '-f', name]).catch(() => undefined);
    containers.splice(containers.findIndex((c) => c.name === name), 1);
  }
}

// The Jobs run side by side, as in a cluster (each service migrates its own schema).
const migrations = await Promise.all(
  jobs.map((job) => {
    const pod = job.spec.template.spec;
    const container = pod.containers[0];
    return check(`Job ${job.metadata.name} migrates from the image (read-only, uid 1000, no capabilities)`, () =>
      runToExit(pod, container, `${isolation.tag}-${job.metadata.name}`, containerEnv(container)),
    );
  }),
);
const migrated = migrations.every(Boolean);

const running = [];
if (migrated) {
  await Promise.all(
    deployments.map(async (d, i) => {
      const pod = d.spec.template.spec;
      const main = pod.containers[0];
      const port = d.metadata.name === 'gateway' ? gatewayPort : servicePorts[i];
      const name = `${isolation.tag}-${d.metadata.name}`;
      await check(`${d.metadata.name}: init container ${pod.initContainers?.[0]?.name ?? '(none)'} passes`, async () => {
        for (const init of pod.initContainers ?? []) await runToExit(pod, init, `${name}-${init.name}`, containerEnv(init));
      });
      const args = [...podArgs(pod, main, name), '-d', ...envArgs(containerEnv(main, port)), image, ...main.command, ...(main.args ?? [])];
      containers.push({ name });
      await podman(args);
      const entry = { d, name, port };
      running.push(entry);
      entry.ready = await check(`${d.metadata.name}: startup probe ${main.startupProbe.httpGet.path}, then readiness ${main.readinessProbe.httpGet.path}, answer 200`, async () => {
        // The kubelet's budget is periodSeconds × failureThreshold (60 s); nine Node processes
        // starting at once on a shared 2-core machine take up to ~2 min, hence the floor
        // (PLATICA_READY_TIMEOUT_MS, as for the test stacks).
        const budget = Math.max(main.startupProbe.periodSeconds * main.startupProbe.failureThreshold * 1000, Number(process.env.PLATICA_READY_TIMEOUT_MS ?? 180_000));
        const answers = async (probePath) => {
          if (await probe(port, probePath)) return true;
          const { stdout } = await podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', name]);
          if (!stdout.startsWith('running')) {
            const logs = await podman(['logs', '--tail', '5', name]).catch(() => ({ stdout: '', stderr: '' }));
            throw new Error(`the container ended (${stdout.trim()}); last lines:\n${logs.stdout}${logs.stderr}`);
          }
          return false;
        };
        const deadline = Date.now() + budget;
        for (const probePath of [main.startupProbe.httpGet.path, main.readinessProbe.httpGet.path]) {
          while (!(await answers(probePath))) {
            must(Date.now() < deadline, `no 200 from ${probePath} within ${budget} ms`);
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
        await probe(port, main.livenessProbe.httpGet.path).then((ok) => must(ok, `liveness ${main.livenessProbe.httpGet.path} failed`));
        const metrics = d.spec.template.metadata.annotations?.['prometheus.io/path'];
        if (metrics) must((await fetch(`http://127.0.0.1:${port}${metrics}`)).status === 200, `${metrics} did not answer 200`);
      });
    }),
  );
}

async function probe(port, probePath) {
  try {
    return (await fetch(`http://127.0.0.1:${port}${probePath}`, { signal: AbortSignal.timeout(3000) })).status === 200;
  } catch {
    return false;
  }
}

// ---- The smoke through the containerized gateway ------------------------------------------------

if (migrated && running.length === deployments.length && running.every((r) => r.ready)) {
  const http = new testing.HttpClient(gatewayUrl);
  const t = { admin: http.withToken(adminToken), http, baseUrl: gatewayUrl };
  let ws;
  await check('seed a workspace with a WhatsApp channel and an agent (admin API)', async () => {
    ws = await testing.MessagingWorkspace.seed(t, testing.withAgents);
    return `workspace ${ws.id}`;
  });
  if (ws) {
    const sentTo = (phone) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
    await check('an inbound WhatsApp message is answered by the agent through the Graph API', async () => {
      const phone = testing.newPhone();
      const marker = `m${randomBytes(4).toString('hex')}`;
      const wa = ws.whatsapp;
      const res = await testing.deliverMetaWebhook(gatewayUrl, testing.whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: `[[reply:Hola ${marker}]]` }), wa.appSecret);
      must(res.status === 200, `the Meta webhook answered ${res.status}`);
      const send = await testing.eventually('the reply at the Graph API', async () => sentTo(phone)[0], 60_000);
      must(send.body.text?.body === `Hola ${marker}`, `sent ${JSON.stringify(send.body)}`);
      return `"${send.body.text.body}" to ${phone}`;
    });
    await check('a scheduled send goes out at its time (messaging-worker)', async () => {
      const { phone } = await ws.customerWrites();
      const accepted = await ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, type: 'text', conversationId: phone, content: 'Recordatorio', delay: 3_000 });
      must(accepted.status === 202, `POST /v1/messages answered ${accepted.status}: ${accepted.text}`);
      const sent = await testing.eventually('the scheduled message sent', async () => {
        const read = await ws.api.get(`/v1/messages/scheduled/${accepted.body.messageId}`);
        return read.body.status === 'sent' && read.body;
      }, 60_000);
      must(sentTo(phone).some((s) => s.body.text?.body === 'Recordatorio'), 'not at the Graph API');
      return `sent at ${sent.sentAt}`;
    });
    await check('a webhook is delivered (webhook-dispatcher)', async () => {
      const endpoint = receiver.endpoint();
      const created = await ws.api.post('/v1/webhooks', { name: 'smoke', url: endpoint.url, events: ['message.created'] });
      must(created.status === 201 || created.status === 200, `POST /v1/webhooks answered ${created.status}: ${created.text}`);
      await ws.customerWrites();
      const delivery = await testing.eventually('a delivery at the receiver', async () => receiver.at(endpoint.path)[0], 60_000);
      return `${delivery.body?.type ?? JSON.stringify(delivery.headers?.['webhook-id'] ?? '')}`;
    });
    await check('/mcp initialize answers with the server’s capabilities', async () => {
      const token = await t.admin.post('/admin/v1/tokens', { workspaceId: ws.id, scopes: ['platica:read'] });
      const bearer = token.status === 200 || token.status === 201 ? (token.body.accessToken ?? token.body.token ?? token.body.access_token) : ws.api.token;
      const res = await fetch(`${gatewayUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'image-smoke', version: '1' } } }),
      });
      const text = await res.text();
      must(res.status === 200 && text.includes('"serverInfo"'), `answered ${res.status} (token ${token.status}): ${text.slice(0, 300)}`);
      return text.match(/"serverInfo":\{[^}]*\}/)?.[0];
    });
  }
}

// ---- SIGTERM: every container drains and exits 0 within its grace period -----------------------

await Promise.all(
  running.filter((r) => r.ready).map(({ d, name }) =>
    check(`${d.metadata.name} exits 0 on SIGTERM within terminationGracePeriodSeconds (${d.spec.template.spec.terminationGracePeriodSeconds} s)`, async () => {
      const grace = d.spec.template.spec.terminationGracePeriodSeconds ?? 30;
      const t0 = Date.now();
      await podman(['kill', '--signal', 'TERM', name]);
      const { stdout } = await podman(['wait', name], { timeout: grace * 1000 });
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      if (stdout.trim() !== '0') {
        const { stdout: logs, stderr } = await podman(['logs', '--tail', '20', name]).catch(() => ({ stdout: '', stderr: '' }));
        throw new Error(`exit ${stdout.trim()} after ${seconds} s; last lines:\n${logs}${stderr}`);
      }
      return `exit 0 after ${seconds} s`;
    }),
  ),
);
for (const { name } of running) {
  const { stdout } = await podman(['logs', name]).catch(() => ({ stdout: '' }));
  if (process.env.PLATICA_TEST_LOGS) process.stdout.write(stdout.replace(/^/gm, `[${name}] `));
}

await removeAll();
await temporal.stop();
await receiver.stop();
await graph.stop();
await llm.stop();
await devstack.dropDatabase(isolation.databaseUrl).catch(() => undefined);
await testing.deleteStream(isolation.eventsStream).catch(() => undefined);
console.log(`image test took ${elapsed()}`);
finish();
