import type { NatsConnection } from '@nats-io/transport-node';
import type { ChatAccepted, TurnReplyResult } from '@platica/contracts';
import { NatsHandle } from '@platica/platform';
import { ChatAnswers } from './chat-answers';

describe('ChatAnswers', () => {
  const accepted = (requestMessageId: string): ChatAccepted => ({
    id: 'conv_1',
    conversationId: 'chat_1',
    clientId: 'cl_1',
    agentId: 'agt_1',
    requestMessageId,
    reactivated: false,
    agentChanged: false,
  });
  const reply: TurnReplyResult = { messageId: 'msg_reply', content: 'hola', contentType: 'text', status: 'sent', error: null };
  let published: { subject: string; outcome: unknown }[];
  let answers: ChatAnswers;

  beforeEach(() => {
    published = [];
    const connection = {
      publish: (subject: string, data: string) => void published.push({ subject, outcome: JSON.parse(data) }),
    } as unknown as NatsConnection;
    answers = new ChatAnswers(new NatsHandle(connection));
  });

  it("answers a listened-for request with its turn's reply, as the workflow would, once", () => {
    answers.listen('msg_r1', '_INBOX.r1');
    answers.accept('run-1', accepted('msg_r1'));
    answers.answer({ workflowId: 'turn-1', runId: 'run-1' }, reply);
    answers.answer({ workflowId: 'turn-1', runId: 'run-1' }, reply);
    expect(published).toEqual([
      {
        subject: '_INBOX.r1',
        outcome: {
          requestId: 'msg_r1',
          status: 'completed',
          accepted: accepted('msg_r1'),
          replies: [reply],
          completedAt: expect.any(String),
        },
      },
    ]);
  });

  it('answers nothing for a request nobody listens for, nor for another run', () => {
    answers.accept('run-1', accepted('msg_scheduled'));
    answers.listen('msg_r2', '_INBOX.r2');
    answers.accept('run-2', accepted('msg_r2'));
    answers.answer({ workflowId: 'turn-1', runId: 'run-1' }, reply);
    answers.answer({ workflowId: 'turn-3', runId: 'run-3' }, reply);
    expect(published).toEqual([]);
    expect(answers.takeAnsweredRun('turn-1')).toBeUndefined();
  });
});
