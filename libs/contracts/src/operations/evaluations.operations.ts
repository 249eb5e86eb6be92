import { z } from 'zod';
import { defineOperation, errorBodySchema } from '../operation';
import {
  evaluationCreateSchema,
  evaluationDetailSchema,
  evaluationGetQuerySchema,
  evaluationListQuerySchema,
  evaluationListSchema,
} from '../evaluations';

const accepted = z.object({ status: z.literal('success'), message: z.string(), data: z.object({ id: z.string(), status: z.string() }) });

/** Agent evaluations (docs/agents.md › Evaluations); not in the interface specification. */
export const evaluationOperations = {
  create: defineOperation({
    operationId: 'agents_evaluations_create',
    method: 'POST',
    path: '/v1/agents/{agentId}/evaluations',
    subject: 'agents.evaluations.create',
    tag: 'agents',
    summary:
      "Replay a candidate prompt against the agent's recorded turns, compared with what the active version did (runs in the background)",
    scope: 'write',
    workspace: 'one',
    body: evaluationCreateSchema,
    responses: { 202: accepted, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
  }),
  list: defineOperation({
    operationId: 'agents_evaluations_list',
    method: 'GET',
    path: '/v1/agents/{agentId}/evaluations',
    subject: 'agents.evaluations.list',
    tag: 'agents',
    summary:
      "An agent's evaluations, newest first (the latest 50, or `limit`), of one prompt version (`promptId`), finished or not (`finished`)",
    scope: 'read',
    workspace: 'all',
    query: evaluationListQuerySchema,
    responses: { 200: evaluationListSchema, 400: errorBodySchema, 404: errorBodySchema },
  }),
  get: defineOperation({
    operationId: 'agents_evaluations_get',
    method: 'GET',
    path: '/v1/agents/{agentId}/evaluations/{evaluationId}',
    subject: 'agents.evaluations.get',
    tag: 'agents',
    summary: 'An evaluation: status, progress, summary and its per-turn results (paged)',
    scope: 'read',
    workspace: 'all',
    query: evaluationGetQuerySchema,
    responses: { 200: evaluationDetailSchema, 404: errorBodySchema },
  }),
  cancel: defineOperation({
    operationId: 'agents_evaluations_cancel',
    method: 'POST',
    path: '/v1/agents/{agentId}/evaluations/{evaluationId}/cancel',
    subject: 'agents.evaluations.cancel',
    tag: 'agents',
    summary: 'Cancel a running evaluation (the turns replayed so far stay, summarised)',
    scope: 'write',
    workspace: 'one',
    responses: { 202: accepted, 404: errorBodySchema, 409: errorBodySchema },
  }),
};
