import { Client } from 'pg';
import { eventually, FakeMetaGraph, MessagingWorkspace, newPhone, startTestStack, type TestStack } from '@platica/testing';

/** Recipients of the run (CAMPAIGN_CRASH_RECIPIENTS; the 10,000 runs in bench/campaigns). */
const RECIPIENTS = Number(process.env.CAMPAIGN_CRASH_RECIPIENTS ?? 3000);
/** Messages per second of the channel: slow enough that both kills land in the middle of the run. */
const RATE = 150;
/**
 * Campaign attempts messaging may have between their record and Graph's answer when it is
 * killed (its ATTEMPTS_IN_FLIGHT): only those can end unknown (the attempt is recorded right
 * before the call).
 */
const MAX_UNKNOWN = 32;

/**
 * A campaign run during which the campaigns process (its Temporal worker) and then the
 * messaging process are SIGKILLed (issue 16, Must show). The run resumes each time; no
 * recipient is sent the run's message twice; every recipient ends sent, or unknown when a
 * kill cut its attempt, and the counts match what the fake Graph API received.
 */
describe('campaign runs: SIGKILL of campaigns and of messaging during a run (e2e)', () => {
  let t: TestStack;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  const audience = Array.from({ length: RECIPIENTS }, () => ({ phoneNumber: newPhone() }));

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    // A stack of its own: it kills services in the middle of a run, paced by its own CAMPAIGN_SEND_RATE.
    // campaigns and messaging in processes of their own: this file kills and restarts them.
    t = await startTestStack({ META_GRAPH_BASE_URL: fake.url, CAMPAIGN_SEND_RATE: String(RATE) }, { ownProcesses: ['campaigns', 'messaging'] });
    ws = await MessagingWorkspace.seed(t, (doc) => {
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'big',
            title: 'Grande',
            category: 'marketing',
            platform: 'whatsapp',
            templateRef: 'welcome',
            owners: [doc.users[0]!.email],
            audience,
          },
        ],
      });
    });
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });

  it('resumes after each kill: nobody sent twice, everybody accounted for', async () => {
    const campaignId = ws.ids.campaigns.big.id;
    const phones = new Set(audience.map((a) => a.phoneNumber));
    const received = () => fake.sends(ws.whatsapp.phoneNumberId).filter((r) => r.status === 200 && phones.has(r.body?.to));
    const started = Date.now();
    const res = await ws.api.post(`/v1/campaigns/${campaignId}/send`, {
      channelId: ws.whatsapp.id,
      template: {
        params: ['Cliente', 'B-2'],
        type: 'image',
        file: 'https://cdn.example.test/promo.png',
        buttons: [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }] }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.recipients).toBe(RECIPIENTS);
    const { runId } = res.body.data;

    const killAt = async (service: 'campaigns' | 'messaging', fraction: number) => {
      await eventually(
        `${Math.round(fraction * 100)}% sent`,
        async () => (received().length >= RECIPIENTS * fraction ? true : undefined),
        300_000,
        20,
      );
      t.stack.services.get(service)!.process.kill('SIGKILL');
      const atKill = received().length;
      process.stdout.write(`SIGKILL ${service} at ${atKill} sends\n`);
      expect(atKill).toBeLessThan(RECIPIENTS);
      await t.stack.startService(service);
    };
    await killAt('campaigns', 0.2);
    await killAt('messaging', 0.55);

    const run = await eventually(
      'the run completed',
      async () => {
        const body = (await ws.api.get(`/v1/campaigns/${campaignId}`)).body;
        const found = body.workspaces?.[0]?.campaigns?.[0]?.runs?.find((r: any) => r.runId === runId);
        return found?.status === 'completed' ? found : undefined;
      },
      600_000,
      1_000,
    );
    process.stdout.write(`run of ${RECIPIENTS} with 2 kills: ${(Date.now() - started) / 1000} s, ${JSON.stringify(run)}\n`);

    // Nobody was sent the run's message twice.
    const perPhone = new Map<string, number>();
    for (const r of received()) perPhone.set(r.body.to, (perPhone.get(r.body.to) ?? 0) + 1);
    const twice = [...perPhone].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);

    // Everybody is accounted for: sent, or unknown because a kill cut the attempt (a handful).
    expect(run.pending).toBe(0);
    expect(run.failed).toBe(0);
    expect(run.sent + run.unknown).toBe(RECIPIENTS);
    expect(run.unknown).toBeLessThanOrEqual(MAX_UNKNOWN);

    // The records match what Graph received: each `sent` was received; an `unknown` may or may not have been.
    const db = new Client({ connectionString: t.isolation.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ phone_number: string; status: string }>(
        `select phone_number, status from campaigns.campaign_recipient where run_id = $1`,
        [runId],
      );
      expect(rows).toHaveLength(RECIPIENTS);
      for (const row of rows) {
        if (row.status === 'sent') expect(perPhone.get(row.phone_number)).toBe(1);
      }
      const unknownReceived = rows.filter((r) => r.status === 'unknown' && perPhone.has(r.phone_number)).length;
      expect(perPhone.size).toBe(run.sent + unknownReceived);
      // Stored once each, as outgoing messages of the campaign.
      const stored = await db.query<{ n: string }>(
        `select count(*) as n from messaging.message where campaign_id = $1 and direction = 'outgoing' and status = 'sent'`,
        [campaignId],
      );
      expect(Number(stored.rows[0]!.n)).toBeGreaterThanOrEqual(run.sent);
      expect(Number(stored.rows[0]!.n)).toBeLessThanOrEqual(perPhone.size);
    } finally {
      await db.end();
    }
  }, 900_000);
});
