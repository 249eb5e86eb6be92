import { randomBytes } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { durableNameOf } from '@platica/platform';
import {
  deliverMetaWebhook,
  eventually,
  FakeLlm,
  FakeMetaGraph,
  lastOf,
  MessagingWorkspace,
  newPhone,
  pageInbound,
  startTestStack,
  textOf,
  whatsappInbound,
  withAgents,
  type TestStack,
} from '@platica/testing';
import { conversationTurnWorkflow } from '@platica/workflows';
import { turnRequestedSignal, turnWorkflowId } from '@platica/workflows/activities';
import { TURN_REQUESTS_CONSUMER } from '../src/runtime/turn-requests.workflows';

const DEBOUNCE_MS = 700;

/**
 * The agent runtime answering customers (ARCHITECTURE.md › Agent runtime, Temporal): a
 * customer's message on WhatsApp or Messenger becomes a turn whose reply goes out through the
 * (fake) Graph API; bursts are answered once, turns never overlap, human assistance silences
 * the agent, instructions steer it, and a worker killed mid-turn finishes the turn once.
 */
/** Short, so that a frozen agents service outlasts a chat turn's start, and then the whole turn. */
const CHAT_START_TIMEOUT_MS = 1_500;
const CHAT_TURN_TIMEOUT_MS = 6_000;

describe('agent turns (e2e)', () => {
  let t: TestStack;
  let llm: FakeLlm;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;
  let systemPrompt: string;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let temporalConnection: Connection;
  let temporal: Client;

  beforeAll(async () => {
    llm = await FakeLlm.start();
    graph = await FakeMetaGraph.start();
    // A stack of its own: it kills and restarts the agents service.
    // agents in a process of its own: this file kills and restarts it.
    t = await startTestStack(
      {
        ...llm.env(),
        META_GRAPH_BASE_URL: graph.url,
        PLATICA_TURN_DEBOUNCE_MS: String(DEBOUNCE_MS),
        PLATICA_CHAT_START_TIMEOUT_MS: String(CHAT_START_TIMEOUT_MS),
        PLATICA_CHAT_TURN_TIMEOUT_MS: String(CHAT_TURN_TIMEOUT_MS),
      },
      { ownProcesses: ['agents'] },
    );
    ws = await MessagingWorkspace.seed(t, withAgents);
    systemPrompt = (ws.doc.agents![0] as { systemPrompt: string }).systemPrompt;
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    jsm = await jetstreamManager(nc);
    temporalConnection = await Connection.connect({ address: t.stack.env.TEMPORAL_ADDRESS });
    temporal = new Client({ connection: temporalConnection });
  });
  afterAll(async () => {
    await temporalConnection?.close();
    await nc?.close();
    await t?.stop();
    await graph?.stop();
    await llm?.stop();
  });
  afterEach(() => {
    llm.delayMs = 0;
  });

  const marker = () => `m${randomBytes(4).toString('hex')}`;
  const sentTo = (phone: string) => graph.sends(ws.whatsapp.phoneNumberId).filter((s) => s.body.to === phone);
  const writes = async (phone: string, text: string) => {
    const wa = ws.whatsapp;
    const res = await deliverMetaWebhook(
      t.baseUrl,
      whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text }),
      wa.appSecret,
    );
    expect(res.status).toBe(200);
  };
  const requestsWith = (text: string) => llm.requests.filter((r) => r.messages.some((m) => m.role === 'user' && textOf(m).includes(text)));
  const conversationOf = async (phone: string) => {
    const list = await ws.api.get(`/v1/conversations?channelId=${ws.whatsapp.id}&limit=200`);
    return list.body.workspaces[0].conversations.find((c: any) => c.conversationId === phone);
  };
  /**
   * Nothing more can happen in a conversation: messaging has stored every inbound delivery and
   * published the events it recorded, the agents service has handed every turn request to the
   * turn workflow (acknowledged), and the conversation's turn workflow has finished. Checked in
   * that order: each step's work comes from the one before.
   */
  const turnsSettled = async (conversationRef: string) => {
    const none = async (sql: string) => (await t.query(sql)).length === 0;
    await eventually(
      'inbound deliveries stored',
      () => none('select 1 from messaging.inbound_event where processed_at is null limit 1'),
      20_000,
    );
    await eventually(
      'messaging’s events published',
      () => none('select 1 from messaging.outbox_event where published_at is null limit 1'),
      20_000,
    );
    await eventually(
      'every turn request handed to its workflow',
      async () => {
        const info = await jsm.consumers.info(t.isolation.eventsStream, durableNameOf(t.isolation.natsPrefix, TURN_REQUESTS_CONSUMER));
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      20_000,
    );
    await eventually(
      'the turn workflow finished',
      async () => {
        try {
          const described = await temporal.workflow.getHandle(turnWorkflowId(ws.id, conversationRef)).describe();
          return described.status.name !== 'RUNNING';
        } catch (error) {
          if (error instanceof WorkflowNotFoundError) return true;
          throw error;
        }
      },
      30_000,
    );
  };

  it('answers a WhatsApp customer through the Graph API with the agent’s system prompt', async () => {
    const phone = newPhone();
    const m = marker();
    await writes(phone, `[[reply:¡Hola! Soy Sofía ${m}]]`);
    const send = await eventually('the reply at the Graph API', async () => sentTo(phone)[0], 20_000);
    expect(send.body).toMatchObject({ messaging_product: 'whatsapp', to: phone, type: 'text', text: { body: `¡Hola! Soy Sofía ${m}` } });
    expect(requestsWith(m)[0]).toMatchObject({ model: 'fake-model' });
    expect(requestsWith(m)[0]!.stream).toBeFalsy();
    expect(requestsWith(m)[0]!.messages[0]).toEqual({ role: 'system', content: systemPrompt });
    const conversation = await eventually('the reply stored', async () => {
      const list = await ws.api.get(`/v1/conversations?channelId=${ws.whatsapp.id}&limit=200`);
      const found = list.body.workspaces[0].conversations.find((c: any) => c.conversationId === phone);
      return found?.messageCount === 2 ? found : undefined;
    });
    expect(conversation.agentId).toBe(ws.ids.agents.sofia.id);
    const messages = await ws.messagesOf(conversation.id);
    expect(messages.map((msg: any) => [msg.role, msg.status])).toEqual([
      ['user', 'received'],
      ['assistant', 'received'],
    ]);
  });

  it('does not answer again when a turn request is delivered twice, after its turn ended', async () => {
    const phone = newPhone();
    const m = marker();
    await writes(phone, `[[reply:Una vez ${m}]]`);
    await eventually('the reply', async () => sentTo(phone)[0], 20_000);
    const conversation = await conversationOf(phone);
    const [asked] = await ws.messagesOf(conversation.id);
    await turnsSettled(conversation.id);
    // What the agents service does with a redelivered agent.turn.requested event: a new run of the turn workflow.
    const redelivered = await temporal.workflow.signalWithStart(conversationTurnWorkflow, {
      taskQueue: `${t.isolation.taskQueuePrefix}agents`,
      workflowId: turnWorkflowId(ws.id, conversation.id),
      args: [{ workspaceId: ws.id, conversationRef: conversation.id, debounceMs: DEBOUNCE_MS }],
      signal: turnRequestedSignal,
      signalArgs: [{ kind: 'customer_message', requestId: asked.id, messageIds: [asked.id] }],
    });
    await redelivered.result();
    expect(sentTo(phone)).toHaveLength(1);
    expect(requestsWith(m)).toHaveLength(1);
  });

  it('answers a Messenger customer on the page', async () => {
    const fb = ws.doc.channels.find((c) => c.platform === 'facebook')! as { pageId: string; appSecret: string };
    const psid = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const m = marker();
    const res = await deliverMetaWebhook(
      t.baseUrl,
      pageInbound('page', { accountId: fb.pageId, senderId: psid, text: `[[reply:Hola FB ${m}]]` }),
      fb.appSecret,
    );
    expect(res.status).toBe(200);
    const send = await eventually(
      'the Messenger reply',
      async () => graph.sends(fb.pageId).find((s) => s.body.recipient?.id === psid),
      20_000,
    );
    expect(send.body.message).toEqual({ text: `Hola FB ${m}`, metadata: 'platica' });
  });

  it('answers a burst of three messages once, with all three given to the model', async () => {
    const phone = newPhone();
    const m = marker();
    await writes(phone, `primero ${m}`);
    await writes(phone, `segundo ${m}`);
    await writes(phone, `[[reply:Una respuesta ${m}]] tercero ${m}`);
    await eventually('the reply', async () => sentTo(phone)[0], 20_000);
    await turnsSettled((await conversationOf(phone)).id);
    expect(sentTo(phone).map((s) => s.body.text.body)).toEqual([`Una respuesta ${m}`]);
    const requests = requestsWith(m);
    expect(requests).toHaveLength(1);
    const users = requests[0]!.messages.filter((msg) => msg.role === 'user').map(textOf);
    expect(users).toEqual([`primero ${m}`, `segundo ${m}`, `[[reply:Una respuesta ${m}]] tercero ${m}`]);
  });

  it('answers 20 customers writing at once, each once, while their webhooks keep being accepted', async () => {
    const m = marker();
    const phones = Array.from({ length: 20 }, () => newPhone());
    for (let round = 0; round < 3; round++) {
      await Promise.all(phones.map((phone, i) => writes(phone, `[[reply:r${round} ${i} ${m}]]`)));
      await eventually(`round ${round} answered`, async () => phones.every((phone) => sentTo(phone).length === round + 1), 30_000, 100);
    }
    expect(phones.map((phone) => sentTo(phone).map((send) => send.body.text.body))).toEqual(
      phones.map((_, i) => [0, 1, 2].map((r) => `r${r} ${i} ${m}`)),
    );
  });

  it('never runs two turns of one conversation at once, however the messages arrive', async () => {
    const phone = newPhone();
    const m = marker();
    llm.delayMs = 1_200;
    // Each message after the first arrives while a turn is at the (slow) model.
    for (let i = 0; i < 4; i++) {
      await writes(phone, `[[reply:r${i} ${m}]] mensaje ${i} ${m}`);
      if (i < 3) await eventually(`message ${i} at the model`, async () => requestsWith(`mensaje ${i} ${m}`).length > 0, 20_000);
    }
    await eventually('the last message answered', async () => sentTo(phone).some((send) => send.body.text.body === `r3 ${m}`), 30_000);
    const turns = llm.timings.filter((x) => requestsWith(m).includes(x.request)).sort((a, b) => a.startedAt - b.startedAt);
    expect(turns.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < turns.length; i++) expect(turns[i]!.startedAt).toBeGreaterThanOrEqual(turns[i - 1]!.finishedAt ?? Infinity);
    // Every message reached the model, the last one in the last turn.
    expect(textOf(lastOf(turns.at(-1)!.request.messages, 'user'))).toContain(`mensaje 3 ${m}`);
  });

  it('stays silent while a human assists, and answers again when a resume instruction hands the conversation back', async () => {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, 'hola');
    await eventually('the first reply', async () => sentTo(phone)[0], 20_000);
    expect((await ws.api.patch(`/v1/conversations/${conversation.id}`, { operation: 'assistance' })).status).toBe(200);
    const m = marker();
    await writes(phone, `¿hay alguien? ${m}`);
    await turnsSettled(conversation.id);
    expect(sentTo(phone)).toHaveLength(1);
    expect(requestsWith(m)).toHaveLength(0);

    expect((await ws.api.patch(`/v1/conversations/${conversation.id}`, { operation: 'automatic' })).status).toBe(200);
    const instruction = await ws.api.post('/v1/messages', {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      type: 'instruction',
      content: { text: `Ofrece un cupón ${m}`, mode: 'resume' },
    });
    expect(instruction.status).toBe(200);
    await eventually('the resumed reply', async () => sentTo(phone)[1], 20_000);
    const request = requestsWith(m).at(-1)!;
    expect(request.messages.some((msg) => msg.role === 'system' && textOf(msg).includes(`Ofrece un cupón ${m}`))).toBe(true);
  });

  it('keeps a wait instruction as context for the next turn without starting one', async () => {
    const phone = newPhone();
    const { conversation } = await ws.customerWrites(phone, 'hola');
    await eventually('the first reply', async () => sentTo(phone)[0], 20_000);
    const m = marker();
    const instruction = await ws.api.post('/v1/messages', {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      type: 'instruction',
      content: { text: `El cliente es VIP ${m}`, mode: 'wait' },
    });
    expect(instruction.status).toBe(200);
    await turnsSettled(conversation.id);
    expect(sentTo(phone)).toHaveLength(1);
    await writes(phone, `[[reply:Claro ${m}]] quiero comprar`);
    await eventually('the next reply', async () => sentTo(phone)[1], 20_000);
    const request = requestsWith(`Claro ${m}`)[0]!;
    expect(request.messages.some((msg) => msg.role === 'system' && textOf(msg).includes(`El cliente es VIP ${m}`))).toBe(true);
  });

  it('finishes a turn once when the agents service is killed in the middle of it', async () => {
    const phone = newPhone();
    const m = marker();
    llm.delayMs = 3_000;
    await writes(phone, `[[reply:Sobreviví ${m}]]`);
    await eventually('the turn at the model', async () => requestsWith(m).length > 0, 20_000);
    t.stack.services.get('agents')!.process.kill('SIGKILL');
    llm.delayMs = 0;
    await t.stack.startService('agents');
    await eventually('the reply after the restart', async () => sentTo(phone)[0], 60_000, 200);
    await turnsSettled((await conversationOf(phone)).id);
    expect(sentTo(phone).map((s) => s.body.text.body)).toEqual([`Sobreviví ${m}`]);
  });

  describe('a chat while the agents service is frozen (issue 51 item 2)', () => {
    /** `during` runs with the agents service stopped (SIGSTOP); it is continued after `forMs`, and awaited. */
    const frozen = async <T>(forMs: number, during: () => Promise<T>): Promise<T> => {
      const agents = t.stack.services.get('agents')!.process;
      agents.kill('SIGSTOP');
      const thawed = new Promise<void>((resolve) =>
        setTimeout(() => {
          agents.kill('SIGCONT');
          resolve();
        }, forMs),
      );
      try {
        return await during();
      } finally {
        await thawed;
      }
    };
    const chat = (m: string) =>
      ws.api.post('/v1/chat', {
        agentId: ws.ids.agents.sofia.id,
        client: { email: `f-${m}@example.test` },
        message: `[[reply:Aquí ${m}]]`,
      });
    /** The thread once its turn ended: the customer's message and the agent's replies, each once. */
    const settledThread = async (id: string, threadId: string) => {
      await turnsSettled(threadId);
      return (await ws.api.get(`/v1/chat/${id}`)).body.messages.map((msg: { role: string; content: string }) => [msg.role, msg.content]);
    };

    it('is started by the chat service when the agents service cannot start it, and answered once it thaws', async () => {
      const m = marker();
      // Frozen past the start's time-out, thawed well within the turn's.
      const answer = await frozen(CHAT_START_TIMEOUT_MS + 1_500, () => chat(m));
      expect(answer.status).toBe(200);
      expect(answer.body.messages).toEqual([expect.objectContaining({ role: 'assistant', content: `Aquí ${m}` })]);
      // The agents service read the late start request on thawing and refused it: one turn only.
      expect(await settledThread(answer.body.id, answer.body.conversationId)).toEqual([
        ['user', `[[reply:Aquí ${m}]]`],
        ['assistant', `Aquí ${m}`],
      ]);
      expect(requestsWith(m)).toHaveLength(1);
    });

    it('answers 504 saying the chat was accepted, with the ids to read it by, when the turn outlasts the time limit', async () => {
      const m = marker();
      const answer = await frozen(CHAT_TURN_TIMEOUT_MS + 2_000, () => chat(m));
      expect(answer.status).toBe(504);
      expect(answer.body.details).toEqual({
        id: expect.stringMatching(/^conv_/),
        conversationId: expect.stringMatching(/^chat_/),
        requestMessageId: expect.stringMatching(/^msg_/),
        accepted: true,
        timeoutMs: CHAT_TURN_TIMEOUT_MS,
      });
      // Accepted: the reply comes once the agents service is back; no retry was needed.
      await eventually(
        'the reply after the thaw',
        async () => {
          const thread = (await ws.api.get(`/v1/chat/${answer.body.details.id}`)).body;
          return thread.messages?.some((msg: { role: string }) => msg.role === 'assistant') || undefined;
        },
        30_000,
      );
      expect(await settledThread(answer.body.details.id, answer.body.details.conversationId)).toEqual([
        ['user', `[[reply:Aquí ${m}]]`],
        ['assistant', `Aquí ${m}`],
      ]);
      expect(requestsWith(m)).toHaveLength(1);
    });
  });
});
