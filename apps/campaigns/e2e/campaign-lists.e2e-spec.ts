import {
  eventually,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  reencodedPageToken,
  useSharedStack,
  type HttpClient,
  type MessagingSeedDocument,
  type StackApi,
} from '@platica/testing';

/** A valid send `template` of the seeded `welcome` template (two body variables, an image header, one URL button). */
const template = {
  params: ['Cliente', 'B-2'],
  type: 'image',
  file: 'https://cdn.example.test/promo.png',
  buttons: [{ index: 0, sub_type: 'url', parameters: [{ type: 'text', text: 'B-2' }] }],
};

type Item = { id: string; title: string; creationDate: string; lastRun: Record<string, unknown> | null };
type Recipient = {
  position: number;
  phoneNumber: string;
  name: string | null;
  status: string;
  reason: string | null;
  error: string | null;
  messageId: string | null;
  sentAt: string | null;
  updatedAt: string;
};

/**
 * The additions `GET /v1/campaigns` and `GET /v1/campaigns/{id}/runs/{runId}/recipients`
 * (docs/campaigns.md › Lists) through the gateway, on runs whose recipients end differently:
 * sent, refused by Meta (failed), blocked and, on the next send, problematic (excluded).
 */
describe('campaign lists (e2e)', () => {
  let t: StackApi;
  let fake: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let other: MessagingWorkspace;
  let api: HttpClient;
  const phones = { good: newPhone(), bad: newPhone() };
  let blocked: string;
  const runs: { first: string; second: string } = { first: '', second: '' };

  const campaign = (ref: string): string => ws.ids.campaigns[ref].id;
  const recipientsUrl = (runId: string, query = '') => `/v1/campaigns/${campaign('alpha')}/runs/${runId}/recipients${query}`;
  const runOf = async (runId: string) =>
    (await api.get(`/v1/campaigns/${campaign('alpha')}`)).body.workspaces[0].campaigns[0].runs.find(
      (r: { runId: string }) => r.runId === runId,
    );
  const runDone = (runId: string) =>
    eventually(
      `run ${runId} completed`,
      async () => {
        const run = await runOf(runId);
        return run?.status === 'completed' ? run : undefined;
      },
      60_000,
      250,
    );
  /** Every page of a listing, following nextPageToken. */
  const allPages = async (url: string, key: string, client = api) => {
    const items: unknown[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await client.get(`${url}${url.includes('?') ? '&' : '?'}${token ? `pageToken=${encodeURIComponent(token)}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(res.body[key].length);
      items.push(...res.body[key]);
      token = res.body.nextPageToken;
      pages++;
    } while (token && pages < 50);
    return { items, pages };
  };
  const expect400 = (res: { status: number; body: any }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.arrayContaining([field]) })]));
  };

  beforeAll(async () => {
    fake = await FakeMetaGraph.start();
    t = await useSharedStack({ graph: fake });
    ws = await MessagingWorkspace.seed(t, (doc: MessagingSeedDocument) => {
      blocked = doc.clients[0]!.phoneNumber;
      const base = { category: 'marketing', platform: 'whatsapp', templateRef: 'welcome', owners: [doc.users[0]!.email] };
      Object.assign(doc, {
        campaigns: [
          {
            ref: 'alpha',
            title: 'Alpha 50% off',
            ...base,
            audience: [
              { phoneNumber: phones.good, name: 'Gina' },
              { phoneNumber: phones.bad, name: 'Beto' },
              { phoneNumber: blocked, name: 'Spam Bot' },
            ],
          },
          ...['Beta', 'Gamma', 'Delta', 'Épsilon'].map((title) => ({ ref: title, title, ...base, category: 'utility', audience: [] })),
        ],
      });
    });
    other = await MessagingWorkspace.seed(t, (doc: MessagingSeedDocument) => {
      const owners = [doc.users[0]!.email];
      Object.assign(doc, {
        campaigns: [
          { ref: 'theirs', title: 'Alpha of another workspace', category: 'marketing', platform: 'whatsapp', owners, audience: [] },
        ],
      });
    });
    api = ws.api;

    // The first run: Meta refuses `bad`, `blocked` is excluded; the second: `bad` is now problematic.
    fake.failNextSends(1, { match: (r) => r.body?.to === phones.bad });
    let res = await api.post(`/v1/campaigns/${campaign('alpha')}/send`, { channelId: ws.whatsapp.id, template });
    expect(res.status).toBe(200);
    runs.first = res.body.data.runId;
    await runDone(runs.first);
    res = await api.post(`/v1/campaigns/${campaign('alpha')}/send`, { channelId: ws.whatsapp.id, template });
    expect(res.status).toBe(200);
    runs.second = res.body.data.runId;
    await runDone(runs.second);
  }, 300_000);
  afterAll(async () => {
    await t?.stop();
    await fake?.stop();
  });

  describe('GET /v1/campaigns', () => {
    it("lists the workspace's campaigns newest first with the Campaign's fields and the latest run", async () => {
      const res = await api.get('/v1/campaigns');
      expect(res.status).toBe(200);
      const items = res.body.campaigns as Item[];
      expect(res.body.count).toBe(5);
      expect(res.body.nextPageToken).toBeUndefined();
      expect(items.map((c) => c.id).sort()).toEqual(['alpha', 'Beta', 'Gamma', 'Delta', 'Épsilon'].map(campaign).sort());
      const newestFirst = [...items].sort(
        (a, b) => b.creationDate.localeCompare(a.creationDate) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0),
      );
      expect(items.map((c) => c.id)).toEqual(newestFirst.map((c) => c.id));

      const alpha = items.find((c) => c.id === campaign('alpha'))!;
      expect(alpha).toMatchObject({
        title: 'Alpha 50% off',
        category: 'marketing',
        platform: 'whatsapp',
        templateName: 'welcome',
        templateLanguage: 'es_MX',
        owners: [ws.doc.users[0]!.email],
      });
      expect(alpha).not.toHaveProperty('runs');
      // The latest run, with the same figures as the campaign's own page.
      expect(alpha.lastRun).toEqual(await runOf(runs.second));
      expect(alpha.lastRun).toMatchObject({ runId: runs.second, status: 'completed', recipients: 1, sent: 1, excluded: 2, pending: 0 });
      expect(items.find((c) => c.id === campaign('Beta'))!.lastRun).toBeNull();
    });

    it('pages by token without repeating or losing a campaign', async () => {
      const whole = ((await api.get('/v1/campaigns')).body.campaigns as Item[]).map((c) => c.id);
      const first = await api.get('/v1/campaigns?limit=2');
      expect(first.body.count).toBe(2);
      expect(typeof first.body.nextPageToken).toBe('string');
      const { items, pages } = await allPages('/v1/campaigns?limit=2', 'campaigns');
      expect(pages).toBe(3);
      expect((items as Item[]).map((c) => c.id)).toEqual(whole);
    });

    it('filters by a piece of the title, any case; LIKE wildcards are literal', async () => {
      const titles = async (q: string) =>
        ((await api.get(`/v1/campaigns?q=${encodeURIComponent(q)}`)).body.campaigns as Item[]).map((c) => c.title).sort();
      expect(await titles('alpha')).toEqual(['Alpha 50% off']);
      expect(await titles('ELTA')).toEqual(['Delta']);
      expect(await titles('50%')).toEqual(['Alpha 50% off']);
      expect(await titles('%')).toEqual(['Alpha 50% off']);
      expect(await titles('_')).toEqual([]);
      expect(await titles('a')).toEqual(['Alpha 50% off', 'Beta', 'Delta', 'Gamma']);
    });

    it('shows each workspace only its own campaigns', async () => {
      const theirs = await other.api.get('/v1/campaigns');
      expect(theirs.status).toBe(200);
      expect((theirs.body.campaigns as Item[]).map((c) => c.title)).toEqual(['Alpha of another workspace']);
      const ours = ((await api.get('/v1/campaigns?q=another')).body.campaigns as Item[]).length;
      expect(ours).toBe(0);
    });

    it('answers 400 naming the field for a bad limit, an empty q or a token that is not this listing’s', async () => {
      expect400(await api.get('/v1/campaigns?limit=0'), 'limit');
      expect400(await api.get('/v1/campaigns?limit=201'), 'limit');
      expect400(await api.get('/v1/campaigns?limit=many'), 'limit');
      expect400(await api.get(`/v1/campaigns?q=${'x'.repeat(201)}`), 'q');
      expect400(await api.get('/v1/campaigns?pageToken=garbage'), 'pageToken');
      expect400(await api.get('/v1/campaigns?titel=promo'), 'titel');
      const token = (await api.get('/v1/campaigns?limit=1')).body.nextPageToken as string;
      // Another filter, a forged position, another workspace: refused.
      expect400(await api.get(`/v1/campaigns?limit=1&q=a&pageToken=${encodeURIComponent(token)}`), 'pageToken');
      expect400(
        await api.get(`/v1/campaigns?limit=1&pageToken=${encodeURIComponent(reencodedPageToken(token, (p) => ({ ...p, i: 'cmp_zzz' })))}`),
        'pageToken',
      );
      expect400(await other.api.get(`/v1/campaigns?limit=1&pageToken=${encodeURIComponent(token)}`), 'pageToken');
    });
  });

  describe('GET /v1/campaigns/{campaignId}/runs/{runId}/recipients', () => {
    it("gives each recipient's outcome in audience order: sent, failed with Meta's error, excluded as blocked", async () => {
      const res = await api.get(recipientsUrl(runs.first));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ campaignId: campaign('alpha'), runId: runs.first, count: 3 });
      const [good, bad, spam] = res.body.recipients as Recipient[];
      expect(good).toMatchObject({ position: 0, phoneNumber: phones.good, name: 'Gina', status: 'sent', reason: null, error: null });
      expect(good!.messageId).toMatch(/^msg_/);
      expect(Date.parse(good!.sentAt!)).not.toBeNaN();
      expect(bad).toMatchObject({ position: 1, phoneNumber: phones.bad, name: 'Beto', status: 'failed', reason: null, sentAt: null });
      expect(bad!.error).toContain('131026');
      expect(bad!.messageId).toMatch(/^msg_/);
      expect(spam).toMatchObject({
        position: 2,
        phoneNumber: blocked,
        status: 'excluded',
        reason: 'blocked',
        error: null,
        messageId: null,
        sentAt: null,
      });
      // The counts of the run leave the excluded rows out of `pending`.
      expect(await runOf(runs.first)).toMatchObject({ recipients: 2, sent: 1, failed: 1, pending: 0, unknown: 0, excluded: 1 });
      // What Meta received: one template to `good`, the one refused to `bad`, nothing to `blocked`.
      expect(fake.sends(ws.whatsapp.phoneNumberId).filter((r) => r.body?.to === blocked && r.body?.type === 'template')).toEqual([]);
    });

    it('says a recipient marked by an earlier failure was excluded as problematic on the next run', async () => {
      const res = await api.get(recipientsUrl(runs.second));
      expect((res.body.recipients as Recipient[]).map((r) => [r.phoneNumber, r.status, r.reason])).toEqual([
        [phones.good, 'sent', null],
        [phones.bad, 'excluded', 'problematic'],
        [blocked, 'excluded', 'blocked'],
      ]);
    });

    it('filters by status (one or more) and pages by token', async () => {
      const statuses = async (query: string) =>
        ((await api.get(recipientsUrl(runs.first, query))).body.recipients as Recipient[]).map((r) => r.status);
      expect(await statuses('?status=failed')).toEqual(['failed']);
      expect(await statuses('?status=sent,excluded')).toEqual(['sent', 'excluded']);
      expect(await statuses('?status=pending')).toEqual([]);
      expect(await statuses('?status=unknown')).toEqual([]);
      const { items, pages } = await allPages(recipientsUrl(runs.second, '?limit=1&status=excluded'), 'recipients');
      expect(pages).toBe(2);
      expect((items as Recipient[]).map((r) => r.reason)).toEqual(['problematic', 'blocked']);
    });

    it('answers 400 naming the field for an unknown status, a bad limit or a foreign token', async () => {
      expect400(await api.get(recipientsUrl(runs.first, '?status=delivered')), 'status');
      expect400(await api.get(recipientsUrl(runs.first, '?limit=-1')), 'limit');
      expect400(await api.get(recipientsUrl(runs.first, '?stat=sent')), 'stat');
      const token = (await api.get(recipientsUrl(runs.first, '?limit=1'))).body.nextPageToken as string;
      expect(typeof token).toBe('string');
      expect400(await api.get(recipientsUrl(runs.second, `?limit=1&pageToken=${encodeURIComponent(token)}`)), 'pageToken');
      expect400(await api.get(recipientsUrl(runs.first, `?limit=1&status=sent&pageToken=${encodeURIComponent(token)}`)), 'pageToken');
      const listToken = (await api.get('/v1/campaigns?limit=1')).body.nextPageToken as string;
      expect400(await api.get(recipientsUrl(runs.first, `?limit=1&pageToken=${encodeURIComponent(listToken)}`)), 'pageToken');
    });

    it('are the MCP tools campaigns_list and campaigns_run_recipients_list, with the same answers', async () => {
      const call = async (name: string, args: Record<string, unknown>) => {
        const res = await api.post(
          '/mcp',
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
          { accept: 'application/json, text/event-stream' },
        );
        expect(res.status).toBe(200);
        const result = res.body.result as { isError?: boolean; content: { text: string }[] };
        return { isError: result.isError ?? false, body: JSON.parse(result.content[0]!.text) };
      };
      const listed = await call('campaigns_list', { q: 'alpha' });
      expect(listed).toMatchObject({ isError: false, body: { count: 1, campaigns: [{ id: campaign('alpha') }] } });
      const failed = await call('campaigns_run_recipients_list', { campaignId: campaign('alpha'), runId: runs.first, status: 'failed' });
      expect(failed.body).toEqual((await api.get(recipientsUrl(runs.first, '?status=failed'))).body);
      expect(failed.body.recipients.map((r: Recipient) => r.phoneNumber)).toEqual([phones.bad]);
      const refused = await call('campaigns_run_recipients_list', { campaignId: campaign('alpha'), runId: runs.first, status: 'lost' });
      expect(refused).toMatchObject({ isError: true, body: { code: 400, details: [{ path: ['status'] }] } });
    });

    it("answers 404 for an unknown run, another campaign's run and another workspace's campaign", async () => {
      expect((await api.get(recipientsUrl('run_nope'))).status).toBe(404);
      expect((await api.get(`/v1/campaigns/cmp_nope/runs/${runs.first}/recipients`)).status).toBe(404);
      expect((await api.get(`/v1/campaigns/${campaign('Beta')}/runs/${runs.first}/recipients`)).status).toBe(404);
      const foreign = await other.api.get(recipientsUrl(runs.first));
      expect(foreign.status).toBe(404);
      expect(JSON.stringify(foreign.body)).not.toContain(phones.good);
    });
  });
  describe('a dated run', () => {
    it('schedules only the recipients to send; the excluded are listed, never scheduled', async () => {
      const phone = newPhone();
      const doc = {
        ...ws.doc,
        campaigns: [
          {
            ref: 'dated',
            title: 'Zeta programada',
            category: 'marketing',
            platform: 'whatsapp',
            templateRef: 'welcome',
            owners: [ws.doc.users[0]!.email],
            audience: [{ phoneNumber: phone }, { phoneNumber: blocked }],
          },
        ],
      };
      const seeded = await t.admin.post('/admin/v1/seed', doc);
      expect(seeded.status).toBe(200);
      const campaignId = seeded.body.campaigns.dated.id as string;
      const at = new Date(Date.now() + 3_600_000).toISOString();
      const res = await api.post(`/v1/campaigns/${campaignId}/send`, {
        channelId: ws.whatsapp.id,
        template: { ...template, scheduledDates: [at] },
      });
      expect(res.status).toBe(200);
      const runId = res.body.data.runId as string;
      const scheduled = await eventually(
        'the run’s messages scheduled',
        async () => {
          const list = await api.get(`/v1/messages/scheduled?campaignId=${campaignId}&limit=50`);
          return list.body.count > 0 ? list.body.messages : undefined;
        },
        20_000,
        250,
      );
      expect(scheduled.map((m: { phoneNumber: string }) => m.phoneNumber)).toEqual([phone]);

      const listed = (await api.get(`/v1/campaigns/${campaignId}/runs/${runId}/recipients`)).body.recipients as Recipient[];
      expect(listed.map((r) => [r.phoneNumber, r.status, r.reason])).toEqual([
        [phone, 'pending', null],
        [blocked, 'excluded', 'blocked'],
      ]);
      expect(listed[0]!.messageId).toBe(scheduled[0].messageId);
      const latest = ((await api.get('/v1/campaigns?q=zeta')).body.campaigns as Item[])[0]!;
      expect(latest.lastRun).toMatchObject({ runId, status: 'scheduled', scheduledFor: at, recipients: 1, pending: 1, excluded: 1 });
    });
  });
});
