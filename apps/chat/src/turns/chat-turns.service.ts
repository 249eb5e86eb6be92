import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import {
  chatOperations,
  internalOperations,
  type OperationRequest,
  type ChatAccepted,
  type ChatAcceptRequest,
  type ChatPrepareRequest,
  type ChatRequest,
  type ChatTurnAnswer,
  type RpcReply,
  type RpcRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import {
  RpcClient,
  UnsafeUrlError,
  assertPublicHttpUrl,
  errorOfReply,
  newId,
  requestScopedId,
  serviceRequest,
  withStatus,
  writeScope,
} from '@platica/platform';
import type { TurnOutcome, TurnTrigger } from '@platica/workflows/activities';
import { ChatConfigService } from '../config/chat.config';
import { chatTimingOf } from './chat-timing';
import { TurnTimedOut, TurnWorkflows } from './chat-turn.workflows';

/**
 * `POST /v1/chat` (spec › Chat with an agent): a turn now (200 with the agent's reply) or
 * later (202). Everything the turn writes (client, thread, the user's message, the reply)
 * is written by its workflow, so a refused request (409 busy, 4xx) leaves nothing behind.
 */
@Injectable()
export class ChatTurnsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly workflows: TurnWorkflows,
    private readonly config: ChatConfigService,
  ) {}

  async send(request: OperationRequest<typeof chatOperations.send>): Promise<ChatTurnAnswer | RpcReply<ChatTurnAnswer>> {
    const { body } = request;
    const workspaceId = writeScope(request).id;
    const timing = chatTimingOf(body);
    const ref = request.requestRef;
    // A keyed request names what it creates after its reference: a retry finds it, here or in Temporal.
    const ids = ref ? keyedIdsOf(ref) : null;
    if (ids && !timing) {
      const earlier = await this.earlierAnswer(workspaceId, ids.requestMessageId);
      if (earlier) return earlier;
    }
    await this.requirePublicAttachments(body);

    const accept: ChatAcceptRequest = {
      workspaceId,
      conversationId: body.conversationId ?? ids?.threadId ?? `chat_${randomUUID()}`,
      documentId: ids?.documentId ?? newId('conv'),
      requestMessageId: ids?.requestMessageId ?? newId('msg'),
      agentId: body.agentId ?? null,
      client: body.client ?? (body.conversationId ? null : this.speaker(request)),
      clientId: null,
      message: body.message ?? null,
      attachments: body.attachments ?? [],
      actorId: request.auth.userId,
    };
    if (timing) {
      // A turn now has its agent checked by the turn itself, before anything is written.
      if (body.agentId) await this.requireActiveAgent(workspaceId, body.agentId);
      return this.schedule(accept, body, timing, ids?.taskId);
    }

    const trigger: TurnTrigger = {
      kind: 'chat',
      requestId: accept.requestMessageId,
      chat: accept,
      additionalInstructions: body.additionalInstructions,
    };
    try {
      return answerOf(await this.workflows.runNow(workspaceId, accept.conversationId, trigger));
    } catch (error) {
      if (!(error instanceof TurnTimedOut)) throw error;
      // What the client needs to read the thread before retrying (spec › Errors, client guidance):
      // a new thread's id is the one this request gave it; a continued thread's the client has.
      throw new DomainError(ErrorCode.Timeout, 'The agent did not answer in time; the turn goes on and its reply will appear in the chat', {
        ...(body.conversationId === undefined ? { id: accept.documentId } : {}),
        conversationId: accept.conversationId,
        requestMessageId: accept.requestMessageId,
        // The turn was started: retrying would ask a second time. Read the thread instead.
        accepted: true,
        timeoutMs: error.timeoutMs,
      });
    }
  }

  /**
   * Every attachment URL, images included, passes the outbound policy before the turn is
   * accepted (a public http(s) address): the model's provider, or the agents service, fetches
   * it, and must never be pointed at a private network or a cloud metadata address.
   */
  private async requirePublicAttachments(body: ChatRequest): Promise<void> {
    const policy = { allowPrivateNetworks: this.config.values.PLATICA_ALLOW_PRIVATE_NETWORKS };
    const issues = await Promise.all(
      (body.attachments ?? []).map(async ({ url }, index) => {
        try {
          await assertPublicHttpUrl(url, policy);
          return null;
        } catch (error) {
          if (!(error instanceof UnsafeUrlError)) throw error;
          return { path: ['attachments', index, 'url'], message: `the URL ${error.message}` };
        }
      }),
    );
    const refused = issues.filter((issue) => issue !== null);
    if (refused.length) throw DomainError.validation(refused);
  }

  /**
   * A scheduled turn: the client is resolved now (its id is in the answer), the thread and
   * the user's message are written when the turn runs.
   */
  private async schedule(
    accept: ChatAcceptRequest,
    body: ChatRequest,
    timing: { executeAt: Date; delayMs?: number },
    keyedTaskId?: string,
  ): Promise<RpcReply<ChatTurnAnswer>> {
    let acceptedAt = new Date();
    const prepare: ChatPrepareRequest = {
      workspaceId: accept.workspaceId,
      conversationId: accept.conversationId,
      documentId: accept.documentId,
      agentId: accept.agentId,
      client: accept.client,
    };
    const prepared = await this.rpc.call(internalOperations.messaging.chatPrepare, serviceRequest('chat', accept.workspaceId, prepare));
    const taskId = keyedTaskId ?? `task_${randomUUID().replace(/-/g, '')}`;
    const later: ChatAcceptRequest = { ...accept, client: null, clientId: prepared.clientId, scheduled: true };
    // A keyed request scheduled before (its task's workflow id is taken): that one's time is the answer's.
    const first = await this.workflows.schedule(
      taskId,
      {
        workspaceId: accept.workspaceId,
        conversationKey: accept.conversationId,
        conversationRef: null,
        executeAt: timing.executeAt.toISOString(),
        trigger: {
          kind: 'chat',
          requestId: accept.requestMessageId,
          chat: later,
          additionalInstructions: body.additionalInstructions,
        },
      },
      acceptedAt,
    );
    if (first) {
      acceptedAt = first.acceptedAt;
      timing = { ...timing, executeAt: first.executeAt };
    }
    return withStatus(202, {
      id: prepared.id,
      conversationId: prepared.conversationId,
      clientId: prepared.clientId,
      agentId: prepared.agentId,
      status: 'scheduled',
      requestMessageId: accept.requestMessageId,
      messages: [],
      schedule: {
        taskId,
        scheduleAt: timing.executeAt.toISOString(),
        ...(timing.delayMs !== undefined ? { delayMs: timing.delayMs } : {}),
      },
      timestamp: acceptedAt.toISOString(),
    });
  }

  /**
   * What a keyed request answered, when a retry of it finds it accepted (its gateway's record of
   * the key gone): the agent's replies (200, as the first answer); its turn's failure (502, as
   * the first answer); 409 naming the thread while its turn runs; and, when the thread's turn
   * is over with neither reply nor failure recorded, 502 saying so. Nothing is asked of the
   * agent again. Null when it was never accepted.
   */
  private async earlierAnswer(workspaceId: string, requestMessageId: string): Promise<ChatTurnAnswer | null> {
    const outcomeOf = async () =>
      (
        await this.rpc.call(
          internalOperations.messaging.chatOutcome,
          serviceRequest('chat', workspaceId, { workspaceId, requestMessageId }),
        )
      ).outcome;
    let outcome = await outcomeOf();
    if (!outcome) return null;
    if (!outcome.completedAt && !(await this.workflows.turnRuns(workspaceId, outcome.accepted.conversationId))) {
      // Read again: the turn may have stored its reply just before it ended.
      outcome = (await outcomeOf()) ?? outcome;
      if (!outcome.completedAt) outcome = { ...outcome, failure: ENDED_WITHOUT_REPLY, completedAt: new Date().toISOString() };
    }
    const { accepted, replies, failure, completedAt } = outcome;
    if (failure) throw turnFailed(accepted, failure);
    if (!completedAt) {
      throw new DomainError(
        ErrorCode.Conflict,
        'A request with this Idempotency-Key is still in progress: its turn runs; retry after it answers',
        {
          reason: 'idempotency_key_in_progress',
          accepted: true,
          id: accepted.id,
          conversationId: accepted.conversationId,
          requestMessageId: accepted.requestMessageId,
        },
      );
    }
    return {
      ...accepted,
      status: 'completed',
      messages: replies.map((reply) => ({ ...reply, role: 'assistant' as const })),
      timestamp: completedAt,
    };
  }

  /** A chat started without `client` speaks as the credential's user (docs/seed.md: an API key's owner). */
  private speaker(request: RpcRequest): ChatAcceptRequest['client'] {
    if (!request.auth.userEmail) {
      throw DomainError.validation([{ path: ['client'], message: 'required: this credential has no user to speak as' }]);
    }
    return { email: request.auth.userEmail };
  }

  private async requireActiveAgent(workspaceId: string, agentId: string): Promise<void> {
    const agent = await this.rpc.call(internalOperations.agents.describe, serviceRequest('chat', workspaceId, { agentId }));
    if (agent.status !== 'active') throw DomainError.agentInactive(agentId, 'activate it to chat with it');
  }
}

/** The ids a keyed request gives its thread, its message and a scheduled turn's task (RpcRequest.requestRef). */
function keyedIdsOf(ref: string) {
  const hex = createHash('sha256').update(`${ref}:thread-id`).digest('hex');
  return {
    // The spec's `chat_<uuid>` form, from a hash of the reference.
    threadId: `chat_${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`,
    documentId: requestScopedId('conv', ref, 'thread'),
    requestMessageId: requestScopedId('msg', ref, 'request'),
    taskId: requestScopedId('task', ref, 'schedule'),
  };
}

function answerOf(outcome: TurnOutcome): ChatTurnAnswer {
  if (outcome.status === 'rejected') {
    throw errorOfReply(internalOperations.messaging.chatAccept.subject, outcome.error);
  }
  const accepted = outcome.accepted;
  // The workflow accepts every chat trigger it answers: an outcome without it is a broken contract.
  if (!accepted) throw new Error(`the turn of ${outcome.requestId} answered ${outcome.status} without accepting the chat`);
  if (outcome.status === 'failed') throw turnFailed(accepted, outcome.error);
  return {
    id: accepted.id,
    conversationId: accepted.conversationId,
    clientId: accepted.clientId,
    agentId: accepted.agentId,
    status: 'completed',
    requestMessageId: accepted.requestMessageId,
    messages:
      outcome.status === 'completed'
        ? outcome.replies.map((reply) => ({
            id: reply.messageId,
            role: 'assistant' as const,
            content: reply.content,
            contentType: reply.contentType,
          }))
        : [],
    reactivated: accepted.reactivated,
    agentChanged: accepted.agentChanged,
    timestamp: outcome.completedAt,
  };
}

/** What a turn recorded nowhere is answered as (its thread's turn ended: a retry would wait for ever). */
const ENDED_WITHOUT_REPLY = { code: 'turn_failed', message: 'its turn ended without a reply' };

/**
 * A turn that ended without a reply: 502 naming the thread and the request's message. The
 * request was accepted (both are stored): a keyed retry answers this again, asking nothing.
 */
function turnFailed(
  accepted: Pick<ChatAccepted, 'id' | 'conversationId' | 'requestMessageId'>,
  error: { code: string; message: string },
): DomainError {
  return new DomainError(ErrorCode.UpstreamFailed, `The agent could not answer: ${error.message}`, {
    id: accepted.id,
    conversationId: accepted.conversationId,
    requestMessageId: accepted.requestMessageId,
    reason: error.code,
    accepted: true,
  });
}
