import type { AuthContext, RpcRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { fake, freezeTime, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { DueSoon } from './due-soon';
import type { ScheduledMessage } from './scheduled-message.entity';
import { ScheduledMessageRepository, type RescheduleChange } from './scheduled-message.repository';
import { ScheduledMessagesService, type ScheduledSend } from './scheduled-messages.service';
import { timingOf } from './schedule-timing';

const NOW = '2026-11-20T12:00:00.000Z';

function row(id: string, workspaceId: string, fields: Partial<ScheduledMessage> = {}): ScheduledMessage {
  return {
    id,
    workspaceId,
    kind: 'service',
    status: 'delayed',
    channelId: 'ch_1',
    conversationId: 'conv_1',
    campaignId: null,
    runId: null,
    messageType: 'text',
    templateName: null,
    preview: 'Hola',
    phoneNumber: '+5215550100',
    name: 'Ana',
    executeAt: new Date('2026-11-20T13:00:00Z'),
    delayMs: 3_600_000,
    scheduledTime: null,
    request: {} as ScheduledMessage['request'],
    actor: testAuth(),
    revision: 0,
    claimedUntil: null,
    attempts: 0,
    deliveredExternalId: null,
    sentMessageId: null,
    error: null,
    createdAt: new Date('2026-11-20T11:00:00Z'),
    updatedAt: new Date('2026-11-20T11:00:00Z'),
    cancelledAt: null,
    sentAt: null,
    failedAt: null,
    ...fields,
  } as ScheduledMessage;
}

const WAITING = new Set(['creating', 'delayed', 'scheduled']);

/**
 * Scheduled rows in memory, with the repository's conditional updates (only while waiting);
 * `race` changes a row between the service's read and its update, as a dispatcher's claim would.
 */
function world(rows: ScheduledMessage[] = [row('msg_1', 'ws_1'), row('msg_2', 'ws_2')]) {
  const stored = new Map(rows.map((r) => [r.id, r]));
  const created: object[] = [];
  const gets: [string, string][] = [];
  const reschedules: [string, string, RescheduleChange][] = [];
  const listed: [string, unknown][] = [];
  const cancels: [string, string][] = [];
  const notified: Date[] = [];
  let race: ((id: string) => void) | null = null;
  const built = newTestService(
    ScheduledMessagesService,
    fake(ScheduledMessageRepository, {
      create: async (r) => {
        created.push(r);
      },
      get: async (workspaceId, id) => {
        gets.push([workspaceId, id]);
        const found = stored.get(id);
        if (!found || found.workspaceId !== workspaceId) throw DomainError.notFound('Scheduled message', id);
        return { ...found } as ScheduledMessage;
      },
      list: async (workspaceId, query) => {
        listed.push([workspaceId, query]);
        const items = [...stored.values()].filter((r) => r.workspaceId === workspaceId);
        return { rows: items, ...(items.length > 1 ? { nextPageToken: 'tok' } : {}) };
      },
      reschedule: async (workspaceId, id, change) => {
        reschedules.push([workspaceId, id, change]);
        race?.(id);
        const found = stored.get(id)!;
        if (found.workspaceId !== workspaceId || !WAITING.has(found.status)) return false;
        stored.set(id, {
          ...found,
          executeAt: new Date(change.executeAt),
          status: change.status,
          delayMs: change.delayMs,
          scheduledTime: change.scheduledTime,
        } as ScheduledMessage);
        return true;
      },
      cancel: async (workspaceId, id, cancelledAt) => {
        cancels.push([workspaceId, id]);
        race?.(id);
        const found = stored.get(id)!;
        if (found.workspaceId !== workspaceId || !WAITING.has(found.status)) return false;
        stored.set(id, { ...found, status: 'cancelled', cancelledAt } as ScheduledMessage);
        return true;
      },
    }),
    fake(DueSoon, { notify: (at) => void notified.push(at) }),
  );
  return {
    ...built,
    stored,
    created,
    gets,
    reschedules,
    listed,
    cancels,
    notified,
    raceWith: (change: (id: string) => void) => {
      race = change;
    },
  };
}

function request(fields: { workspaceId?: string; body?: unknown; query?: object; auth?: AuthContext } = {}) {
  return { auth: testAuth(), params: {}, query: {}, body: undefined, requestId: 'req_1', workspaceId: 'ws_1', ...fields } as never;
}

const send: ScheduledSend = {
  kind: 'service',
  channelId: 'ch_1',
  conversationId: 'conv_1',
  campaignId: null,
  messageType: 'text',
  templateName: null,
  preview: 'Hola',
  phoneNumber: '+5215550100',
  name: null,
  request: { channelId: 'ch_1' } as ScheduledSend['request'],
};

beforeEach(() => freezeTime(NOW));
afterEach(() => jest.useRealTimers());

describe('ScheduledMessagesService.schedule', () => {
  it('stores the row with its timing and who sent it, wakes the dispatcher, and answers 202 with the delay', async () => {
    const { service, created, notified } = world();
    const timing = timingOf({ delay: 60_000 })!;
    const auth = testAuth();
    const reply = await service.schedule('ws_1', auth, send, timing);
    expect(reply.status).toBe(202);
    const messageId = (reply.body as { messageId: string }).messageId;
    expect(messageId).toMatch(/^msg_/);
    expect(reply.body).toEqual({
      messageId,
      kind: 'service',
      status: 'delayed',
      timestamp: NOW,
      executeAt: '2026-11-20T12:01:00.000Z',
      delayMs: 60_000,
    });
    expect(created).toEqual([
      {
        id: messageId,
        workspaceId: 'ws_1',
        status: 'delayed',
        executeAt: new Date('2026-11-20T12:01:00Z'),
        delayMs: 60_000,
        scheduledTime: null,
        actor: auth,
        ...send,
      },
    ]);
    expect(notified).toEqual([new Date('2026-11-20T12:01:00Z')]);
  });

  it('answers a scheduleTime (not a delayMs) for a send at a time', async () => {
    const { service } = world();
    const reply = await service.schedule(
      'ws_1',
      testAuth(),
      { ...send, kind: 'template' },
      timingOf({ scheduleTime: '2026-11-21T09:00:00Z' })!,
    );
    expect(reply.body).toEqual({
      messageId: expect.stringMatching(/^msg_/),
      kind: 'template',
      status: 'scheduled',
      timestamp: NOW,
      executeAt: '2026-11-21T09:00:00.000Z',
      scheduledTime: '2026-11-21T09:00:00Z',
    });
  });
});

describe('ScheduledMessagesService.list and get', () => {
  it("lists the write workspace's messages, presented, with their count and the repository's next token", async () => {
    const { service, listed } = world([row('msg_1', 'ws_1'), row('msg_3', 'ws_1', { runId: 'run_1' }), row('msg_2', 'ws_2')]);
    const query = { status: ['delayed'], limit: 2 };
    const answer = await service.list(request({ query }));
    expect(listed).toEqual([['ws_1', query]]);
    expect(answer.count).toBe(2);
    expect(answer.nextPageToken).toBe('tok');
    expect(answer.messages.map((m) => [m.messageId, m.reschedulable])).toEqual([
      ['msg_1', true],
      ['msg_3', false],
    ]);
    const single = await service.list(request({ workspaceId: 'ws_2', query }));
    expect(single).toEqual({ messages: [expect.objectContaining({ messageId: 'msg_2' })], count: 1 });
  });

  it("presents one message of the workspace, and answers 404 for another workspace's", async () => {
    const { service } = world();
    expect(await service.get(request() as RpcRequest, 'msg_1')).toMatchObject({
      messageId: 'msg_1',
      status: 'delayed',
      executeAt: '2026-11-20T13:00:00.000Z',
      cancelledAt: null,
      reschedulable: true,
    });
    const error = await refusal(service.get(request() as RpcRequest, 'msg_2'));
    expect(error.code).toBe(ErrorCode.NotFound);
  });
});

describe('ScheduledMessagesService.reschedule', () => {
  it('moves a waiting message to its new time, wakes the dispatcher and answers the message as it now is', async () => {
    const { service, reschedules, notified, stored } = world();
    const answer = await service.reschedule(request({ body: { scheduleTime: '2026-11-22T08:00:00Z' } }), 'msg_1');
    expect(reschedules).toEqual([
      [
        'ws_1',
        'msg_1',
        { executeAt: '2026-11-22T08:00:00.000Z', status: 'scheduled', delayMs: null, scheduledTime: '2026-11-22T08:00:00Z' },
      ],
    ]);
    expect(answer).toMatchObject({ messageId: 'msg_1', status: 'scheduled', executeAt: '2026-11-22T08:00:00.000Z' });
    expect(stored.get('msg_1')!.status).toBe('scheduled');
    expect(notified).toEqual([new Date('2026-11-22T08:00:00Z')]);
  });

  it.each([['sent'], ['processing'], ['cancelled']])('refuses a %s message with 409 and changes nothing', async (status) => {
    const { service, reschedules, notified } = world([row('msg_1', 'ws_1', { status: status as ScheduledMessage['status'] })]);
    const error = await refusal(service.reschedule(request({ body: { delay: 5_000 } }), 'msg_1'));
    expect([error.code, error.details]).toEqual([ErrorCode.Conflict, { status, reschedulable: false }]);
    expect(reschedules).toEqual([]);
    expect(notified).toEqual([]);
  });

  it("refuses a campaign run's message (409): it goes out with its run", async () => {
    const { service, reschedules } = world([row('msg_1', 'ws_1', { runId: 'run_1' })]);
    const error = await refusal(service.reschedule(request({ body: { delay: 5_000 } }), 'msg_1'));
    expect([error.code, error.details]).toEqual([ErrorCode.Conflict, { status: 'delayed', reschedulable: false }]);
    expect(reschedules).toEqual([]);
  });

  it('answers 409 with the status the dispatcher left when it claimed the message first, and does not wake it', async () => {
    const { service, stored, raceWith, notified } = world();
    raceWith((id) => stored.set(id, { ...stored.get(id)!, status: 'processing' } as ScheduledMessage));
    const error = await refusal(service.reschedule(request({ body: { delay: 5_000 } }), 'msg_1'));
    expect([error.code, error.details]).toEqual([ErrorCode.Conflict, { status: 'processing', reschedulable: false }]);
    expect(notified).toEqual([]);
  });

  it("answers 404 for another workspace's message without updating it", async () => {
    const { service, reschedules } = world();
    const error = await refusal(service.reschedule(request({ body: { delay: 5_000 } }), 'msg_2'));
    expect([error.code, error.details]).toEqual([ErrorCode.NotFound, expect.objectContaining({ id: 'msg_2' })]);
    expect(reschedules).toEqual([]);
  });
});

describe('ScheduledMessagesService.cancel', () => {
  it('cancels a waiting message at the present time and answers it cancelled', async () => {
    const { service, stored, cancels } = world();
    const answer = await service.cancel(request() as RpcRequest, 'msg_1');
    expect(answer).toMatchObject({ messageId: 'msg_1', status: 'cancelled', cancelledAt: NOW, reschedulable: false });
    expect(stored.get('msg_1')!.cancelledAt).toEqual(new Date(NOW));
    expect(cancels).toEqual([['ws_1', 'msg_1']]);
  });

  it("cancels a campaign run's message too", async () => {
    const { service } = world([row('msg_1', 'ws_1', { runId: 'run_1' })]);
    expect(await service.cancel(request() as RpcRequest, 'msg_1')).toMatchObject({ status: 'cancelled' });
  });

  it('answers an already cancelled message as it is (idempotent), without updating it', async () => {
    const cancelledAt = new Date('2026-11-20T11:30:00Z');
    const { service, cancels } = world([row('msg_1', 'ws_1', { status: 'cancelled', cancelledAt })]);
    const answer = await service.cancel(request() as RpcRequest, 'msg_1');
    expect(answer).toMatchObject({ status: 'cancelled', cancelledAt: '2026-11-20T11:30:00.000Z' });
    expect(cancels).toEqual([]);
  });

  it('refuses a sent message (409), and one the dispatcher claimed between the read and the update', async () => {
    const sent = world([row('msg_1', 'ws_1', { status: 'sent' })]);
    const error = await refusal(sent.service.cancel(request() as RpcRequest, 'msg_1'));
    expect([error.code, error.details]).toEqual([ErrorCode.Conflict, { status: 'sent', reschedulable: false }]);

    const raced = world();
    raced.raceWith((id) => raced.stored.set(id, { ...raced.stored.get(id)!, status: 'processing' } as ScheduledMessage));
    const late = await refusal(raced.service.cancel(request() as RpcRequest, 'msg_1'));
    expect(late.details).toEqual({ status: 'processing', reschedulable: false });
  });

  it('answers success when a concurrent cancel won the race', async () => {
    const { service, stored, raceWith } = world();
    raceWith((id) => stored.set(id, { ...stored.get(id)!, status: 'cancelled', cancelledAt: new Date(NOW) } as ScheduledMessage));
    expect(await service.cancel(request() as RpcRequest, 'msg_1')).toMatchObject({ status: 'cancelled' });
  });

  it("answers 404 for another workspace's message", async () => {
    const { service, stored, cancels } = world();
    const error = await refusal(service.cancel(request() as RpcRequest, 'msg_2'));
    expect(error.code).toBe(ErrorCode.NotFound);
    expect(stored.get('msg_2')!.status).toBe('delayed');
    expect(cancels).toEqual([]);
  });
});
