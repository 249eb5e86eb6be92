import { ApplicationFailure } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { internalOperations, type ChatAccepted, type ChatAcceptRequest, type TurnContext, type TurnReplyRequest } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { fake, newTestService } from '@platica/testing/test-service';
import type { Agent } from '../agents/agent.entity';
import { AgentRepository } from '../agents/agent.repository';
import { AgentsConfigService } from '../config/agents.config';
import { AllowedTermRepository } from '../guardrails/allowed-term.repository';
import { ConversationMemoryRepository } from '../memory/conversation-memory.repository';
import { DelegationRepository } from '../subagents/delegation.repository';
import { TurnLogRepository } from '../turn-log/turn-log.repository';
import { ChatAnswers } from './chat-answers';
import { TurnActivitiesFactory } from './turn.activities';

const ACCEPT = internalOperations.messaging.chatAccept.subject;
const REPLY = internalOperations.messaging.turnReply.subject;
const AGENT_TOOLS = internalOperations.tools.runtimeAgentTools.subject;
/** The workflow run MockActivityEnvironment's activities belong to. */
const RUN_ID = '00000000-0000-0000-0000-000000000000';

const accepted: ChatAccepted = {
  id: 'conv_1',
  conversationId: 'chat_1',
  clientId: 'cl_1',
  agentId: 'agt_1',
  requestMessageId: 'msg_req',
  reactivated: false,
  agentChanged: false,
};

const context = {
  conversation: { id: 'conv_1', conversationId: 'chat_1', workspaceId: 'ws_1', agentId: 'agt_1' },
  channelDefaultAgentId: null,
  history: [],
} as unknown as TurnContext;

const chatRequest: ChatAcceptRequest = {
  workspaceId: 'ws_1',
  conversationId: 'chat_1',
  documentId: 'conv_new',
  requestMessageId: 'msg_req',
  agentId: 'agt_1',
  client: { email: 'ana@acme.test' },
  clientId: null,
  message: 'Hi',
  attachments: [],
  actorId: null,
};

const reply: TurnReplyRequest = {
  workspaceId: 'ws_1',
  conversationRef: 'conv_1',
  messageId: 'msg_reply',
  agentId: 'agt_1',
  content: 'Hola',
  seenUpTo: null,
};

/**
 * The factory over the worker's dependencies: messaging accepting chats and storing replies over
 * RPC, the tools service listing no tools, agent agt_1 active, no delegation or memory; what the
 * agents were looked up, the chat answers handed over and the turn log's ends.
 */
function world() {
  const found: string[] = [];
  const answered: { runId: string | undefined; accepted: ChatAccepted }[] = [];
  const ended: unknown[][] = [];
  const built = newTestService(
    TurnActivitiesFactory,
    fake(AgentRepository, {
      find: async (_workspaceId: string, id: string) => {
        found.push(id);
        return { id, workspaceId: 'ws_1', status: 'active' } as Agent;
      },
    }),
    fake(AllowedTermRepository, { list: async () => [] }),
    // No moderation endpoint configured.
    fake(AgentsConfigService, { values: {} as AgentsConfigService['values'] }),
    fake(DelegationRepository, { find: async () => null, activeConnections: async () => [] }),
    fake(ConversationMemoryRepository, { find: async () => null }),
    fake(TurnLogRepository, { end: async (ref, outcome, detail) => void ended.push([ref, outcome, detail]) }),
    fake(ChatAnswers, { accept: (runId, a) => void answered.push({ runId, accepted: a }) }),
  );
  built.rpc
    .answer(ACCEPT, () => ({ ...accepted, context }))
    .answer(AGENT_TOOLS, () => [])
    .answer(REPLY, () => ({ messageId: 'msg_reply', deduplicated: false }));
  return { factory: built.service, rpc: built.rpc, found, answered, ended };
}

describe('TurnActivitiesFactory', () => {
  it('gives the worker exactly the activities of conversationTurnWorkflow', () => {
    const { factory } = world();
    expect(Object.keys(factory.activities()).sort()).toEqual([
      'acceptChat',
      'awaitQuiet',
      'deliverReply',
      'generateReply',
      'recordTurnFailure',
      'sendWorkingMessage',
    ]);
  });

  it("accepts a chat in the current activity's run, handing the acceptance to the run's waiting caller", async () => {
    const { factory, rpc, answered } = world();
    const result = await new MockActivityEnvironment().run(factory.activities().acceptChat, chatRequest);
    expect(result).toEqual({ accepted });
    expect(rpc.bodiesTo(ACCEPT)).toEqual([{ ...chatRequest, withContext: true }]);
    expect(answered).toEqual([{ runId: RUN_ID, accepted }]);
  });

  it('takes an acceptance begun early for the run: the step asks messaging no second time', async () => {
    const { factory, rpc } = world();
    factory.acceptEarly(RUN_ID, chatRequest);
    const result = await new MockActivityEnvironment().run(factory.activities().acceptChat, chatRequest);
    expect(result).toEqual({ accepted });
    expect(rpc.bodiesTo(ACCEPT)).toHaveLength(1);
  });

  it('reads the agent once when its loading was begun ahead, and afresh once it was forgotten', async () => {
    const ahead = world();
    ahead.factory.loadAhead(chatRequest);
    await new MockActivityEnvironment().run(ahead.factory.activities().acceptChat, chatRequest);
    expect(ahead.found).toEqual(['agt_1']);

    const forgotten = world();
    forgotten.factory.loadAhead(chatRequest);
    forgotten.factory.forgetAhead(chatRequest);
    await new MockActivityEnvironment().run(forgotten.factory.activities().acceptChat, chatRequest);
    expect(forgotten.found).toEqual(['agt_1', 'agt_1']);
  });

  it('delivers a reply through messaging and logs the turn answered', async () => {
    const { factory, rpc, ended } = world();
    expect(await factory.activities().deliverReply(reply)).toEqual({ messageId: 'msg_reply', deduplicated: false });
    expect(rpc.bodiesTo(REPLY)).toEqual([reply]);
    expect(ended).toEqual([[{ turnId: 'msg_reply', workspaceId: 'ws_1', conversationRef: 'conv_1' }, 'answered', null]]);
  });

  it("ends the turn on a service's refusal (non-retryable, typed by its code), and leaves a 5xx for the workflow to retry", async () => {
    const { factory, rpc } = world();
    rpc.answer(REPLY, () => {
      throw new DomainError(ErrorCode.Conflict, 'the conversation was closed');
    });
    const refused = await factory
      .activities()
      .deliverReply(reply)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApplicationFailure);
    expect(refused).toMatchObject({ message: 'the conversation was closed', type: ErrorCode.Conflict, nonRetryable: true });

    const outage = new DomainError(ErrorCode.Unavailable, 'messaging is restarting');
    rpc.answer(REPLY, () => {
      throw outage;
    });
    await expect(factory.activities().deliverReply(reply)).rejects.toBe(outage);
  });
});
