import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import {
  deliverMetaWebhook,
  eventually,
  FakeMetaGraph,
  messagingSeedDocument,
  hubSignature,
  newMetaId,
  newPhone,
  pageInbound,
  reencodedPageToken,
  startTestStack,
  whatsappInbound,
  whatsappStatus,
  type HttpClient,
  type TestStack,
} from '@platica/testing';

/**
 * The messaging core through the gateway's HTTP: seeded channels, Meta webhooks in and
 * sends out (against a fake Graph API speaking the real formats), conversations, clients.
 */
describe('messaging (e2e)', () => {
  let t: TestStack;
  let fake: FakeMetaGraph;
  let db: PgClient;

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    // A stack of its own: it stops and restarts the messaging service.
    // messaging in a process of its own: this file stops and restarts it.
    t = await startTestStack({ META_GRAPH_BASE_URL: fake.url }, { ownProcesses: ['messaging'] });
    db = new PgClient({ connectionString: t.isolation.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.stop();
    await fake?.stop();
  });

  interface Ws {
    id: string;
    api: HttpClient;
    doc: ReturnType<typeof seedDocument>;
    ids: any;
    wa: { id: string; phoneNumberId: string; phoneNumber: string; appSecret: string; verifyToken: string };
    ig: { id: string; pageId: string; appSecret: string };
    fb: { id: string; pageId: string; appSecret: string };
    internal: string;
  }

  /** The shared messaging fixture's document, plus a template still pending approval. */
  function seedDocument() {
    const doc = messagingSeedDocument();
    doc.templates.push({
      ref: 'draft',
      channelRef: 'wa',
      name: 'draft_one',
      language: 'es_MX',
      category: 'marketing',
      status: 'pending',
      body: 'Hola',
    });
    return doc;
  }

  async function workspace(): Promise<Ws> {
    const doc = seedDocument();
    const res = await t.admin.post('/admin/v1/seed', doc);
    expect(res.status).toBe(200);
    const [wa, ig, fb] = doc.channels as any[];
    return {
      id: res.body.workspace.id,
      api: t.http.withToken(res.body.apiKeys.main.key),
      doc,
      ids: res.body,
      wa: { ...wa, id: res.body.channels.wa.id },
      ig: { ...ig, id: res.body.channels.ig.id },
      fb: { ...fb, id: res.body.channels.fb.id },
      internal: res.body.channels.internal.id,
    };
  }

  async function whatsappFrom(ws: Ws, from: string, extra: Partial<Parameters<typeof whatsappInbound>[0]> = {}) {
    const payload = whatsappInbound({ phoneNumberId: ws.wa.phoneNumberId, displayPhone: ws.wa.phoneNumber, from, ...extra });
    const res = await deliverMetaWebhook(t.baseUrl, payload, ws.wa.appSecret);
    expect(res.status).toBe(200);
    return payload;
  }

  async function conversationWith(ws: Ws, contact: string, channelId = ws.wa.id) {
    return eventually(`a conversation with ${contact}`, async () => {
      const res = await ws.api.get(`/v1/conversations?channelId=${channelId}&limit=200`);
      return res.body.workspaces?.[0]?.conversations?.find((c: any) => c.conversationId === contact);
    });
  }

  async function detail(ws: Ws, id: string) {
    const res = await ws.api.get(`/v1/conversations/${id}`);
    expect(res.status).toBe(200);
    return res.body.workspaces[0].conversations[0];
  }

  async function openWindow(ws: Ws, phone = newPhone()) {
    await whatsappFrom(ws, phone, { text: 'hola' });
    return { phone, conversation: await conversationWith(ws, phone) };
  }

  const eventTypes = async (workspaceId: string) =>
    (await db.query<{ type: string }>('select type from messaging.outbox_event where workspace_id = $1', [workspaceId])).rows.map(
      (r) => r.type,
    );

  const expectError = (res: { status: number; body: any }, status: number) => {
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code: status, error: expect.any(String), details: expect.anything() });
  };

  let ws: Ws;
  beforeAll(async () => {
    ws = await workspace();
  });

  describe('channels from the seed', () => {
    it('answers prefixed channel ids, keeps them on re-apply, and stores the secrets encrypted', async () => {
      expect(ws.wa.id).toMatch(/^wb-/);
      expect(ws.ig.id).toMatch(/^ig-/);
      expect(ws.fb.id).toMatch(/^fb-/);
      expect(ws.internal).toMatch(/^in-/);
      const again = await t.admin.post('/admin/v1/seed', ws.doc);
      expect(again.status).toBe(200);
      expect(again.body.channels).toEqual(ws.ids.channels);
      expect(again.body.templates).toEqual(ws.ids.templates);
      expect(again.body.clients).toEqual(ws.ids.clients);
      const { rows } = await db.query('select secrets::text as s from messaging.channel where id = $1', [ws.wa.id]);
      expect(rows[0].s).not.toContain(ws.wa.appSecret);
      expect(rows[0].s).not.toContain('EAAG-wa');
    });

    it('accepts the agent phone number as channelId', async () => {
      const { phone } = await openWindow(ws);
      const res = await ws.api.post('/v1/messages', { channelId: ws.wa.phoneNumber, conversationId: phone, content: 'por número' });
      expect(res.status).toBe(200);
      expect(fake.sends(ws.wa.phoneNumberId).some((r) => r.body.text?.body === 'por número')).toBe(true);
    });
  });

  describe('Meta webhooks', () => {
    it('answers the subscription verification with the challenge for a channel verify token, 403 otherwise', async () => {
      const ok = await fetch(`${t.baseUrl}/hooks/meta?hub.mode=subscribe&hub.verify_token=${ws.wa.verifyToken}&hub.challenge=1158201444`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('1158201444');
      const bad = await fetch(`${t.baseUrl}/hooks/meta?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
      expect(bad.status).toBe(403);
    });

    it('refuses unsigned and wrongly signed deliveries with 401 and stores nothing', async () => {
      const [unsigned, wrong, tampered] = [newPhone(), newPhone(), newPhone()];
      const payload = (from: string) => whatsappInbound({ phoneNumberId: ws.wa.phoneNumberId, displayPhone: ws.wa.phoneNumber, from });
      expectError(await deliverMetaWebhook(t.baseUrl, payload(unsigned), null), 401);
      expectError(await deliverMetaWebhook(t.baseUrl, payload(wrong), 'not-the-secret'), 401);
      const raw = JSON.stringify(payload(tampered));
      const signatureOfOther = hubSignature(raw.replace(tampered, newPhone()), ws.wa.appSecret);
      expectError(await deliverMetaWebhook(t.baseUrl, raw, null, signatureOfOther), 401);
      const control = newPhone();
      await whatsappFrom(ws, control);
      await conversationWith(ws, control);
      for (const phone of [unsigned, wrong, tampered]) expectError(await ws.api.get(`/v1/clients/${phone}`), 404);
      const stored = await db.query("select count(*)::int as n from messaging.inbound_event where payload::text like '%' || $1 || '%'", [
        unsigned,
      ]);
      expect(stored.rows[0].n).toBe(0);
    });

    it('stores a WhatsApp text as a user message of a new conversation whose window is open', async () => {
      const phone = newPhone();
      const text = `¿Tienen envío a Monterrey? ${randomBytes(3).toString('hex')}`;
      await whatsappFrom(ws, phone, { text, name: 'Luis' });
      const conversation = await conversationWith(ws, phone);
      expect(conversation).toMatchObject({
        platform: 'whatsapp',
        channelId: ws.wa.id,
        workspaceId: ws.id,
        phoneNumber: phone,
        contactName: 'Luis',
        status: 'active',
        canSendDirectMessage: true,
        messageCount: 1,
      });
      const [message] = (await detail(ws, conversation.id)).messages;
      expect(message).toMatchObject({ role: 'user', direction: 'incoming', contentType: 'text', content: text, status: 'received' });
      const types = await eventually('the events', async () => {
        const all = await eventTypes(ws.id);
        return all.includes('message.created') && all;
      });
      expect(types).toEqual(expect.arrayContaining(['client.created', 'conversation.created', 'message.created']));
    });

    it('is idempotent on the message id: redelivered, and delivered twice at once, it is stored once', async () => {
      const phone = newPhone();
      const payload = whatsappInbound({
        phoneNumberId: ws.wa.phoneNumberId,
        displayPhone: ws.wa.phoneNumber,
        from: phone,
        text: 'una vez',
      });
      const answers = await Promise.all([1, 2, 3].map(() => deliverMetaWebhook(t.baseUrl, payload, ws.wa.appSecret)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const conversation = await conversationWith(ws, phone);
      expect((await deliverMetaWebhook(t.baseUrl, payload, ws.wa.appSecret)).status).toBe(200);
      await eventually('every delivery processed', async () => {
        const { rows } = await db.query(
          "select count(*)::int as n from messaging.inbound_event where processed_at is null and payload::text like '%' || $1 || '%'",
          [phone],
        );
        return rows[0].n === 0;
      });
      const after = await detail(ws, conversation.id);
      expect(after.messages.filter((m: any) => m.content === 'una vez')).toHaveLength(1);
      expect(after.messageCount).toBe(1);
    });

    it('stores media and interactive replies', async () => {
      const phone = newPhone();
      await whatsappFrom(ws, phone, {
        message: { type: 'image', image: { id: '9988776655', mime_type: 'image/jpeg', sha256: 'abc', caption: 'mi recibo' } },
      });
      await whatsappFrom(ws, phone, {
        message: { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'confirm', title: 'Sí' } } },
      });
      await whatsappFrom(ws, phone, {
        message: {
          type: 'interactive',
          interactive: { type: 'list_reply', list_reply: { id: 'row-2', title: 'Martes', description: 'tarde' } },
        },
      });
      await whatsappFrom(ws, phone, {
        message: { type: 'document', document: { id: '123', mime_type: 'application/pdf', filename: 'f.pdf' } },
      });
      const conversation = await conversationWith(ws, phone);
      const messages = await eventually('four messages', async () => {
        const found = (await detail(ws, conversation.id)).messages;
        return found.length === 4 && found;
      });
      expect(messages[0]).toMatchObject({
        contentType: 'image',
        // The content model: the attachment named, then its caption (docs/receiving-from-meta.md).
        content: '[image]\nmi recibo',
        images: [{ mediaId: '9988776655', mimeType: 'image/jpeg' }],
      });
      expect(messages[1]).toMatchObject({ contentType: 'text', content: 'Sí', reply: { type: 'button', id: 'confirm' } });
      expect(messages[2]).toMatchObject({ content: 'Martes', reply: { type: 'list', id: 'row-2' } });
      expect(messages[3]).toMatchObject({ contentType: 'file', files: [{ mediaId: '123', filename: 'f.pdf', type: 'file' }] });
    });

    it('stores Messenger and Instagram messages under the page-scoped id, with no phone number', async () => {
      const psid = newMetaId('7');
      const igsid = newMetaId('6');
      expect(
        (
          await deliverMetaWebhook(
            t.baseUrl,
            pageInbound('page', { accountId: ws.fb.pageId, senderId: psid, text: 'hola fb' }),
            ws.fb.appSecret,
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await deliverMetaWebhook(
            t.baseUrl,
            pageInbound('instagram', { accountId: ws.ig.pageId, senderId: igsid, text: 'hola ig' }),
            ws.ig.appSecret,
          )
        ).status,
      ).toBe(200);
      const onFb = await conversationWith(ws, psid, ws.fb.id);
      const onIg = await conversationWith(ws, igsid, ws.ig.id);
      expect(onFb).toMatchObject({ platform: 'facebook', phoneNumber: null, canSendDirectMessage: true });
      expect(onIg).toMatchObject({ platform: 'instagram', phoneNumber: null });
      expect((await detail(ws, onIg.id)).messages[0].content).toBe('hola ig');
    });

    it('moves an outgoing message forward with status updates, never backwards', async () => {
      const { phone, conversation } = await openWindow(ws);
      const sent = await ws.api.post('/v1/messages', { channelId: ws.wa.id, conversationId: phone, content: 'seguimiento' });
      expect(sent.status).toBe(200);
      const wamid = fake.sends(ws.wa.phoneNumberId).find((r) => r.body.text?.body === 'seguimiento')!.response.messages[0].id;
      const status = (s: string) =>
        deliverMetaWebhook(
          t.baseUrl,
          whatsappStatus({
            phoneNumberId: ws.wa.phoneNumberId,
            displayPhone: ws.wa.phoneNumber,
            messageId: wamid,
            status: s,
            recipient: phone,
          }),
          ws.wa.appSecret,
        );
      const statusOf = async () => (await detail(ws, conversation.id)).messages.find((m: any) => m.id === sent.body.messageId).status;
      // Accepted by Meta, not yet confirmed: `received` (the spec's four values), in the detail and in message.created.
      expect(await statusOf()).toBe('received');
      const created = await db.query("select data from messaging.outbox_event where type = 'message.created' and data->>'messageId' = $1", [
        sent.body.messageId,
      ]);
      expect(created.rows.map((r) => r.data.message.status)).toEqual(['received']);
      expect((await status('delivered')).status).toBe(200);
      await eventually('delivered', async () => (await statusOf()) === 'delivered');
      expect((await status('read')).status).toBe(200);
      await eventually('read', async () => (await statusOf()) === 'read');
      expect((await status('delivered')).status).toBe(200);
      await eventually('the late delivery processed', async () => {
        const { rows } = await db.query('select count(*)::int as n from messaging.inbound_event where processed_at is null');
        return rows[0].n === 0;
      });
      expect(await statusOf()).toBe('read');
      expect(await eventTypes(ws.id)).toContain('message.status.updated');
    });
  });

  describe('POST /v1/messages', () => {
    let phone: string;
    beforeAll(async () => {
      ({ phone } = await openWindow(ws));
    });
    const send = (body: Record<string, unknown>) => ws.api.post('/v1/messages', { channelId: ws.wa.id, conversationId: phone, ...body });
    const lastSend = () => fake.sends(ws.wa.phoneNumberId).at(-1)!;

    it.each([
      ['a string', { content: 'Hola' }, { type: 'text', text: { preview_url: false, body: 'Hola' } }],
      ['{text}', { type: 'text', content: { text: 'Hola 2' } }, { type: 'text', text: { preview_url: false, body: 'Hola 2' } }],
      [
        'an image',
        { type: 'image', content: { image: { url: 'https://cdn.example.com/a.png', caption: 'Tu recibo' } } },
        { type: 'image', image: { link: 'https://cdn.example.com/a.png', caption: 'Tu recibo' } },
      ],
      [
        'a video',
        { type: 'video', content: { video: { url: 'https://cdn.example.com/a.mp4' } } },
        { type: 'video', video: { link: 'https://cdn.example.com/a.mp4' } },
      ],
      [
        'a file',
        { type: 'file', content: { file: { url: 'https://cdn.example.com/f.pdf', filename: 'factura.pdf', caption: 'Tu factura' } } },
        { type: 'document', document: { link: 'https://cdn.example.com/f.pdf', filename: 'factura.pdf', caption: 'Tu factura' } },
      ],
      [
        'an audio',
        { type: 'audio', content: { audio: { url: 'https://cdn.example.com/a.ogg' } } },
        { type: 'audio', audio: { link: 'https://cdn.example.com/a.ogg' } },
      ],
      [
        'interactive buttons',
        {
          type: 'interactive',
          content: {
            type: 'button',
            header: { type: 'text', text: 'Cita' },
            body: { text: '¿Confirmas?' },
            footer: { text: 'Acme' },
            action: {
              buttons: [
                { id: 'confirm', title: 'Sí' },
                { id: 'cancel', title: 'No' },
              ],
            },
          },
        },
        {
          type: 'interactive',
          interactive: {
            type: 'button',
            header: { type: 'text', text: 'Cita' },
            body: { text: '¿Confirmas?' },
            footer: { text: 'Acme' },
            action: {
              buttons: [
                { type: 'reply', reply: { id: 'confirm', title: 'Sí' } },
                { type: 'reply', reply: { id: 'cancel', title: 'No' } },
              ],
            },
          },
        },
      ],
      [
        'an interactive list',
        {
          type: 'interactive',
          content: {
            type: 'list',
            body: { text: 'Elige' },
            action: { button: 'Ver', sections: [{ title: 'Días', rows: [{ id: 'mon', title: 'Lunes', description: 'mañana' }] }] },
          },
        },
        {
          type: 'interactive',
          interactive: {
            type: 'list',
            body: { text: 'Elige' },
            action: { button: 'Ver', sections: [{ title: 'Días', rows: [{ id: 'mon', title: 'Lunes', description: 'mañana' }] }] },
          },
        },
      ],
    ])('sends %s in the WhatsApp Cloud API format', async (_what, body, expected) => {
      const res = await send(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ messageId: expect.stringMatching(/^msg_/), status: 'sent', timestamp: expect.stringMatching(/Z$/) });
      const graph = lastSend();
      expect(graph.authorization).toBe(`Bearer ${ws.doc.channels[0]!.accessToken}`);
      // The message's id rides along, echoed in Meta's statuses (settles it if messaging dies mid-send).
      expect(graph.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phone,
        biz_opaque_callback_data: res.body.messageId,
        ...expected,
      });
    });

    it('sends a flow with a generated flow token', async () => {
      const res = await send({
        type: 'interactive',
        content: { type: 'flow', body: { text: 'Agenda' }, action: { parameters: { flow_id: '123456', flow_cta: 'Agendar' } } },
      });
      expect(res.status).toBe(200);
      const { action } = lastSend().body.interactive;
      expect(action).toEqual({
        name: 'flow',
        parameters: { flow_message_version: '3', flow_token: expect.stringMatching(/^flt_/), flow_cta: 'Agendar', flow_id: '123456' },
      });
    });

    it.each([
      [
        '4 buttons',
        {
          type: 'interactive',
          content: { type: 'button', body: { text: 'x' }, action: { buttons: [1, 2, 3, 4].map((i) => ({ id: `b${i}`, title: `B${i}` })) } },
        },
        'content.action.buttons',
      ],
      [
        '11 list rows',
        {
          type: 'interactive',
          content: {
            type: 'list',
            body: { text: 'x' },
            action: {
              button: 'Ver',
              sections: [
                { rows: Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, title: 'r' })) },
                { rows: Array.from({ length: 5 }, (_, i) => ({ id: `b${i}`, title: 'r' })) },
              ],
            },
          },
        },
        'content.action.sections',
      ],
      ['an http media URL', { type: 'image', content: { image: { url: 'http://cdn.example.com/a.png' } } }, 'content.image.url'],
      ['an object without type', { content: { text: 'hola' } }, 'type'],
      [
        'a flow with both flow_id and flow_name',
        {
          type: 'interactive',
          content: { type: 'flow', body: { text: 'x' }, action: { parameters: { flow_id: '1', flow_name: 'n', flow_cta: 'Go' } } },
        },
        'content.action.parameters',
      ],
      ['an instruction without mode', { type: 'instruction', content: { text: 'x' } }, 'content.mode'],
    ])('refuses %s with 400 naming the field', async (_what, body, path) => {
      const before = fake.sends().length;
      const res = await send(body);
      expectError(res, 400);
      expect(res.body.details.map((d: any) => d.path.join('.'))).toContain(path);
      expect(fake.sends().length).toBe(before);
    });

    it('refuses delay with scheduleTime (400 naming both), and bad timing (the rest: scheduled.e2e-spec.ts)', async () => {
      const both = await send({ content: 'x', delay: 60_000, scheduleTime: new Date(Date.now() + 3_600_000).toISOString() });
      expectError(both, 400);
      expect(both.body.details.map((d: any) => d.path[0])).toEqual(expect.arrayContaining(['delay', 'scheduleTime']));
      expectError(await send({ content: 'x', delay: 100 }), 400);
      expectError(await send({ content: 'x', scheduleTime: new Date(Date.now() - 60_000).toISOString() }), 400);
    });

    it('records an instruction as a system message, never delivered to the customer', async () => {
      const conversation = await conversationWith(ws, phone);
      const before = fake.sends().length;
      const res = await send({ type: 'instruction', content: { text: 'Ofrece 10% de descuento', mode: 'resume' } });
      expect(res.status).toBe(200);
      expect(fake.sends().length).toBe(before);
      const { rows } = await db.query("select role, content from messaging.message where conversation_ref = $1 and role = 'system'", [
        conversation.id,
      ]);
      expect(rows).toEqual([{ role: 'system', content: 'Ofrece 10% de descuento' }]);
      const resumed = await db.query('select resume_requested_at from messaging.conversation where id = $1', [conversation.id]);
      expect(resumed.rows[0].resume_requested_at).not.toBeNull();
      expect((await detail(ws, conversation.id)).messages.some((m: any) => m.content === 'Ofrece 10% de descuento')).toBe(false);
    });

    it('answers 502 when Graph refuses, and stores the message as failed', async () => {
      fake.failNextSends(1);
      const res = await send({ content: 'no llegará' });
      expectError(res, 502);
      expect(res.body.details).toMatchObject({ provider: 'meta', status: 400, code: 131026, messageStatus: 'failed' });
      const conversation = await conversationWith(ws, phone);
      const message = (await detail(ws, conversation.id)).messages.find((m: any) => m.content === 'no llegará');
      expect(message).toMatchObject({ id: res.body.details.messageId, status: 'failed', direction: 'outgoing', role: 'assistant' });
    });

    it('upserts the client sent with the message; only active custom fields', async () => {
      const client = { name: 'Ana Pérez', firstname: 'Ana', email: 'ana@example.test', country: 'MX', customFields: { plan: 'pro' } };
      expect((await send({ content: 'datos', client })).status).toBe(200);
      const res = await ws.api.get(`/v1/clients/${phone}`);
      expect(res.status).toBe(200);
      expect(res.body.workspaces[0]).toMatchObject({ id: ws.id, clientsCount: 1 });
      const record = res.body.workspaces[0].clients[0];
      expect(record).toMatchObject({ ...client, phoneNumber: phone, status: 'active', tags: [], owners: [] });
      expect(record.moderation).toEqual({
        totalStrikes: 0,
        lastAction: null,
        lastSource: null,
        lastSeverity: null,
        lastFlaggedAt: null,
        lastCategories: [],
        lastMatchedTerms: [],
        blockedAt: null,
        blockedBy: null,
        blockedReason: null,
      });
      expect((await ws.api.get(`/v1/clients/${record.id}`)).body.workspaces[0].clients[0].id).toBe(record.id);
      const inactive = await send({ content: 'x', client: { customFields: { legacy_id: '7' } } });
      expectError(inactive, 400);
      expect(inactive.body.details[0].path).toEqual(['client', 'customFields', 'legacy_id']);
      expect(await eventTypes(ws.id)).toContain('client.customFields.updated');
    });
  });

  describe('channel rules', () => {
    it('WhatsApp: refuses free-form outside the 24 h window (422 naming the template) and without a conversation', async () => {
      const phone = newPhone();
      await whatsappFrom(ws, phone, { timestamp: Date.now() - 25 * 3_600_000 });
      const conversation = await conversationWith(ws, phone);
      expect(conversation.canSendDirectMessage).toBe(false);
      const closed = await ws.api.post('/v1/messages', { channelId: ws.wa.id, conversationId: phone, content: 'hola' });
      expectError(closed, 422);
      expect(closed.body.error).toMatch(/template/);
      expectError(await ws.api.post('/v1/messages', { channelId: ws.wa.id, conversationId: newPhone(), content: 'hola' }), 422);
    });

    it('Instagram and Messenger: text goes through the Send API; interactive and email are refused', async () => {
      const psid = newMetaId('7');
      await deliverMetaWebhook(t.baseUrl, pageInbound('page', { accountId: ws.fb.pageId, senderId: psid, text: 'hola' }), ws.fb.appSecret);
      await conversationWith(ws, psid, ws.fb.id);
      const ok = await ws.api.post('/v1/messages', {
        channelId: ws.fb.id,
        conversationId: psid,
        type: 'image',
        content: { image: { url: 'https://cdn.example.com/i.png', caption: 'mira' } },
      });
      expect(ok.status).toBe(200);
      const [attachment, caption] = fake.sends(ws.fb.pageId).slice(-2);
      expect(attachment!.body).toEqual({
        recipient: { id: psid },
        messaging_type: 'RESPONSE',
        // Tagged as Plática's: Meta returns the tag in the send's echo (docs/receiving-from-meta.md › Echoes).
        message: {
          attachment: { type: 'image', payload: { url: 'https://cdn.example.com/i.png', is_reusable: true } },
          metadata: 'platica',
        },
      });
      expect(caption!.body.message).toEqual({ text: 'mira', metadata: 'platica' });
      const before = fake.sends().length;
      const interactive = await ws.api.post('/v1/messages', {
        channelId: ws.fb.id,
        conversationId: psid,
        type: 'interactive',
        content: { type: 'button', body: { text: '¿Sí?' }, action: { buttons: [{ id: 'y', title: 'Sí' }] } },
      });
      expectError(interactive, 422);
      expectError(
        await ws.api.post('/v1/messages', {
          channelId: ws.fb.id,
          conversationId: psid,
          type: 'email',
          content: { subject: 's', text: 't' },
        }),
        422,
      );
      expect(fake.sends().length).toBe(before);
    });

    it('internal channel: interactive, email and templates get 422', async () => {
      const onInternal = { channelId: ws.internal, conversationId: 'chat_00000000-0000-0000-0000-000000000000' };
      expectError(
        await ws.api.post('/v1/messages', {
          ...onInternal,
          type: 'interactive',
          content: { type: 'button', body: { text: '¿Sí?' }, action: { buttons: [{ id: 'y', title: 'Sí' }] } },
        }),
        422,
      );
      expectError(
        await ws.api.post('/v1/messages', { ...onInternal, type: 'email', content: { subject: 'Tu pedido', text: 'listo' } }),
        422,
      );
      expectError(
        await ws.api.post('/v1/messages/template', { ...onInternal, template: { name: 'welcome', params: ['Ana', 'A-1'] } }),
        422,
      );
    });

    it('refuses sends to a blocked client', async () => {
      const { phone } = await openWindow(ws);
      const blocked = await ws.api.patch(`/v1/clients/${phone}`, { status: 'blocked', reason: 'abuso' });
      expect(blocked.status).toBe(200);
      expect(blocked.body.data).toMatchObject({ status: 'blocked', moderation: { blockedReason: 'abuso', blockedAt: expect.any(String) } });
      expectError(await ws.api.post('/v1/messages', { channelId: ws.wa.id, conversationId: phone, content: 'hola' }), 422);
      const unblocked = await ws.api.patch(`/v1/clients/${phone}`, { status: 'active' });
      expect(unblocked.body.data).toMatchObject({ status: 'active', moderation: { blockedReason: null } });
      expect((await ws.api.post('/v1/messages', { channelId: ws.wa.id, conversationId: phone, content: 'hola' })).status).toBe(200);
      expect(await eventTypes(ws.id)).toContain('client.blocked');
      // Blocked through the API without a reason: the spec's api_request, by the key's owner.
      const plain = await ws.api.patch(`/v1/clients/${phone}`, { status: 'blocked' });
      expect(plain.body.data.moderation).toMatchObject({ blockedReason: 'api_request', blockedBy: expect.stringContaining('@') });
    });
  });

  describe('POST /v1/messages/template', () => {
    const template = {
      name: 'welcome',
      language: 'es_MX',
      params: ['Ana', 'A-1'],
      file: 'https://cdn.example.com/w.png',
      buttons: [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'A-1' }] }],
    };

    it('sends the template in the Cloud API format and opens the conversation', async () => {
      const phone = newPhone();
      const res = await ws.api.post('/v1/messages/template', { channelId: ws.wa.id, conversationId: phone, template });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('sent');
      expect(fake.sends(ws.wa.phoneNumberId).at(-1)!.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phone,
        biz_opaque_callback_data: res.body.messageId,
        type: 'template',
        template: {
          name: 'welcome',
          language: { code: 'es_MX' },
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/w.png' } }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: 'A-1' },
              ],
            },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A-1' }] },
          ],
        },
      });
      const conversation = await conversationWith(ws, phone);
      expect(conversation).toMatchObject({ status: 'initiated', canSendDirectMessage: false });
      expect((await detail(ws, conversation.id)).messages[0]).toMatchObject({
        content: 'Hola Ana, tu pedido A-1 está listo',
        contentType: 'template',
      });
    });

    it.each([
      ['a wrong param count', { ...template, params: ['Ana'] }, 400, 'template.params'],
      ['no media for a media header', { ...template, file: undefined }, 400, 'template.file'],
      [
        'a button index the template lacks',
        { ...template, buttons: [{ index: 3, parameters: [{ type: 'text', text: 'x' }] }] },
        400,
        'template.buttons.0.index',
      ],
      ['an unknown template', { ...template, name: 'missing' }, 422, null],
      ['a template not approved', { name: 'draft_one' }, 422, null],
    ])('refuses %s', async (_what, body, status, path) => {
      const res = await ws.api.post('/v1/messages/template', { channelId: ws.wa.id, conversationId: newPhone(), template: body });
      expectError(res, status);
      if (path) expect(res.body.details.map((d: any) => d.path.join('.'))).toContain(path);
    });

    it('refuses the seeded blocked client, sending nothing', async () => {
      const before = fake.sends().length;
      expectError(
        await ws.api.post('/v1/messages/template', { channelId: ws.wa.id, conversationId: ws.doc.clients[0]!.phoneNumber, template }),
        422,
      );
      expect(fake.sends().length).toBe(before);
      const record = (await ws.api.get(`/v1/clients/${ws.doc.clients[0]!.phoneNumber}`)).body.workspaces[0].clients[0];
      expect(record).toMatchObject({
        id: ws.ids.clients.blocked1.id,
        status: 'blocked',
        moderation: { blockedReason: 'manual_dashboard' },
      });
    });

    it('is WhatsApp only', async () => {
      expectError(await ws.api.post('/v1/messages/template', { channelId: ws.ig.id, conversationId: newMetaId('6'), template }), 422);
    });
  });

  describe('conversations', () => {
    let other: Ws;
    let ids: string[];
    beforeAll(async () => {
      other = await workspace();
      ids = [];
      for (let i = 0; i < 3; i += 1) ids.push((await openWindow(other)).conversation.id);
    });

    it('pages with pageToken through every conversation exactly once', async () => {
      const seen: string[] = [];
      let token: string | null = null;
      for (let page = 0; page < 5; page += 1) {
        const res: any = await other.api.get(`/v1/conversations?limit=1${token ? `&pageToken=${token}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.workspaces[0]).toMatchObject({ id: other.id, conversationsCount: 3, pagination: { limit: 1 } });
        seen.push(...res.body.workspaces[0].conversations.map((c: any) => c.id));
        token = res.body.nextPageToken;
        if (!token) break;
      }
      expect(token).toBeNull();
      expect([...seen].sort()).toEqual([...ids].sort());
      expect(seen).toEqual([...ids].reverse()); // default: lastUpdate, newest first
    });

    it('binds the page token to its filters and refuses offset with pageToken or beyond 100000', async () => {
      const first = await other.api.get('/v1/conversations?limit=1');
      const token = first.body.nextPageToken as string;
      expectError(await other.api.get(`/v1/conversations?limit=1&sortDirection=asc&pageToken=${token}`), 400);
      expectError(await other.api.get(`/v1/conversations?limit=1&offset=1&pageToken=${token}`), 400);
      expectError(await other.api.get('/v1/conversations?offset=100001'), 400);
      expectError(await other.api.get('/v1/conversations?pageToken=garbage'), 400);
      const offset = await other.api.get('/v1/conversations?limit=1&offset=2&sortBy=creationDate&sortDirection=asc');
      expect(offset.body.workspaces[0].conversations.map((c: any) => c.id)).toEqual([ids[2]]);
      expect(offset.body.workspaces[0].pagination).toEqual({ limit: 1, offset: 2, hasMore: false });
    });

    it('refuses a page token whose position was re-encoded (bad timestamp) or that was not issued here: 400 naming pageToken', async () => {
      const token = (await other.api.get('/v1/conversations?limit=1')).body.nextPageToken as string;
      const forged = [
        reencodedPageToken(token, (payload) => ({ ...payload, s: '2026-13-45 99:99:99+00' })),
        reencodedPageToken(token, (payload) => ({ ...payload, i: "conv_' OR 1=1 --" })),
        token.split('.')[0]!,
        `${token}x`,
        Buffer.from('{"v":1').toString('base64url'),
      ];
      for (const pageToken of forged) {
        const res = await other.api.get(`/v1/conversations?limit=1&pageToken=${encodeURIComponent(pageToken)}`);
        expectError(res, 400);
        expect(res.body.details).toEqual([expect.objectContaining({ path: ['pageToken'] })]);
      }
      expect((await other.api.get(`/v1/conversations?limit=1&pageToken=${token}`)).status).toBe(200);
    });

    it('filters by client, tags (array or comma-separated) and dateFilter', async () => {
      const target = await detail(other, ids[0]!);
      const byClient = await other.api.get(`/v1/conversations?clientId=${target.clientId}`);
      expect(byClient.body.workspaces[0].conversations.map((c: any) => c.id)).toEqual([ids[0]]);
      // Owners are users of the workspace (issue 11), matched without case.
      const owner = other.doc.users[0]!.email;
      const patched = await other.api.patch(`/v1/conversations/${ids[1]}`, {
        tags: ['vip', 'mx'],
        topic: 'pedido',
        owners: [owner.toUpperCase()],
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        status: 'success',
        data: { id: ids[1], tags: ['vip', 'mx'], topic: 'pedido', owners: [owner] },
      });
      for (const query of ['tags=vip', 'tags=other,mx', 'tags=vip&tags=zz']) {
        const res = await other.api.get(`/v1/conversations?${query}`);
        expect(res.body.workspaces[0].conversations.map((c: any) => c.id)).toEqual([ids[1]]);
      }
      const today = new Date().toISOString().slice(0, 10);
      const specific = await other.api.get(
        `/v1/conversations?dateFilter=${encodeURIComponent(JSON.stringify({ type: 'specific', date: today }))}`,
      );
      expect(specific.body.workspaces[0].conversationsCount).toBe(3);
      const past = await other.api.get(
        `/v1/conversations?dateFilter=${encodeURIComponent(JSON.stringify({ type: 'range', startDate: '2020-01-01', endDate: '2020-01-31' }))}`,
      );
      expect(past.body.workspaces[0].conversationsCount).toBe(0);
      expectError(await other.api.get('/v1/conversations?dateFilter=%7Bnope'), 400);
    });

    it('filters by status (one, several, repeated) and operation, in SQL: counts and page tokens follow the filters', async () => {
      const own = await workspace();
      const [spam, assisted, untouched] = [await openWindow(own), await openWindow(own), await openWindow(own)].map((w) => w.conversation);
      expect((await own.api.patch(`/v1/conversations/${spam.id}`, { status: 'spam' })).status).toBe(200);
      expect((await own.api.patch(`/v1/conversations/${assisted.id}`, { operation: 'assistance' })).status).toBe(200);
      const listed = async (query: string) => {
        const res = await own.api.get(`/v1/conversations?${query}`);
        expect(res.status).toBe(200);
        const [page] = res.body.workspaces;
        expect(page.conversationsCount).toBe(page.conversations.length);
        return page.conversations.map((c: any) => c.id).sort();
      };
      const other = untouched.status as string;
      expect(other).not.toBe('spam');
      expect(await listed('status=spam')).toEqual([spam.id]);
      expect(await listed(`status=spam,${other}`)).toEqual([spam.id, assisted.id, untouched.id].sort());
      expect(await listed(`status=spam&status=finished`)).toEqual([spam.id]);
      expect(await listed('operation=assistance')).toEqual([assisted.id]);
      expect(await listed('operation=automatic')).toEqual([spam.id, untouched.id].sort());
      expect(await listed('operation=automatic&status=spam')).toEqual([spam.id]);
      expect(await listed('operation=assistance&status=spam')).toEqual([]);

      // Paging a filtered listing: each matching conversation once; the token is bound to the filters (order aside).
      const seen: string[] = [];
      let token: string | null = null;
      do {
        const res: any = await own.api.get(`/v1/conversations?limit=1&operation=automatic${token ? `&pageToken=${token}` : ''}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.workspaces[0].conversations.map((c: any) => c.id));
        token = res.body.nextPageToken;
      } while (token && seen.length < 5);
      expect(seen.sort()).toEqual([spam.id, untouched.id].sort());
      const first = await own.api.get(`/v1/conversations?limit=1&status=spam,${other}`);
      const bound = first.body.nextPageToken as string;
      expect((await own.api.get(`/v1/conversations?limit=1&status=${other},spam&pageToken=${bound}`)).status).toBe(200);
      for (const changed of ['status=spam', `status=spam,${other}&operation=automatic`]) {
        const res = await own.api.get(`/v1/conversations?limit=1&${changed}&pageToken=${bound}`);
        expectError(res, 400);
        expect(res.body.details).toEqual([expect.objectContaining({ path: ['pageToken'] })]);
      }

      for (const [query, field] of [
        ['status=closed', 'status'],
        ['status=spam,', 'status'],
        ['status=spam&status=nope', 'status'],
        ['operation=human', 'operation'],
        ['operation=assistance,automatic', 'operation'],
      ]) {
        const res = await own.api.get(`/v1/conversations?${query}`);
        expectError(res, 400);
        expect(res.body.details).toEqual([expect.objectContaining({ path: [field] })]);
      }
    });

    it('updates status and operation, recording conversation.status.updated', async () => {
      const res = await other.api.patch(`/v1/conversations/${ids[2]}`, { status: 'finished', operation: 'assistance' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'finished', operation: 'assistance' });
      expect((await detail(other, ids[2]!)).status).toBe('finished');
      expect(await eventTypes(other.id)).toContain('conversation.status.updated');
      expectError(await other.api.patch(`/v1/conversations/${ids[2]}`, {}), 400);
      expectError(await other.api.patch(`/v1/conversations/${ids[2]}`, { status: 'closed' }), 400);
    });

    it('finds a conversation by its thread id (deprecated lookup), channelId choosing; 409 naming them when several match', async () => {
      const { phone, conversation } = await openWindow(ws);
      for (const id of [phone, `+${phone}`]) expect((await detail(ws, id)).id).toBe(conversation.id);
      // The same page-scoped id on Messenger and Instagram: two conversations share the thread id.
      const sid = newMetaId('5');
      for (const [object, channel] of [
        ['page', ws.fb],
        ['instagram', ws.ig],
      ] as const) {
        const res = await deliverMetaWebhook(
          t.baseUrl,
          pageInbound(object, { accountId: channel.pageId, senderId: sid, text: 'hola' }),
          channel.appSecret,
        );
        expect(res.status).toBe(200);
      }
      const [onFb, onIg] = [await conversationWith(ws, sid, ws.fb.id), await conversationWith(ws, sid, ws.ig.id)];
      const ambiguous = await ws.api.get(`/v1/conversations/${sid}`);
      expectError(ambiguous, 409);
      expect(ambiguous.body.details).toMatchObject({ reason: 'ambiguous_conversation', conversationId: sid });
      expect(ambiguous.body.details.matches.map((m: any) => m.id).sort()).toEqual([onFb.id, onIg.id].sort());
      expect((await ws.api.get(`/v1/conversations/${sid}?channelId=${ws.ig.id}`)).body.workspaces[0].conversations[0].id).toBe(onIg.id);
      expect((await ws.api.get(`/v1/conversations/${sid}?channelId=${ws.fb.id}`)).body.workspaces[0].conversations[0].id).toBe(onFb.id);
      expectError(await ws.api.get(`/v1/conversations/${sid}?channelId=${ws.wa.id}`), 404);
      // Another workspace's thread ids stay 404.
      expectError(await other.api.get(`/v1/conversations/${phone}`), 404);
    });

    it("blocks the client of a conversation marked spam: blockedReason conversation_spam, by the key's owner, once", async () => {
      const own = await workspace();
      const { phone, conversation } = await openWindow(own);
      expect((await own.api.patch(`/v1/conversations/${conversation.id}`, { status: 'spam' })).status).toBe(200);
      const client = (await own.api.get(`/v1/clients/${conversation.clientId}`)).body.workspaces[0].clients[0];
      expect(client.status).toBe('blocked');
      expect(client.moderation).toMatchObject({ blockedReason: 'conversation_spam', blockedAt: expect.any(String) });
      expect(client.moderation.blockedBy?.toLowerCase()).toBe((own.doc.users![0] as { email: string }).email.toLowerCase());
      // Marked spam again (after a round through active): the block is kept, not repeated.
      expect((await own.api.patch(`/v1/conversations/${conversation.id}`, { status: 'active' })).status).toBe(200);
      expect((await own.api.patch(`/v1/conversations/${conversation.id}`, { status: 'spam' })).status).toBe(200);
      const blocked = await db.query("select data from messaging.outbox_event where type = 'client.blocked' and data->>'clientId' = $1", [
        conversation.clientId,
      ]);
      expect(blocked.rows.map((r) => r.data.blockedReason)).toEqual(['conversation_spam']);
      expectError(await own.api.post('/v1/messages', { channelId: own.wa.id, conversationId: phone, content: 'hola' }), 422);
    });

    it('shows on each row the latest message and a failed send, cleared by the next send that goes out (additions)', async () => {
      const { phone, conversation } = await openWindow(ws);
      const row = async () => (await ws.api.get(`/v1/conversations?q=${phone}`)).body.workspaces[0].conversations[0];
      expect(await row()).toMatchObject({ id: conversation.id, lastMessage: { preview: 'hola', by: 'customer', contentType: 'text' } });
      const send = (content: string) => ws.api.post('/v1/messages', { channelId: ws.wa.id, conversationId: phone, content });
      fake.failNextSends(1);
      const failed = await send('no llegará');
      expectError(failed, 502);
      expect(await row()).toMatchObject({
        lastMessage: { preview: 'no llegará', by: 'api' },
        failed: { kind: 'send', reason: 'refused', messageId: failed.body.details.messageId },
        // An API key reads no one's unread count.
        unreadCount: null,
      });
      expect((await detail(ws, conversation.id)).failed).toMatchObject({ kind: 'send' });
      expect((await send('ahora sí')).status).toBe(200);
      expect(await row()).toMatchObject({ lastMessage: { preview: 'ahora sí' }, failed: null });
    });

    it("reads a conversation's messages a page at a time from the newest, with tokens bound to it and to limit", async () => {
      const { phone, conversation } = await openWindow(other);
      // One at a time: messages stored together share their time, and the order would be the ids'.
      for (let i = 1; i <= 4; i += 1) {
        await whatsappFrom(other, phone, { text: `m${i}` });
        await eventually(`m${i} stored`, async () => ((await detail(other, conversation.id)).messages.length === i + 1 ? true : undefined));
      }
      const page = (query: string) => other.api.get(`/v1/conversations/${conversation.id}/messages?${query}`);
      const first = await page('limit=2');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ conversationId: conversation.id, nextPageToken: expect.any(String) });
      expect(first.body.messages.map((m: any) => m.content)).toEqual(['m3', 'm4']);
      const second = await page(`limit=2&pageToken=${first.body.nextPageToken}`);
      expect(second.body.messages.map((m: any) => m.content)).toEqual(['m1', 'm2']);
      const third = await page(`limit=2&pageToken=${second.body.nextPageToken}`);
      expect(third.body).toMatchObject({ messages: [{ content: 'hola', owner: { type: 'customer' } }], nextPageToken: null });
      // Bound to its limit and its conversation.
      const refused = await page(`limit=3&pageToken=${first.body.nextPageToken}`);
      expectError(refused, 400);
      expect(refused.body.details).toEqual([expect.objectContaining({ path: ['pageToken'] })]);
      expectError(await other.api.get(`/v1/conversations/${ids[0]}/messages?limit=2&pageToken=${first.body.nextPageToken}`), 400);
      expectError(await ws.api.get(`/v1/conversations/${conversation.id}/messages`), 404);
    });

    it('counts by state and view for a sidebar; a read marker is a person’s: an API key is refused', async () => {
      const counts = await other.api.get('/v1/conversations/counts');
      expect(counts.status).toBe(200);
      // What the list counts with the same filters.
      const listed = async (query: string) =>
        (await other.api.get(`/v1/conversations?limit=1&${query}`)).body.workspaces[0].conversationsCount as number;
      const states = { ai: await listed('state=ai'), waiting: await listed('state=waiting'), human: await listed('state=human') };
      const open = await listed('status=initiated,active');
      expect(open).toBeGreaterThan(0);
      expect(counts.body.workspaces).toEqual([
        {
          id: other.id,
          name: expect.any(String),
          counts: {
            states: { ...states, closed: await listed('state=closed') },
            views: { mine: null, unassigned: await listed('assignee=none&status=initiated,active'), all: open },
            unread: null,
          },
        },
      ]);
      const read = await other.api.post(`/v1/conversations/${ids[0]}/read`, {});
      expectError(read, 400);
      expect(read.body.details).toEqual([expect.objectContaining({ path: ['credential'] })]);
    });

    it("answers 404 for another workspace's conversation and client", async () => {
      expectError(await ws.api.get(`/v1/conversations/${ids[0]}`), 404);
      expectError(await ws.api.patch(`/v1/conversations/${ids[0]}`, { status: 'finished' }), 404);
      const target = await detail(other, ids[0]!);
      expectError(await ws.api.get(`/v1/clients/${target.clientId}`), 404);
      expectError(await ws.api.get(`/v1/clients/${target.phoneNumber}`), 404);
      expectError(await ws.api.patch(`/v1/clients/${target.clientId}`, { status: 'blocked' }), 404);
      const list = await ws.api.get(`/v1/conversations?clientId=${target.clientId}`);
      expect(list.body.workspaces[0].conversations).toEqual([]);
    });
  });

  it('takes up a delivery that was stored but never processed (the process died after answering Meta)', async () => {
    const phone = newPhone();
    const payload = whatsappInbound({
      phoneNumberId: ws.wa.phoneNumberId,
      displayPhone: ws.wa.phoneNumber,
      from: phone,
      text: 'tras la caída',
    });
    await db.query(
      `insert into messaging.inbound_event (id, channel_ids, payload, received_at, processed_at, attempts, last_error)
       values ($1, $2, $3, now() - interval '1 minute', null, 0, null)`,
      [`inb_orphan${randomBytes(6).toString('hex')}`, JSON.stringify([ws.wa.id]), JSON.stringify(payload)],
    );
    const conversation = await eventually('the orphaned delivery processed by the sweep', () => conversationWith(ws, phone), 30_000);
    expect((await detail(ws, conversation.id)).messages.map((m: any) => m.content)).toEqual(['tras la caída']);
  });

  it('answers 503 while messaging is down, so that Meta redelivers, and stores the redelivery', async () => {
    const phone = newPhone();
    const payload = whatsappInbound({ phoneNumberId: ws.wa.phoneNumberId, displayPhone: ws.wa.phoneNumber, from: phone, text: 'otra vez' });
    await t.stack.stopService('messaging');
    try {
      expectError(await deliverMetaWebhook(t.baseUrl, payload, ws.wa.appSecret), 503);
    } finally {
      await t.stack.startService('messaging');
    }
    expect((await deliverMetaWebhook(t.baseUrl, payload, ws.wa.appSecret)).status).toBe(200);
    const conversation = await conversationWith(ws, phone);
    expect((await detail(ws, conversation.id)).messages.map((m: any) => m.content)).toEqual(['otra vez']);
  });
});
