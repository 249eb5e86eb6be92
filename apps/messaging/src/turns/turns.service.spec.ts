import type { GuardrailVerdict, TurnReplyRequest } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, freezeTime, newTestService, refusal } from '@platica/testing/test-service';
import { ChannelRepository, type OpenChannel } from '../channels/channel.repository';
import type { Client } from '../clients/client.entity';
import { ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import { GraphDelivery } from '../messages/graph-delivery';
import type { Message } from '../conversations/message.entity';
import { MessageRepository } from '../messages/message.repository';
import { TurnsService } from './turns.service';
import { Assignments } from '../conversations/assignments';
import { ConversationNoteRepository } from '../notes/conversation-note.repository';
import { CreditService } from '../usage/credit.service';

const NOW = '2026-11-20T12:00:00.000Z';
const HOUR = 3_600_000;

const whatsapp = { id: 'ch_wa', workspaceId: 'ws_1', platform: 'whatsapp', defaultAgentId: null } as OpenChannel;

function conversationOn(platform: 'whatsapp' | 'service', extra: Partial<Conversation> = {}): Conversation {
  const at = new Date(Date.parse(NOW) - HOUR);
  return {
    id: 'conv_1',
    workspaceId: 'ws_1',
    channelId: platform === 'whatsapp' ? whatsapp.id : 'ch_int',
    platform,
    conversationId: '5511999990000',
    clientId: 'cl_1',
    agentId: 'ag_1',
    source: null,
    contactName: null,
    phoneNumber: null,
    topic: null,
    status: 'active',
    operation: 'automatic',
    messageCount: 3,
    owners: [],
    tags: [],
    lastUserMessageAt: at,
    resumeRequestedAt: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  } as Conversation;
}

/**
 * One conversation with its client, messages stored by id and what reached Graph. Writes apply
 * at once (a transaction reads its own writes, as the guardrail count needs).
 */
function world(
  options: {
    conversation?: Conversation;
    client?: Partial<Client>;
    priorStrikes?: number;
    stored?: Partial<Message>;
    /** The first this many settles fail: the database went away after Graph answered. */
    settleFailures?: number;
  } = {},
) {
  let settleFailures = options.settleFailures ?? 0;
  const conversation = options.conversation ?? conversationOn('whatsapp');
  const client = { id: 'cl_1', workspaceId: 'ws_1', status: 'active', moderation: null, ...options.client } as Client;
  const messages = new Map<string, Message>();
  if (options.stored) messages.set('msg_r', { id: 'msg_r', workspaceId: 'ws_1', conversationRef: 'conv_1', ...options.stored } as Message);
  const sent: unknown[] = [];
  const strikes: { action: string }[] = [];
  const blocks: unknown[] = [];
  const conversationChanges: unknown[] = [];
  const store = (input: Record<string, unknown>, status: string) => {
    const at = new Date();
    const message = {
      ...input,
      status,
      workspaceId: 'ws_1',
      conversationRef: 'conv_1',
      createdAt: at,
      updatedAt: at,
    } as unknown as Message;
    messages.set(message.id, message);
    return message;
  };
  const built = newTestService(
    TurnsService,
    // No credit limit here (credit.service.spec.ts decides it).
    fake(CreditService, { isReached: async () => false, observe: () => {} }),
    // Round-robin is assignments.spec.ts's: here a workspace that assigns nobody.
    fake(Assignments, { assignByRotation: async () => {} }),
    fake(ConversationNoteRepository, { latestOf: async () => [] }),
    fake(ConversationRepository, {
      findInWorkspace: async (workspaceId, ref) => (workspaceId === 'ws_1' && ref === conversation.id ? conversation : null),
      update: async (_tx, target, changes) => {
        Object.assign(target, changes);
        conversationChanges.push(changes);
      },
    }),
    fake(ChannelRepository, { findById: async (id) => (id === whatsapp.id ? whatsapp : null) }),
    fake(ClientRepository, {
      get: async () => client,
      lockForUpdate: async () => client,
      recordStrike: async (_tx, _client, strike) => {
        strikes.push(strike);
      },
      setStatus: async (_tx, _client, block) => {
        client.status = 'blocked';
        blocks.push(block);
      },
    }),
    fake(MessageRepository, {
      lockId: async () => {},
      findById: async (id) => messages.get(id) ?? null,
      get: async (id) => messages.get(id)!,
      lockClaims: async (_tx, ids) => ids.flatMap((id) => (messages.get(id)?.status === 'sending' ? [messages.get(id)!] : [])),
      insertOutgoing: async (_tx, input) => store(input as never, input.status),
      insertOutgoingUnlessTaken: async (_tx, input) => (messages.has(input.id!) ? null : store(input as never, input.status)),
      claim: async (_tx, input) => store(input as never, 'sending'),
      renewClaim: async (_tx, message) => {
        message.updatedAt = new Date();
      },
      settle: async (_tx, message, _conversation, outcome) => {
        if (settleFailures-- > 0) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return Object.assign(message, outcome);
      },
      countGuardrailStrikes: async () =>
        (options.priorStrikes ?? 0) + [...messages.values()].filter((m) => m.payload && 'guardrail' in m.payload).length,
    }),
    fake(GraphDelivery, {
      send: async (_channel, recipient, content, callbackData) => {
        // The reply's id rides along, for Meta's statuses to name it (messages/unconfirmed-sends.ts).
        expect(callbackData).toMatch(/^msg_/);
        sent.push({ recipient, content });
        return { externalId: `wamid.${sent.length}`, failure: null };
      },
    }),
  );
  return { ...built, conversation, client, messages, sent, strikes, blocks, conversationChanges };
}

function reply(extra: Partial<TurnReplyRequest> = {}): TurnReplyRequest {
  return {
    workspaceId: 'ws_1',
    conversationRef: 'conv_1',
    messageId: 'msg_r',
    agentId: 'ag_1',
    content: 'Hello!',
    seenUpTo: null,
    ...extra,
  };
}

const verdict: GuardrailVerdict = {
  source: 'lexicon',
  ruleIndex: null,
  severity: 'high',
  categories: ['insult'],
  matchedTerms: ['x'],
  conversationStrikeThreshold: 2,
  clientStrikeThreshold: 3,
};

describe('TurnsService.reply', () => {
  beforeEach(() => freezeTime(NOW));
  afterEach(() => jest.useRealTimers());

  it('claims the reply, delivers it through Graph and settles it sent with Meta’s id; a retry sends nothing more', async () => {
    const w = world();
    const first = await w.service.reply(reply());
    expect(first).toMatchObject({ messageId: 'msg_r', status: 'sent', error: null });
    expect(w.messages.get('msg_r')).toMatchObject({ status: 'sent', externalId: 'wamid.1', actorType: 'ai' });
    expect(w.sent).toEqual([{ recipient: '5511999990000', content: { type: 'text', text: 'Hello!' } }]);

    expect(await w.service.reply(reply())).toEqual(first);
    expect(w.sent).toHaveLength(1);
  });

  it('refuses a second reply reusing the id with other content (409)', async () => {
    const w = world({ stored: { role: 'assistant', content: 'Hello!', contentType: 'text', status: 'sent' } });
    expect((await refusal(w.service.reply(reply({ content: 'Something else' })))).code).toBe(ErrorCode.Conflict);
    expect(w.sent).toEqual([]);
  });

  it('waits for a claim in flight (409) and takes over one older than a Graph call can last', async () => {
    const claimedAt = (ago: number) =>
      ({
        role: 'assistant',
        content: 'Hello!',
        contentType: 'text',
        status: 'sending',
        updatedAt: new Date(Date.parse(NOW) - ago),
      }) as Partial<Message>;
    const inFlight = world({ stored: claimedAt(60_000) });
    expect((await refusal(inFlight.service.reply(reply()))).code).toBe(ErrorCode.Conflict);
    expect(inFlight.sent).toEqual([]);

    const abandoned = world({ stored: claimedAt(91_000) });
    expect(await abandoned.service.reply(reply())).toMatchObject({ status: 'sent' });
    expect(abandoned.sent).toHaveLength(1);
  });

  it('stores, without sending again, a reply Graph took while the database was away, however long after', async () => {
    const w = world({ settleFailures: 1 });
    await expect(w.service.reply(reply())).rejects.toThrow('ECONNREFUSED');
    expect(w.messages.get('msg_r')).toMatchObject({ status: 'sending' });
    // Retried once the database is back, past the age at which an abandoned claim is taken over.
    jest.setSystemTime(Date.parse(NOW) + 120_000);
    expect(await w.service.reply(reply())).toMatchObject({ messageId: 'msg_r', status: 'sent' });
    expect(w.messages.get('msg_r')).toMatchObject({ status: 'sent', externalId: 'wamid.1' });
    expect(w.sent).toHaveLength(1);
  });

  it('stores the reply failed, without calling Graph, once the window has closed or the client is blocked', async () => {
    const closed = world({ conversation: conversationOn('whatsapp', { lastUserMessageAt: new Date(Date.parse(NOW) - 25 * HOUR) }) });
    expect(await closed.service.reply(reply())).toMatchObject({ status: 'failed', error: { code: 'window_closed' } });
    const blocked = world({ client: { status: 'blocked' } });
    expect(await blocked.service.reply(reply())).toMatchObject({ status: 'failed', error: { code: 'client_blocked' } });
    expect([closed.sent, blocked.sent]).toEqual([[], []]);
  });

  it('a guardrail message records a strike (warn) and still goes out', async () => {
    const w = world();
    const result = await w.service.reply(reply({ content: 'Please keep it civil.', guardrail: verdict }));
    expect(result.status).toBe('sent');
    expect(w.strikes).toEqual([expect.objectContaining({ action: 'warn', source: 'lexicon', severity: 'high' })]);
    expect([w.blocks, w.conversationChanges, w.unitOfWork.events]).toEqual([[], [], []]);
    expect(w.messages.get('msg_r')).toMatchObject({ actorType: 'system' });
  });

  it('a strike that hands the customer over (high, assistance on) records assist and sets operation assistance with its event', async () => {
    const w = world();
    await w.service.reply(reply({ content: 'Please keep it civil.', guardrail: { ...verdict, handOver: true } }));
    expect(w.strikes).toEqual([expect.objectContaining({ action: 'assist' })]);
    expect(w.conversationChanges).toEqual([{ operation: 'assistance', operationChangedBy: null, operationChangedAt: new Date(NOW) }]);
    expect(w.unitOfWork.events.map((e) => e.type)).toEqual(['conversation.assistance.requested']);
    expect(w.sent).toHaveLength(1);
  });

  it('a chat thread reaching the conversation threshold stays as it is (chats are never spam)', async () => {
    const w = world({ priorStrikes: 1, conversation: conversationOn('service', { source: 'api_chat' }) });
    await w.service.reply(reply({ content: 'Please keep it civil.', guardrail: verdict }));
    expect(w.strikes).toEqual([expect.objectContaining({ action: 'warn' })]);
    expect([w.conversationChanges, w.unitOfWork.events]).toEqual([[], []]);
  });

  it('the strike that reaches the thresholds makes the conversation spam (with its event) and blocks the client, whose notice still goes out', async () => {
    const w = world({ priorStrikes: 1, client: { moderation: { totalStrikes: 2 } as Client['moderation'] } });
    await w.service.reply(reply({ content: 'Goodbye.', guardrail: verdict }));
    expect(w.strikes).toEqual([expect.objectContaining({ action: 'spam' })]);
    expect(w.conversationChanges).toEqual([{ status: 'spam' }]);
    expect(w.blocks).toEqual([{ reason: 'guardrails_threshold_reached', by: null }]);
    expect(w.unitOfWork.events.map((e) => [e.type, (e.data as { previousStatus?: string }).previousStatus])).toEqual([
      ['conversation.status.updated', 'active'],
    ]);
    expect(w.sent).toHaveLength(1);
  });

  it("keeps an agent reply a person's takeover overtook, failed with the reason, and never sends it", async () => {
    const taken = { operation: 'assistance' as const, operationChangedBy: 'usr_1' };
    const meta = world({ conversation: conversationOn('whatsapp', taken) });
    expect(await meta.service.reply(reply())).toMatchObject({ status: 'failed' });
    expect(meta.sent).toEqual([]);
    const chat = world({ conversation: conversationOn('service', taken) });
    expect(await chat.service.reply(reply())).toMatchObject({ status: 'failed' });
    // The agent's request for a person still records (and leaves the person's takeover as it is).
    const asked = world({ conversation: conversationOn('whatsapp', taken) });
    await asked.service.reply(reply({ content: 'Un momento.', assistance: { reason: 'billing' } as TurnReplyRequest['assistance'] }));
    expect([asked.sent.length, asked.conversationChanges, asked.unitOfWork.events]).toEqual([1, [], []]);
  });

  it('on the internal channel a reply is stored sent in one statement, and an assistance request hands the conversation to a human', async () => {
    const plain = world({ conversation: conversationOn('service') });
    expect(await plain.service.reply(reply())).toMatchObject({ status: 'sent' });
    expect(plain.unitOfWork.outcomes).toMatchObject({ committed: 1 });

    const assisted = world({ conversation: conversationOn('service') });
    await assisted.service.reply(
      reply({ content: 'A colleague will answer.', assistance: { reason: 'billing' } as TurnReplyRequest['assistance'] }),
    );
    expect(assisted.conversationChanges).toEqual([
      { operation: 'assistance', operationChangedBy: null, operationChangedAt: new Date(NOW) },
    ]);
    expect(assisted.unitOfWork.events.map((e) => e.type)).toEqual(['conversation.assistance.requested']);
    expect([plain.sent, assisted.sent]).toEqual([[], []]);
  });
});
