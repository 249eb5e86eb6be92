import { domainEvent, EVENT_TYPES, eventDataSchemas, INTERNAL_EVENT_TYPES, parseDomainEvent } from './events';

const conversation = {
  id: 'conv_1',
  conversationId: '5215550001111',
  clientId: 'cl_1',
  agentId: null,
  source: 'meta',
  canSendDirectMessage: true,
  workspaceId: 'ws_1',
  channelId: 'ch_1',
  contactName: 'Ana',
  phoneNumber: '+5215550001111',
  topic: null,
  platform: 'whatsapp',
  status: 'active' as const,
  operation: 'automatic' as const,
  messageCount: 2,
  owners: [],
  tags: ['vip'],
  creationDate: '2026-11-21T12:00:00.000Z',
  lastUpdate: '2026-11-21T12:01:00.000Z',
  state: 'ai' as const,
  handledBy: null,
  waitingSince: null,
  assignee: null,
  lastMessage: null,
  failed: null,
  unreadCount: null,
};

const messageCreated = {
  messageId: 'msg_1',
  conversationId: 'conv_1',
  clientId: 'cl_1',
  channelId: 'ch_1',
  campaignId: null,
  message: {
    id: 'msg_1',
    role: 'assistant' as const,
    content: 'hola',
    contentType: 'text',
    direction: 'outgoing' as const,
    status: 'failed' as const,
    creationDate: '2026-11-21T12:00:00.000Z',
    reply: { to: 'msg_0' },
    error: { code: 131047, message: 'Re-engagement message' },
  },
};

const envelope = (type: string, data: unknown) => ({
  id: 'evt_1',
  type,
  workspaceId: 'ws_1',
  occurredAt: '2026-11-21T12:00:00.000Z',
  data,
});

describe('typed events', () => {
  it('has a data schema for every event type, public and internal', () => {
    expect(Object.keys(eventDataSchemas).sort()).toEqual([...EVENT_TYPES, ...INTERNAL_EVENT_TYPES].sort());
  });

  it('builds an event whose data serializes exactly as given: no field lost, added or reordered', () => {
    const event = domainEvent('message.created', 'ws_1', messageCreated);
    expect(event.type).toBe('message.created');
    expect(JSON.stringify(event.data)).toBe(JSON.stringify(messageCreated));
    const created = domainEvent('conversation.created', 'ws_1', { conversationId: 'conv_1', conversation });
    expect(JSON.stringify(created.data)).toBe(JSON.stringify({ conversationId: 'conv_1', conversation }));
  });

  it('leaves a customer message without campaignId as it is (no key added)', () => {
    const { campaignId: _campaignId, ...inbound } = messageCreated;
    expect(domainEvent('message.created', 'ws_1', inbound).data).not.toHaveProperty('campaignId');
  });

  it("refuses a message status outside the spec's four (received, delivered, read, failed)", () => {
    const sent = { ...messageCreated, message: { ...messageCreated.message, status: 'sent' } };
    expect(() => domainEvent('message.created', 'ws_1', sent as never)).toThrow(/status/);
  });

  it('refuses to build an event whose data does not match its type', () => {
    expect(() => domainEvent('conversation.created', 'ws_1', { conversationId: 'conv_1' } as never)).toThrow(/conversation/);
    expect(() =>
      domainEvent('agent.turn.requested', 'ws_1', { conversationRef: 'conv_1', reason: 'because', messageIds: [] } as never),
    ).toThrow(/reason/);
  });

  it('reads back a published event with its data parsed: a reader gets the fields its schema knows, a forwarder all', () => {
    const data = { ...messageCreated, message: { ...messageCreated.message, newer: 1 } };
    const published = JSON.parse(JSON.stringify(envelope('message.created', data)));
    expect(parseDomainEvent(published)).toEqual({ event: envelope('message.created', messageCreated), published });
  });

  it('gives a forwarder the event exactly as published, and a reader only the fields its schema knows', () => {
    const published = envelope('client.blocked', { clientId: 'cl_1', blockedReason: 'spam', blockedBy: null, newer: true });
    const parsed = parseDomainEvent(published);
    expect(parsed).toEqual({
      event: envelope('client.blocked', { clientId: 'cl_1', blockedReason: 'spam', blockedBy: null }),
      published,
    });
  });

  it.each([
    ['not an object', 'hola', /not an event envelope/],
    ['no id', { ...envelope('client.blocked', { clientId: 'cl_1', blockedReason: 'spam', blockedBy: null }), id: undefined }, /id/],
    [
      'a bad date',
      { ...envelope('client.blocked', { clientId: 'cl_1', blockedReason: 'spam', blockedBy: null }), occurredAt: 'ayer' },
      /occurredAt/,
    ],
    ['an unknown type', envelope('client.renamed', { clientId: 'cl_1' }), /unknown event type/],
    ['data that does not parse', envelope('client.blocked', { clientId: 'cl_1' }), /client.blocked data does not parse: blockedReason/],
  ])('refuses %s, saying why', (_case, value, problem) => {
    const parsed = parseDomainEvent(value);
    expect(parsed).toEqual({ problem: expect.stringMatching(problem) });
  });
});
