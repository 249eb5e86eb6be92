import { eventually, FakeMetaGraph, MessagingWorkspace, newPhone, startTestStack, type TestStack } from '@platica/testing';

const CUSTOMERS = 50;
const PER_CUSTOMER = 10;
const TOTAL = CUSTOMERS * PER_CUSTOMER;
/**
 * How far ahead the batch is due: past the time accepting all of it takes (20 requests at once;
 * the file prints it, a few seconds), which the test checks.
 */
const DUE_IN_MS = 15_000;

/**
 * The messaging process (API, dispatcher and Temporal worker) SIGKILLed while a batch of 500
 * scheduled messages due at the same instant is being sent (issue 17). Temporal runs the
 * dispatcher again once the process is back; claims that died with the process expire and
 * those sends are taken up again. The sends the kill caught after Graph took them (Meta's id
 * not yet written down) are recognised by Meta's status webhooks, which the fake delivers as
 * Meta does (redelivered while messaging is down), so none is sent twice.
 */
describe('scheduled messages: a crash in the middle of a due batch (e2e)', () => {
  let t: TestStack;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    // The grace outlasts a status webhook's redelivery to the restarted service (every 500 ms).
    // messaging in a process of its own: this file kills and restarts it.
    t = await startTestStack({ META_GRAPH_BASE_URL: fake.url, SCHEDULED_CONFIRMATION_GRACE_MS: '5000' }, { ownProcesses: ['messaging'] });
    ws = await MessagingWorkspace.seed(t);
    fake.reportStatuses({
      baseUrl: t.baseUrl,
      channels: [{ phoneNumberId: ws.whatsapp.phoneNumberId, displayPhone: ws.whatsapp.phoneNumber, appSecret: ws.whatsapp.appSecret }],
    });
    // Eight services' migrations and start-up, on a machine others share.
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });

  /** Scheduled messages claimed more than once (their first attempt was interrupted). */
  const interruptedSends = async () =>
    new Set((await t.query<{ id: string }>('select id from messaging.scheduled_message where attempts > 1')).map((row) => row.id));

  it('ends every message sent exactly once at the Graph API, stored once, none lost', async () => {
    const customers: { phone: string; conversationId: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const { phone, conversation } = await ws.customerWrites(newPhone());
      customers.push({ phone, conversationId: conversation.id });
    }
    const dueAt = new Date(Date.now() + DUE_IN_MS).toISOString();
    const scheduling = Date.now();
    const texts = Array.from({ length: TOTAL }, (_, i) => `lote ${i}`);
    let next = 0;
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < TOTAL) {
          const i = next++;
          const res = await ws.api.post('/v1/messages', {
            channelId: ws.whatsapp.id,
            conversationId: customers[i % CUSTOMERS]!.phone,
            content: texts[i],
            scheduleTime: dueAt,
          });
          expect(res.status).toBe(202);
          ids[i] = res.body.messageId;
        }
      }),
    );
    process.stdout.write(`scheduled ${TOTAL} in ${Date.now() - scheduling} ms\n`);
    expect(Date.now()).toBeLessThan(Date.parse(dueAt)); // all accepted before the batch is due

    const received = () => fake.sends(ws.whatsapp.phoneNumberId).filter((r) => texts.includes(r.body?.text?.body));
    // Kill as soon as the batch is under way: some sent, most not.
    await eventually('the batch to be under way', async () => (received().length >= 20 ? true : undefined), 90_000, 2);
    t.stack.services.get('messaging')!.process.kill('SIGKILL');
    const atKill = received().length;
    const takenBeforeKill = new Set(received().map((r) => r.body.text.body as string));
    expect(atKill).toBeLessThan(TOTAL);

    await t.stack.startService('messaging');
    await eventually(
      'every message of the batch to be sent',
      async () => {
        let sent = 0;
        let token: string | undefined;
        do {
          const page = (await ws.api.get(`/v1/messages/scheduled?status=sent&limit=200${token ? `&pageToken=${token}` : ''}`)).body;
          sent += page.count;
          token = page.nextPageToken;
        } while (token);
        return sent === TOTAL ? true : undefined;
      },
      90_000,
      1_000,
    );

    // None lost: every message reached the Graph API.
    const counts = new Map<string, number>();
    for (const r of received()) counts.set(r.body.text.body, (counts.get(r.body.text.body) ?? 0) + 1);
    expect(texts.filter((text) => !counts.has(text))).toEqual([]);
    // None twice: a send the kill caught after Graph took it was named by its status webhook.
    const twice = texts.filter((text) => counts.get(text)! > 1);
    // Sends Graph took before the kill whose attempt the kill interrupted: taken up again and stored (Meta's id came
    // from the recorded answer or, when the kill beat that record, from the status webhook), not sent again.
    const interrupted = await interruptedSends();
    const recognised = ids.filter((id, i) => interrupted.has(id) && takenBeforeKill.has(texts[i]!)).length;
    process.stdout.write(
      `SIGKILL after ${atKill} of ${TOTAL} sends: ${recognised} of them interrupted and taken up again; ${twice.length} sent twice\n`,
    );
    expect(twice).toEqual([]);

    // Stored once each: one outgoing message per scheduled message, counted once on its conversation.
    for (const { conversationId } of customers) {
      const detail = (await ws.api.get(`/v1/conversations/${conversationId}`)).body.workspaces[0].conversations[0];
      expect(detail.messageCount).toBe(1 + PER_CUSTOMER);
    }
    for (const id of ids.slice(0, 20)) {
      expect((await ws.api.get(`/v1/messages/scheduled/${id}`)).body).toMatchObject({ status: 'sent', error: null });
    }
  }, 240_000);
});
