import { randomBytes } from 'node:crypto';
import {
  eventually,
  EventStreamReader,
  FakeLlm,
  FakeMetaGraph,
  MessagingWorkspace,
  newPhone,
  startTestStack,
  withAgents,
  type TestStack,
} from '@platica/testing';

/** A chat thread expires after this much idle time on this stack (a day in production). */
const CHAT_IDLE_MS = 3_000;
/** How long POST /v1/chat waits for the reply here (110 s in production). */
const CHAT_TURN_TIMEOUT_MS = 10_000;
const HOUR = 3_600_000;

/**
 * Conversations and chat threads becoming `expired` (docs/sending-messages.md › Expiry),
 * through the gateway: a WhatsApp conversation whose service window closed and a chat thread
 * left idle expire, once, with `conversation.status.updated` on the event stream; the
 * customer's next message (or the next POST /v1/chat, chat rule 6) reopens them; expiry
 * survives a restart of messaging; and the chat turn's own 504 past its time limit.
 *
 * A stack of its own: it needs process settings no other file could live with (chat threads
 * expiring after 3 s, the sweep every 300 ms, a 10 s limit on chat turns), and it restarts messaging.
 */
describe('conversation expiry (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let events: EventStreamReader;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    // A stack of its own: its own expiry and chat-turn timings (process settings); messaging
    // in a process of its own: it stops and restarts it.
    t = await startTestStack(
      {
        ...llm.env(),
        META_GRAPH_BASE_URL: graph.url,
        PLATICA_TURN_DEBOUNCE_MS: '300',
        PLATICA_CHAT_IDLE_EXPIRY_MS: String(CHAT_IDLE_MS),
        PLATICA_EXPIRY_QUIET_MS: '1000',
        PLATICA_EXPIRY_SWEEP_INTERVAL_MS: '300',
        PLATICA_CHAT_TURN_TIMEOUT_MS: String(CHAT_TURN_TIMEOUT_MS),
      },
      { ownProcesses: ['messaging'] },
    );
    ws = await MessagingWorkspace.seed(t, withAgents);
    events = await EventStreamReader.open(`${t.baseUrl}/v1/events?types=conversation.status.updated`, {
      authorization: `Bearer ${ws.ids.apiKeys.main.key}`,
    });
    expect(events.status).toBe(200);
    await events.until('the stream to be connected', (r) => r.frames.some((f) => f.comments.includes('connected')));
  });
  afterAll(async () => {
    events?.close();
    await t?.stop();
    await llm?.stop();
    await graph?.stop();
  });
  afterEach(() => {
    llm.delayMs = 0;
  });

  /** The `conversation.status.updated` events received for a conversation, as `previous>status`. */
  const transitionsOf = (id: string) =>
    events.events
      .map((frame) => JSON.parse(frame.data!) as { data: { conversationId: string; status: string; previousStatus: string } })
      .filter((event) => event.data.conversationId === id)
      .map((event) => `${event.data.previousStatus}>${event.data.status}`);
  const conversation = async (id: string) => (await ws.api.get(`/v1/conversations/${id}`)).body.workspaces[0].conversations[0];
  const chatThread = async (id: string) => (await ws.api.get(`/v1/chat/${id}`)).body;
  const newEmail = () => `c-${randomBytes(4).toString('hex')}@example.test`;

  it('expires a WhatsApp conversation once its service window has closed, once, not one whose window is open; the customer writing again reopens it', async () => {
    // Meta delivers a message written 23 hours ago (its window has an hour left), then one written 25 hours ago (closed already).
    const { conversation: open } = await ws.customerWrites(newPhone(), 'hola de hoy', Date.now() - 23 * HOUR);
    await eventually('the agent’s turn', async () => llm.requests.some((r) => JSON.stringify(r.messages).includes('hola de hoy')));
    const { phone, conversation: closed } = await ws.customerWrites(newPhone(), 'hola de ayer', Date.now() - 25 * HOUR);
    // Sofía answers it first: the turn is open work, nothing expires under it.
    await eventually('the agent’s turn', async () => llm.requests.some((r) => JSON.stringify(r.messages).includes('hola de ayer')));
    const expired = await eventually(
      'the conversation to expire',
      async () => {
        const found = await conversation(closed.id);
        return found.status === 'expired' && found;
      },
      30_000,
    );
    expect(expired).toMatchObject({ id: closed.id, canSendDirectMessage: false });
    await events.until('its event', () => transitionsOf(closed.id).includes('active>expired'));
    // The sweeps that expired it saw the other one, quiet for longer: its window is open, it stays.
    expect((await conversation(open.id)).status).toBe('active');
    expect(transitionsOf(open.id)).toEqual([]);

    await ws.customerWrites(phone, 'hola de nuevo');
    await eventually('the conversation to reopen', async () => (await conversation(closed.id)).status === 'active');
    await events.until('the reopening event', () => transitionsOf(closed.id).includes('expired>active'));
    // One event per transition: the sweeps between the two expired nothing twice.
    expect(transitionsOf(closed.id)).toEqual(['active>expired', 'expired>active']);
  });

  it('expires a chat thread left idle, and POST /v1/chat to it reactivates it (chat rule 6, reactivated: true)', async () => {
    const started = await ws.api.post('/v1/chat', { agentId: ws.ids.agents.sofia.id, client: { email: newEmail() }, message: 'hola' });
    expect(started.status).toBe(200);
    expect(started.body.reactivated).toBe(false);
    const { id, conversationId } = started.body;

    await eventually('the thread to expire', async () => (await chatThread(id)).status === 'expired', 30_000);
    await events.until('its event', () => transitionsOf(id).includes('active>expired'));
    const listed = (await ws.api.get(`/v1/chat?clientId=${started.body.clientId}`)).body.chats;
    expect(listed.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[id, 'expired']]);

    const revived = await ws.api.post('/v1/chat', { conversationId, message: '[[reply:de vuelta]] sigo aquí' });
    expect(revived.status).toBe(200);
    expect(revived.body).toMatchObject({ id, conversationId, reactivated: true, agentChanged: false });
    expect(revived.body.messages.map((m: { content: string }) => m.content)).toEqual(['de vuelta']);
    await events.until('the reactivation event', () => transitionsOf(id).includes('expired>active'));
    expect(transitionsOf(id).slice(0, 2)).toEqual(['active>expired', 'expired>active']);
    // History kept across the expiry (spec › Chat thread).
    expect((await chatThread(id)).messages.map((m: { content: string }) => m.content)).toEqual([
      'hola',
      'ECHO: hola',
      '[[reply:de vuelta]] sigo aquí',
      'de vuelta',
    ]);
  });

  it('never expires a thread while its turn runs; a turn past the time limit answers 504 and its reply still lands in the thread', async () => {
    // The model holds its answer longer than the chat turn's limit (and than the thread's idle time).
    llm.delayMs = CHAT_TURN_TIMEOUT_MS + 4_000;
    const client = { email: newEmail() };
    const began = Date.now();
    const late = await ws.api.post('/v1/chat', {
      agentId: ws.ids.agents.sofia.id,
      client,
      message: '[[reply:perdón la demora]] ¿hay stock?',
    });
    expect(late.status).toBe(504);
    expect(Date.now() - began).toBeGreaterThanOrEqual(CHAT_TURN_TIMEOUT_MS);
    // The spec's error shape; details say where to look before retrying (the thread this request started).
    expect(late.body).toEqual({
      code: 504,
      error: expect.stringContaining('did not answer in time'),
      details: {
        id: expect.stringMatching(/^conv_/),
        conversationId: expect.stringMatching(/^chat_/),
        requestMessageId: expect.stringMatching(/^msg_/),
        accepted: true,
        timeoutMs: CHAT_TURN_TIMEOUT_MS,
      },
    });
    const { id, requestMessageId } = late.body.details;
    // Ten seconds without a write, far past its idle time: its turn is running, so it is not expired.
    const meanwhile = await chatThread(id);
    expect(meanwhile.status).toBe('active');
    expect(meanwhile.messages.map((m: { id: string }) => m.id)).toEqual([requestMessageId]);

    const answered = await eventually(
      'the late reply in the thread',
      async () => {
        const thread = await chatThread(id);
        return thread.messages.some((m: { role: string }) => m.role === 'assistant') && thread;
      },
      60_000,
    );
    expect(answered.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', '[[reply:perdón la demora]] ¿hay stock?'],
      ['assistant', 'perdón la demora'],
    ]);
  });

  it('expires what came due while messaging was down once it is back (the sweep is durable)', async () => {
    const started = await ws.api.post('/v1/chat', { agentId: ws.ids.agents.sofia.id, client: { email: newEmail() }, message: 'hola' });
    expect(started.status).toBe(200);
    await t.stack.stopService('messaging');
    try {
      await new Promise((resolve) => setTimeout(resolve, CHAT_IDLE_MS + 1_000));
    } finally {
      await t.stack.startService('messaging');
    }
    await eventually(
      'the thread to expire after the restart',
      async () => (await chatThread(started.body.id)).status === 'expired',
      60_000,
    );
    await events.until('its one event', () => transitionsOf(started.body.id).includes('active>expired'), 30_000);
    expect(transitionsOf(started.body.id)).toEqual(['active>expired']);
  });
});
