import { randomBytes } from 'node:crypto';
import {
  eventually,
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  useSharedStack,
  withAgents,
  type MessagingSeedDocument,
  type StackApi,
} from '@platica/testing';

/**
 * Usage figures through the gateway (spec › Usage; ARCHITECTURE.md › Usage figures): a WhatsApp
 * customer answered by the agent and an API send counted, every breakdown, ranges and their
 * validation, day edges in the workspace's timezone, assistance requests, another workspace's
 * data never counted, and the figures equal to a recount of the rows.
 */
describe('usage (e2e)', () => {
  let t: StackApi;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  /** Mexico City (UTC-6 all year), with agents: the customer is answered. */
  let mx: MessagingWorkspace;
  /** Kathmandu (UTC+5:45): another workspace, with data of its own. */
  let ktm: MessagingWorkspace;
  let phone: string;
  let conversation: any;

  const inTimezone = (timezone: string) => (doc: MessagingSeedDocument) => {
    (doc.workspace as { timezone?: string }).timezone = timezone;
  };

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    t = await useSharedStack({ llm: llm, graph: graph });
    mx = await MessagingWorkspace.seed(t, (doc) => {
      withAgents(doc);
      inTimezone('America/Mexico_City')(doc);
    });
    ktm = await MessagingWorkspace.seed(t, inTimezone('Asia/Kathmandu'));
    ({ phone, conversation } = await mx.customerWrites(newPhone(), '[[reply:hola, ¿en qué te ayudo?]]'));
    await eventually(
      'the agent’s reply at the Graph API',
      async () =>
        graph.sends(mx.whatsapp.phoneNumberId).find((s) => s.body.to === phone && s.body.text?.body === 'hola, ¿en qué te ayudo?'),
      30_000,
    );
  });
  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });

  const usage = async (ws: MessagingWorkspace, what: 'conversations' | 'actors', query: Record<string, string> = {}) => {
    const res = await ws.api.get(`/v1/usage/${what}?${new URLSearchParams(query)}`);
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
    expect(res.body.workspacesCount).toBe(1);
    return res.body.workspaces[0];
  };
  const userId = () => mx.ids.users[mx.doc.users[0]!.email].id as string;
  /** The agent has answered the customer at the Graph API and no reply is still being sent. */
  const answered = async (customer: string) => {
    await eventually(
      'the agent’s reply at the Graph API',
      async () => graph.sends(mx.whatsapp.phoneNumberId).some((s) => s.body.to === customer),
      30_000,
    );
    await eventually(
      'no reply still being sent',
      async () => (await sql<{ n: number }>(`select count(*)::int as n from messaging.message where status = 'sending'`))[0]!.n === 0,
      30_000,
    );
  };
  const sql = async <Row>(text: string, params: unknown[] = []) => (await t.query(text, params)) as Row[];

  it('counts the customer’s conversation answered by the agent in the billing period of the workspace timezone', async () => {
    const body = await usage(mx, 'conversations');
    expect(body).toMatchObject({ id: mx.id, name: mx.doc.workspace.name });
    // The billing period is the calendar month in Mexico City; the default range is that period.
    const now = new Date();
    const local = new Date(now.getTime() - 6 * 3_600_000);
    const month = `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(body.billingPeriod.startDate).toBe(`${month}-01T00:00:00.000-06:00`);
    expect(body.billingPeriod.endDate).toMatch(new RegExp(`^${month}-(28|29|30|31)T23:59:59\\.999-06:00$`));
    expect(body.conversations.range).toEqual(body.billingPeriod);
    expect(body.conversations.freshness).toEqual({
      source: 'aggregates',
      lastUpdated: expect.stringMatching(/-06:00$/),
      expectedLagMinutes: 0,
    });
    const today = local.toISOString().slice(0, 10);
    expect(body.conversations.summary).toEqual({
      conversationCount: 1,
      assistedConversationCount: 0,
      assistanceRequestCount: 0,
      autonomyRate: 100,
    });
    expect(body.conversations.breakdown).toEqual({
      dimension: 'platform',
      totals: [{ key: 'whatsapp', label: 'WhatsApp', value: 1 }],
      series: [{ date: today, key: 'whatsapp', label: 'WhatsApp', value: 1 }],
    });
  });

  it('counts the agent’s reply as ai, an API send as api, and the customer’s message not at all', async () => {
    const sent = await mx.api.post('/v1/messages', { channelId: mx.whatsapp.id, conversationId: phone, content: 'seguimiento' });
    expect(sent.status).toBe(200);
    const body = await usage(mx, 'actors');
    expect(body.billingPeriod.startDate).toMatch(/-01T00:00:00\.000-06:00$/);
    expect(body.actors.range).toEqual(body.billingPeriod);
    expect(body.actors.freshness).toEqual({ source: 'aggregates', lastUpdated: expect.any(String), expectedLagSeconds: 0 });
    expect(body.actors.actorTypes).toEqual([
      { actorType: 'ai', messages: 1 },
      { actorType: 'api', messages: 1 },
      { actorType: 'user', messages: 0 },
      { actorType: 'campaign', messages: 0 },
      { actorType: 'system', messages: 0 },
    ]);
    expect(body.actors.workspaceUsers).toEqual([{ userId: userId(), email: mx.doc.users[0]!.email, messages: 0 }]);
    expect(body.actors.summary).toEqual({ totalMessages: 2 });
  });

  it('breaks conversations down by agent, channel and tag, following a change of tags', async () => {
    const agentId = mx.ids.agents.sofia.id;
    const byAgent = (await usage(mx, 'conversations', { breakdown: 'agent' })).conversations.breakdown;
    // Named by the agents service (issue 50 item 8), not by id.
    expect(byAgent).toMatchObject({ dimension: 'agent', totals: [{ key: agentId, label: 'Sofía', value: 1 }] });
    const byChannel = (await usage(mx, 'conversations', { breakdown: 'channel' })).conversations.breakdown;
    expect(byChannel).toMatchObject({ dimension: 'channel', totals: [{ key: mx.whatsapp.id, label: mx.doc.channels[0]!.name, value: 1 }] });
    const byTag = async () => (await usage(mx, 'conversations', { breakdown: 'tag' })).conversations;
    expect((await byTag()).breakdown.totals).toEqual([{ key: null, label: 'No tag', value: 1 }]);

    expect((await mx.api.patch(`/v1/conversations/${conversation.id}`, { tags: ['vip', 'mx'] })).status).toBe(200);
    const tagged = await byTag();
    expect(tagged.breakdown.totals).toEqual([
      { key: 'mx', label: 'mx', value: 1 },
      { key: 'vip', label: 'vip', value: 1 },
    ]);
    // Two tags, one conversation: the summary counts it once.
    expect(tagged.summary.conversationCount).toBe(1);
  });

  it('answers 400 naming the field for a bad breakdown, a malformed date, an end before the start and a range too long', async () => {
    const bad = async (query: Record<string, string>, field: string, what: 'conversations' | 'actors' = 'conversations') => {
      const res = await mx.api.get(`/v1/usage/${what}?${new URLSearchParams(query)}`);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 400 });
      expect(JSON.stringify(res.body.details)).toContain(field);
    };
    await bad({ breakdown: 'country' }, 'breakdown');
    await bad({ startDate: 'yesterday' }, 'startDate');
    await bad({ endDate: '2026-13-01' }, 'endDate', 'actors');
    await bad({ startDate: '2026-11-10', endDate: '2026-11-09' }, 'endDate');
    await bad({ startDate: '2024-01-01', endDate: '2026-11-09' }, 'endDate', 'actors');
  });

  it('never counts another workspace’s data, and counts its own in its own timezone', async () => {
    const { conversation: theirs } = await ktm.customerWrites(newPhone(), 'namaste');
    const body = await usage(ktm, 'conversations');
    expect(body.billingPeriod.startDate).toMatch(/-01T00:00:00\.000\+05:45$/);
    expect(body.conversations.summary.conversationCount).toBe(1);
    expect((await usage(ktm, 'actors')).actors.summary.totalMessages).toBe(0);
    expect((await usage(mx, 'conversations')).conversations.summary.conversationCount).toBe(1);
    expect((await usage(mx, 'actors')).actors.summary.totalMessages).toBe(2);
    // Naming a workspace the key cannot read finds nothing of it.
    const other = await mx.api.get(`/v1/usage/conversations?workspace=${ktm.id}`);
    expect(other.status).not.toBe(200);
    expect(theirs.id).toBeDefined();
  });

  describe('day edges in the workspace timezone', () => {
    // A conversation and a billable message moved to 23:59:30 of 9 March 2025 in Mexico City
    // (05:59:30 UTC on the 10th): the aggregates follow the rows (the triggers move them).
    let moved: string;
    beforeAll(async () => {
      const customer = newPhone();
      const { conversation: c } = await mx.customerWrites(customer, 'hola de marzo');
      moved = c.id;
      await answered(customer);
      await sql(`update messaging.conversation set created_at = '2025-03-10T05:59:30Z' where id = $1`, [moved]);
      await sql(
        `insert into messaging.message (id, workspace_id, channel_id, conversation_ref, client_id, role, direction, content, content_type, payload,
           files, images, status, actor_type, actor_id, created_at, updated_at)
         select 'msg_usage_' || $2::text, workspace_id, channel_id, id, client_id, 'assistant', 'outgoing', 'de marzo', 'text', '{}', '[]', '[]', 'sent', 'user', $3, '2025-03-10T05:59:30Z', now()
           from messaging.conversation where id = $1`,
        [moved, randomBytes(4).toString('hex'), userId()],
      );
    });

    it('counts them on the local day, not the UTC one, whole days and bucket-aligned', async () => {
      const ninth = await usage(mx, 'conversations', { startDate: '2025-03-09', endDate: '2025-03-09' });
      expect(ninth.conversations.range).toEqual({ startDate: '2025-03-09T00:00:00.000-06:00', endDate: '2025-03-09T23:59:59.999-06:00' });
      expect(ninth.conversations.breakdown.series).toEqual([{ date: '2025-03-09', key: 'whatsapp', label: 'WhatsApp', value: 1 }]);
      const tenth = await usage(mx, 'conversations', { startDate: '2025-03-10', endDate: '2025-03-10' });
      expect(tenth.conversations.summary.conversationCount).toBe(0);
      const actors = await usage(mx, 'actors', { startDate: '2025-03-09', endDate: '2025-03-09' });
      expect(actors.actors.actorTypes.find((a: any) => a.actorType === 'user').messages).toBe(1);
      expect(actors.actors.summary.totalMessages).toBe(1);
      expect(actors.actors.workspaceUsers).toEqual([{ userId: userId(), email: mx.doc.users[0]!.email, messages: 1 }]);
      // The month's default range no longer holds the moved conversation.
      expect((await usage(mx, 'conversations')).conversations.summary.conversationCount).toBe(1);
    });

    it('counts exactly at instants that cut a 15-minute bucket (the edges are recounted)', async () => {
      const around = async (startDate: string, endDate: string) =>
        (await usage(mx, 'conversations', { startDate, endDate })).conversations.summary.conversationCount;
      expect(await around('2025-03-10T05:59:30Z', '2025-03-10T05:59:30Z')).toBe(1);
      expect(await around('2025-03-10T05:59:31Z', '2025-03-10T07:00:00Z')).toBe(0);
      expect(await around('2025-03-10T04:07:00Z', '2025-03-10T05:59:29.999Z')).toBe(0);
      expect(await around('2025-03-09T23:50:00-06:00', '2025-03-10T06:07:00+00:00')).toBe(1);
      const actors = await usage(mx, 'actors', { startDate: '2025-03-10T05:52:00Z', endDate: '2025-03-10T06:01:00Z' });
      expect(actors.actors.summary.totalMessages).toBe(1);
    });
  });

  it('counts assistance requests (the outbox’s conversation.assistance.requested) and takeovers as assisted, for the conversation’s creation day', async () => {
    // Nothing emits the event through the API yet: it is recorded as its producer will, in the outbox.
    const request = async () =>
      sql(
        `insert into messaging.outbox_event (id, type, workspace_id, occurred_at, data, published_at)
         values ($1, 'conversation.assistance.requested', $2, now(), jsonb_build_object('conversationId', $3::text, 'conversation', jsonb_build_object('id', $4::text)), now())`,
        [`evt_usage_${randomBytes(6).toString('hex')}`, mx.id, phone, conversation.id],
      );
    await request();
    await request();
    const { summary } = (await usage(mx, 'conversations')).conversations;
    expect(summary).toEqual({ conversationCount: 1, assistedConversationCount: 1, assistanceRequestCount: 2, autonomyRate: 0 });
    const other = await mx.customerWrites(newPhone(), 'otra');
    await answered(other.phone);
    await eventually(
      'the second conversation counted',
      async () => (await usage(mx, 'conversations')).conversations.summary.conversationCount === 2,
    );
    expect((await usage(mx, 'conversations')).conversations.summary).toEqual({
      conversationCount: 2,
      assistedConversationCount: 1,
      assistanceRequestCount: 2,
      autonomyRate: 50,
    });
    expect(other.conversation.id).not.toBe(conversation.id);
    // A person's takeover counts the conversation as assisted too (issue 50 item 8), without a request.
    expect((await mx.api.patch(`/v1/conversations/${other.conversation.id}`, { operation: 'assistance' })).status).toBe(200);
    expect((await usage(mx, 'conversations')).conversations.summary).toEqual({
      conversationCount: 2,
      assistedConversationCount: 2,
      assistanceRequestCount: 2,
      autonomyRate: 0,
    });
  });

  it('equals a recount of the rows, for every breakdown and both endpoints, in the default range and another', async () => {
    type Row = { key: string | null; value: number };
    const sorted = (rows: Row[]) => rows.map((r) => `${r.key}:${r.value}`).sort();
    for (const ws of [mx, ktm]) {
      for (const query of [{}, { startDate: '2025-03-01', endDate: '2025-03-31' }] as Record<string, string>[]) {
        const conversations = (await usage(ws, 'conversations', query)).conversations;
        // The span the answer states, `[startDate, endDate]`, both included.
        const span = [new Date(conversations.range.startDate), new Date(Date.parse(conversations.range.endDate) + 1)];
        const created = `c.workspace_id = $1 and c.created_at >= $2 and c.created_at < $3`;
        const [{ count }] = await sql<{ count: number }>(`select count(*)::int as count from messaging.conversation c where ${created}`, [
          ws.id,
          ...span,
        ]);
        expect(conversations.summary.conversationCount).toBe(count);
        for (const breakdown of ['platform', 'agent', 'channel', 'tag']) {
          const totals = (await usage(ws, 'conversations', { ...query, breakdown })).conversations.breakdown.totals;
          const column = { platform: 'platform', agent: 'agent_id', channel: 'channel_id' }[breakdown];
          const recount = column
            ? await sql<Row>(`select ${column} as key, count(*)::int as value from messaging.conversation c where ${created} group by 1`, [
                ws.id,
                ...span,
              ])
            : await sql<Row>(
                `select t.tag as key, count(*)::int as value from messaging.conversation c
                   cross join lateral (select distinct x as tag from jsonb_array_elements_text(case when jsonb_array_length(c.tags) = 0 then '[null]'::jsonb else c.tags end) x) t
                  where ${created} group by 1`,
                [ws.id, ...span],
              );
          expect(sorted(totals)).toEqual(sorted(recount));
        }
        const billable = await sql<{ actor_type: string; value: number }>(
          `select actor_type, count(*)::int as value from messaging.message
            where workspace_id = $1 and created_at >= $2 and created_at < $3 and direction = 'outgoing' and status in ('sent', 'delivered', 'read') group by 1`,
          [ws.id, ...span],
        );
        const actors = (await usage(ws, 'actors', query)).actors;
        for (const { actorType, messages } of actors.actorTypes) {
          expect([actorType, messages]).toEqual([actorType, billable.find((b) => b.actor_type === actorType)?.value ?? 0]);
        }
        expect(actors.summary.totalMessages).toBe(billable.reduce((sum, b) => sum + b.value, 0));
      }
    }
  });
});
