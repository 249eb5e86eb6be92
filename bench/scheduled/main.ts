// bench/scheduled: schedules 1,000 messages due over the same 10 seconds (100 per second)
// and prints how late they were sent (sentAt - executeAt: p50/p99/max), how many were sent,
// and how fast the API accepted them. Target (issue 5): all sent, p99 lateness under 1 s,
// on a 2-core machine with Temporal's dev server.
//
//   node tools/build.mjs && node dist/bench/scheduled/main.js [--messages 1000] [--spread-seconds 10]
import { FakeMetaGraph, MessagingWorkspace, newPhone } from '@platica/testing';
import { startBenchStack } from '../lib/stack';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function main(): Promise<void> {
  const total = option('messages', 1_000);
  const spreadMs = option('spread-seconds', 10) * 1_000;
  const customers = 50;
  const fake = await FakeMetaGraph.start();
  const bench = await startBenchStack({ META_GRAPH_BASE_URL: fake.url, PLATICA_ALLOW_PRIVATE_NETWORKS: 'true' });
  try {
    const ws = await MessagingWorkspace.seed(bench);
    const phones = Array.from({ length: customers }, () => newPhone());
    for (const phone of phones) await ws.customerWrites(phone); // opens each customer's WhatsApp window

    // All due in the same window, starting once scheduling has surely finished.
    const start = Date.now() + 15_000 + total * 5;
    const accepted: { id: string; executeAt: number }[] = [];
    const scheduling = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < total) {
          const i = next++;
          const executeAt = new Date(start + Math.floor((i * spreadMs) / total)).toISOString();
          const res = await ws.api.post('/v1/messages', {
            channelId: ws.whatsapp.id,
            conversationId: phones[i % customers],
            content: `m${i}`,
            scheduleTime: executeAt,
          });
          if (res.status !== 202) throw new Error(`scheduling answered ${res.status}: ${res.text}`);
          accepted.push({ id: res.body.messageId, executeAt: Date.parse(res.body.executeAt) });
        }
      }),
    );
    const schedulingSeconds = (Date.now() - scheduling) / 1000;
    if (Date.now() > start) process.stdout.write('warning: scheduling overran the start of the window\n');
    process.stdout.write(
      `scheduled ${accepted.length} in ${schedulingSeconds.toFixed(1)} s; waiting for the window (${(spreadMs / 1000).toFixed(0)} s)…\n`,
    );

    // Read every message back until none is pending (or 60 s after the window).
    const deadline = start + spreadMs + 60_000;
    let rows: { messageId: string; status: string; executeAt: string; sentAt: string | null }[] = [];
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      rows = [];
      let token: string | undefined;
      do {
        const page = (
          await ws.api.get(
            `/v1/messages/scheduled?status=creating,delayed,scheduled,processing,sent,failed,cancelled&limit=200${token ? `&pageToken=${token}` : ''}`,
          )
        ).body;
        rows.push(...page.messages);
        token = page.nextPageToken;
      } while (token);
      if (Date.now() > start + spreadMs && rows.every((r) => r.status === 'sent' || r.status === 'failed')) break;
    }
    const sent = rows.filter((r) => r.status === 'sent');
    const lateness = sent.map((r) => Date.parse(r.sentAt!) - Date.parse(r.executeAt)).sort((a, b) => a - b);
    const graphSends = fake.sends(ws.whatsapp.phoneNumberId).length;
    process.stdout.write(
      [
        '',
        `scheduling: ${(accepted.length / schedulingSeconds).toFixed(0)} accepted/s (20 concurrent requests)`,
        `sent: ${sent.length} of ${total} (failed ${rows.filter((r) => r.status === 'failed').length}, still pending ${rows.length - sent.length - rows.filter((r) => r.status === 'failed').length}); Graph received ${graphSends}`,
        `lateness (sentAt - executeAt): p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms`,
        sent.length === total && percentile(lateness, 99) < 1_000 ? 'TARGET MET' : 'TARGET MISSED',
        '',
      ].join('\n'),
    );
  } finally {
    await bench.stop();
    await fake.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
