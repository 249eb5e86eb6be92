import { Client } from 'pg';
import {
  eventually,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  withAgents,
  type GraphRequest,
  type HttpClient,
  type MessagingSeedDocument,
  type TestStack,
} from '@platica/testing';

const FILE = 'https://cdn.example.test/promo.png';
/** Messages per second of every channel in this stack (CAMPAIGN_SEND_RATE). */
const RATE = 20;

/** A valid send `template` of the seeded `welcome` template (two body variables, an image header, one URL button). */
const template = (extra: Record<string, unknown> = {}) => ({
  params: ['Cliente', 'B-2'],
  type: 'image',
  file: FILE,
  buttons: [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }] }],
  ...extra,
});

const bodyParams = (r: GraphRequest) =>
  ((r.body?.template?.components ?? []) as any[]).find((c) => c.type === 'body')?.parameters?.map((p: any) => p.text);

/**
 * Campaigns through the gateway against the real stack and a fake Graph API (spec ›
 * Campaigns: GET / PATCH, send rules 1-4 and its errors; ARCHITECTURE.md › Campaign audiences).
 */
describe('campaigns (e2e)', () => {
  let t: TestStack;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let api: HttpClient;
  const phones = { luis: newPhone(), marta: newPhone(), nora: newPhone() };
  let blocked: string;

  const campaign = (ref: string): string => ws.ids.campaigns[ref].id;
  const send = (ref: string, body: unknown) => api.post(`/v1/campaigns/${campaign(ref)}/send`, body);
  const read = async (ref: string) => (await api.get(`/v1/campaigns/${campaign(ref)}`)).body.workspaces[0].campaigns[0];
  const sendsTo = (phone: string, since = 0) =>
    fake.sends(ws.whatsapp.phoneNumberId).filter((r) => r.body?.to === phone && r.body?.type === 'template' && r.time >= since);
  const run = async (ref: string, runId: string) => (await read(ref)).runs.find((r: any) => r.runId === runId);
  const runDone = (ref: string, runId: string) =>
    eventually(
      `run ${runId} completed`,
      async () => {
        const r = await run(ref, runId);
        return r?.status === 'completed' ? r : undefined;
      },
      60_000,
      250,
    );
  const audienceOf = (ref: string): { audience: { phoneNumber: string }[] } =>
    (ws.doc as unknown as { campaigns: { ref: string; audience: { phoneNumber: string }[] }[] }).campaigns.find((c) => c.ref === ref)!;
  const conversationOf = async (phone: string) => {
    const list = await api.get(`/v1/conversations?channelId=${ws.whatsapp.id}&limit=200`);
    return list.body.workspaces[0].conversations.find((c: any) => c.conversationId === phone);
  };

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    // A stack of its own: it measures pacing at its own CAMPAIGN_SEND_RATE (the shared stacks send unthrottled).
    t = await startTestStack({ META_GRAPH_BASE_URL: fake.url, CAMPAIGN_SEND_RATE: String(RATE) });
    ws = await MessagingWorkspace.seed(t, (doc: MessagingSeedDocument) => {
      withAgents(doc);
      blocked = doc.clients[0]!.phoneNumber;
      const owners = [doc.users[0]!.email];
      const base = { category: 'marketing', platform: 'whatsapp', templateRef: 'welcome', owners };
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'promo',
            title: 'Promo',
            ...base,
            audience: [
              { phoneNumber: phones.luis, name: 'Luis', params: ['Luis', 'A-1'] },
              { phoneNumber: phones.marta, name: 'Marta' },
              { phoneNumber: blocked, name: 'Spam Bot' },
              { phoneNumber: phones.luis, name: 'Luis otra vez' },
            ],
          },
          { ref: 'blockedOnly', title: 'Solo bloqueados', ...base, audience: [{ phoneNumber: blocked }] },
          {
            ref: 'bare',
            title: 'Sin plantilla',
            category: 'utility',
            platform: 'whatsapp',
            owners,
            audience: [{ phoneNumber: phones.nora }],
          },
          { ref: 'agents', title: 'Agentes', ...base, audience: [] },
          { ref: 'failing', title: 'Fallos', ...base, audience: [] },
          { ref: 'dated', title: 'Programada', ...base, audience: [{ phoneNumber: newPhone() }, { phoneNumber: newPhone() }] },
          { ref: 'paced', title: 'Ritmo', ...base, audience: Array.from({ length: 60 }, () => ({ phoneNumber: newPhone() })) },
        ],
      });
    });
    api = ws.api;
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });

  describe('GET /v1/campaigns/{campaignId}', () => {
    it('answers the grouped payload with every field of the campaign and its runs', async () => {
      const res = await api.get(`/v1/campaigns/${campaign('promo')}`);
      expect(res.status).toBe(200);
      expect(res.body.workspaces).toHaveLength(1);
      const group = res.body.workspaces[0];
      expect(group).toMatchObject({ id: ws.id, campaignsCount: 1 });
      expect(typeof group.name).toBe('string');
      expect(group.campaigns[0]).toMatchObject({
        id: campaign('promo'),
        title: 'Promo',
        category: 'marketing',
        platform: 'whatsapp',
        templateName: 'welcome',
        templateLanguage: 'es_MX',
        owners: [ws.doc.users[0]!.email],
        message: 'Hola {{1}}, tu pedido {{2}} está listo',
        template: null,
        language: null,
        wabaId: null,
        runs: [],
      });
      expect(Date.parse(group.campaigns[0].creationDate)).not.toBeNaN();
      expect(Date.parse(group.campaigns[0].lastUpdate)).not.toBeNaN();
    });

    it('answers 404 for a campaign that is not the workspace’s', async () => {
      expect((await api.get('/v1/campaigns/cmp_nope')).status).toBe(404);
    });
  });

  describe('PATCH /v1/campaigns/{campaignId}', () => {
    it('updates every field and answers data {id, title, category, platform, templateName, owners, lastUpdate}', async () => {
      const before = await read('bare');
      const change = {
        title: 'Recordatorio',
        category: 'marketing',
        platform: 'whatsapp',
        templateName: 'welcome',
        message: 'Hola',
        template: { name: 'welcome', components: [] },
        language: 'es',
        templateLanguage: 'es_MX',
        wabaId: '123456',
        owners: [ws.doc.users[0]!.email.toUpperCase()],
      };
      const res = await api.patch(`/v1/campaigns/${campaign('bare')}`, change);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', data: { id: campaign('bare'), title: 'Recordatorio', category: 'marketing' } });
      expect(res.body.data.owners).toEqual([ws.doc.users[0]!.email]);
      expect(Date.parse(res.body.data.lastUpdate)).toBeGreaterThanOrEqual(Date.parse(before.lastUpdate));
      const after = await read('bare');
      expect(after).toMatchObject({ ...change, owners: [ws.doc.users[0]!.email] });
      // Back to no template (rule 4 below needs it).
      expect((await api.patch(`/v1/campaigns/${campaign('bare')}`, { templateName: null, title: 'Sin plantilla' })).status).toBe(200);
      expect((await read('bare')).templateName).toBeNull();
    });

    it('refuses an unknown template, an owner who is not a workspace user, a bad category, an empty body (400)', async () => {
      const path = `/v1/campaigns/${campaign('bare')}`;
      const unknownTemplate = await api.patch(path, { templateName: 'no_such_template' });
      expect(unknownTemplate.status).toBe(400);
      expect(JSON.stringify(unknownTemplate.body.details)).toContain('templateName');
      const stranger = await api.patch(path, { owners: ['stranger@example.test'] });
      expect(stranger.status).toBe(400);
      expect(JSON.stringify(stranger.body.details)).toContain('owners');
      expect((await api.patch(path, { category: 'newsletter' })).status).toBe(400);
      expect((await api.patch(path, { colour: 'red' })).status).toBe(400);
      expect((await api.patch(path, {})).status).toBe(400);
    });

    it('answers 409 for a title another campaign has, 404 for an unknown campaign', async () => {
      expect((await api.patch(`/v1/campaigns/${campaign('bare')}`, { title: 'Promo' })).status).toBe(409);
      expect((await api.patch('/v1/campaigns/cmp_nope', { title: 'x' })).status).toBe(404);
    });
  });

  describe('POST /v1/campaigns/{campaignId}/send: validation', () => {
    const expect400 = async (body: unknown, mentions: string, ref = 'promo') => {
      const res = await send(ref, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(mentions);
    };

    it('channelId and template are required', async () => {
      await expect400({ template: template() }, 'channelId');
      await expect400({ channelId: ws.whatsapp.id }, 'template');
    });
    it('params must count exactly the template’s variables', async () => {
      await expect400({ channelId: ws.whatsapp.id, template: template({ params: ['Solo uno'] }) }, 'params');
      await expect400({ channelId: ws.whatsapp.id, template: template({ params: ['a', 'b', 'c'] }) }, 'params');
    });
    it('a media header needs file; file must be an http(s) URL; type must match the header', async () => {
      const { file: _file, ...withoutFile } = template();
      await expect400({ channelId: ws.whatsapp.id, template: withoutFile }, 'file');
      await expect400({ channelId: ws.whatsapp.id, template: template({ file: 'ftp://x/y.png' }) }, 'file');
      await expect400({ channelId: ws.whatsapp.id, template: template({ type: 'video' }) }, 'type');
    });
    it('buttons: an index the template does not have, a sub_type that differs, no parameters', async () => {
      const button = (extra: object) => [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }], ...extra }];
      await expect400({ channelId: ws.whatsapp.id, template: template({ buttons: button({ index: 1 }) }) }, 'buttons');
      await expect400({ channelId: ws.whatsapp.id, template: template({ buttons: button({ sub_type: 'quick_reply' }) }) }, 'sub_type');
      await expect400({ channelId: ws.whatsapp.id, template: template({ buttons: button({ parameters: [] }) }) }, 'parameters');
    });
    it('scheduledDates must all be in the future', async () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      const future = new Date(Date.now() + 3_600_000).toISOString();
      await expect400({ channelId: ws.whatsapp.id, template: template({ scheduledDates: [future, past] }) }, 'scheduledDates');
      await expect400({ channelId: ws.whatsapp.id, template: template({ scheduledDates: ['mañana'] }) }, 'scheduledDates');
    });
    it('rule 4: no template named and none configured on the campaign (400); a named template that does not exist (400)', async () => {
      await expect400({ channelId: ws.whatsapp.id, template: { params: ['Nora', 'C-3'] } }, 'template', 'bare');
      await expect400({ channelId: ws.whatsapp.id, template: template({ name: 'no_such_template' }) }, 'no_such_template');
    });
    it('responderAgentId must be an agent of the workspace (400)', async () => {
      await expect400({ channelId: ws.whatsapp.id, responderAgentId: 'agt_nope', template: template() }, 'responderAgentId');
    });
    it('an unknown campaign or channel is 404', async () => {
      expect((await api.post('/v1/campaigns/cmp_nope/send', { channelId: ws.whatsapp.id, template: template() })).status).toBe(404);
      expect((await send('promo', { channelId: 'wb-nope', template: template() })).status).toBe(404);
    });
    it('rule 3: an audience entirely blocked is 409, even with sendToUndeliverable', async () => {
      const res = await send('blockedOnly', { channelId: ws.whatsapp.id, template: template({ sendToUndeliverable: true }) });
      expect(res.status).toBe(409);
      expect(res.body.details).toMatchObject({ blocked: 1 });
    });
  });

  describe('POST /v1/campaigns/{campaignId}/send: runs', () => {
    it('queues a run: one template message per recipient not blocked (once per phone), with their params; progress in runs[]', async () => {
      const since = Date.now();
      // The legacy form of the channel (its phone number) is normalised to the channel.
      const res = await send('promo', { channelId: `+${ws.whatsapp.phoneNumber}`, template: template() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', data: { status: 'queued', recipients: 2, excluded: 1 } });
      expect(res.body.data.exclusions).toEqual({ blocked: 1, problematic: 0, undeliverable: 0 });
      const { runId } = res.body.data;

      const done = await runDone('promo', runId);
      expect(done).toMatchObject({ recipients: 2, sent: 2, failed: 0, unknown: 0, pending: 0, excluded: 1, channelId: ws.whatsapp.id });
      for (const [phone, params] of [
        [phones.luis, ['Luis', 'A-1']],
        [phones.marta, ['Cliente', 'B-2']],
      ] as const) {
        const [record, ...more] = sendsTo(phone, since);
        expect(more).toHaveLength(0);
        expect(record!.body.template.name).toBe('welcome');
        expect(record!.body.template.language.code).toBe('es_MX');
        expect(bodyParams(record!)).toEqual(params);
        expect(record!.body.template.components.find((c: any) => c.type === 'header').parameters[0].image.link).toBe(FILE);
      }
      expect(sendsTo(blocked, since)).toHaveLength(0);

      // Each send is an outgoing message of its conversation, attributed to the campaign.
      const conversation = await conversationOf(phones.marta);
      expect(conversation).toMatchObject({ status: 'initiated' });
      const messages = await ws.messagesOf(conversation.id);
      expect(messages).toEqual([
        expect.objectContaining({
          direction: 'outgoing',
          contentType: 'template',
          status: 'received',
          content: 'Hola Cliente, tu pedido B-2 está listo',
        }),
      ]);
      const db = new Client({ connectionString: t.isolation.databaseUrl });
      await db.connect();
      try {
        const stored = await db.query(`select campaign_id, actor_type from messaging.message where id = $1`, [messages[0].id]);
        expect(stored.rows[0]).toEqual({ campaign_id: campaign('promo'), actor_type: 'campaign' });
      } finally {
        await db.end();
      }
    });

    it('rule 1: a canonical channel without responderAgentId leaves new conversations unassigned; a legacy phone keeps the channel’s agent; responderAgentId assigns', async () => {
      const sofia = ws.ids.agents.sofia.id;
      const billing = ws.ids.agents.billing.id;
      const [canonical, legacy, responder] = [newPhone(), newPhone(), newPhone()];
      const audience = async (phone: string) => {
        // The audience is set where the campaign is created: the seed updates it by title.
        const doc = {
          ...ws.doc,
          campaigns: [
            {
              ref: 'agents',
              title: 'Agentes',
              category: 'marketing',
              platform: 'whatsapp',
              templateRef: 'welcome',
              owners: [ws.doc.users[0]!.email],
              audience: [{ phoneNumber: phone }],
            },
          ],
        };
        expect((await t.admin.post('/admin/v1/seed', doc)).status).toBe(200);
      };
      await audience(canonical);
      let res = await send('agents', { channelId: ws.whatsapp.id, template: template() });
      await runDone('agents', res.body.data.runId);
      expect(await conversationOf(canonical)).toMatchObject({ status: 'initiated', agentId: null });

      await audience(legacy);
      res = await send('agents', { channelId: ws.whatsapp.phoneNumber, template: template() });
      await runDone('agents', res.body.data.runId);
      expect(await conversationOf(legacy)).toMatchObject({ status: 'initiated', agentId: sofia });

      await audience(responder);
      res = await send('agents', { channelId: ws.whatsapp.id, responderAgentId: billing, template: template() });
      await runDone('agents', res.body.data.runId);
      expect(await conversationOf(responder)).toMatchObject({ status: 'initiated', agentId: billing });

      // Rule 2: a reused active conversation keeps its agent, whatever the responder.
      const { phone: writer, conversation } = await ws.customerWrites(newPhone());
      expect(conversation.agentId).toBe(sofia);
      await audience(writer);
      res = await send('agents', { channelId: ws.whatsapp.id, responderAgentId: billing, template: template() });
      await runDone('agents', res.body.data.runId);
      const reused = await conversationOf(writer);
      expect(reused.id).toBe(conversation.id);
      expect(reused.agentId).toBe(sofia);
    });

    it('recipients Graph refused are problematic (excluded unless sendToProblematic), after 3 undeliverable (unless sendToUndeliverable); blocked never', async () => {
      const [bad, good] = [newPhone(), newPhone()];
      const doc = {
        ...ws.doc,
        campaigns: [
          {
            ref: 'failing',
            title: 'Fallos',
            category: 'marketing',
            platform: 'whatsapp',
            templateRef: 'welcome',
            owners: [ws.doc.users[0]!.email],
            audience: [{ phoneNumber: bad }, { phoneNumber: good }, { phoneNumber: blocked }],
          },
        ],
      };
      expect((await t.admin.post('/admin/v1/seed', doc)).status).toBe(200);
      const failOnce = () => fake.failNextSends(1, { match: (r) => r.body?.to === bad });

      failOnce();
      let res = await send('failing', { channelId: ws.whatsapp.id, template: template() });
      expect(res.body.data).toMatchObject({ recipients: 2, excluded: 1 });
      expect(await runDone('failing', res.body.data.runId)).toMatchObject({ sent: 1, failed: 1, pending: 0 });

      res = await send('failing', { channelId: ws.whatsapp.id, template: template() });
      expect(res.body.data).toMatchObject({ recipients: 1, excluded: 2, exclusions: { blocked: 1, problematic: 1, undeliverable: 0 } });
      await runDone('failing', res.body.data.runId);

      for (let i = 0; i < 2; i++) {
        failOnce();
        res = await send('failing', { channelId: ws.whatsapp.id, template: template({ sendToProblematic: true }) });
        expect(res.body.data).toMatchObject({ recipients: 2, excluded: 1 });
        expect(await runDone('failing', res.body.data.runId)).toMatchObject({ sent: 1, failed: 1 });
      }
      res = await send('failing', { channelId: ws.whatsapp.id, template: template({ sendToProblematic: true }) });
      expect(res.body.data).toMatchObject({ recipients: 1, exclusions: { blocked: 1, problematic: 0, undeliverable: 1 } });
      await runDone('failing', res.body.data.runId);

      const since = Date.now();
      res = await send('failing', { channelId: ws.whatsapp.id, template: template({ sendToUndeliverable: true }) });
      expect(res.body.data).toMatchObject({ recipients: 2, excluded: 1, exclusions: { blocked: 1 } });
      expect(await runDone('failing', res.body.data.runId)).toMatchObject({ sent: 2 });
      expect(sendsTo(bad, since)).toHaveLength(1);
      expect(sendsTo(blocked)).toHaveLength(0);
    });

    it('scheduledDates start one run at each date; until then its messages are scheduled messages (kind template) of the campaign', async () => {
      const dates = [new Date(Date.now() + 10_000).toISOString(), new Date(Date.now() + 14_000).toISOString()];
      const res = await send('dated', { channelId: ws.whatsapp.id, template: template({ scheduledDates: dates }) });
      expect(res.status).toBe(200);
      expect(res.body.data.runIds).toHaveLength(2);
      expect(res.body.data.scheduledDates).toEqual(dates);
      const [first, second] = res.body.data.runIds;
      expect((await run('dated', first)).status).toBe('scheduled');

      const scheduled = await eventually(
        'the runs’ messages listed as scheduled',
        async () => {
          const list = await api.get(`/v1/messages/scheduled?campaignId=${campaign('dated')}&limit=50`);
          return list.body.count === 4 ? list.body.messages : undefined;
        },
        20_000,
        250,
      );
      for (const message of scheduled) {
        expect(message).toMatchObject({
          kind: 'template',
          status: 'scheduled',
          campaignId: campaign('dated'),
          templateName: 'welcome',
          reschedulable: false,
        });
        expect(dates).toContain(message.executeAt);
      }
      const audience = audienceOf('dated').audience.map((a: any) => a.phoneNumber);
      expect(audience.flatMap((phone: string) => sendsTo(phone))).toHaveLength(0);

      const firstDone = await runDone('dated', first);
      expect(firstDone.sent).toBe(2);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(dates[0]!));
      await runDone('dated', second);
      for (const phone of audience) {
        const got = sendsTo(phone);
        expect(got).toHaveLength(2);
        expect(got[0]!.time).toBeGreaterThanOrEqual(Date.parse(dates[0]!));
        expect(got[1]!.time).toBeGreaterThanOrEqual(Date.parse(dates[1]!));
      }
      const sent = await api.get(`/v1/messages/scheduled?campaignId=${campaign('dated')}&status=sent&limit=50`);
      expect(sent.body.count).toBe(4);
    }, 90_000);

    it('a run is throttled to the channel’s rate', async () => {
      const res = await send('paced', { channelId: ws.whatsapp.id, template: template() });
      await runDone('paced', res.body.data.runId);
      const audience = new Set(audienceOf('paced').audience.map((a: any) => a.phoneNumber));
      const times = fake
        .sends(ws.whatsapp.phoneNumberId)
        .filter((r) => audience.has(r.body?.to))
        .map((r) => r.time)
        .sort();
      expect(times).toHaveLength(60);
      const seconds = (times[times.length - 1]! - times[0]!) / 1000;
      // 60 messages at 20/s: about 3 s (the first batch goes at once).
      expect(seconds).toBeGreaterThanOrEqual(2.2);
    }, 90_000);
  });
});
