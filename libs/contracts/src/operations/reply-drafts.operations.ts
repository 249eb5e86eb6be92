import { defineOperation, errorBodySchema } from '../operation';
import {
  replyDraftCountsQuerySchema,
  replyDraftCountsSchema,
  replyDraftOutcomeResultSchema,
  replyDraftOutcomeSchema,
  replyDraftSchema,
} from '../reply-drafts';

const ADDITION = 'An addition to the spec (docs/knowledge-from-people.md › Reply drafts).';

/** A person's copilot: reply drafts from the agent's knowledge, and whether people used them (agents service). */
export const replyDraftOperations = {
  create: defineOperation({
    operationId: 'conversations_reply_draft',
    method: 'POST',
    path: '/v1/conversations/{id}/reply-draft',
    subject: 'agents.replyDrafts.create',
    tag: 'conversations',
    summary: 'Draft a reply to the customer from the agent’s knowledge, with its sources; nothing is sent',
    description: `${ADDITION} The conversation's agent's connected knowledge bases are searched with the customer's latest messages (the retrieval of the agent's knowledge search tool) and the model writes a reply from what they hold. No other tool runs: a draft never has a side effect. A conversation without an agent is 422; with no model answer the draft is empty.`,
    scope: 'write',
    workspace: 'one',
    timeoutMs: 60_000,
    responses: { 200: replyDraftSchema, 404: errorBodySchema, 422: errorBodySchema },
  }),
  outcome: defineOperation({
    operationId: 'conversations_reply_draft_outcome',
    method: 'POST',
    path: '/v1/conversations/{id}/reply-draft/{draftId}/outcome',
    subject: 'agents.replyDrafts.outcome',
    tag: 'conversations',
    summary: 'Record whether the person used a draft: sent as drafted, edited, or not used',
    description: `${ADDITION} Once per draft: a second, different outcome is 409 (the same one answers as recorded).`,
    scope: 'write',
    workspace: 'one',
    body: replyDraftOutcomeSchema,
    responses: { 200: replyDraftOutcomeResultSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
  }),
  counts: defineOperation({
    operationId: 'usage_reply_drafts',
    method: 'GET',
    path: '/v1/usage/reply-drafts',
    subject: 'agents.replyDrafts.counts',
    tag: 'usage',
    summary: 'How many reply drafts were made, and how many people sent as drafted, edited or dropped',
    description: ADDITION,
    scope: 'read',
    workspace: 'one',
    query: replyDraftCountsQuerySchema,
    responses: { 200: replyDraftCountsSchema, 400: errorBodySchema },
  }),
};
