import { Injectable } from '@nestjs/common';
import {
  internalOperations,
  messagingOperations,
  replyDraftOperations as ops,
  type AuthContext,
  type ReplyDraftOutcome,
  type TurnHistoryItem,
  type OperationRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { newId, RpcClient, serviceRequest, UnitOfWork, writeScope } from '@platica/platform';
import { AgentRepository } from '../agents/agent.repository';
import { OutsideTurnCalls } from '../models/outside-turn-calls';
import { ReplyDraftRepository } from './reply-draft.repository';
import { writeReplyDraft } from './reply-writer';

/** Passages a draft is written from. */
const PASSAGES = 5;
const MODEL_TIMEOUT_MS = 45_000;
/** How long a draft waits for a slot among its workspace's model calls in flight before a 503. */
const SLOT_WAIT_MS = 20_000;

/**
 * A person's copilot (docs/knowledge-from-people.md › Reply drafts): a reply drafted from the
 * conversation's agent's knowledge, for the person to edit and send; never sent from here.
 * The only tool a draft reaches is knowledge search (read-only): no custom API, MCP server,
 * integration or sub-agent runs for a draft. The call is the agent's reply model and fallback,
 * recorded and priced, in a slot of the workspace's bound (models/outside-turn-calls.ts).
 */
@Injectable()
export class ReplyDraftsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly calls: OutsideTurnCalls,
    private readonly agents: AgentRepository,
    private readonly drafts: ReplyDraftRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(request: OperationRequest<typeof ops.create>) {
    const workspaceId = writeScope(request).id;
    // Messaging owns conversations: another workspace's or an unknown one is its 404.
    const page = await this.rpc.call(messagingOperations.conversationsMessages, { ...request, query: { limit: '1' }, body: undefined });
    const conversationRef = page.conversationId;
    const context = await this.rpc.call(
      internalOperations.messaging.turnContext,
      serviceRequest('agents', workspaceId, { workspaceId, conversationRef, historyLimit: 50 }),
    );
    const agentId = context.conversation.agentId ?? context.channelDefaultAgentId;
    const agent = agentId ? await this.agents.find(workspaceId, agentId) : null;
    if (!agent) {
      throw new DomainError(ErrorCode.Unprocessable, 'The conversation has no agent whose knowledge a draft could come from', {
        conversationId: conversationRef,
      });
    }
    const query = customerQuestion(context.history);
    const { hits } = await this.rpc.call(
      internalOperations.tools.knowledgeAgentSearch,
      serviceRequest('agents', workspaceId, { workspaceId, agentId: agent.id, query, limit: PASSAGES }),
    );
    const draftId = newId('rd');
    // No passage answers: an empty draft says so honestly, rather than the model's own memory.
    const written = hits.length
      ? await this.calls.run(
          {
            workspaceId,
            agent: { id: agent.id, models: agent.models ?? null },
            purpose: 'reply_draft',
            subjectId: draftId,
            holder: `reply-draft:${draftId}`,
            slotWaitMs: SLOT_WAIT_MS,
            answerAwaited: true,
          },
          (model) =>
            writeReplyDraft(
              model,
              { agentPrompt: agent.systemPrompt, history: context.history, hits },
              AbortSignal.timeout(MODEL_TIMEOUT_MS),
            ),
        )
      : { text: '', used: [] };
    const draft = await this.drafts.create({
      id: draftId,
      workspaceId,
      conversationRef,
      agentId: agent.id,
      requestedBy: actorOf(request.auth),
      text: written.text,
      sources: written.used.map((hit) => ({ title: hit.title, url: hit.url, chunkId: hit.chunkId })),
    });
    return { draftId: draft.id, text: draft.text, sources: draft.sources };
  }

  async recordOutcome(request: OperationRequest<typeof ops.outcome>) {
    const workspaceId = writeScope(request).id;
    const page = await this.rpc.call(messagingOperations.conversationsMessages, {
      ...request,
      params: { id: request.params.id },
      query: { limit: '1' },
      body: undefined,
    });
    const { used, sentText, messageId } = request.body;
    return this.unitOfWork.run(async (transaction) => {
      const draft = await this.drafts.lock(workspaceId, page.conversationId, request.params.draftId, transaction);
      if (!draft) throw DomainError.notFound('Reply draft', request.params.draftId);
      const outcome: ReplyDraftOutcome = !used ? 'not_used' : sameText(sentText ?? '', draft.text) ? 'as_drafted' : 'edited';
      if (draft.outcome && draft.outcome !== outcome) {
        throw new DomainError(ErrorCode.Conflict, `The draft's outcome was already recorded: ${draft.outcome}`, { outcome: draft.outcome });
      }
      if (!draft.outcome) Object.assign(draft, { outcome, messageId: messageId ?? null, decidedAt: new Date() });
      return { draftId: draft.id, outcome, decidedAt: draft.decidedAt!.toISOString() };
    });
  }

  async counts(request: OperationRequest<typeof ops.counts>) {
    const { startDate, endDate } = request.query;
    const counts = await this.drafts.counts(writeScope(request).id, boundOf(startDate, 'start'), boundOf(endDate, 'end'));
    const usedRate = counts.drafted ? Math.round((10_000 * (counts.asDrafted + counts.edited)) / counts.drafted) / 100 : 0;
    return { ...counts, usedRate };
  }
}

/** What the draft's retrieval searches with: the customer's latest messages (after the latest reply), else their last one. */
export function customerQuestion(history: TurnHistoryItem[]): string {
  const lastReply = history.findLastIndex((item) => item.role === 'assistant' && item.status !== 'failed');
  const after = history.slice(lastReply + 1).filter((item) => item.role === 'user' && item.content.trim());
  const said = after.length ? after : history.filter((item) => item.role === 'user' && item.content.trim()).slice(-1);
  return said
    .map((item) => item.content.trim())
    .join('\n')
    .slice(0, 1_000);
}

/** Sent as drafted: the same words, whatever the spaces. */
export function sameText(sent: string, drafted: string): boolean {
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  return words(sent) === words(drafted);
}

/** A date is a whole UTC day: its start for `start`, the next day's start for `end`. */
function boundOf(value: string | undefined, edge: 'start' | 'end'): Date | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return edge === 'start' ? day : new Date(day.getTime() + 86_400_000);
  }
  return new Date(value);
}

function actorOf(auth: AuthContext): string {
  return auth.credentialType === 'oauth_token' && auth.userId ? auth.userId : auth.principal;
}
