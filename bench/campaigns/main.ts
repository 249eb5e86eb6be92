// bench/campaigns: campaign runs through the fake Graph API (issue 16). Prints sends per second
// of a run at the channel's configured rate and of an unthrottled run (target: >= 300/s on a
// 2-core machine), counted from what the fake Graph API received (first send -> last send), and
// the wall time from the send request to the run `completed`. With --kill, the unthrottled run
// is the crash scenario: the campaigns process and then messaging are SIGKILLed during
// it, and the bench prints duplicates (must be 0) and how every recipient ended.
//
//   node tools/build.mjs && node dist/bench/campaigns/main.js [--recipients 10000] [--rate 80] [--throttled-recipients 800] [--kill]
import { Client } from 'pg';
import { FakeMetaGraph, MessagingWorkspace, newPhone } from '@platica/testing';
import { startBenchStack, type BenchStack } from '../lib/stack';
import { flag, option } from '../lib/args';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const TEMPLATE = {
  params: ['Cliente', 'B-2'],
  type: 'image',
  file: 'https://cdn.example.test/promo.png',
  buttons: [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }] }],
};

interface RunResult {
  label: string;
  recipients: number;
  received: number;
  duplicates: number;
  sendsPerSecond: number;
  wallSeconds: number;
  run: Record<string, unknown>;
}

async function seedCampaign(bench: BenchStack, size: number): Promise<{ ws: MessagingWorkspace; campaignId: string; phones: Set<string> }> {
  const audience = Array.from({ length: size }, () => ({ phoneNumber: newPhone() }));
  const ws = await MessagingWorkspace.seed(bench, (doc) => {
    Object.assign(doc, {
      campaigns: [
        {
          ref: 'bench',
          title: 'Bench',
          category: 'marketing',
          platform: 'whatsapp',
          templateRef: 'welcome',
          owners: [doc.users[0]!.email],
          audience,
        },
      ],
    });
  });
  return { ws, campaignId: ws.ids.campaigns.bench.id, phones: new Set(audience.map((a) => a.phoneNumber)) };
}

async function measure(
  bench: BenchStack,
  fake: FakeMetaGraph,
  label: string,
  size: number,
  during?: (received: () => number) => Promise<void>,
): Promise<RunResult> {
  const { ws, campaignId, phones } = await seedCampaign(bench, size);
  const sends = () => fake.sends(ws.whatsapp.phoneNumberId).filter((r) => r.status === 200 && phones.has(r.body?.to));
  const started = Date.now();
  const res = await ws.api.post(`/v1/campaigns/${campaignId}/send`, { channelId: ws.whatsapp.id, template: TEMPLATE });
  if (res.status !== 200) throw new Error(`send answered ${res.status}: ${res.text}`);
  const runId = res.body.data.runId as string;
  const duringDone = during?.(() => sends().length);
  let run: Record<string, unknown> | undefined;
  for (;;) {
    const body = (await ws.api.get(`/v1/campaigns/${campaignId}`)).body;
    run = body.workspaces?.[0]?.campaigns?.[0]?.runs?.find((r: { runId: string }) => r.runId === runId);
    if (run?.status === 'completed') break;
    await sleep(250);
  }
  await duringDone;
  const wallSeconds = (Date.now() - started) / 1000;
  const received = sends();
  const times = received.map((r) => r.time).sort((a, b) => a - b);
  const perPhone = new Map<string, number>();
  for (const r of received) perPhone.set(r.body.to, (perPhone.get(r.body.to) ?? 0) + 1);
  const span = (times[times.length - 1]! - times[0]!) / 1000;
  return {
    label,
    recipients: size,
    received: perPhone.size,
    duplicates: [...perPhone.values()].filter((n) => n > 1).length,
    sendsPerSecond: span > 0 ? (received.length - 1) / span : received.length,
    wallSeconds,
    run: run!,
  };
}

async function restartCampaigns(bench: BenchStack, rate: string): Promise<void> {
  bench.stack.env.CAMPAIGN_SEND_RATE = rate;
  await bench.stack.stopService('campaigns');
  await bench.stack.startService('campaigns');
}

async function main(): Promise<void> {
  const recipients = Number(option('recipients', '10000'));
  const throttledRecipients = Number(option('throttled-recipients', '800'));
  const rate = option('rate', '80');
  const kill = flag('kill');
  const fake = await FakeMetaGraph.start();
  const bench = await startBenchStack({ META_GRAPH_BASE_URL: fake.url, CAMPAIGN_SEND_RATE: rate });
  const results: RunResult[] = [];
  try {
    results.push(await measure(bench, fake, `at the configured rate (${rate}/s)`, throttledRecipients));
    await restartCampaigns(bench, '0');
    results.push(await measure(bench, fake, 'unthrottled', recipients));
    if (kill) {
      results.push(
        await measure(bench, fake, 'unthrottled, campaigns and messaging SIGKILLed once each', recipients, async (received) => {
          for (const [service, fraction] of [
            ['campaigns', 0.2],
            ['messaging', 0.55],
          ] as const) {
            while (received() < recipients * fraction) await sleep(20);
            bench.stack.services.get(service)!.process.kill('SIGKILL');
            process.stdout.write(`SIGKILL ${service} at ${received()} sends\n`);
            await bench.stack.startService(service);
          }
        }),
      );
      const db = new Client({ connectionString: bench.isolation.databaseUrl });
      await db.connect();
      const { rows } = await db.query(
        `select status, count(*)::int as n from campaigns.campaign_recipient where run_id = $1 group by status`,
        [results[results.length - 1]!.run.runId],
      );
      process.stdout.write(`recipients of the killed run by status: ${JSON.stringify(rows)}\n`);
      await db.end();
    }
  } finally {
    await bench.stop();
    await fake.stop();
  }
  process.stdout.write('\ncampaign runs (sends/s = Graph sends received, first to last)\n');
  for (const r of results) {
    const { sent, failed, unknown, pending } = r.run as Record<string, number>;
    process.stdout.write(
      `${r.label.padEnd(58)} ${String(r.recipients).padStart(6)} recipients  ${r.sendsPerSecond.toFixed(1).padStart(7)} sends/s  ` +
        `wall ${r.wallSeconds.toFixed(1)} s  received ${r.received}  duplicates ${r.duplicates}  sent ${sent} failed ${failed} unknown ${unknown} pending ${pending}\n`,
    );
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
