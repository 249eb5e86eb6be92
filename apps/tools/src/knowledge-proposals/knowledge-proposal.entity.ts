import { defineEntity, p } from '@mikro-orm/core';
import type { KnowledgeProposalState } from '@platica/contracts';

/**
 * A knowledge entry drafted from a person's answer (docs/knowledge-from-people.md), waiting for
 * a person to accept it into a base, edit it or discard it. One per exchange: the agents
 * service's redelivered drafts of the same exchange find `(workspace, conversation, exchange)` taken.
 */
const KnowledgeProposalSchema = defineEntity({
  name: 'KnowledgeProposal',
  tableName: 'knowledge_proposal',
  properties: {
    id: p.text().primary(),
    workspaceId: p.text(),
    state: p.text().$type<KnowledgeProposalState>(),
    conversationRef: p.text(),
    exchangeKey: p.text(),
    agentId: p.text().nullable(),
    answeredBy: p.text().nullable(),
    messageIds: p.json<string[]>(),
    question: p.text(),
    answer: p.text(),
    edited: p.boolean(),
    decidedBy: p.text().nullable(),
    decidedAt: p.datetime().nullable(),
    baseId: p.text().nullable(),
    sourceId: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['workspaceId', 'conversationRef', 'exchangeKey'], name: 'knowledge_proposal_exchange_unique' }],
  indexes: [{ properties: ['workspaceId', 'state', 'createdAt'], name: 'knowledge_proposal_queue_index' }],
});
export class KnowledgeProposal extends KnowledgeProposalSchema.class {}
KnowledgeProposalSchema.setClass(KnowledgeProposal);
