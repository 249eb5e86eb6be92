import { messagingOperations, type TurnLogEntry } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { fake, newTestService, refusal, testAuth } from '@platica/testing/test-service';
import { TurnLogRepository } from './turn-log.repository';
import { TurnLogService } from './turn-log.service';

const GET_CONVERSATION = messagingOperations.conversationsGet.subject;
const entry = (turnId: string) => ({ turnId, outcome: 'answered' }) as unknown as TurnLogEntry;

/** conv_1 of ws_1 has two logged turns, conv_2 of ws_1 none; messaging knows both and nothing else. */
function world() {
  const listed: unknown[][] = [];
  const built = newTestService(
    TurnLogService,
    fake(TurnLogRepository, {
      list: async (workspaceIds, conversationRef, limit) => {
        listed.push([workspaceIds, conversationRef, limit]);
        return conversationRef === 'conv_1' && workspaceIds.includes('ws_1') ? [entry('msg_1'), entry('msg_2')] : [];
      },
    }),
  );
  built.rpc.answer(GET_CONVERSATION, (_body, request) => {
    const { params, workspaceId } = request as { params: { id: string }; workspaceId?: string };
    if (['conv_1', 'conv_2'].includes(params.id) && (workspaceId ?? 'ws_1') === 'ws_1') return { id: params.id };
    throw DomainError.notFound('Conversation', params.id);
  });
  return { ...built, listed };
}

const listOf = (id: string, workspaceId?: string) =>
  ({ auth: testAuth(), workspaceId, params: { id }, query: { limit: 20 }, body: undefined, requestId: 'req_1' }) as never;

describe('TurnLogService.list', () => {
  it("answers the conversation's turns in the caller's workspaces, asking messaging nothing", async () => {
    const w = world();
    expect(await w.service.list(listOf('conv_1'))).toEqual({ conversationId: 'conv_1', turns: [entry('msg_1'), entry('msg_2')], count: 2 });
    expect(w.listed).toEqual([[['ws_1', 'ws_2'], 'conv_1', 20]]);
    expect(w.rpc.calls).toEqual([]);
  });

  it("answers no turns for a conversation messaging knows, asking it with the caller's request and no query", async () => {
    const w = world();
    expect(await w.service.list(listOf('conv_2'))).toEqual({ conversationId: 'conv_2', turns: [], count: 0 });
    expect(w.rpc.calls.map((c) => [c.subject, (c.request as { query: unknown }).query, (c.request as { params: unknown }).params])).toEqual(
      [[GET_CONVERSATION, {}, { id: 'conv_2' }]],
    );
  });

  it("answers messaging's 404 for an unknown conversation or another workspace's", async () => {
    const w = world();
    expect((await refusal(w.service.list(listOf('conv_9')))).code).toBe(ErrorCode.NotFound);
    const elsewhere = await refusal(w.service.list(listOf('conv_1', 'ws_2')));
    expect([elsewhere.code, elsewhere.details]).toEqual([ErrorCode.NotFound, { id: 'conv_1' }]);
    expect(w.listed[1]).toEqual([['ws_2'], 'conv_1', 20]);
  });
});
