import { workspaceOperations } from '@platica/contracts';
import { ErrorCode } from '@platica/errors';
import { fake, FakeUnitOfWork, newTestService, refusal } from '@platica/testing/test-service';
import { AssignmentSettingRepository, DEFAULT_ASSIGNMENT, type AssignmentState } from './assignment-setting.repository';
import { Assignments, nextInRotation } from './assignments';
import type { Conversation } from './conversation.entity';
import { ConversationRepository } from './conversation.repository';

describe('nextInRotation', () => {
  it('takes the available people in turn, by id, starting over after the last, and skips someone no longer available', () => {
    expect(nextInRotation(['usr_b', 'usr_a'], null)).toBe('usr_a');
    expect(nextInRotation(['usr_b', 'usr_a'], 'usr_a')).toBe('usr_b');
    expect(nextInRotation(['usr_b', 'usr_a'], 'usr_b')).toBe('usr_a');
    expect(nextInRotation(['usr_a', 'usr_c'], 'usr_b')).toBe('usr_c');
    expect(nextInRotation([], 'usr_a')).toBeNull();
  });
});

function world(
  setting: AssignmentState,
  users = [
    { id: 'usr_a', email: 'ana@acme.test', role: 'agent' as const },
    { id: 'usr_b', email: 'bea@acme.test', role: 'admin' as const },
  ],
) {
  let stored = { ...setting };
  const built = newTestService(
    Assignments,
    fake(AssignmentSettingRepository, {
      find: async () => stored,
      lockIfRoundRobin: async () => (stored.mode === 'round_robin' ? stored : null),
      change: async (_tx, _id, change) => (stored = { ...stored, ...change(stored) }),
    }),
    fake(ConversationRepository, {
      update: async (_tx, conversation, changes) => {
        Object.assign(conversation, changes);
      },
    }),
  );
  built.rpc.answer(workspaceOperations.profiles.subject, () => ({
    workspaces: [{ id: 'ws_1', timezone: 'UTC', creditLimit: null, users }],
  }));
  const tx = new FakeUnitOfWork();
  const conversation = (id: string) =>
    ({
      id,
      workspaceId: 'ws_1',
      channelId: 'ch_1',
      platform: 'whatsapp',
      conversationId: '34600000001',
      clientId: 'cli_1',
      agentId: 'agt_1',
      source: null,
      contactName: null,
      phoneNumber: null,
      topic: null,
      status: 'active',
      operation: 'assistance',
      operationChangedBy: null,
      operationChangedAt: null,
      assigneeId: null,
      messageCount: 1,
      owners: [],
      tags: [],
      lastUserMessageAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    }) as unknown as Conversation;
  const rotate = async (id: string) => {
    const c = conversation(id);
    await tx.run((t) => built.service.assignByRotation(t, c));
    return c.assigneeId;
  };
  return { ...built, tx, rotate, setting: () => stored };
}

describe('Assignments', () => {
  it('assigns each request for a person to the next available user in turn, with conversation.assignee.updated by nobody', async () => {
    const w = world({ mode: 'round_robin', available: ['usr_b', 'usr_a', 'usr_gone'], lastAssignee: null });
    expect([await w.rotate('conv_1'), await w.rotate('conv_2'), await w.rotate('conv_3')]).toEqual(['usr_a', 'usr_b', 'usr_a']);
    expect(w.setting().lastAssignee).toBe('usr_a');
    expect(w.tx.events.map((e) => [e.type, (e.data as { assignee: string }).assignee, (e.data as { changedBy: null }).changedBy])).toEqual([
      ['conversation.assignee.updated', 'usr_a', null],
      ['conversation.assignee.updated', 'usr_b', null],
      ['conversation.assignee.updated', 'usr_a', null],
    ]);
  });

  it('leaves the conversation unassigned in mode none, or when nobody is available', async () => {
    expect(await world({ ...DEFAULT_ASSIGNMENT, available: ['usr_a'] }).rotate('conv_1')).toBeNull();
    expect(await world({ mode: 'round_robin', available: [], lastAssignee: null }).rotate('conv_1')).toBeNull();
  });

  it('keeps an assigned conversation with its assignee', async () => {
    const w = world({ mode: 'round_robin', available: ['usr_a'], lastAssignee: null });
    const c = { id: 'conv_1', workspaceId: 'ws_1', assigneeId: 'usr_b' } as Conversation;
    await w.tx.run((t) => w.service.assignByRotation(t, c));
    expect([c.assigneeId, w.tx.events]).toEqual(['usr_b', []]);
  });

  it('lets a person mark themselves available, and only an admin (or an API key) set the mode', async () => {
    const w = world(DEFAULT_ASSIGNMENT);
    const ana = { userId: 'usr_a', isUser: true };
    const answer = await w.tx.run((t) => w.service.update(t, 'ws_1', ana, { available: true }));
    expect(answer).toMatchObject({ mode: 'none', available: [{ id: 'usr_a', email: 'ana@acme.test' }], lastAssignee: null });
    expect(answer.people).toEqual([
      { id: 'usr_a', email: 'ana@acme.test' },
      { id: 'usr_b', email: 'bea@acme.test' },
    ]);
    const forbidden = await refusal(w.tx.run((t) => w.service.update(t, 'ws_1', ana, { mode: 'round_robin' })));
    expect(forbidden.code).toBe(ErrorCode.Forbidden);
    await w.tx.run((t) => w.service.update(t, 'ws_1', { userId: 'usr_b', isUser: true }, { mode: 'round_robin', available: true }));
    await w.tx.run((t) => w.service.update(t, 'ws_1', ana, { available: false }));
    expect(w.setting()).toMatchObject({ mode: 'round_robin', available: ['usr_b'] });
    const key = await refusal(w.tx.run((t) => w.service.update(t, 'ws_1', { userId: null, isUser: false }, { available: true })));
    expect(key.details).toEqual([{ path: ['available'], message: 'is set by a signed-in person of the workspace, for themselves' }]);
  });
});
