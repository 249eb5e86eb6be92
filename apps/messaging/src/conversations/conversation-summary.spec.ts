import {
  canSendDirectMessage,
  messageRecord,
  operationChangedBy,
  publicMessageStatus,
  whoAnswers,
  type MessageRow,
} from './conversation-summary';

const row = (over: Partial<MessageRow>): MessageRow => ({
  id: 'msg_1',
  role: 'assistant',
  content: 'hola',
  contentType: 'text',
  direction: 'outgoing',
  status: 'sent',
  createdAt: new Date('2026-11-27T10:00:00Z'),
  updatedAt: new Date('2026-11-27T10:00:00Z'),
  files: [],
  images: [],
  actorType: 'ai',
  actorId: 'agt_1',
  payload: {},
  error: null,
  ...over,
});

describe('who wrote a message (the conversation detail)', () => {
  const emails = new Map([['usr_1', 'ana@example.test']]);

  it("names the actor's type, and a person's email when they are a user of the workspace", () => {
    expect(messageRecord(row({}), 'whatsapp', true, emails).owner).toEqual({ id: 'agt_1', type: 'ai' });
    expect(messageRecord(row({ actorType: 'user', actorId: 'usr_1' }), 'whatsapp', true, emails).owner).toEqual({
      id: 'usr_1',
      type: 'user',
      email: 'ana@example.test',
    });
    expect(messageRecord(row({ actorType: 'user', actorId: 'usr_gone' }), 'whatsapp', true, emails).owner).toEqual({
      id: 'usr_gone',
      type: 'user',
    });
    expect(messageRecord(row({ actorType: 'customer', actorId: 'cli_1', role: 'user' }), 'whatsapp', true, emails).owner).toEqual({
      id: 'cli_1',
      type: 'customer',
    });
  });

  it('shows no owner without an actor id, and none at all in the chat shape', () => {
    expect(messageRecord(row({ actorType: 'api', actorId: null }), 'whatsapp', true, emails).owner).toBeNull();
    expect(messageRecord(row({}), 'whatsapp', false, emails)).not.toHaveProperty('owner');
  });

  it('names who switched the operation: a person with their email, an API key by its id, nobody as null', () => {
    expect(operationChangedBy('usr_1', emails)).toEqual({ id: 'usr_1', email: 'ana@example.test' });
    expect(operationChangedBy('key_1', emails)).toEqual({ id: 'key_1' });
    expect(operationChangedBy(null, emails)).toBeNull();
  });
});

describe("a message's status (the spec's four values)", () => {
  it('shows a reply Meta accepted but has not confirmed as received, and what Meta confirmed as it is', () => {
    expect(publicMessageStatus('sent', 'whatsapp')).toBe('received');
    expect(publicMessageStatus('sent', 'instagram')).toBe('received');
    expect(publicMessageStatus('delivered', 'whatsapp')).toBe('delivered');
    expect(publicMessageStatus('read', 'facebook')).toBe('read');
    expect(publicMessageStatus('failed', 'whatsapp')).toBe('failed');
  });

  it('shows a reply on an internal channel as delivered: storing it is its delivery', () => {
    expect(publicMessageStatus('sent', 'service')).toBe('delivered');
    expect(messageRecord(row({}), 'service', false).status).toBe('delivered');
  });

  it('shows a customer message as received', () => {
    expect(messageRecord(row({ direction: 'incoming', role: 'user', status: 'received' }), 'whatsapp').status).toBe('received');
  });
});

describe('canSendDirectMessage', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('is always true on internal chats, and within 24 h of the last customer message elsewhere', () => {
    expect(canSendDirectMessage('service', null, now)).toBe(true);
    expect(canSendDirectMessage('whatsapp', null, now)).toBe(false);
    expect(canSendDirectMessage('whatsapp', new Date(now - 23 * 3_600_000), now)).toBe(true);
    expect(canSendDirectMessage('instagram', new Date(now - 24 * 3_600_000 - 1), now)).toBe(false);
  });
});

describe('who answers a conversation (its state)', () => {
  const createdAt = new Date('2026-11-28T09:00:00Z');
  const asked = new Date('2026-11-28T10:00:00Z');
  const base = {
    status: 'active' as const,
    operation: 'automatic' as const,
    operationChangedBy: null,
    operationChangedAt: null,
    createdAt,
  };
  const emails = new Map([['usr_1', 'ana@example.test']]);

  it('is the agent while operation is automatic', () => {
    expect(whoAnswers(base)).toEqual({ state: 'ai', handledBy: null, waitingSince: null });
  });

  it('waits for a person, since the request, when the agent asked and nobody took it', () => {
    expect(whoAnswers({ ...base, operation: 'assistance', operationChangedAt: asked })).toEqual({
      state: 'waiting',
      handledBy: null,
      waitingSince: asked.toISOString(),
    });
    // A request from before the time was kept: waiting since the conversation began.
    expect(whoAnswers({ ...base, operation: 'assistance' }).waitingSince).toBe(createdAt.toISOString());
  });

  it('names the person who took it over, by email where known', () => {
    expect(whoAnswers({ ...base, operation: 'assistance', operationChangedBy: 'usr_1', operationChangedAt: asked }, emails)).toEqual({
      state: 'human',
      handledBy: { id: 'usr_1', email: 'ana@example.test' },
      waitingSince: null,
    });
  });

  it('is closed when finished, expired or spam, whoever had it', () => {
    for (const status of ['finished', 'expired', 'spam'] as const) {
      expect(whoAnswers({ ...base, status, operation: 'assistance', operationChangedBy: 'usr_1' }).state).toBe('closed');
    }
    expect(whoAnswers({ ...base, status: 'initiated' }).state).toBe('ai');
  });
});
