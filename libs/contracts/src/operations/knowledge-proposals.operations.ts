import { defineOperation, errorBodySchema, successEnvelope } from '../operation';
import {
  acceptKnowledgeProposalSchema,
  knowledgeProposalSchema,
  knowledgeProposalsListSchema,
  knowledgeProposalsQuerySchema,
  updateKnowledgeProposalSchema,
} from '../knowledge-proposals';

const ADDITION = 'An addition to the spec (docs/knowledge-from-people.md).';
const proposal = successEnvelope(knowledgeProposalSchema);

/** The proposals queue: knowledge entries drafted from people's answers, for a person to accept, edit or discard (tools service). */
export const knowledgeProposalOperations = {
  list: defineOperation({
    operationId: 'knowledge_proposals_list',
    method: 'GET',
    path: '/v1/knowledge/proposals',
    subject: 'tools.knowledge.proposals.list',
    tag: 'knowledge',
    summary: 'Knowledge entries proposed from people’s answers, newest first',
    description: `${ADDITION} \`state=pending\` is the queue waiting for a person.`,
    scope: 'read',
    workspace: 'one',
    query: knowledgeProposalsQuerySchema,
    responses: { 200: knowledgeProposalsListSchema, 400: errorBodySchema },
  }),
  get: defineOperation({
    operationId: 'knowledge_proposals_get',
    method: 'GET',
    path: '/v1/knowledge/proposals/{proposalId}',
    subject: 'tools.knowledge.proposals.get',
    tag: 'knowledge',
    summary: 'Get a proposed knowledge entry',
    description: ADDITION,
    scope: 'read',
    workspace: 'one',
    responses: { 200: knowledgeProposalSchema, 404: errorBodySchema },
  }),
  update: defineOperation({
    operationId: 'knowledge_proposals_update',
    method: 'PATCH',
    path: '/v1/knowledge/proposals/{proposalId}',
    subject: 'tools.knowledge.proposals.update',
    tag: 'knowledge',
    summary: 'Edit a pending proposal’s question or answer before accepting it',
    description: `${ADDITION} A proposal already accepted or discarded is 409.`,
    scope: 'write',
    workspace: 'one',
    body: updateKnowledgeProposalSchema,
    responses: { 200: proposal, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
  }),
  accept: defineOperation({
    operationId: 'knowledge_proposals_accept',
    method: 'POST',
    path: '/v1/knowledge/proposals/{proposalId}/accept',
    subject: 'tools.knowledge.proposals.accept',
    tag: 'knowledge',
    summary: 'Accept a proposal into a knowledge base: it becomes a text source, indexed like any entry',
    description: `${ADDITION} The source is created as \`POST /v1/knowledge/bases/{baseId}/sources\` creates one (the question and the answer as its text); an unknown base is 404 naming \`baseId\`; a proposal already decided is 409.`,
    scope: 'write',
    workspace: 'one',
    body: acceptKnowledgeProposalSchema,
    timeoutMs: 30_000,
    responses: { 200: proposal, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
  }),
  discard: defineOperation({
    operationId: 'knowledge_proposals_discard',
    method: 'POST',
    path: '/v1/knowledge/proposals/{proposalId}/discard',
    subject: 'tools.knowledge.proposals.discard',
    tag: 'knowledge',
    summary: 'Discard a proposal: it never reaches a knowledge base',
    description: `${ADDITION} Discarding a discarded proposal answers it as it is; an accepted one is 409.`,
    scope: 'write',
    workspace: 'one',
    responses: { 200: proposal, 404: errorBodySchema, 409: errorBodySchema },
  }),
};
