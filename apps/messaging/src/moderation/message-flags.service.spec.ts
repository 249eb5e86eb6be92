import { internalOperations } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import type { Client } from '../clients/client.entity';
import { ClientRepository } from '../clients/client.repository';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationRepository } from '../conversations/conversation.repository';
import type { Message } from '../conversations/message.entity';
import { MessageRepository } from '../messages/message.repository';
import { MessageFlagsService } from './message-flags.service';

const THRESHOLDS = internalOperations.agents.strikeThresholds.subject;

/**
 * The flag service over one WhatsApp conversation (agent `agt_1`, thresholds 2 and 3 unless
 * given) with a customer message `msg_in` and the agent's reply `msg_out`; writes apply at once.
 */
function world(options: { priorStrikes?: number; clientStrikes?: number; agentId?: string | null } = {}) {
  const conversation = {
    id: 'conv_1',
    workspaceId: 'ws_1',
    clientId: 'cl_1',
    agentId: options.agentId === undefined ? 'agt_1' : options.agentId,
    source: null,
    status: 'active',
    operation: 'automatic',
    platform: 'whatsapp',
    channelId: 'ch_wa',
    contactName: null,
    phoneNumber: null,
    topic: null,
    lastUserMessageAt: null,
    conversationId: '5511999990000',
    messageCount: 2,
    owners: [],
    tags: [],
    createdAt: new Date('2026-11-20T12:00:00.000Z'),
    updatedAt: new Date('2026-11-20T12:00:00.000Z'),
  } as unknown as Conversation;
  const client = {
    id: 'cl_1',
    workspaceId: 'ws_1',
    status: 'active',
    moderation: options.clientStrikes ? { totalStrikes: options.clientStrikes } : null,
  } as Client;
  const message = (id: string, direction: 'incoming' | 'outgoing') =>
    ({ id, workspaceId: 'ws_1', conversationRef: 'conv_1', direction, payload: {} }) as unknown as Message;
  const messages = new Map([
    ['msg_in', message('msg_in', 'incoming')],
    ['msg_out', message('msg_out', 'outgoing')],
  ]);
  const blocks: unknown[] = [];
  const built = newTestService(
    MessageFlagsService,
    fake(ConversationRepository, {
      findById: async (workspaceIds, id) => (workspaceIds.includes('ws_1') && id === 'conv_1' ? conversation : null),
      findInWorkspace: async (workspaceId, id) => (workspaceId === 'ws_1' && id === 'conv_1' ? conversation : null),
      update: async (_tx, target, changes) => void Object.assign(target, changes),
    }),
    fake(MessageRepository, {
      lockId: async () => {},
      findById: async (id) => messages.get(id) ?? null,
      recordFlag: async (_tx, target, flag) => void (target.payload = { ...target.payload, supervisorFlag: flag }),
      countGuardrailStrikes: async () =>
        (options.priorStrikes ?? 0) + [...messages.values()].filter((m) => m.payload && 'supervisorFlag' in m.payload).length,
    }),
    fake(ClientRepository, {
      lockForUpdate: async () => client,
      recordStrike: async (_tx, target, strike) => {
        const total = (target.moderation?.totalStrikes ?? 0) + 1;
        target.moderation = {
          ...target.moderation,
          totalStrikes: total,
          lastSource: strike.source,
          lastSeverity: strike.severity,
          lastAction: strike.action,
        } as Client['moderation'];
      },
      setStatus: async (_tx, target, block) => {
        target.status = 'blocked';
        blocks.push(block);
      },
    }),
  );
  built.rpc.answer(THRESHOLDS, () => ({ conversationStrikeThreshold: 2, clientStrikeThreshold: 3 }));
  const flag = (messageId: string, body: object, auth = testAuth()) =>
    built.service.flag({ auth, workspaceId: 'ws_1', params: { id: 'conv_1', messageId }, query: {}, body, requestId: 'req_1' } as never);
  return { ...built, conversation, client, messages, blocks, flag };
}

describe('MessageFlagsService.flag', () => {
  it("records a supervisor strike with the person's severity and note, keeping the flag on the message", async () => {
    const w = world();
    const answer = await w.flag(
      'msg_in',
      { severity: 'medium', note: 'insulta' },
      testAuth({ credentialType: 'oauth_token', userId: 'usr_ana' }),
    );
    expect(answer.data).toMatchObject({
      messageId: 'msg_in',
      conversationId: 'conv_1',
      clientId: 'cl_1',
      flag: { severity: 'medium', note: 'insulta', flaggedBy: { id: 'usr_ana', type: 'user' } },
      moderation: { totalStrikes: 1, lastSource: 'supervisor', lastSeverity: 'medium', lastAction: 'warn' },
      clientStatus: 'active',
      conversationStatus: 'active',
    });
    expect(w.messages.get('msg_in')!.payload.supervisorFlag).toEqual(answer.data.flag);
    expect(w.rpc.bodiesTo(THRESHOLDS)).toEqual([{ agentId: 'agt_1' }]);
  });

  it("counts against the agent's thresholds: spam at the conversation's, blocked (by no one) at the client's", async () => {
    const w = world({ priorStrikes: 1, clientStrikes: 2 });
    const answer = await w.flag('msg_in', { severity: 'high' });
    expect(answer.data).toMatchObject({ clientStatus: 'blocked', conversationStatus: 'spam', moderation: { lastAction: 'spam' } });
    expect(w.blocks).toEqual([{ reason: 'guardrails_threshold_reached', by: null }]);
    expect(w.unitOfWork.events.map((event) => event.type)).toContain('conversation.status.updated');
  });

  it('asks for the default thresholds of a conversation without an agent', async () => {
    const w = world({ agentId: null });
    await w.flag('msg_in', { severity: 'low' });
    expect(w.rpc.bodiesTo(THRESHOLDS)).toEqual([{ agentId: null }]);
  });

  it('refuses a second flag (409), a message not the customer’s (422), another conversation’s or unknown one (404)', async () => {
    const w = world();
    await w.flag('msg_in', { severity: 'low' });
    const again = await refusal(w.flag('msg_in', { severity: 'high' }));
    expect([again.code, again.details]).toEqual([ErrorCode.Conflict, expect.objectContaining({ reason: 'message_already_flagged' })]);
    const outgoing = await refusal(w.flag('msg_out', { severity: 'low' }));
    expect([outgoing.code, outgoing.details]).toEqual([
      ErrorCode.Unprocessable,
      expect.objectContaining({ reason: 'not_a_customer_message' }),
    ]);
    expect((await refusal(w.flag('msg_other', { severity: 'low' }))).code).toBe(ErrorCode.NotFound);
    expect(w.client.moderation?.totalStrikes).toBe(1);
  });
});
