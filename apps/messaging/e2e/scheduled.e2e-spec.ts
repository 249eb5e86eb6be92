import { Client as PgClient } from 'pg';
import {
  eventually,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  reencodedPageToken,
  startTestStack,
  whatsappInbound,
  type HttpAnswer,
  type TestStack,
} from '@platica/testing';

const HOUR = 3_600_000;

/**
 * Scheduled messages through the gateway on the real Temporal dev server (spec: Scheduled
 * message resource, States and transitions, Endpoints › Scheduled messages, Channel rules 5
 * and 6, Limits): every transition, the bounds, time zones, paging, races and restarts.
 */
describe('scheduled messages (e2e)', () => {
  let t: TestStack;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    // A stack of its own: it restarts the messaging service.
    // messaging in a process of its own: this file kills and restarts it.
    t = await startTestStack({ META_GRAPH_BASE_URL: fake.url }, { ownProcesses: ['messaging'] });
    ws = await MessagingWorkspace.seed(t);
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });

  const expectSpecError = (answer: HttpAnswer, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };
  const fieldPaths = (answer: HttpAnswer) => (answer.body.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
  const send = (body: Record<string, unknown>) => ws.api.post('/v1/messages', { channelId: ws.whatsapp.id, type: 'text', ...body });
  const read = async (messageId: string) => (await ws.api.get(`/v1/messages/scheduled/${messageId}`)).body;
  const settled = (messageId: string, status: string, timeoutMs = 20_000) =>
    eventually(
      `${messageId} to be ${status}`,
      async () => {
        const row = await read(messageId);
        return row.status === status ? row : undefined;
      },
      timeoutMs,
      100,
    );
  const sentTexts = (phone: string) =>
    fake
      .sends(ws.whatsapp.phoneNumberId)
      .filter((r) => r.body?.to === phone)
      .map((r) => r.body?.text?.body);

  it('accepts a delayed send with 202 and sends it at its time, into its conversation, like any outgoing message', async () => {
    const { phone, conversation } = await ws.customerWrites();
    const accepted = await send({ conversationId: phone, content: 'Recordatorio', delay: 3_000 });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({
      messageId: expect.any(String),
      kind: 'service',
      status: 'delayed',
      timestamp: expect.any(String),
      executeAt: expect.any(String),
      delayMs: 3_000,
    });
    expect(Date.parse(accepted.body.executeAt) - Date.parse(accepted.body.timestamp)).toBeGreaterThanOrEqual(2_990);
    expect(Date.parse(accepted.body.executeAt) - Date.parse(accepted.body.timestamp)).toBeLessThanOrEqual(3_500);

    const pending = await read(accepted.body.messageId);
    expect(pending).toMatchObject({
      messageId: accepted.body.messageId,
      kind: 'service',
      status: 'delayed',
      channelId: ws.whatsapp.id,
      conversationId: phone,
      messageType: 'text',
      reschedulable: true,
      sentAt: null,
      error: null,
    });
    expect(sentTexts(phone)).toEqual([]);

    const sent = await settled(accepted.body.messageId, 'sent');
    expect(Date.parse(sent.sentAt)).toBeGreaterThanOrEqual(Date.parse(accepted.body.executeAt));
    expect(sent.reschedulable).toBe(false);
    expect(sentTexts(phone)).toEqual(['Recordatorio']);
    const messages = await ws.messagesOf(conversation.id);
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', direction: 'outgoing', content: 'Recordatorio' });

    // Final states refuse changes.
    expectSpecError(await ws.api.patch(`/v1/messages/scheduled/${sent.messageId}`, { delay: 5_000 }), 409);
    expectSpecError(await ws.api.delete(`/v1/messages/scheduled/${sent.messageId}`), 409);
  });

  it('is processing while its send runs: listed by default, not reschedulable, PATCH and DELETE 409; then sent', async () => {
    const { phone, conversation } = await ws.customerWrites();
    // Holding the conversation's row keeps the send from storing its message: it stays processing.
    const db = new PgClient({ connectionString: t.isolation.databaseUrl });
    await db.connect();
    try {
      await db.query('begin');
      await db.query('select 1 from messaging.conversation where id = $1 for update', [conversation.id]);
      const accepted = await send({ conversationId: phone, content: 'En proceso', delay: 3_000 });
      expect(accepted.status).toBe(202);
      const processing = await settled(accepted.body.messageId, 'processing', 30_000);
      expect(processing).toMatchObject({ reschedulable: false, sentAt: null, failedAt: null });
      const listed = await ws.api.get('/v1/messages/scheduled?limit=100');
      expect(listed.body.messages.map((m: { messageId: string }) => m.messageId)).toContain(accepted.body.messageId);
      expectSpecError(await ws.api.patch(`/v1/messages/scheduled/${accepted.body.messageId}`, { delay: 5_000 }), 409);
      expectSpecError(await ws.api.delete(`/v1/messages/scheduled/${accepted.body.messageId}`), 409);
      await db.query('commit');
      await settled(accepted.body.messageId, 'sent', 60_000);
      expect(sentTexts(phone)).toEqual(['En proceso']);
    } finally {
      await db.end();
    }
  });

  it('reads a scheduleTime without a zone as Mexican time and answers what was sent', async () => {
    const local = new Date(Date.now() + 2 * 24 * HOUR).toISOString().slice(0, 19); // no zone designator
    const accepted = await send({ conversationId: newPhone(), content: 'Mañana', scheduleTime: local });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'scheduled', scheduledTime: local });
    expect(Date.parse(accepted.body.executeAt)).toBe(Date.parse(`${local}Z`) + 6 * HOUR);
    expect(accepted.body.delayMs).toBeUndefined();
    await ws.api.delete(`/v1/messages/scheduled/${accepted.body.messageId}`);
  });

  it('reschedules with scheduleTime (-> scheduled) and delay (-> delayed), and sends at the new time only', async () => {
    const { phone } = await ws.customerWrites();
    const accepted = await send({ conversationId: phone, content: 'Movido', delay: 3_000 });
    const later = new Date(Date.now() + HOUR).toISOString();
    const first = await ws.api.patch(`/v1/messages/scheduled/${accepted.body.messageId}`, { scheduleTime: later });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'scheduled', executeAt: later, reschedulable: true });
    await new Promise((resolve) => setTimeout(resolve, 3_500)); // past the original time
    expect(sentTexts(phone)).toEqual([]);
    const second = await ws.api.patch(`/v1/messages/scheduled/${accepted.body.messageId}`, { delay: 3_000 });
    expect(second.body).toMatchObject({ status: 'delayed', reschedulable: true });
    await settled(accepted.body.messageId, 'sent');
    expect(sentTexts(phone)).toEqual(['Movido']);
  });

  it('cancels: cancelled, cancelledAt set, reschedulable false; DELETE again answers the same; PATCH then 409; never sent', async () => {
    const { phone } = await ws.customerWrites();
    const accepted = await send({ conversationId: phone, content: 'Nunca', delay: 3_000 });
    const cancelled = await ws.api.delete(`/v1/messages/scheduled/${accepted.body.messageId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', reschedulable: false, cancelledAt: expect.any(String) });
    const again = await ws.api.delete(`/v1/messages/scheduled/${accepted.body.messageId}`);
    expect(again.body).toEqual(cancelled.body);
    expectSpecError(await ws.api.patch(`/v1/messages/scheduled/${accepted.body.messageId}`, { delay: 3_000 }), 409);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect((await read(accepted.body.messageId)).status).toBe('cancelled');
    expect(sentTexts(phone)).toEqual([]);
  });

  it('fails at execution when the contact was blocked in between: failed, failedAt and a public error', async () => {
    const { phone, conversation } = await ws.customerWrites();
    const accepted = await send({ conversationId: phone, content: 'Bloqueado', delay: 3_000 });
    expect((await ws.api.patch(`/v1/clients/${conversation.clientId}`, { status: 'blocked' })).status).toBe(200);
    const failed = await settled(accepted.body.messageId, 'failed');
    expect(failed).toMatchObject({ failedAt: expect.any(String), error: expect.stringMatching(/block/i), reschedulable: false });
    expect(sentTexts(phone)).toEqual([]);
  });

  it('fails at execution when the WhatsApp window has closed by then (checked at send time, not when scheduling)', async () => {
    const phone = newPhone();
    await ws.customerWrites(phone, 'hace un día', Date.now() - 24 * HOUR + 1_000);
    const accepted = await send({ conversationId: phone, content: 'Tarde', delay: 3_000 });
    expect(accepted.status).toBe(202);
    const failed = await settled(accepted.body.messageId, 'failed');
    expect(failed.error).toMatch(/window|template/i);
    expect(sentTexts(phone)).toEqual([]);
  });

  it("waits for a customer's delivery still being processed instead of failing: sent into the conversation it opens (issue 51 item 4)", async () => {
    const phone = newPhone();
    const accepted = await send({ conversationId: phone, content: 'Gracias por escribir', delay: 3_000 });
    expect(accepted.status).toBe(202);
    // The customer's first message was stored by a replica that crashed before processing it:
    // unprocessed, until the sweep takes it up (10 s on). The send is due before that.
    const wa = ws.whatsapp;
    const delivery = whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text: 'hola' });
    await t.query(
      `insert into messaging.inbound_event (id, channel_ids, payload, received_at, processed_at, attempts)
       values ($1, $2::jsonb, $3::jsonb, now(), null, 0)`,
      [`inb_crashed_${phone}`, JSON.stringify([wa.id]), JSON.stringify(delivery)],
    );
    await eventually('the send to be due and waiting', async () =>
      (await read(accepted.body.messageId)).status === 'processing' ? true : undefined,
    );
    const sent = await settled(accepted.body.messageId, 'sent', 40_000);
    expect(sent.error ?? null).toBeNull();
    expect(sentTexts(phone)).toEqual(['Gracias por escribir']);
    const conversation = (await ws.api.get(`/v1/conversations?channelId=${wa.id}&limit=200`)).body.workspaces[0].conversations.find(
      (c: { conversationId: string }) => c.conversationId === phone,
    );
    expect((await ws.messagesOf(conversation.id)).map((m: { content: string }) => m.content)).toEqual(['hola', 'Gracias por escribir']);
  });

  it('schedules templates too: kind template, with its name', async () => {
    const { phone } = await ws.customerWrites();
    const accepted = await ws.api.post('/v1/messages/template', {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      template: { name: 'welcome', language: 'es_MX', params: ['Luis', 'A-1'], file: 'https://cdn.example.test/pedido.png' },
      delay: 3_000,
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ kind: 'template', status: 'delayed' });
    expect(await read(accepted.body.messageId)).toMatchObject({ kind: 'template', templateName: 'welcome' });
    await settled(accepted.body.messageId, 'sent');
    expect(
      fake
        .sends(ws.whatsapp.phoneNumberId)
        .some((r) => r.body?.to === phone && r.body?.type === 'template' && r.body?.template?.name === 'welcome'),
    ).toBe(true);
  });

  it('runs a scheduled instruction at its time, not earlier, without delivering it', async () => {
    // Instructions are system messages: counted in messageCount, never shown to nor sent to the customer.
    const { phone, conversation } = await ws.customerWrites();
    const count = async () =>
      (await ws.api.get(`/v1/conversations/${conversation.id}`)).body.workspaces[0].conversations[0].messageCount as number;
    const before = await count();
    const accepted = await send({
      conversationId: phone,
      type: 'instruction',
      content: { text: 'Ofrece el plan anual', mode: 'wait' },
      delay: 3_000,
    });
    expect(accepted.status).toBe(202);
    expect(await count()).toBe(before);
    await settled(accepted.body.messageId, 'sent');
    expect(await count()).toBe(before + 1);
    expect(sentTexts(phone)).toEqual([]);
  });

  describe('limits', () => {
    // Times are computed when each test runs, not when the file loads: a loaded machine can be a minute apart.
    it.each([
      ['a delay under 3000 ms', () => ({ delay: 2_999 }), ['delay']],
      ['a delay over 24 h', () => ({ delay: 86_400_001 }), ['delay']],
      ['a scheduleTime in the past', () => ({ scheduleTime: new Date(Date.now() - 60_000).toISOString() }), ['scheduleTime']],
      [
        'a scheduleTime over 30 days ahead',
        () => ({ scheduleTime: new Date(Date.now() + 30 * 24 * HOUR + 60_000).toISOString() }),
        ['scheduleTime'],
      ],
      [
        'both delay and scheduleTime',
        () => ({ delay: 5_000, scheduleTime: new Date(Date.now() + HOUR).toISOString() }),
        ['delay', 'scheduleTime'],
      ],
    ])('refuses %s with 400 naming the fields', async (_what, timing, paths) => {
      const res = await send({ conversationId: newPhone(), content: 'x', ...timing() });
      expectSpecError(res, 400);
      expect(fieldPaths(res).sort()).toEqual(paths);
    });

    it('accepts the edges: a delay of 3000 ms and of 24 h, a scheduleTime just under 30 days', async () => {
      for (const timing of [
        { delay: 3_000 },
        { delay: 86_400_000 },
        { scheduleTime: new Date(Date.now() + 30 * 24 * HOUR - 60_000).toISOString() },
      ]) {
        const res = await send({ conversationId: newPhone(), content: 'x', ...timing });
        expect(res.status).toBe(202);
        await ws.api.delete(`/v1/messages/scheduled/${res.body.messageId}`);
      }
    });

    it('refuses a PATCH with neither or both fields, and out-of-range values', async () => {
      const res = await send({ conversationId: newPhone(), content: 'x', delay: HOUR / 10 });
      const path = `/v1/messages/scheduled/${res.body.messageId}`;
      expectSpecError(await ws.api.patch(path, {}), 400);
      expect(
        fieldPaths(await ws.api.patch(path, { delay: 5_000, scheduleTime: new Date(Date.now() + HOUR).toISOString() })).sort(),
      ).toEqual(['delay', 'scheduleTime']);
      expect(fieldPaths(await ws.api.patch(path, { delay: 2_999 }))).toEqual(['delay']);
      expect(fieldPaths(await ws.api.patch(path, { scheduleTime: new Date(Date.now() + 31 * 24 * HOUR).toISOString() }))).toEqual([
        'scheduleTime',
      ]);
      await ws.api.delete(path);
    });

    it('bounds the list page size to 1..200', async () => {
      expectSpecError(await ws.api.get('/v1/messages/scheduled?limit=0'), 400);
      expectSpecError(await ws.api.get('/v1/messages/scheduled?limit=201'), 400);
      expect((await ws.api.get('/v1/messages/scheduled?limit=200')).status).toBe(200);
      expect((await ws.api.get('/v1/messages/scheduled?limit=1')).status).toBe(200);
    });
  });

  it('lists pending messages by default, filters, and pages with an opaque token bound to its filters', async () => {
    // Sends name campaigns of their own workspace (issue 11: references are checked).
    const own = await MessagingWorkspace.seed(t, (doc) =>
      Object.assign(doc, {
        campaigns: [
          { ref: 'c1', title: 'c1', category: 'utility' },
          { ref: 'c2', title: 'c2', category: 'utility' },
        ],
      }),
    );
    const c1: string = own.ids.campaigns.c1.id;
    const c2: string = own.ids.campaigns.c2.id;
    const at = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
    const ids: string[] = [];
    for (const [i, campaignId] of [c1, c1, c2, c1, c1].entries()) {
      const res = await own.api.post('/v1/messages', {
        channelId: own.whatsapp.id,
        conversationId: newPhone(),
        content: `m${i}`,
        scheduleTime: at(i + 1),
        campaignId,
      });
      ids.push(res.body.messageId);
    }
    await own.api.delete(`/v1/messages/scheduled/${ids[4]}`);

    const all = (await own.api.get('/v1/messages/scheduled')).body;
    expect(all.messages.map((m: { messageId: string }) => m.messageId)).toEqual(ids.slice(0, 4)); // by executeAt; the cancelled one is not pending
    expect(all.count).toBe(4);
    expect(all.nextPageToken).toBeUndefined();
    expect(
      (await own.api.get('/v1/messages/scheduled?status=cancelled')).body.messages.map((m: { messageId: string }) => m.messageId),
    ).toEqual([ids[4]]);
    expect(
      (await own.api.get(`/v1/messages/scheduled?campaignId=${c2}`)).body.messages.map((m: { messageId: string }) => m.messageId),
    ).toEqual([ids[2]]);
    expect((await own.api.get('/v1/messages/scheduled?kind=template')).body.messages).toEqual([]);
    const window = (await own.api.get(`/v1/messages/scheduled?from=${encodeURIComponent(at(1.5))}&to=${encodeURIComponent(at(3.5))}`)).body;
    expect(window.messages.map((m: { messageId: string }) => m.messageId)).toEqual([ids[1], ids[2]]);
    expectSpecError(await own.api.get('/v1/messages/scheduled?status=pending'), 400);

    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = (
        await own.api.get(`/v1/messages/scheduled?status=delayed,scheduled,cancelled&limit=2${token ? `&pageToken=${token}` : ''}`)
      ).body;
      expect(page.count).toBe(page.messages.length);
      seen.push(...page.messages.map((m: { messageId: string }) => m.messageId));
      token = page.nextPageToken;
      if (token) expectSpecError(await own.api.get(`/v1/messages/scheduled?status=scheduled&limit=2&pageToken=${token}`), 400);
    } while (token);
    expect(seen).toEqual(ids);
    for (const id of ids.slice(0, 4)) await own.api.delete(`/v1/messages/scheduled/${id}`);
  });

  it('refuses a page token whose position was re-encoded (bad time) or that another listing issued: 400 naming pageToken', async () => {
    const own = await MessagingWorkspace.seed(t);
    for (const hours of [1, 2]) {
      const res = await own.api.post('/v1/messages', {
        channelId: own.whatsapp.id,
        conversationId: newPhone(),
        content: `m${hours}`,
        scheduleTime: new Date(Date.now() + hours * HOUR).toISOString(),
      });
      expect(res.status).toBe(202);
    }
    const token = (await own.api.get('/v1/messages/scheduled?limit=1')).body.nextPageToken as string;
    expect(token).toEqual(expect.any(String));
    const conversationsToken = (await own.api.get('/v1/conversations?limit=1')).body.nextPageToken as string | null;
    const forged = [
      reencodedPageToken(token, (payload) => ({ ...payload, s: 'not a time' })),
      reencodedPageToken(token, (payload) => ({ ...payload, s: '2026-02-30T25:00:00Z' })),
      `${token}x`,
      'garbage',
      ...(conversationsToken ? [conversationsToken] : []),
    ];
    for (const pageToken of forged) {
      const res = await own.api.get(`/v1/messages/scheduled?limit=1&pageToken=${encodeURIComponent(pageToken)}`);
      expectSpecError(res, 400);
      expect(fieldPaths(res)).toEqual(['pageToken']);
    }
    expect((await own.api.get(`/v1/messages/scheduled?limit=1&pageToken=${token}`)).status).toBe(200);
  });

  it('never shows or changes another workspace’s message (404)', async () => {
    const accepted = await send({ conversationId: newPhone(), content: 'privado', delay: HOUR / 10 });
    const other = await MessagingWorkspace.seed(t);
    for (const res of [
      await other.api.get(`/v1/messages/scheduled/${accepted.body.messageId}`),
      await other.api.patch(`/v1/messages/scheduled/${accepted.body.messageId}`, { delay: 5_000 }),
      await other.api.delete(`/v1/messages/scheduled/${accepted.body.messageId}`),
    ]) {
      expectSpecError(res, 404);
    }
    expect((await read(accepted.body.messageId)).status).toBe('delayed');
    await ws.api.delete(`/v1/messages/scheduled/${accepted.body.messageId}`);
  });

  it('keeps what the API answered when a cancel races the execution', async () => {
    const racers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const { phone } = await ws.customerWrites();
        const accepted = await send({ conversationId: phone, content: `carrera ${i}`, delay: 3_000 });
        return { phone, id: accepted.body.messageId as string, due: Date.parse(accepted.body.executeAt) };
      }),
    );
    const answers = await Promise.all(
      racers.map(async (r, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, r.due - Date.now() - 60 + i * 25)));
        return (await ws.api.delete(`/v1/messages/scheduled/${r.id}`)).status;
      }),
    );
    for (const [i, racer] of racers.entries()) {
      if (answers[i] === 200) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect((await read(racer.id)).status).toBe('cancelled');
        expect(sentTexts(racer.phone)).toEqual([]);
      } else {
        expect(answers[i]).toBe(409);
        await settled(racer.id, 'sent');
        expect(sentTexts(racer.phone)).toEqual([`carrera ${i}`]);
      }
    }
  });

  it('sends an accepted message after the messaging service (and its worker) was killed in between', async () => {
    const { phone } = await ws.customerWrites();
    const accepted = await send({ conversationId: phone, content: 'Sobreviví', delay: 4_000 });
    expect(accepted.status).toBe(202);
    t.stack.services.get('messaging')!.process.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 5_000)); // the due time passes while it is down
    expect(sentTexts(phone)).toEqual([]);
    await t.stack.startService('messaging');
    await settled(accepted.body.messageId, 'sent', 30_000);
    expect(sentTexts(phone)).toEqual(['Sobreviví']);
  });
});
