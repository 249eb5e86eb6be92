import { internalOperations, type TurnReplyRequest } from '@platica/contracts';
import { FakeRpcClient, strict } from '@platica/testing/test-service';
import type { WorkingMessageSettings } from '@platica/workflows/activities';
import type { TurnRef } from '../turn-log/turn-log.repository';
import { createDeliveryActivities } from './delivery.activities';
import type { TurnDeps } from './turn-deps';

const REPLY = internalOperations.messaging.turnReply.subject;
const FAILURE = internalOperations.messaging.turnFailure.subject;

/** The delivery activities over messaging (answering over RPC) and a turn log in memory, which fails when told to. */
function world(options: { turnLogFails?: boolean } = {}) {
  const rpc = new FakeRpcClient()
    .answer(REPLY, (body) => ({ messageId: (body as TurnReplyRequest).messageId, status: 'sent', error: null }))
    .answer(FAILURE, () => ({}));
  const ended: { ref: TurnRef; outcome: string; detail: string | null }[] = [];
  const warnings: unknown[] = [];
  const deps = strict<TurnDeps>('TurnDeps', {
    rpc,
    turnLog: strict('TurnLogRepository', {
      end: async (ref: TurnRef, outcome: string, detail: string | null) => {
        if (options.turnLogFails) throw new Error('database is down');
        ended.push({ ref, outcome, detail });
      },
    }),
    logger: strict('Logger', { warn: (entry: unknown) => void warnings.push(entry) }),
  });
  return { activities: createDeliveryActivities(deps), rpc, ended, warnings };
}

const reply: TurnReplyRequest = {
  workspaceId: 'ws_1',
  conversationRef: 'conv_1',
  messageId: 'msg_reply',
  agentId: 'agt_1',
  content: 'Hola',
  seenUpTo: 'msg_in',
};

const turnRef = { turnId: 'msg_reply', workspaceId: 'ws_1', conversationRef: 'conv_1' };

function settings(fields: Partial<WorkingMessageSettings> = {}): WorkingMessageSettings {
  return {
    enabled: true,
    trigger: { type: 'any' },
    message: { enabled: true, mode: 'fixed', fixedText: 'One moment…' },
    sticker: { enabled: true, url: 'https://cdn.test/wait.webp' },
    ...fields,
  };
}

describe('createDeliveryActivities.deliverReply', () => {
  it("hands the reply to messaging as the agents service, answers messaging's result and ends the turn log as answered", async () => {
    const { activities, rpc, ended } = world();
    const result = await activities.deliverReply(reply);
    expect(result).toEqual({ messageId: 'msg_reply', status: 'sent', error: null });
    expect(rpc.bodiesTo(REPLY)).toEqual([reply]);
    expect(rpc.calls[0]!.request).toMatchObject({ workspaceId: 'ws_1', auth: { principal: 'service:agents' } });
    expect(ended).toEqual([{ ref: turnRef, outcome: 'answered', detail: null }]);
  });

  it("ends the turn log as the guardrail's answer, or as a request for a human with its reason", async () => {
    const { activities, ended } = world();
    await activities.deliverReply({ ...reply, guardrail: { source: 'lexicon' } as TurnReplyRequest['guardrail'] });
    await activities.deliverReply({ ...reply, assistance: { reason: 'wants a refund' } });
    expect(ended.map((e) => [e.outcome, e.detail])).toEqual([
      ['guardrail', null],
      ['assistance', 'wants a refund'],
    ]);
  });

  it('still delivers when the turn log cannot be written, saying so in the log', async () => {
    const { activities, rpc, warnings } = world({ turnLogFails: true });
    expect((await activities.deliverReply(reply)).status).toBe('sent');
    expect(rpc.bodiesTo(REPLY)).toHaveLength(1);
    expect(warnings).toEqual([expect.objectContaining({ msg: 'a turn log record was not written', turnId: 'msg_reply' })]);
  });

  it('fails, to be retried, when messaging fails', async () => {
    const { activities, rpc } = world();
    rpc.answer(REPLY, () => {
      throw new Error('messaging timed out');
    });
    await expect(activities.deliverReply(reply)).rejects.toThrow('messaging timed out');
  });
});

describe('createDeliveryActivities.recordTurnFailure', () => {
  it('records the failure on the conversation without an agent, and ends the turn log as failed with the error', async () => {
    const { activities, rpc, ended, warnings } = world();
    const error = { code: 'model_unavailable', message: 'the provider answered 503' };
    await activities.recordTurnFailure({ workspaceId: 'ws_1', conversationRef: 'conv_1', messageId: 'msg_turn', error });
    expect(rpc.bodiesTo(FAILURE)).toEqual([
      { workspaceId: 'ws_1', conversationRef: 'conv_1', messageId: 'msg_turn', error, agentId: null },
    ]);
    expect(ended).toEqual([
      { ref: { ...turnRef, turnId: 'msg_turn' }, outcome: 'failed', detail: 'model_unavailable: the provider answered 503' },
    ]);
    expect(warnings).toEqual([expect.objectContaining({ msg: 'a turn ended without a reply', conversationRef: 'conv_1' })]);
  });
});

describe('createDeliveryActivities.sendWorkingMessage', () => {
  const input = { workspaceId: 'ws_1', conversationRef: 'conv_1', messageId: 'msg_work', agentId: 'agt_1' };

  it('sends the fixed text, then the sticker under an id of its own, both as working messages', async () => {
    const { activities, rpc } = world();
    await activities.sendWorkingMessage({ ...input, settings: settings() });
    const sent = rpc.bodiesTo(REPLY) as TurnReplyRequest[];
    expect(sent.map((s) => [s.kind, s.content, s.seenUpTo])).toEqual([
      ['working-text', 'One moment…', null],
      ['working-sticker', 'https://cdn.test/wait.webp', null],
    ]);
    expect(sent[0]!.messageId).toBe('msg_work');
    expect(sent[1]!.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(sent[1]!.messageId).not.toBe('msg_work');
  });

  it('sends the sticker under the same id when the activity is retried, so messaging sends it once', async () => {
    const first = world();
    const retry = world();
    await first.activities.sendWorkingMessage({ ...input, settings: settings() });
    await retry.activities.sendWorkingMessage({ ...input, settings: settings() });
    const ids = (w: ReturnType<typeof world>) => (w.rpc.bodiesTo(REPLY) as TurnReplyRequest[]).map((s) => s.messageId);
    expect(ids(retry)).toEqual(ids(first));
  });

  it('sends only what is enabled: no text when the message is off, no sticker without one or without its URL', async () => {
    const { activities, rpc } = world();
    await activities.sendWorkingMessage({ ...input, settings: settings({ message: { enabled: false, mode: 'fixed', fixedText: 'x' } }) });
    await activities.sendWorkingMessage({
      ...input,
      settings: settings({ sticker: { enabled: false, url: 'https://cdn.test/wait.webp' } }),
    });
    await activities.sendWorkingMessage({ ...input, settings: settings({ sticker: { enabled: true, url: null } }) });
    await activities.sendWorkingMessage({
      ...input,
      settings: settings({ message: { enabled: true, mode: 'fixed', fixedText: '' }, sticker: { enabled: false } }),
    });
    expect((rpc.bodiesTo(REPLY) as TurnReplyRequest[]).map((s) => s.kind)).toEqual(['working-sticker', 'working-text', 'working-text']);
  });
});
