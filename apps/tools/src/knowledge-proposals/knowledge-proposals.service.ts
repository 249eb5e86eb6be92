import { Injectable } from '@nestjs/common';
import {
  internalOperations,
  knowledgeProposalOperations as ops,
  knowledgeOperations,
  type AuthContext,
  type KnowledgeProposalView,
  type OperationRequest,
} from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { newId, UnitOfWork, writeScope } from '@platica/platform';
import { KnowledgeService } from '../knowledge/knowledge.service';
import type { KnowledgeProposal } from './knowledge-proposal.entity';
import { KnowledgeProposalRepository } from './knowledge-proposal.repository';

const DEFAULT_PAGE = 50;
const TITLE_MAX = 120;

/**
 * The proposals queue (docs/knowledge-from-people.md): drafted entries kept pending until a
 * person accepts one into a base (a `text` source created by the knowledge service, so it is
 * indexed like any entry), edits it, or discards it. A pending proposal is in no base: no
 * agent, search or draft reads it.
 */
@Injectable()
export class KnowledgeProposalsService {
  constructor(
    private readonly proposals: KnowledgeProposalRepository,
    private readonly knowledge: KnowledgeService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** The agents service's draft of one exchange; a second draft of the same exchange changes nothing. */
  async propose(request: OperationRequest<typeof internalOperations.tools.knowledgePropose>) {
    const draft = request.body;
    const { proposal, created } = await this.proposals.insertOnce({
      id: newId('kp'),
      workspaceId: draft.workspaceId,
      state: 'pending',
      conversationRef: draft.conversationRef,
      exchangeKey: draft.exchangeKey,
      agentId: draft.agentId,
      answeredBy: draft.answeredBy,
      messageIds: draft.messageIds,
      question: draft.question.slice(0, 1_000),
      answer: draft.answer.slice(0, 10_000),
      edited: false,
      decidedBy: null,
      decidedAt: null,
      baseId: null,
      sourceId: null,
    });
    return { proposalId: proposal.id, created };
  }

  async list(request: OperationRequest<typeof ops.list>) {
    const { state, limit = DEFAULT_PAGE, offset = 0 } = request.query;
    const page = await this.proposals.list(writeScope(request).id, state, limit, offset);
    return { data: page.items.map(proposalView), pagination: { limit, offset, hasMore: page.hasMore } };
  }

  async get(request: OperationRequest<typeof ops.get>) {
    const proposal = await this.proposals.find(writeScope(request).id, request.params.proposalId);
    if (!proposal) throw DomainError.notFound('Knowledge proposal', request.params.proposalId);
    return proposalView(proposal);
  }

  async update(request: OperationRequest<typeof ops.update>) {
    const { question, answer } = request.body;
    const proposal = await this.decide(request, async (proposal) => {
      if (question !== undefined) proposal.question = question;
      if (answer !== undefined) proposal.answer = answer;
      proposal.edited = true;
    });
    return { status: 'success' as const, message: 'Knowledge proposal updated', data: proposalView(proposal) };
  }

  async accept(request: OperationRequest<typeof ops.accept>) {
    const { baseId, title } = request.body;
    const proposal = await this.decide(request, async (proposal) => {
      // The knowledge service's own source creation: the base is looked up in the workspace (404
      // naming it), the source written and its indexing workflow started, or nothing is kept.
      const created = await this.knowledge.createSource({
        ...request,
        params: { baseId },
        query: {},
        body: { kind: 'text', title: title ?? titleOf(proposal.question), text: entryText(proposal) },
      } as OperationRequest<typeof knowledgeOperations.sourcesCreate>);
      Object.assign(proposal, {
        state: 'accepted',
        baseId,
        sourceId: created.body.data.id,
        decidedBy: deciderOf(request.auth),
        decidedAt: new Date(),
      });
    });
    return { status: 'success' as const, message: 'Knowledge proposal accepted: indexing', data: proposalView(proposal) };
  }

  async discard(request: OperationRequest<typeof ops.discard>) {
    const existing = await this.proposals.find(writeScope(request).id, request.params.proposalId);
    if (existing?.state === 'discarded')
      return { status: 'success' as const, message: 'Knowledge proposal discarded', data: proposalView(existing) };
    const proposal = await this.decide(request, async (proposal) => {
      Object.assign(proposal, { state: 'discarded', decidedBy: deciderOf(request.auth), decidedAt: new Date() });
    });
    return { status: 'success' as const, message: 'Knowledge proposal discarded', data: proposalView(proposal) };
  }

  /** Changes a pending proposal under its lock; a decided one is 409 saying how it was decided. */
  private async decide(
    request: { params: { proposalId: string }; auth: AuthContext; workspaceId: string | null },
    change: (proposal: KnowledgeProposal) => Promise<void>,
  ): Promise<KnowledgeProposal> {
    return this.unitOfWork.run(async (transaction) => {
      const proposal = await this.proposals.lock(writeScope(request).id, request.params.proposalId, transaction);
      if (!proposal) throw DomainError.notFound('Knowledge proposal', request.params.proposalId);
      if (proposal.state !== 'pending') {
        throw new DomainError(ErrorCode.Conflict, `The knowledge proposal was already ${proposal.state}`, {
          state: proposal.state,
          decidedBy: proposal.decidedBy ?? null,
        });
      }
      await change(proposal);
      proposal.updatedAt = new Date();
      return proposal;
    });
  }
}

/** An accepted entry's text: the question as a heading, the answer beneath it (chunked by headings like any Markdown). */
export function entryText(proposal: Pick<KnowledgeProposal, 'question' | 'answer'>): string {
  return `## ${proposal.question.replace(/\s+/g, ' ').trim()}\n\n${proposal.answer.trim()}\n`;
}

function titleOf(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length <= TITLE_MAX ? oneLine : `${oneLine.slice(0, TITLE_MAX - 1)}…`;
}

/** A person by their user id; an API key by its principal (`key:<id>`). */
function deciderOf(auth: AuthContext): string {
  return auth.credentialType === 'oauth_token' && auth.userId ? auth.userId : auth.principal;
}

export function proposalView(proposal: KnowledgeProposal): KnowledgeProposalView {
  return {
    id: proposal.id,
    state: proposal.state,
    question: proposal.question,
    answer: proposal.answer,
    conversationId: proposal.conversationRef,
    agentId: proposal.agentId ?? null,
    answeredBy: proposal.answeredBy ?? null,
    messageIds: proposal.messageIds,
    edited: proposal.edited,
    decidedBy: proposal.decidedBy ?? null,
    decidedAt: proposal.decidedAt?.toISOString() ?? null,
    baseId: proposal.baseId ?? null,
    sourceId: proposal.sourceId ?? null,
    createdAt: proposal.createdAt.toISOString(),
    updatedAt: proposal.updatedAt.toISOString(),
  };
}
